/**
 * The MCP Bundle's manifest.json (MCPB manifest 0.3), built from the code:
 * the version from deno.json, the tools from the server's own tool list,
 * and the server entry from the README's permissions with the bundle's
 * paths (`${__dirname}`) and the user's settings (`${user_config.*}`).
 *
 * @module
 */

import { TOOLS } from "../src/server/server.ts";
import { MAC_LIBRARY_PATHS } from "../src/desktop/macos/libs.ts";
import { grantedEnv } from "../src/common/env_vars.ts";
import { V8_FLAGS_ARG } from "./v8_flags.ts";

/**
 * The macOS libraries choto opens through FFI, from the code that opens
 * them (the README's macOS config lists the same; a test runs the backend
 * under both).
 */
const MAC_FFI = MAC_LIBRARY_PATHS;

/**
 * Variables choto reads on macOS; anything else reads as unset. From the
 * one list in src/common/env_vars.ts, which the README's macOS config follows
 * (a test holds them together).
 */
export const MAC_ENV = grantedEnv("mac");

const DB_DIR = "${user_config.database_folder}";

/** How the server starts: `deno run` on the bundled source, or a compiled binary. */
export type ServerKind = { kind: "deno" } | { kind: "binary"; file: string; platform: "darwin" | "linux" };

/**
 * The manifest's one-line summary of a tool description: its first sentence,
 * or, when that runs long, the sentence up to its first colon or semicolon.
 */
export function firstSentence(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
  if (sentence.length <= max) return sentence;
  const cut = sentence.search(/[:;]/);
  return cut > 0 ? `${sentence.slice(0, cut)}.` : sentence;
}

/** The service's socket, beside its database. */
const SOCKET = `${DB_DIR}/choto.sock`;

/** The deno that runs the bundle: the bridge starts the service with it. */
const DENO = "${user_config.deno_path}";

/**
 * The bundle's flags for `platform`, service and bridge alike but for
 * `--allow-run`, which is `run` (the service's programs; null: any).
 */
function bundleFlags(platform: "darwin" | "linux", run: string[] | null): string[] {
  const net = `--allow-net=unix:${SOCKET}`;
  const runFlag = run ? `--allow-run=${run.join(",")}` : "--allow-run";
  if (platform === "linux") {
    // The README's Linux flags (libX11 is opened by soname; focus_app launches any app).
    return [
      "--cached-only",
      V8_FLAGS_ARG,
      "--allow-ffi",
      "--allow-read",
      `--allow-write=${DB_DIR}`,
      runFlag,
      "--allow-env",
      "--allow-sys",
      net,
    ];
  }
  // macOS: the README's narrow flags, with this bundle's folder in place of the checkout.
  return [
    "--cached-only",
    V8_FLAGS_ARG,
    `--allow-ffi=${MAC_FFI.join(",")}`,
    // The screencapture fallback writes its temporary PNG in the database folder, not in TMPDIR.
    `--allow-read=\${__dirname},/Applications,/System/Applications,\${HOME}/Applications,${DB_DIR}`,
    `--allow-write=${DB_DIR}`,
    runFlag,
    `--allow-env=${MAC_ENV.join(",")}`,
    "--allow-sys",
    net,
  ];
}

/** The service's programs on macOS: the screencapture fallback, `open -b`, `ps`. */
const MAC_SERVICE_RUN = ["/usr/sbin/screencapture", "/usr/bin/open", "/bin/ps"];

/**
 * The bundle's command line for `platform`: `choto bridge`, whose own flags
 * add starting deno (the service) and, on macOS, launchctl (Choto.app's
 * LaunchAgent, which the bridge looks for in ~/Library/LaunchAgents); the
 * service's flags follow `--`, so the service it starts has the bundle's
 * narrow grants rather than `deno task service`'s.
 */
function bridgeArgs(platform: "darwin" | "linux"): string[] {
  const mac = platform === "darwin";
  const service = bundleFlags(platform, mac ? MAC_SERVICE_RUN : null);
  const bridge = bundleFlags(platform, mac ? [...MAC_SERVICE_RUN, DENO, "/bin/launchctl"] : null)
    .map((f) => mac && f.startsWith("--allow-read=") ? `${f},\${HOME}/Library/LaunchAgents` : f);
  return ["run", ...bridge, "${__dirname}/main.ts", "bridge", "--db", `${DB_DIR}/choto.db`, "--", ...service];
}

/**
 * The service's own arguments in a bundle entry's `args` (`run FLAGS
 * main.ts bridge --db DB -- SERVICE_FLAGS`), running `command` in its place:
 * `run SERVICE_FLAGS main.ts COMMAND… --db DB`. What a check runs to try the
 * permissions the service gets (the bridge builds its own line the same way,
 * src/cli/service_start.ts).
 */
