/**
 * The one place a plan asks the user before a destructive step: a click on
 * a label such as "Delete" (or a drag that starts or ends on one), a key
 * that presses a dialog's destructive button, a destructive hotkey, or a
 * key that would run a line as a command (`command_line.ts` says where). The user answers through the
 * client (MCP elicitation) where it can ask, else through choto's own
 * dialog on the desktop; the policy in choto.json, which no tool call can
 * change, says which and what happens when neither can.
 *
 * @module
 */

import { sameAppName } from "../common/app_match.ts";
import { destructivePhrase, labelWords } from "../common/destructive.ts";
import { harmlessPhrases } from "../common/destructive_words.ts";
import { UI_LANGUAGES } from "../common/languages.ts";
import type { Policy } from "../common/policy.ts";
import type { Answer } from "../services.ts";
import type { Rect } from "../common/rect.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { parseCombo } from "../desktop/keys.ts";
import type { DesktopAnswer, Gesture } from "../desktop/types.ts";
import type { Look } from "../look/look.ts";
import { type Run, RunStopped } from "./run.ts";
import { AnswerNeeded, takeAnswer } from "./pause.ts";

/** File managers: Cmd+Backspace there moves the selection to the trash. */
const FILE_MANAGERS = ["Finder", "Files", "Nautilus", "Thunar", "Dolphin", "Nemo", "PCManFM", "Caja"];

/** A label longer than this is prose (a line of a document), not a button or a menu item. */
const MAX_LABEL_WORDS = 8;
/** A dialog's buttons are short: this many words at most. */
const MAX_BUTTON_WORDS = 3;

/** The destructive word or phrase a clicked text holds, or null. */
export function destructiveLabel(policy: Policy, text: string): string | null {
  if (labelWords(text).length > MAX_LABEL_WORDS) return null;
  return destructivePhrase(text, policy.destructiveLabels, harmlessPhrases(UI_LANGUAGES.map((l) => l.code)));
}

/** True when a key combination deletes for good (Shift+Delete) or trashes files (Cmd+Backspace in a file manager). */
export function destructiveHotkey(keys: string[], app: string | null): boolean {
  const k = new Set(keys.map((x) => x.toLowerCase()));
  if (k.has("shift") && k.has("delete")) return true;
  const trash = k.has("cmd") && (k.has("backspace") || k.has("delete"));
  return trash && app !== null && FILE_MANAGERS.some((f) => sameAppName(f, app));
}

/** What a key press does to a dialog's buttons: presses the default or focused one, or the one a letter names. */
export type ButtonKey = { kind: "press" } | { kind: "mnemonic"; letter: string } | null;

/** Enter, Return and Space press a dialog's default or focused button; Alt+letter the button that letter underlines. */
export function buttonKeyOf(keys: string[]): ButtonKey {
  const combo = parseCombo(keys);
  if ("error" in combo || combo.key === null) return null;
  if (["enter", "kp_enter", "\n", "\r", "space"].includes(combo.key)) return { kind: "press" };
  if (combo.modifiers.includes("alt") && /^\p{L}$|^\p{N}$/u.test(combo.key)) {
    return { kind: "mnemonic", letter: combo.key.toLowerCase() };
  }
  return null;
}

/**
 * The destructive button a key would press in the focused dialog of `l`,
 * or null. Which button is the default or has the focus cannot be read off
 * the pixels, so any destructive button of the dialog counts for Enter,
 * Space or a typed newline. For Alt+letter, the button whose first letter
 * that is counts; failing that, any destructive button holding the letter
 * (an underline OCR does not see may sit inside a word), unless another
 * button starts with it.
 */
export function dialogButtonFor(policy: Policy, key: ButtonKey, l: Look): string | null {
  const w = l.window;
  if (!key || !w || !(w.kind === "dialog" || w.transient)) return null;
  // A short text is a button; a short question ("Remove the report?") is the dialog's message, and
  // the title bar's text is its name. Buttons sit low in a dialog: the lowest are named first.
  const title = labelWords(w.title).join(" ");
  const buttons = [...l.windowElements].sort((a, b) => b.cy - a.cy).map((e) => e.text).filter((t) => {
    const n = labelWords(t).length;
    return n > 0 && n <= MAX_BUTTON_WORDS && !(n > 1 && /\?\s*$/.test(t)) &&
      labelWords(t).join(" ") !== title;
  });
  const destructive = buttons.filter((t) => destructiveLabel(policy, t) !== null);
  if (!destructive.length) return null;
  if (key.kind === "press") return destructive[0];
  const first = (t: string) => labelWords(t)[0]?.[0] ?? "";
  const named = destructive.find((t) => first(t) === key.letter);
  if (named) return named;
  if (buttons.some((t) => first(t) === key.letter)) return null;
  return destructive.find((t) => labelWords(t).join("").includes(key.letter)) ?? null;
}

