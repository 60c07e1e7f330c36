/**
 * The one place a plan asks the user before a destructive step: a click on
 * a label such as "Delete" (or a drag dropped on one), a destructive hotkey,
 * or a typed line that a terminal would run. The user answers through the client (MCP
 * elicitation); a client that cannot ask leaves the decision to the policy
 * in choto.json, which no tool call can change.
 *
 * @module
 */

import { sameAppName } from "../common/app_match.ts";
import { normaliseText } from "../common/match.ts";
import type { Policy } from "../common/policy.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { type Run, RunStopped, StepFailure } from "./run.ts";

/** Terminal emulators: a newline typed into one runs a command. */
const TERMINALS = [
  "Terminal",
  "iTerm2",
  "xterm",
  "uxterm",
  "rxvt",
  "urxvt",
  "gnome-terminal",
  "GNOME Terminal",
  "Konsole",
  "xfce4-terminal",
  "Alacritty",
  "kitty",
  "WezTerm",
  "Tilix",
  "Terminator",
  "st",
  "foot",
  "Ghostty",
  "lxterminal",
  "mate-terminal",
  "qterminal",
];

/** File managers: Cmd+Backspace there moves the selection to the trash. */
const FILE_MANAGERS = ["Finder", "Files", "Nautilus", "Thunar", "Dolphin", "Nemo", "PCManFM", "Caja"];

const fold = (s: string) => normaliseText(s).replace(/[’‘`´]/g, "'");

/** The destructive label a clicked text is, or null. */
export function destructiveLabel(policy: Policy, text: string): string | null {
  const t = fold(text);
  for (const label of policy.destructiveLabels) {
    const l = fold(label);
    if (t === l || t.startsWith(`${l} `) || t.startsWith(`${l}…`) || t.startsWith(`${l}...`)) return label;
  }
  return null;
}

/** True when a key combination deletes for good (Shift+Delete) or trashes files (Cmd+Backspace in a file manager). */
export function destructiveHotkey(keys: string[], app: string | null): boolean {
  const k = new Set(keys.map((x) => x.toLowerCase()));
  if (k.has("shift") && k.has("delete")) return true;
  const trash = k.has("cmd") && (k.has("backspace") || k.has("delete"));
  return trash && app !== null && FILE_MANAGERS.some((f) => sameAppName(f, app));
}

/** True when typing `text` into `app` would run a command line. */
export function runsCommand(text: string, app: string | null): boolean {
  return /[\r\n]/.test(text) && app !== null && TERMINALS.some((t) => sameAppName(t, app));
}

/** What is about to happen, for the question and the refusal. */
export interface Intent {
  /** The step's own words: `click "Delete"`, `hotkey shift+delete`. */
  what: string;
  app: string | null;
  window: string | null;
  step: number;
}

function describe(i: Intent): string {
  const where = i.app ? ` in ${escapeScreenText(i.app)}` : "";
  const win = i.window ? `, window "${escapeScreenText(i.window)}"` : "";
  return `${i.what}${where}${win} (step ${i.step} of the plan)`;
}

/**
 * Asks the user before a destructive step and returns when it may run;
 * throws a refusal (the plan stops) when the user declines or the policy
 * does not allow it.
 */
export async function confirmStep(run: Run, intent: Intent): Promise<void> {
  const ask = run.services.ask;
  const policy = run.services.policy;
  const audit = (outcome: string) =>
    run.services.audit.record({
      kind: "confirm",
      action: intent.what,
      app: intent.app,
      window: intent.window,
      outcome,
    });
  if (ask) {
    const answer = await run.whileAsking(() =>
      ask(`choto is about to ${describe(intent)}. This may destroy data. Allow it?`)
    );
    audit(`user: ${answer}`);
    if (answer === "accept") return;
    throw new RunStopped(
      `the user ${answer === "cancel" ? "dismissed the question about" : "declined"} ${
        describe(intent)
      }; nothing was done. Do not retry it unless the user asks`,
      "declined",
    );
  }
  audit(`no elicitation; policy: ${policy.confirm}`);
  if (policy.confirm === "allow") return;
  if (policy.confirm === "deny") {
    throw new StepFailure(
      `refused: ${
        describe(intent)
      } is destructive and the user's policy ("confirm": "deny" in choto.json) forbids it; nothing was done. Ask the user to do it themselves`,
    );
  }
  throw new StepFailure(
    `refused: ${
      describe(intent)
    } is destructive and needs the user's yes, but this client cannot ask (no MCP elicitation); nothing was done. The user can do it themselves, use a client that supports elicitation, or set "confirm": "allow" in choto.json (or CHOTO_CONFIRM=allow)`,
  );
}
