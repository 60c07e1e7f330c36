/**
 * What choto says about macOS privacy grants (TCC): who holds them and how
 * to fix a missing one. macOS charges a grant to the "responsible" process:
 * the terminal app for a run from a shell; Choto.app for the service
 * launchd starts from it; and the executable itself for a server an app
 * disowns, as Claude Desktop does with every local MCP server it starts
 * (its `disclaimer` helper makes the child responsible for itself), so a
 * bare `deno` holds them there. Granting `deno` would hand every Deno
 * script those rights and a Deno upgrade drops them, so the fix offered is
 * Choto.app (`deno task app`). Pure: the caller gathers the facts.
 *
 * @module
 */

import { appBundleOf, launchdTarget, MAC_APP_NAME } from "../../common/mac_app.ts";
import type { PermissionCheck } from "../types.ts";

/** Facts about the process that owns the grants. */
export interface HostFacts {
  /** TERM_PROGRAM (Apple_Terminal, iTerm.app, vscode, WezTerm…). */
  termProgram?: string;
  /** __CFBundleIdentifier of the launching app (com.anthropic.claudefordesktop…). */
  bundleId?: string;
  /** Name of the parent process, when it could be read. */
  parentName?: string;
  /** Path of the deno (or compiled) binary. */
  execPath: string;
}

/** The two grants choto needs. */
export type Grant = "Screen Recording" | "Accessibility";

/** Who macOS charges the grants to. */
export interface GrantHolder {
  /** As System Settings lists it: "Choto", "Terminal", "deno". */
  name: string;
  /**
   * app: the app bundle choto runs from (Choto.app under the service);
   * terminal: the terminal app of a run from a shell; launcher: another app
   * that started choto and keeps responsibility; executable: the program
   * itself, started bare or disowned by its client.
   */
  kind: "app" | "terminal" | "launcher" | "executable";
  /** The bundle or the executable's path, for app and executable. */
  path?: string;
}

const TERMINALS: Record<string, string> = {
  Apple_Terminal: "Terminal",
  "iTerm.app": "iTerm",
  vscode: "Visual Studio Code",
  WezTerm: "WezTerm",
  ghostty: "Ghostty",
  WarpTerminal: "Warp",
};

/** Claude Desktop, or its `disclaimer` helper: both leave the server responsible for itself. */
function startedByDisowningClient(f: HostFacts): boolean {
  return /claude/i.test(f.bundleId ?? "") || /claude|disclaimer/i.test(f.parentName ?? "");
}

/** Who macOS charges the grants to, from the facts of this process. */
export function grantHolder(f: HostFacts): GrantHolder {
  // A child of a shell is charged to the terminal, even when it is Choto.app's own executable.
  if (f.termProgram) return { name: TERMINALS[f.termProgram] ?? f.termProgram, kind: "terminal" };
  const bundle = appBundleOf(f.execPath);
  if (bundle) return { name: bundle.split("/").pop()!.replace(/\.app$/, ""), kind: "app", path: bundle };
  if (f.bundleId && !startedByDisowningClient(f)) return { name: f.bundleId, kind: "launcher" };
  return { name: f.execPath.split("/").pop() || f.execPath, kind: "executable", path: f.execPath };
}

/** The name of who holds the grants (doctor's and the probe's lines). */
export function responsibleApp(f: HostFacts): string {
  return grantHolder(f).name;
}

const CHOTO_APP_FIX =
  "install Choto.app (`deno task app` in the checkout, docs/macos.md) and point your MCP " +
  "client at `choto bridge`: the service then runs as Choto, which holds the grants";