/** The box of the dialog button `text` names in `l`, to mark while the user is asked. */
export function buttonMark(l: Look, text: string | null): Rect | undefined {
  const e = text === null ? undefined : l.windowElements.find((el) => el.text === text);
  return e ? markOf(e) : undefined;
}

/** What is about to happen, for the question and the refusal. */
export interface Intent {
  /** The step's own words: `click "Delete"`, `press enter`. */
  what: string;
  app: string | null;
  window: string | null;
  step: number;
  /** The destructive label or phrase that makes it destructive, when there is one. */
  label?: string;
  /** The element the question is about, marked on screen while the user is asked. */
  mark?: Rect;
  /** What the step would do there, shown with the mark (default: look). */
  gesture?: Gesture;
  /**
   * The name of an icon that only a memory pack named: the user is asked
   * even where the policy would let a destructive step run unasked, since
   * the icon may do anything its name does not say.
   */
  packName?: string;
}

/** Why the user is asked: a destructive step, or an icon whose name is a pack's claim. */
function danger(i: Intent): string {
  return i.packName === undefined
    ? "This may destroy data."
    : `The icon's name "${
      escapeScreenText(i.packName)
    }" comes from a memory pack, someone else's claim that nothing on this machine checked: the icon may do something else${
      i.label ? " and the name looks destructive" : ""
    }.`;
}

/** The question put to the user through the client; `marked` says whether the element is marked on screen. */
function question(i: Intent, marked: string): string {
  return `choto is about to ${describe(i)}. ${danger(i)}${marked} Allow it?`;
}

function describe(i: Intent): string {
  const where = i.app ? ` in ${escapeScreenText(i.app)}` : "";
  const win = i.window ? `, window "${escapeScreenText(i.window)}"` : "";
  return `${i.what}${where}${win} (step ${i.step} of the plan)`;
}

/** The latest the desktop dialog may wait, counted from the start of the run: clients stop waiting for a call after a minute. */
const CALL_BUDGET_MS = 55_000;
/** The shortest wait the dialog is given, whatever the run spent before. */
const MIN_WAIT_MS = 10_000;

/**
 * Asks the user before a destructive step and returns when it may run;
 * stops the plan as declined when the user says no or does not answer, and
 * as refused when nobody can be asked and the policy does not allow it.
 */
