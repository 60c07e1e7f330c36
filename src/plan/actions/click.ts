/**
 * The `click`, `double_click` and `right_click` steps: find the target, click
 * it (found again once when its window moved before the press: aim_again.ts),
 * verify, and remember where the click led (with the menu it was opened
 * through, when it was a menu item).
 *
 * @module
 */

import { escapeScreenText } from "../../common/untrusted.ts";
import type { MouseButton } from "../../desktop/types.ts";
import type { Point, Rect } from "../../common/rect.ts";
import type { Element } from "../../ocr/types.ts";
import { type Run, StepFailure } from "../run.ts";
import type { Step } from "../steps.ts";
import { findOrSkip, type Found, matchInfo, matchSaid } from "../targeting.ts";
import { confirmStep, destructiveLabel, markOf } from "../confirm.ts";
import { underPointer } from "../aim.ts";
import { foundAgain } from "../aim_again.ts";
import { beforeOf, remember, verify } from "../verify.ts";
import type { StepReport } from "../step_report.ts";
import { hoverFirst, noteUnseenClick, probeBefore } from "../effect.ts";
import { pasteItemKeys } from "../../desktop/terminals.ts";
import { commandKeyQuestion, keysWindow, noteKeyOnLine } from "../command_line.ts";

type ClickStep = Extract<Step, { action: "click" | "double_click" | "right_click" }>;

const BUTTONS: Record<ClickStep["action"], { button: MouseButton; count: number }> = {
  click: { button: "left", count: 1 },
  double_click: { button: "left", count: 2 },
  right_click: { button: "right", count: 1 },
};

/** True for the actions this handler runs (they keep track of an open menu). */
export function isClick(action: string): action is ClickStep["action"] {
  return action in BUTTONS;
}

/** Runs a click step. */
export async function clickStep(run: Run, step: ClickStep, n: number): Promise<StepReport> {
  const found = await findOrSkip(run, step, n);
  if ("outcome" in found) return found;
  // A left click presses what it lands on (a key, a button): equal matches nothing told apart are asked
  // about, never guessed between. Double and right clicks select and open menus, and keep reading order.
  if (step.action === "click" && found.tied) throw tiedFailure(step.target.text, found);
  const { button, count } = BUTTONS[step.action];
  // A menu item is only reachable through the menu opened just before it, in this window.
  const menu = found.surface === "chrome" && run.menuPath?.node === found.look.nodeId ? run.menuPath : null;
  const label = destructiveLabel(run.services.policy, found.element.text) ??
    destructiveLabel(run.services.policy, step.target.text);
  // A terminal's Paste item pastes as its shortcut does: into the window that has the keyboard focus.
  const paste = step.action === "right_click" ? null : pasteItemKeys(found.element.text);
  const pasteInto = paste ? keysWindow(found.look) : null;
  const command = paste && !label ? await commandKeyQuestion(run, paste, pasteInto) : null;
  // An icon only a pack named may be anything: its name is someone else's claim, so the user decides.
  const packName = found.element.packName === true;
  const asked = Boolean(label || command || packName) && step.action !== "right_click";
  if (asked) {
    await confirmStep(run, {
      ...(packName ? { packName: found.element.text } : {}),
      what: `${step.action.replace("_", "-")} "${
        escapeScreenText(found.element.text)
      }" at (${found.point.x},${found.point.y})${command ? `, ${command.why}` : ""}`,
      app: found.look.window?.app ?? null,
      window: found.look.window?.title ?? null,
      step: n,
      ...(label ? { label } : {}),
      mark: markOf(found.element),
      gesture: step.action,
    });
  }
  run.services.audit.aimAt(found.element.text);
  let lit = step.expect ? false : await hoverFirst(run, found.point, aroundText(found.element));
  // The pointer already rests on the control the last press was seen to reach: it lights up no further.
  let again = !lit && sameAsLive(run, found.point);
  let probe = step.expect ? undefined : probeBefore(run, found.point);
  if (paste) noteKeyOnLine(run, paste, pasteInto, command, `a click on "${found.element.text}"`);
  const press = (f: Found) =>
    run.click(f.point, button, count, step.modifiers ?? [], underPointer(f.look, f.point));
  let aim = found;
  try {
    await press(aim);
  } catch (err) {
    // A press the user was asked about at one place is not moved to another.
    const refound = asked ? null : await foundAgain(run, step.target, found, err);
    if (!refound) throw err;
    aim = refound;
    // What lit at the old place says nothing of the new one.
    [lit, again] = [false, false];
    probe = step.expect ? undefined : probeBefore(run, aim.point);
    await press(aim);
  }
  const after = await verify(run, step.expect, beforeOf(aim.look), step.timeout_ms, probe);
  noteUnseenClick(run, n, after.unseen ?? null);
  const clickedIn = aim.look.window;
  const closed = clickedIn && !after.look.state.windows.some((w) => w.id === clickedIn.id)
    ? clickedIn.title
    : null;
  const via = menu ? menu.texts.join(" > ") : null;
  const moved = remember(run, aim.look, after.look, step.action, aim.element.text, aim.surface, via);
  const openedMenu = after.look.nodeId === aim.look.nodeId &&
    after.look.state.chrome.length > aim.look.state.chrome.length;
  run.menuPath = openedMenu && aim.look.nodeId !== null
    ? { node: aim.look.nodeId, texts: [...(menu?.texts ?? []), aim.element.text] }
    : null;
  // Sent, but nothing showed the app took it, not even the control lighting up under the pointer: not
  // reported done (a window it led to or closed would show).
  const unseen = after.unseen !== undefined && moved === null && closed === null;
  const unconfirmed = unseen && !lit && !again;
  const check = !unseen || unconfirmed ? after.detail : after.detail.replace(
    ": not confirmed that the app handled it",
    lit ? ", though it lit under the pointer" : ", though the last press on it was seen to reach it",
  );
  noteLive(run, unconfirmed ? null : aim.point);
  return {
    step: n,
    action: step.action,
    outcome: unconfirmed ? "unconfirmed" : "done",
    did: {
      kind: "click",
      action: step.action,
      target: step.target.text,
      surface: aim.surface,
      modifiers: step.modifiers ?? [],
      match: matchSaid(aim),
      movedTo: moved,
      closed,
      check,
      ...(packName ? { packName: true as const } : {}),
    },
    match: matchInfo(aim),
  };
}

