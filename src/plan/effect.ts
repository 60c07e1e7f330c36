/**
 * Whether the app handled a click (or a drag) that names no expectation:
 * the screen is taken just before the input and watched afterwards until
 * it shows the app acted, then until it stops changing, within a bound.
 *
 * "Two equal frames" alone is also true before the app has repainted at
 * all, which is when keys sent next would reach the previous focus. So an
 * effect is looked for first, cheapest signs first: the focus window moved
 * or a popup opened (no capture needed to tell), then the pixels near the
 * point changed (a caret placed, a cell cursor moved, a box ticked: often
 * too small for the whole frame's sampled hash), then any of the frame.
 * With none of them within the bound, the step says so and is unconfirmed
 * instead of done, and keys sent next (a type or hotkey step right after)
 * first wait for that click's effect once more, then say whether it came:
 * on a loaded machine an app may take longer than the bound to draw a
 * click, and keys that reach it before it took the click go to the old
 * place (a formula typed into the cell the cursor was on).
 *
 * The pointer is moved onto the point and the screen let settle before the
 * probe, so a hover highlight drawn by the motion alone is never taken for
 * the app handling the press.
 *
 * @module
 */

import type { Point, Rect } from "../common/rect.ts";
import { frameHash } from "../image/compare.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Run } from "./run.ts";

/** Longest wait for an input's effect. */
export const EFFECT_WAIT_MS = 1000;
/**
 * How long the screen must stay unchanged after the effect for the app to
 * count as done, at least; an app slow to show the first sign (a loaded
 * machine) gets as long as that sign took, up to {@link MAX_QUIET_MS}: its
 * next drawing (a result a calculator works out after the key lights up)
 * comes at the same pace.
 */
const QUIET_MS = 120;
/** The longest quiet asked for after an effect. */
const MAX_QUIET_MS = 500;
/** Longest wait for what hovering draws to settle before a click's probe. */
const HOVER_SETTLE_MS = 400;
/** Pause between looks at the screen while waiting. */
const POLL_MS = 30;
/** Half the size of the box around the point watched for a local change (a caret, a cursor, a tick). */
const NEAR = { dx: 160, dy: 40 };

/** The screen just before the input. */
export interface EffectProbe {
  frame: RgbaImage;
  focusId: string | null;
  chrome: number;
  /** The box around the point the input aimed at (none for keys). */
  near: Rect | null;
}

/** What was seen after the input. */
export interface Effect {
  /** The first sign of the app acting, or null when none was seen within the bound. */
  seen: "focus moved" | "near the point" | "on screen" | null;
  /** Milliseconds waited in all. */
  ms: number;
}

/**
 * Moves the pointer onto `at` and lets the screen settle, so what hovering
 * draws (a highlighted key, a tooltip's start) is in the probe taken next.
 * The move only looks: it counts as looking, not as input the app acted on.
 * Returns whether the target's own box (`box`) changed under the pointer:
 * an enabled button or key lights up, a disabled one, a label or an app
 * that is not taking input does not. That is the evidence left for a press
 * whose result draws nothing (a key whose answer comes later, a Save).
 */
export async function hoverFirst(run: Run, at: Point, box: Rect | null): Promise<boolean> {
  const desktop = run.services.desktop();
  const before = box ? desktop.capture() : null;
  await run.lookingOnly(() => run.move(at));
  await run.settle(HOVER_SETTLE_MS);
  if (!before || !box) return false;
  const after = desktop.capture();
  const inside = clipRect(box, before.width, before.height);
  return inside !== null && differsIn(before, after, inside);
}

/** Takes the screen as it is right before an input aimed at `at` (null: no point). */
export function probeBefore(run: Run, at: Point | null): EffectProbe {
  const desktop = run.services.desktop();
  const state = desktop.windows();
  const frame = desktop.capture();
  const near = at
    ? clipRect(
      { x: at.x - NEAR.dx, y: at.y - NEAR.dy, width: 2 * NEAR.dx, height: 2 * NEAR.dy },
      frame.width,
      frame.height,
    )
    : null;
  return { frame, focusId: state.focusWindowId, chrome: state.chrome.length, near };
}

