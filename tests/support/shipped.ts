/**
 * The command lines choto ships, read from where they are written: the
 * README's Claude Desktop configs (macOS and Linux), `deno task start` in
 * deno.json, and the MCP Bundle's manifest entries for both platforms, the
 * last turned into a command by mcpb's own `getMcpConfigForManifest` (the
 * code Claude Desktop runs), with the bundle at this checkout. Nothing here
 * is copied from them: a change there is a change here.
 *
 * @module
 */

import { join } from "node:path";
import { buildManifest } from "../../build/manifest.ts";
import { configFor, type Manifest } from "../../build/manifest_config.ts";
import config from "../../deno.json" with { type: "json" };
import { ROOT } from "./mcp.ts";
import { serviceCommandLine, taskWords } from "../../src/cli/service_start.ts";

/** One shipped way of starting the server. */
export interface Shipped {
  /** Where it is written. */
  name: string;
  /** The deno flags, in order, up to the script (exclusive). */
  flags: string[];
  /** What follows the flags: the script and its arguments. */
  script: string[];
  /** Environment the command line sets itself. */
  env: Record<string, string>;
  /** For a bridge given the service's flags (the bundle's entry): the service's command line it starts. */
  service?: Shipped;
}

/** The checkout without its trailing slash, as a path in a flag is written. */
export const CHECKOUT = ROOT.replace(/\/$/, "");

/** Cuts a `deno run …` argument list at the script. */
function split(name: string, args: string[], env: Record<string, string> = {}): Shipped {
  const at = args.findIndex((a) => a.endsWith("main.ts"));
  if (at < 0) throw new Error(`${name}: no main.ts in ${args.join(" ")}`);
  return { name, flags: args.slice(0, at), script: args.slice(at), env };
}

/** The JSON block that follows `heading` in the README, parsed. */
function readmeJson(
  readme: string,
  heading: string,
): { mcpServers: Record<string, { args: string[]; env?: Record<string, string> }> } {
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README has no "${heading}"`);
  const block = /```json\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`README has no JSON block after "${heading}"`);
  return JSON.parse(block[1]);
}

/** The README's Claude Desktop config for macOS or Linux. */
export function readmeConfig(platform: "darwin" | "linux"): Shipped {
  const readme = Deno.readTextFileSync(join(ROOT, "README.md"));
  const heading = platform === "darwin" ? "macOS, with the narrowest permissions that work:" : "Linux/X11:";
  const server = readmeJson(readme, heading).mcpServers.choto;
  return split(`README's ${platform === "darwin" ? "macOS" : "Linux"} config`, server.args, server.env ?? {});
}

/** `deno task start`, with $HOME expanded to `home`. */
export function taskStart(home: string): Shipped {
  const words = taskWords(config.tasks.start, home);
  if (words[0] !== "deno") throw new Error(`deno task start does not run deno: ${config.tasks.start}`);
  const s = split("deno task start", words.slice(1));
  return { ...s, script: [join(ROOT, s.script[0]), ...s.script.slice(1)] };
}

/** `deno task service` or `deno task bridge`, with $HOME expanded to `home`. */
export function taskOf(name: "service" | "bridge", home: string): Shipped {
  const words = taskWords(config.tasks[name], home);
  if (words[0] !== "deno") throw new Error(`deno task ${name} does not run deno: ${config.tasks[name]}`);
  const s = split(`deno task ${name}`, words.slice(1));
  return { ...s, script: [join(ROOT, s.script[0]), ...s.script.slice(1)] };
}

/**
 * The bundle's entry for `platform`, as Claude Desktop would start it from
 * this checkout: a bridge, with the command line of the service it starts
 * as the bridge itself computes it (serviceCommandLine, from the flags the
 * manifest gives after `--`).
 */
export async function bundleEntry(
  platform: "darwin" | "linux",
  settings: { home: string; databaseFolder: string },
): Promise<Shipped> {
  const manifest = buildManifest(config.version) as Manifest;
  const userConfig = { database_folder: settings.databaseFolder, deno_path: Deno.execPath() };
  const c = await configFor(manifest, CHECKOUT, userConfig, platform, settings.home);
  const args = c.args ?? [];
  const bridge = split(`the bundle's ${platform} entry`, args, c.env ?? {});
  const dashes = args.indexOf("--");
  const db = bridge.script[bridge.script.indexOf("--db") + 1];
  const line = serviceCommandLine({
    execPath: Deno.execPath(),
    main: bridge.script[0],
    home: settings.home,
    db,
    flags: args.slice(dashes + 1),
    also: { write: settings.databaseFolder, socket: join(settings.databaseFolder, "choto.sock") },
  });
  return {
    ...bridge,
    service: split(`the service of the bundle's ${platform} entry`, line.slice(1), c.env ?? {}),
  };
}

/** The variables the MCP SDK's stdio client passes by default: all a server may get. */
export function clientEnv(home: string): Record<string, string> {
  const env: Record<string, string> = { HOME: home };
  for (const k of ["LOGNAME", "PATH", "SHELL", "TERM", "USER"]) {
    const v = Deno.env.get(k);
    if (v !== undefined) env[k] = v;
  }
  return env;
}

/**
 * The flags of a macOS command line with the system's files moved under
 * `root` (a stand-in tree): each library of `--allow-ffi` and each program
 * of `--allow-run` that lives in /System, /usr or /bin gets the prefix;
 * the README's placeholders (/path/to/choto, /Users/me) become this
 * checkout and `home`. Every other flag and path stays as written.
 */
export function onStandIn(flags: string[], root: string, home: string): string[] {
  const system = (p: string) => /^\/(System|usr|bin)\//.test(p);
  return flags.map((f) => {
    const local = f.replaceAll("/path/to/choto", CHECKOUT).replaceAll("/Users/me", home);
    const m = /^(--allow-(?:ffi|run))=(.*)$/.exec(local);
    if (!m) return local;
    return `${m[1]}=${m[2].split(",").map((p) => (system(p) ? root + p : p)).join(",")}`;
  });
}