/**
 * The box a control's hover highlight shows in: the text's box and the
 * button's padding around it (a border lit at a key's edge, as Athena
 * draws it), not so far as to reach the next key.
 */
function aroundText(e: Element): Rect {
  return {
    x: Math.round(e.x) - 12,
    y: Math.round(e.y) - 10,
    width: Math.round(e.w) + 24,
    height: Math.round(e.h) + 20,
  };
}

/** Per run, the point of the last click seen to reach its control. */
const livePoints = new WeakMap<Run, Point>();

function noteLive(run: Run, at: Point | null): void {
  if (at) livePoints.set(run, at);
  else livePoints.delete(run);
}

function sameAsLive(run: Run, at: Point): boolean {
  const live = livePoints.get(run);
  return live !== undefined && Math.abs(live.x - at.x) <= 2 && Math.abs(live.y - at.y) <= 2;
}

/** The failure of a click whose target matched several elements equally, each named with where it is. */
function tiedFailure(target: string, found: Found): StepFailure {
  const tied = found.tied ?? [];
  const listed = tied.map((e) =>
    `"${escapeScreenText(e.text)}"${
      found.unsure ? `~${e.conf.toFixed(2)}` : ""
    } @ (${e.cx},${e.cy}) ${e.w}x${e.h}`
  );
  const why = found.unsure
    ? `target "${escapeScreenText(target)}" is best matched by "${escapeScreenText(tied[0]?.text ?? "")}", ` +
      `${escapeScreenText(found.unsure)}` +
      (tied.length > 1 ? `, and ${tied.length - 1} other element(s) match it too: ` : ": ")
    : `target "${escapeScreenText(target)}" matches ${tied.length} elements equally (${found.stage}) and ` +
      "nothing tells them apart (none is a key, a control or an icon beside texts): ";
  return new StepFailure(
    `${why}${listed.join(", ")}; nothing was clicked; name one with target.region or a longer text`,
    { surface: found.surface, target, look: found.look },
  );
}