function clipRect(r: Rect, width: number, height: number): Rect | null {
  const x = Math.max(0, r.x), y = Math.max(0, r.y);
  const w = Math.min(width, r.x + r.width) - x, h = Math.min(height, r.y + r.height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : null;
}

/** True when two frames of one size differ anywhere inside `r`. */
function differsIn(a: RgbaImage, b: RgbaImage, r: Rect): boolean {
  if (a.width !== b.width || a.height !== b.height) return true;
  for (let y = r.y; y < r.y + r.height; y++) {
    const from = (y * a.width + r.x) * 4, to = from + r.width * 4;
    for (let i = from; i < to; i += 4) {
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Waits for the effect of the input made after `probe` (see the module's
 * description), then for the screen to be quiet for {@link QUIET_MS}; at
 * most `maxMs` in all. Every pause is a checkpoint.
 */
export async function awaitEffect(run: Run, probe: EffectProbe, maxMs = EFFECT_WAIT_MS): Promise<Effect> {
  const desktop = run.services.desktop();
  const t0 = run.clock.now();
  const end = t0 + maxMs;
  const was = frameHash(probe.frame);
  let seen: Effect["seen"] = null;
  let last = was;
  let quietSince = t0;
  let quiet = QUIET_MS;
  // Until the effect shows, `end`; after it, as long again from then for the screen to go quiet.
  let until = end;
  for (;;) {
    const state = desktop.windows();
    const frame = desktop.capture();
    const hash = frameHash(frame);
    const now = run.clock.now();
    if (hash !== last) quietSince = now;
    last = hash;
    if (!seen) {
      if (state.focusWindowId !== probe.focusId || state.chrome.length !== probe.chrome) seen = "focus moved";
      else if (probe.near && differsIn(probe.frame, frame, probe.near)) seen = "near the point";
      else if (hash !== was) seen = "on screen";
      if (seen) {
        quietSince = now;
        quiet = Math.min(MAX_QUIET_MS, Math.max(QUIET_MS, now - t0));
        until = now + maxMs;
      }
    } else if (now - quietSince >= quiet) {
      break;
    }
    if (now >= until) break;
    run.checkpoint();
    await run.clock.sleep(Math.min(POLL_MS, Math.max(1, until - run.clock.now())));
  }
  return { seen, ms: Math.round(run.clock.now() - t0) };
}

/** A click step whose effect was not seen: the probe taken before it, for the keys that come next. */
interface UnseenClick {
  step: number;
  probe: EffectProbe;
  /** What the keys after it were told, once waited for: a resumed step is told the same without a second wait. */
  told?: KeysAfterClick;
}

/** Per run, the last click step that showed no effect (held apart from Run: effect.ts builds on it). */
const unseenClicks = new WeakMap<Run, UnseenClick>();

/** Notes that click step `step` showed no effect of the input after `probe`; any other step forgets it. */
export function noteUnseenClick(run: Run, step: number, probe: EffectProbe | null): void {
  if (probe) unseenClicks.set(run, { step, probe });
  else unseenClicks.delete(run);
}

/** What a keys step is told about the click just before it. */
export interface KeysAfterClick {
  /** What the step's check says of it; "" when nothing is owed. */
  said: string;
  /** True when the keys go after a click whose effect was never seen: where they landed is not confirmed. */
  unconfirmed: boolean;
}

/**
 * Before the keys of step `n`: when step `n - 1` was a click whose effect
 * was not seen, waits for it once more (up to {@link EFFECT_WAIT_MS}). An
 * effect seen now confirms that click after all (its report is amended);
 * none leaves the keys' landing unconfirmed too.
 */
export async function keysAfterClick(run: Run, n: number): Promise<KeysAfterClick> {
  const unseen = unseenClicks.get(run);
  if (!unseen || unseen.step !== n - 1) return { said: "", unconfirmed: false };
  if (unseen.told) return unseen.told;
  const late = await awaitEffect(run, unseen.probe, EFFECT_WAIT_MS);
  if (late.seen) {
    confirmLate(
      run,
      unseen.step,
      `its effect showed late, ${late.ms} ms into step ${n}'s wait before its keys`,
    );
  }
  unseen.told = late.seen
    ? {
      said: `step ${unseen.step}'s click showed its effect ${late.ms} ms later, before these keys`,
      unconfirmed: false,
    }
    : {
      said: `sent after step ${unseen.step}'s click, which showed no effect: not confirmed that the keys ` +
        "reached what it aimed at (an expect would check)",
      unconfirmed: true,
    };
  return unseen.told;
}

/**
 * Keys sent after step `n - 1`'s unseen click met their own expectation:
 * what they were to do showed, so that click reached where they needed it.
 */
export function confirmedByKeys(run: Run, n: number): void {
  const unseen = unseenClicks.get(run);
  if (unseen?.step !== n - 1 || !unseen.told?.unconfirmed) return;
  confirmLate(run, unseen.step, `no visible effect of its own; step ${n}'s keys after it met their expect`);
}

/** Step `step`, reported unconfirmed, showed its effect after all: done, and its check says when. */
function confirmLate(run: Run, step: number, check: string): void {
  const i = run.reports.findIndex((r) => r.step === step);
  const r = run.reports[i];
  if (!r || r.outcome !== "unconfirmed" || r.did.kind !== "click") return;
  run.reports[i] = { ...r, outcome: "done", did: { ...r.did, check } };
}

/** A step's check made of parts, the empty ones left out. */
export function joinChecks(...parts: string[]): string {
  return parts.filter((p) => p !== "").join("; ");
}
