/**
 * Every input event of a long step is a checkpoint: the budget's counting
 * rule, cancellation through the request's signal, the corner and the time
 * limit stop a step between two events, and a step that sent input says how
 * far it got instead of claiming it did not run. Fake desktop and clock.
 */

import { stepLine } from "../src/render/step_lines.ts";
import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { EVENTS_PER_ACTION } from "../src/plan/run.ts";
import { planSchema } from "../src/plan/steps.ts";
import { journeyText } from "../src/render/journey_text.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

function editor(): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 })];
  d.focusWindowId = "ed";
  d.texts = [text("Hello", 100, 120)];
  return d;
}

async function run(
  d: FakeDesktop,
  steps: unknown[],
  extra: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<RunResult> {
  return await executePlan(fakeServices(d), planSchema.parse({ steps, ...extra }), d.clock, { signal });
}

/** Aborts `ac` when the run asks about the corner for the `n`th time (one ask per event). */
function abortOnCheck(d: FakeDesktop, ac: AbortController, n: number): void {
  let asks = 0;
  d.pointerInCorner = () => {
    if (++asks === n) ac.abort();
    return false;
  };
}

Deno.test("budget: one action for a step's first input event and one per further 25", async () => {
  const d = editor();
  const r = await run(d, [{ action: "type", text: "x".repeat(60) }]);
  assertEquals(r.status, "success");
  assertEquals(r.actions, Math.ceil(60 / EVENTS_PER_ACTION));
});

Deno.test("budget: a type that outruns the budget stops between two keys and says how far it got", async () => {
  const d = editor();
  const r = await run(d, [{ action: "type", text: "y".repeat(150) }, { action: "hotkey", keys: ["enter"] }], {
    max_actions: 2,
  });
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), [`type ${"y".repeat(50)}`]);
  assertEquals(r.reports[0].outcome, "partial");
  assertMatch(
    stepLine(r.reports[0]),
    /action budget \(2\) is used up.*; typed 50 of 150 characters into "notes.txt - Editor"$/,
  );
  assertEquals(r.reports[1].outcome, "not_run");
  const reply = journeyText(r, null);
  assertMatch(reply, /step 1 sent input before it stopped/);
  assert(!reply.includes("resend the plan from that step"), "a cut step is never advised to be resent");
});

Deno.test("cancellation: the request's signal stops typing within one character", async () => {
  const d = editor();
  const ac = new AbortController();
  // Step start, the look's check, then one ask per character.
  abortOnCheck(d, ac, 40);
  const r = await run(d, [{ action: "type", text: "z".repeat(400) }], {}, ac.signal);
  assertEquals(r.status, "aborted");
  const typed = d.inputs().join("").replace(/^type /, "").length;
  assert(typed > 0 && typed < 40, `typed ${typed} characters after the cancel`);
  assertMatch(
    stepLine(r.reports[0]),
    new RegExp(`client cancelled the request; typed ${typed} of 400 characters`),
  );
  assertEquals(r.reports[0].outcome, "partial");
});

Deno.test("cancellation before any input: the step did not run and nothing was sent", async () => {
  const d = editor();
  const ac = new AbortController();
  ac.abort();
  const r = await run(d, [{ action: "type", text: "abc" }], {}, ac.signal);
  assertEquals(r.status, "aborted");
  assertEquals(d.inputs(), []);
  assertEquals(r.reports[0].outcome, "not_run");
});

Deno.test("the corner stops a scroll between two notches", async () => {
  const d = editor();
  let asks = 0;
  d.pointerInCorner = () => ++asks > 12;
  const r = await run(d, [{ action: "scroll", amount: 1000 }], { max_actions: 500 });
  assertEquals(r.status, "aborted");
  const notches = d.inputs().map((l) => Number(l.split(" ")[1])).reduce((a, b) => a + b, 0);
  assert(notches > 0 && notches < 12, `scrolled ${notches}`);
  assertMatch(
    stepLine(r.reports[0]),
    new RegExp(`top-left corner.*scrolled ${notches} of 1000 notch\\(es\\)`),
  );
});

Deno.test("a step whose keys were all sent before the time limit ran out is partial, not not_run", async () => {
  const d = editor();
  // The type is sent, then its expect waits past the plan's time limit.
  const r = await run(d, [{ action: "type", text: "abc", expect: { appears: "Never" }, timeout_ms: 5000 }], {
    time_limit_ms: 1000,
  });
  assertEquals(d.inputs(), ["type abc"]);
  assertEquals(r.reports[0].outcome, "partial");
  assertMatch(stepLine(r.reports[0]), /time limit \(1000 ms\) ran out; typed 3 of 3 characters/);
});
