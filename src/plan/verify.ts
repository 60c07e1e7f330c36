/**
 * After a step acts: wait for its expectation to hold on a fresh look (or,
 * without one, for the screen to settle), and remember a click that led to
 * another window.
 *
 * @module
 */

import { recordClick, recordTransition } from "../graph/transitions.ts";
import { StoreFault } from "../db/store_fault.ts";
import type { Surface } from "../perceive/surfaces.ts";
import { type Before, judge } from "./expect.ts";
import type { Look } from "../look/look.ts";
import { type Run, StepFailure } from "./run.ts";
import type { Expectation } from "./step_fields.ts";
import type { MovedTo } from "./step_report.ts";
import { awaitEffect, EFFECT_WAIT_MS, type EffectProbe } from "./effect.ts";

/** What a look showed, as an expectation compares it. */
export function beforeOf(l: Look): Before {
  return { frame: l.frame, elements: [...l.windowElements, ...l.chromeElements] };
}

/**
 * Waits for an expectation, then looks. Without one: after a pointer action
 * (`probe`: the screen just before it) waits for the app to show it handled
 * it, and says when it did not within the bound; otherwise just lets the
 * screen settle.
 */
export async function verify(
  run: Run,
  expect: Expectation | undefined,
  before: Before,
  timeoutMs: number,
  probe?: EffectProbe,
): Promise<{ look: Look; detail: string; unseen?: EffectProbe }> {
  if (!expect && probe) {
    const effect = await awaitEffect(run, probe, Math.min(EFFECT_WAIT_MS, timeoutMs));
    if (effect.seen) return { look: await run.look(), detail: "" };
    const detail = `no visible effect within ${effect.ms} ms: not confirmed that the app ` +
      "handled it (an expect would check)";
    return { look: await run.look(), detail, unseen: probe };
  }
  if (!expect) {
    // Give the app a moment to react, then wait for the screen to stop changing.
    await run.pause(100);
    await run.settle(1000);
    return { look: await run.look(), detail: "" };
  }
  const deadline = run.clock.now() + timeoutMs;
  // "The screen did not change" can only be judged after giving it time to change.
  if (expect.screen_changes === false) await run.pause(Math.min(800, timeoutMs));
  for (;;) {
    const l = await run.look();
    const verdict = judge(expect, before, beforeOf(l));
    if (verdict.holds) return { look: l, detail: `expect ok: ${verdict.details.join("; ")}` };
    if (run.clock.now() >= deadline) {
      throw new StepFailure(`expectation not met within ${timeoutMs} ms: ${verdict.details.join("; ")}`, {
        look: l,
      });
    }
    await run.pause(150);
  }
}

/** Records the click and, when the window changed, the transition; returns the window it led to. */
export function remember(
  run: Run,
  from: Look,
  to: Look,
  action: string,
  text: string,
  surface: Surface,
  via: string | null = null,
): MovedTo | null {
  const store = run.services.store;
  const now = run.services.now();
  if (from.nodeId === null) return null;
  const moved = to.nodeId !== null && from.nodeId !== to.nodeId;
  try {
    store.tx(() => {
      recordClick(store, { node: from.nodeId!, text, surface, now });
      if (moved) {
        recordTransition(store, {
          from: from.nodeId!,
          to: to.nodeId!,
          action,
          text,
          surface,
          via,
          now,
        });
      }
    }, `the ${action} on "${text}"${moved ? " and the window it led to" : ""}`);
  } catch (err) {
    // The step was done all the same: only the memory of it is missing.
    if (!(err instanceof StoreFault)) throw err;
    run.noteUnstored(err.message);
  }
  return moved ? { title: to.window?.title ?? "", node: to.nodeId! } : null;
}
