/**
 * What choto has put on each window's current line since the last Enter it
 * sent there, and whether a window runs its line as a command (a terminal,
 * a run box). Type and hotkey steps ask the user before the key that would
 * run a line choto put there, so a command typed in one step and sent with
 * Enter in the next (or in a later plan) is asked about like a typed
 * newline.
 *
 * The memory lives as long as the desktop connection, across plans: a line
 * typed by one plan and run by the next is still choto's. Text the user
 * typed or deleted is not known to it.
 *
 * @module
 */

import type { Desktop, WindowInfo } from "../desktop/types.ts";
import type { KeyPlatform } from "../desktop/keys.ts";
import {
  breaksLine,
  type CommandLine,
  commandLineOf,
  keyEffect,
  terminalEntryNames,
} from "../desktop/terminals.ts";
import type { Look } from "../look/look.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type { Run } from "./run.ts";

/** What choto put on one window's current line. */
export interface LineInput {
  /** The characters typed there since the last Enter. */
  text: string;
  /** Keys other than Enter pressed there meanwhile (history, completion, a yank, a paste can put text there). */
  keys: string[];
  /** True when the user has already allowed running what is there now (a paste they were asked about). */
  allowed: boolean;
}

/** Windows remembered per desktop at most: the oldest is forgotten first. */
const MAX_WINDOWS = 64;
/** Characters of a line kept (its end), and keys kept, for the question. */
const MAX_KEPT_TEXT = 400;
const MAX_KEPT_KEYS = 6;

/** Each desktop's lines by window id. */
const LINES = new WeakMap<Desktop, Map<string, LineInput>>();

/** The lines of the run's desktop. */
function linesOf(run: Run): Map<string, LineInput> {
  const desktop = run.services.desktop();
  let lines = LINES.get(desktop);
  if (!lines) LINES.set(desktop, lines = new Map());
  return lines;
}

/** What choto has put on window `id`'s line since the last Enter it sent there, or null. */
export function lineInput(run: Run, id: string | null): LineInput | null {
  return id === null ? null : linesOf(run).get(id) ?? null;
}

/** Keeps what choto is about to put on window `id`'s line, before it is sent (a step cut short still left it). */
export function addToLine(
  run: Run,
  id: string | null,
  add: { text?: string; key?: string; allowed?: boolean },
): void {
  if (id === null) return;
  const lines = linesOf(run);
  const was = lines.get(id) ?? { text: "", keys: [], allowed: false };
  lines.delete(id);
  lines.set(id, {
    text: (was.text + (add.text ?? "")).slice(-MAX_KEPT_TEXT),
    keys: add.key ? [...was.keys, add.key].slice(-MAX_KEPT_KEYS) : was.keys,
    allowed: add.allowed ?? false,
  });
  if (lines.size > MAX_WINDOWS) lines.delete(lines.keys().next().value!);
}

/** After a line break reached window `id`: only what followed it is on the new line. */
export function lineBroken(run: Run, id: string | null, rest = ""): void {
  if (id === null) return;
  const lines = linesOf(run);
  lines.delete(id);
  if (rest) addToLine(run, id, { text: rest });
}

/** The window a step's keys go to: the focus window, else the window the look worked in. */
export function keysWindow(l: Look): WindowInfo | null {
  const id = l.state.focusWindowId;
  return (id !== null ? l.state.windows.find((w) => w.id === id) : undefined) ?? l.window;
}

/** The names of the terminals the desktop entries name, read once per run when first needed. */
const ENTRY_TERMINALS = new WeakMap<Run, Promise<string[]>>();

/**
 * Whether `w` runs its line as a command: by its names, the program names
 * behind its pid, and the desktop entries that say they are terminals.
 */
export async function commandLineAt(run: Run, w: WindowInfo | null): Promise<CommandLine | null> {
  if (!w) return null;
  const desktop = run.services.desktop();
  const programs = w.pid !== null && desktop.programNames ? desktop.programNames(w.pid) : [];
  const known = commandLineOf(w, programs, []);
  // Only Linux desktop entries name terminals: the rest is read when the names alone do not tell.
  if (known || desktop.platform === "macos") return known;
  let entries = ENTRY_TERMINALS.get(run);
  if (!entries) {
    entries = desktop.launchableApps().then(terminalEntryNames, () => []);
    ENTRY_TERMINALS.set(run, entries);
  }
  return commandLineOf(w, programs, await entries);
}

/** How a command line is named in a question: `the terminal "xfce4-terminal"`. */
export function commandLineName(c: CommandLine): string {
  return `${c.kind} "${escapeScreenText(c.name)}"`;
}

/** Why a key combination needs the user's yes in a command line, for the question. */
export interface CommandKey {
  /** Completes "press ctrl+m, …". */
  why: string;
}

/** The platform whose key meanings apply (on X11 `cmd` is Ctrl). */
function platformOf(run: Run): KeyPlatform {
  return run.services.desktop().platform === "macos" ? "macos" : "x11";
}

/**
 * Whether pressing `keys` into window `w` would run a command: an Enter in
 * any spelling when choto has put something on the line that the user has
 * not allowed yet, or a paste whose content choto cannot prove holds no line
 * break (Shift+Insert pastes the primary selection, which choto never reads).
 */
export async function commandKeyQuestion(
  run: Run,
  keys: string[],
  w: WindowInfo | null,
): Promise<CommandKey | null> {
  const key = keyEffect(keys, platformOf(run));
  if (key.effect === "other" || !w) return null;
  if (key.effect === "enter") {
    const line = lineInput(run, w.id);
    if (!line || line.allowed || (!line.text && !line.keys.length)) return null;
    const command = await commandLineAt(run, w);
    if (!command) return null;
    const did = [
      ...(line.text ? [`typed ${escapeScreenText(JSON.stringify(line.text))}`] : []),
      ...(line.keys.length ? [`sent ${escapeScreenText(line.keys.join(", "))}`] : []),
    ].join(" and ");
    return {
      why: `which runs the line in the ${commandLineName(command)} as a command (choto ${did} there)`,
    };
  }
  const command = await commandLineAt(run, w);
  if (!command) return null;
  const clip = key.primary ? null : await clipboardText(run);
  if (clip !== null && !breaksLine(clip)) return null;
  const what = key.primary ? "the primary selection, which choto does not read," : "the clipboard";
  const held = clip === null ? "it may hold a line break, which" : "it holds a line break, which";
  return { why: `which pastes ${what} into the ${commandLineName(command)}: ${held} runs a command` };
}

/** The clipboard's text, or null when it holds none or cannot be read. */
async function clipboardText(run: Run): Promise<string | null> {
  try {
    return (await run.services.desktop().readClipboard()).text;
  } catch {
    return null;
  }
}

/**
 * Keeps what `keys` put on window `w`'s line before they are sent; `sent()`
 * after they went forgets a line an Enter ran. A paste the user was asked
 * about is allowed to run.
 */
export function noteKeyOnLine(
  run: Run,
  keys: string[],
  w: WindowInfo | null,
  asked: CommandKey | null,
  said = keys.join("+"),
): { sent(): void } {
  const id = w?.id ?? null;
  const key = keyEffect(keys, platformOf(run));
  if (key.effect === "enter") return { sent: () => lineBroken(run, id) };
  addToLine(run, id, { key: said, allowed: key.effect === "paste" && asked !== null });
  return { sent() {} };
}
