/**
 * What choto says about macOS privacy grants (TCC). macOS charges a grant
 * to the "responsible" app: Claude Desktop for the server it starts, the
 * terminal app for a run from a shell (so doctor run from Terminal reports
 * Terminal's grants, not Claude's), a compiled choto started on its own is
 * its own. Never deno: upgrading Deno keeps the grants. Pure: the caller
 * gathers the facts.
 *
 * @module
 */

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

const TERMINALS: Record<string, string> = {
  Apple_Terminal: "Terminal",
  "iTerm.app": "iTerm",
  vscode: "Visual Studio Code",
  WezTerm: "WezTerm",
  ghostty: "Ghostty",
  WarpTerminal: "Warp",
};

/** Best guess at the app that macOS charges the grants to. */
export function responsibleApp(f: HostFacts): string {
  const id = f.bundleId ?? "";
  const parent = f.parentName ?? "";
  if (/claude/i.test(id) || /claude/i.test(parent)) return "Claude";
  if (f.termProgram) return TERMINALS[f.termProgram] ?? f.termProgram;
  if (id) return id;
  if (parent) return parent;
  if (!/(^|\/)deno$/.test(f.execPath)) return f.execPath.split("/").pop() || f.execPath;
  return "the app that started choto (Claude, or your terminal)";
}

/** Where to turn a grant on, for the app that holds it. */
export function grantAdvice(grant: Grant, who: string): string {
  return `System Settings → Privacy & Security → ${grant}: turn on "${who}" (add it with + if it is ` +
    `not listed), then quit ${who} and open it again.`;
}

/** What is lost without each grant. */
const WITHOUT: Record<Grant, string> = {
  "Screen Recording": "macOS shows choto only the desktop picture and the menu bar, and no window titles",
  Accessibility: "macOS drops every click and key choto sends, silently",
};

/**
 * The error for work refused because a grant is missing: what the grant is
 * for, that nothing was done, and where to turn it on.
 */
export function missingGrant(grant: Grant, who: string, refused: string): string {
  return `${grant} is not granted to ${who}: ${WITHOUT[grant]}, so ${refused}. ` +
    `${grantAdvice(grant, who)} macOS has been asked to list ${who} there.`;
}

/** How grants relate to Deno and to compiled binaries, for doctor. */
function ownershipNote(who: string, f: HostFacts): string {
  const compiled = !/(^|\/)deno$/.test(f.execPath);
  return `The grants belong to ${who}, the app macOS holds responsible for choto, not to deno ` +
    `(upgrading Deno keeps them)` +
    (compiled ? `; a compiled choto started on its own holds its own and loses them when rebuilt.` : ".") +
    ` Run from a terminal, doctor reports the terminal's grants; Claude's are set for Claude.`;
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
  const who = responsibleApp(f);
  return [
    {
      name: "Screen Recording",
      ok: screenRecording !== false,
      detail: screenRecording === false
        ? `not granted to ${who}: ${WITHOUT["Screen Recording"]}. ${grantAdvice("Screen Recording", who)} ` +
          `Capture path: ${capturePath}. ${ownershipNote(who, f)}`
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
        ? `granted to ${who}.`
        : `not granted to ${who}: ${WITHOUT.Accessibility}. ${grantAdvice("Accessibility", who)} ` +
          ownershipNote(who, f),
    },
  ];
}