/** Where to turn a grant on, for the one that holds it, and what else to do. */
export function grantAdvice(grant: Grant, holder: GrantHolder): string {
  const pane = `System Settings → Privacy & Security → ${grant}`;
  switch (holder.kind) {
    case "app":
      return holder.name === MAC_APP_NAME
        ? `${pane}: turn on "${MAC_APP_NAME}" (if it is not listed, run \`deno task app\` again, which asks), ` +
          `then restart the service: launchctl kickstart -k ${launchdTarget("$(id -u)")}.`
        : `${pane}: turn on "${holder.name}" (add it with + if it is not listed), then quit ${holder.name} ` +
          `and open it again.`;
    case "terminal":
      return `${pane}: turn on "${holder.name}" (add it with + if it is not listed), then quit ` +
        `${holder.name} and open it again. That grant covers runs from ${holder.name} only; for your MCP ` +
        `client, ${CHOTO_APP_FIX}.`;
    case "launcher":
      return `${pane}: turn on "${holder.name}" (add it with + if it is not listed), then quit it and open ` +
        `it again.`;
    case "executable":
      return /^deno$/.test(holder.name)
        ? `${CHOTO_APP_FIX[0].toUpperCase()}${CHOTO_APP_FIX.slice(1)}. Turning on deno itself would give ` +
          `every Deno script these rights, and a Deno upgrade drops them.`
        : `${CHOTO_APP_FIX[0].toUpperCase()}${CHOTO_APP_FIX.slice(1)}; or in ${pane} add "${holder.path}" ` +
          `with +, which a rebuild undoes.`;
  }
}

/** What is lost without each grant. */
const WITHOUT: Record<Grant, string> = {
  "Screen Recording": "macOS shows choto only the desktop picture and the menu bar, and no window titles",
  Accessibility: "macOS drops every click and key choto sends, silently",
};

/**
 * The error for work refused because a grant is missing: what the grant is
 * for, that nothing was done, and how to get it.
 */
export function missingGrant(grant: Grant, holder: GrantHolder, refused: string): string {
  return `${grant} is not granted to ${holder.name}: ${WITHOUT[grant]}, so ${refused}. ` +
    grantAdvice(grant, holder) +
    (holder.kind === "executable" ? "" : ` macOS has been asked to list ${holder.name} there.`);
}

/** Why this one holds the grants, for doctor. */
function ownershipNote(holder: GrantHolder): string {
  switch (holder.kind) {
    case "app":
      return `macOS charges the grants to ${holder.name} (${holder.path}), the app choto runs from; ` +
        `rebuilds signed by the same identity keep them.`;
    case "terminal":
      return `Run from a terminal, doctor reports ${holder.name}'s grants; the service your MCP client ` +
        `reaches through \`choto bridge\` runs as Choto.app, whose switches System Settings shows.`;
    case "launcher":
      return `macOS charges the grants to ${holder.name}, the app that started choto; upgrading Deno keeps them.`;
    case "executable":
      return `macOS charges the grants to the program itself, ${holder.path}: nothing that started it ` +
        `answers for it (Claude Desktop disowns every local server it starts).`;
  }
}

/** On macOS 15 the system asks again, about once a month, before an app may keep capturing. */
export const MONTHLY_CAPTURE_ALERT =
  'On macOS 15 and later the system asks about once a month whether the app may "bypass the ' +
  'system private window picker and directly access your screen"; choose Allow, or captures stop.';

/** The two privacy checks plus the capture path, phrased for doctor. */
export function permissionChecks(
  screenRecording: boolean | null,
  accessibility: boolean,
  capturePath: string,
  f: HostFacts,
): PermissionCheck[] {
  const holder = grantHolder(f);
  const who = holder.name;
  return [
    {
      name: "Screen Recording",
      ok: screenRecording !== false,
      detail: screenRecording === false
        ? `not granted to ${who}: ${WITHOUT["Screen Recording"]}. ${
          grantAdvice("Screen Recording", holder)
        } ` +
          `Capture path: ${capturePath}. ${ownershipNote(holder)}`
        : `${
          screenRecording === null
            ? "cannot be checked on this macOS (older than 10.15)"
            : `granted to ${who}`
        }. ` +
          `Capture path: ${capturePath}. ${MONTHLY_CAPTURE_ALERT}`,
    },
    {
      name: "Accessibility",
      ok: accessibility,
      detail: accessibility
        ? `granted to ${who}. ${ownershipNote(holder)}`
        : `not granted to ${who}: ${WITHOUT.Accessibility}. ${grantAdvice("Accessibility", holder)} ` +
          ownershipNote(holder),
    },
  ];
}