export async function confirmStep(run: Run, intent: Intent): Promise<void> {
  const elicit = run.services.ask;
  const policy = run.services.policy;
  const audit = (outcome: string) =>
    run.services.audit.record({
      kind: "confirm",
      action: intent.what,
      app: intent.app,
      window: intent.window,
      target: intent.label ?? null,
      outcome,
    });
  const byRetry = run.services.asksByRetry === true && policy.confirm !== "desktop";
  if (byRetry || (elicit && policy.confirm !== "desktop")) {
    let answer: Answer;
    if (byRetry) {
      // The client asks the user between this call and its retry: the run pauses here, before the step sends anything.
      const given = takeAnswer(run, intent.step, describe(intent));
      if (!("answer" in given)) {
        const changed = given.changed ? "The screen changed while the user was asked, so once more: " : "";
        audit("asked via input request: the run paused before the step");
        throw new AnswerNeeded(changed + question(intent, ""), describe(intent));
      }
      answer = given.answer;
      audit(`user via input request: ${answer}`);
    } else {
      answer = await withMark(
        run,
        intent,
        (marked) => run.whileAsking(() => elicit!(question(intent, marked))),
      );
      audit(`user via elicitation: ${answer}`);
    }
    if (answer === "accept") return;
    throw new RunStopped(
      `the user ${answer === "cancel" ? "dismissed the question about" : "declined"} ${
        describe(intent)
      }; nothing was done`,
      "declined",
    );
  }
  // "allow" lets destructive labels through unasked, never a pack's claim: that goes to the desktop question.
  if (policy.confirm === "allow" && intent.packName === undefined) {
    audit("policy: allow (the client cannot ask)");
    return;
  }
  if (policy.confirm === "deny") {
    audit("policy: deny (the client cannot ask)");
    throw new RunStopped(
      `refused: ${describe(intent)} ${
        intent.packName === undefined ? "is destructive" : "targets an icon named only by a memory pack"
      } and the user's policy ("confirm": "deny" in choto.json) forbids it without asking; nothing was done`,
      "refused",
    );
  }
  const waitMs = Math.min(
    policy.confirmTimeoutMs,
    Math.max(MIN_WAIT_MS, CALL_BUDGET_MS - (run.clock.now() - run.started)),
  );
  const answer = await withMark(run, intent, (marked) => askOnDesktop(run, intent, waitMs, marked));
  const seconds = Math.round(waitMs / 1000);
  if (answer.answer === "unavailable") {
    audit(`refused: no way to ask (${answer.why})`);
    throw new RunStopped(
      `refused: ${describe(intent)} ${
        intent.packName === undefined
          ? "is destructive"
          : `targets an icon whose name "${escapeScreenText(intent.packName)}" comes only from a memory pack`
      } and needs the user's yes, but ${
        elicit ? "" : "this client cannot ask (no MCP elicitation) and "
      }choto could not ask on the desktop: ${answer.why}; nothing was done (the user can do it themselves${
        intent.packName === undefined
          ? `, or allow such steps with "confirm": "allow" in choto.json`
          : ", or name the icon here with hover_icons or submit_icon_labels"
      })`,
      "refused",
    );
  }
  audit(
    `user via desktop dialog: ${
      answer.answer === "timeout" ? `no answer within ${seconds} s` : answer.answer
    }`,
  );
  if (answer.answer === "allow") return;
  throw new RunStopped(
    answer.answer === "timeout"
      ? `the user did not answer choto's question about ${
        describe(intent)
      } within ${seconds} s, which counts as no; nothing was done`
      : `the user denied ${describe(intent)} in choto's dialog; nothing was done`,
    "declined",
  );
}

/** The note beside the element while the user is asked. */
const MARK_NOTE = "choto is asking you about this";
/** How long the mark may stay at most; it goes as soon as the question ends. */
const MARK_MS = 10 * 60_000;

/**
 * Asks with the element the question is about marked on screen, where the
 * desktop can draw (a mark that cannot be drawn only costs the mark);
 * `question` hears the sentence that says so.
 */
async function withMark<T>(run: Run, intent: Intent, question: (marked: string) => Promise<T>): Promise<T> {
  const desktop = run.services.desktop();
  const mark = {
    box: intent.mark!,
    gesture: intent.gesture ?? "look",
    number: null,
    note: MARK_NOTE,
    to: null,
  };
  const shown = intent.mark && desktop.point
    ? await desktop.point([mark], { durationMs: MARK_MS, tone: "warning" }).catch(() => null)
    : null;
  try {
    return await question(shown?.shown ? " The element is marked in red on the screen." : "");
  } finally {
    if (shown?.shown) shown.close();
  }
}

/** Puts the question to the user on the desktop, with the target marked. */
async function askOnDesktop(
  run: Run,
  intent: Intent,
  timeoutMs: number,
  marked: string,
): Promise<DesktopAnswer> {
  const desktop = run.services.desktop();
  if (!desktop.askUser) {
    return { answer: "unavailable", why: "this desktop backend cannot show a question" };
  }
  const label = intent.packName !== undefined
    ? ` ${danger(intent)}`
    : intent.label
    ? ` It looks destructive: "${escapeScreenText(intent.label)}".`
    : "";
  return await run.whileAsking(() =>
    desktop.askUser!({
      title: "choto: allow this step?",
      text: `The assistant wants choto to ${describe(intent)}.${label}${marked}\n\n` +
        `Allow it only if you asked for it. Deny is the default; with no answer in ${
          Math.round(timeoutMs / 1000)
        } s it counts as Deny.`,
      allow: "Allow",
      deny: "Deny",
      timeoutMs,
      mark: intent.mark,
      signal: run.signal,
    })
  );
}

/** The target's box on screen, for the mark. */
export function markOf(e: { x: number; y: number; w: number; h: number }): Rect {
  return { x: e.x, y: e.y, width: e.w, height: e.h };
}
