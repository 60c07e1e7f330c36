/**
 * A plan paused before a destructive step for a client that asks by the
 * call's retry: nothing of the step is sent before the answer, the steps
 * before it are not sent again after it, a no stops the plan, and an answer
 * about a step the screen has changed since is asked again rather than
 * used. Fake desktop and clock.
 */

import { type PausedRun, type RunResult, startPlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { auditSince } from "../src/db/audit.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { createServices, type Services } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";

const DIALOG = window("dl", "Zenity", "Remove report", { x: 10, y: 10, width: 380, height: 200 }, "dialog");

function dialog(): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [DIALOG];
  d.focusWindowId = "dl";
  d.texts = [text("Remove the report?", 150, 60), text("Keep", 120, 170), text("Delete", 250, 170)];
  // choto's own dialog must never be shown to a client that asks by the retry.
  d.answer = () => {
    throw new Error("the desktop question was shown");
  };
  return d;
}

function services(d: FakeDesktop, file: unknown = null): Services {
  let t = 1_700_000_000_000;
  const s = createServices({
    store: new Store(":memory:"),
    policy: buildPolicy(file, "cfg", () => undefined),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
    now: () => (t += 1000),
  });
  return { ...s, asksByRetry: true };
}

/** Clicks Keep (harmless), then Delete: the second step is the destructive one. */
const PLAN = planSchema.parse({
  steps: [{ action: "click", target: { text: "Keep" } }, { action: "click", target: { text: "Delete" } }],
});

function paused(r: RunResult | PausedRun): PausedRun {
  assert("resume" in r, JSON.stringify(r));
  return r as PausedRun;
}

function ended(r: RunResult | PausedRun): RunResult {
  assert(!("resume" in r), "the run paused again");
  return r as RunResult;
}

const confirms = (s: Services) =>
  auditSince(s.store, 0).filter((r) => r.kind === "confirm").map((r) => r.outcome);

Deno.test("the run pauses before the destructive step, and a yes goes on from there without resending", async () => {
  const d = dialog();
  const s = services(d);
  const p = paused(await startPlan(s, PLAN, d.clock));
  assertEquals(p.step, 2);
  assertMatch(
    p.question,
    /click "Delete" at \(250,170\) in Zenity, window "Remove report" \(step 2 of the plan\)/,
  );
  assertEquals(d.inputs(), ["click left 120,170"]);
  const r = ended(await p.resume("accept", {}));
  assertEquals(r.status, "success", r.failure?.reason);
  // Keep was clicked once, in the first call; Delete once, after the answer.
  assertEquals(d.inputs(), ["click left 120,170", "click left 250,170"]);
  assertEquals(r.reports.map((x) => x.outcome), ["done", "done"]);
  assertEquals(confirms(s), [
    "asked via input request: the run paused before the step",
    "user via input request: accept",
  ]);
});

Deno.test("a no stops the plan at the paused step, and nothing of it is sent", async () => {
  const d = dialog();
  const s = services(d);
  const p = paused(await startPlan(s, PLAN, d.clock));
  const r = ended(await p.resume("decline", {}));
  assertEquals(r.status, "declined");
  assertMatch(r.failure!.reason, /the user declined click "Delete"/);
  assertEquals(d.inputs(), ["click left 120,170"]);
});

Deno.test("when the screen changed while the user answered, the step is asked about again", async () => {
  const d = dialog();
  const s = services(d);
  const p = paused(await startPlan(s, PLAN, d.clock));
  // The dialog's buttons moved: the yes was for a click elsewhere.
  d.texts = [text("Remove the report?", 150, 60), text("Keep", 120, 140), text("Delete", 250, 140)];
  const again = paused(await p.resume("accept", {}));
  assertEquals(again.step, 2);
  assertMatch(again.question, /^The screen changed while the user was asked, so once more: .*\(250,140\)/);
  assertEquals(d.inputs(), ["click left 120,170"]);
  const r = ended(await again.resume("accept", {}));
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 120,170", "click left 250,140"]);
});

Deno.test("with the desktop policy the question goes to choto's dialog, never to the retry", async () => {
  const d = dialog();
  d.answer = () => ({ answer: "allow" });
  const s = services(d, { confirm: "desktop" });
  const r = ended(await startPlan(s, PLAN, d.clock));
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(confirms(s), ["user via desktop dialog: allow"]);
});
