/**
 * What doctor says about macOS privacy grants (TCC). Grants belong to the
 * "responsible process": the terminal app that started deno, or Claude
 * Desktop when it launched the server. Pure: the caller gathers the facts.
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
  if (/claude/i.test(id) || /claude/i.test(parent)) return "Claude (Claude Desktop)";
  if (f.termProgram) return TERMINALS[f.termProgram] ?? f.termProgram;
  if (id) return id;
  if (parent) return parent;
  return "the app that started choto (your terminal, or Claude Desktop)";
}

/** The two privacy checks plus the capture path, phrased for doctor. */
export function permissionChecks(
  screenRecording: boolean | null,
  accessibility: boolean,
  capturePath: string,
  f: HostFacts,
): PermissionCheck[] {
  const who = responsibleApp(f);
  const binaryNote = `Grants are tied to the binary: upgrading Deno or rebuilding a compiled ` +
    `choto (now ${f.execPath}) loses them; grant again after an upgrade.`;
  const where = (pane: string) =>
    `System Settings → Privacy & Security → ${pane}: turn on "${who}" ` +
    `(add it with + if missing), then quit and reopen it.`;
  return [
    {
      name: "Screen Recording",
      ok: screenRecording === true,
      detail: screenRecording === true
        ? `granted to ${who}. Capture path: ${capturePath}.`
        : `${screenRecording === null ? "cannot be checked (macOS older than 10.15?)" : "not granted"}` +
          ` — window titles read empty and captures are blank. ${where("Screen Recording")} ` +
          `Capture path: ${capturePath}. ${binaryNote}`,
    },
    {
      name: "Accessibility",
      ok: accessibility,
      detail: accessibility
        ? `granted to ${who}.`
        : `not granted — clicks and keys are silently dropped. ${where("Accessibility")} ${binaryNote}`,
    },
  ];
}