export function serviceArgsOf(args: string[], command: string[]): string[] {
  const bridge = args.indexOf("bridge");
  const dashes = args.indexOf("--", bridge);
  if (bridge < 1 || dashes < 0 || !args[bridge - 1].endsWith("main.ts")) {
    throw new Error(`not a bundle's bridge entry (run FLAGS main.ts bridge … -- FLAGS): ${args.join(" ")}`);
  }
  return ["run", ...args.slice(dashes + 1), args[bridge - 1], ...command, ...args.slice(bridge + 1, dashes)];
}

function denoServer() {
  return {
    type: "binary",
    entry_point: "main.ts",
    mcp_config: {
      command: DENO,
      args: bridgeArgs("linux"),
      env: {
        // The npm packages ship inside the bundle, in Deno's own cache layout: nothing is downloaded.
        DENO_DIR: "${__dirname}/deno_dir",
        DENO_NO_UPDATE_CHECK: "1",
        ...POLICY_ENV,
      },
      platform_overrides: { darwin: { args: bridgeArgs("darwin") } },
    },
  };
}

/** The user's safety settings, passed the way the command line reads them. */
const POLICY_ENV = {
  CHOTO_DENY_APPS: "${user_config.deny_apps}",
  CHOTO_CONFIRM: "${user_config.confirm_policy}",
};

function binaryServer(file: string) {
  return {
    type: "binary",
    entry_point: `server/${file}`,
    mcp_config: {
      // A compiled binary carries its permissions; it only needs where the database goes. Its bridge starts
      // the same binary as the service.
      command: `\${__dirname}/server/${file}`,
      args: ["bridge", "--db", `${DB_DIR}/choto.db`],
      env: { ...POLICY_ENV },
    },
  };
}

/** The manifest for `version`, with the server entry of `server`. */
export function buildManifest(
  version: string,
  server: ServerKind = { kind: "deno" },
): Record<string, unknown> {
  const userConfig: Record<string, unknown> = {
    database_folder: {
      type: "directory",
      title: "Database folder",
      description:
        "Where choto keeps its memory of the windows it has seen (choto.db). The default is the one the command line uses on macOS.",
      required: true,
      default: "${HOME}/Library/Application Support/choto",
    },
  };
  userConfig.deny_apps = {
    type: "string",
    title: "Apps choto must never see or touch",
    description:
      "Comma-separated app names, added to the built-in list of password managers. Their windows are blanked before any reading, kept out of replies and memory, and refused as targets.",
    required: false,
    default: "",
  };
  userConfig.confirm_policy = {
    type: "string",
    title: "Destructive steps when Claude cannot ask you",
    description:
      "Who answers before a click on Delete, Discard, Empty Trash and the like. ask: Claude asks you where it can, otherwise choto asks in a dialog of its own on your desktop (Deny is its default; no answer within 45 s is no), otherwise the step is refused. desktop: always choto's dialog. allow or deny: when Claude cannot ask, the step runs, or is refused.",
    required: false,
    default: "ask",
  };
  if (server.kind === "deno") {
    userConfig.deno_path = {
      type: "file",
      title: "Deno executable",
      description:
        "The full path to deno 2.9 or later (run `which deno` in a terminal). An app started from the Dock does not see your shell's PATH, so a bare `deno` is not found.",
      required: true,
      default: "${HOME}/.deno/bin/deno",
    };
  }
  return {
    manifest_version: "0.3",
    name: "choto",
    display_name: "choto: desktop control",
    version,
    description:
      "Eyes and hands on your desktop, OCR-first: read the screen as text, act on it, remember every window.",
    long_description: [
      "choto reads the screen as targetable text (observe), runs batches of clicks, typing and keys with",
      "post-conditions (execute_plan), brings apps to the front (focus_app), and remembers every window it has",
      "seen in a local SQLite database (recall). Everything runs on this machine; nothing is sent anywhere.",
      "On macOS it needs Screen Recording and Accessibility: install Choto.app (deno task app) so that they are",
      "Choto's, or grant them to deno, which runs this bundle's service.",
    ].join(" "),
    author: { name: "choto maintainers" },
    keywords: ["desktop", "automation", "ocr", "accessibility", "gui"],
    server: server.kind === "deno" ? denoServer() : binaryServer(server.file),
    tools: TOOLS.map((t) => ({
      name: t.name as string,
      description: firstSentence(t.description as string),
    })),
    compatibility: { platforms: server.kind === "deno" ? ["darwin", "linux"] : [server.platform] },
    user_config: userConfig,
  };
}
