/**
 * A step whose input was sent but whose effect was never seen is
 * `unconfirmed`, never `done`, and a run that reached its end with one is
 * `unconfirmed`, never `success` (unless its last step's expect held): in the journey, the typed reply, the
 * advice, the progress, a mission's item (not passed, no recipe) and a run
 * resumed after the user's answer. What must stay a success: a click whose
 * expect held, a click that led to another window, a control that lit up
 * under the pointer (tests/plan_run_test.ts), keys with no click before
 * them, a click the app drew only after its wait but before the keys.
 * Fake desktop and clock.
 */

import { executePlan, type PausedRun, type RunResult, startPlan } from "../src/plan/executor.ts";
import type { RunProgress } from "../src/plan/run.ts";
import { planSchema, type Step } from "../src/plan/steps.ts";
import { progressMessage } from "../src/render/step_lines.ts";
import { runReply } from "../src/tools/support/run_reply.ts";
import { fileRun } from "../src/mission/runs.ts";
import { activeItem, activeMission, recipeOf, startMission } from "../src/mission/store.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, fakeServices, text, window } from "./support/fake_desktop.ts";
import { editor, lines, run } from "./support/plan_run.ts";

/** A calculator whose ⌫ key is drawn but never takes a press, and whose 5 key shows each press. */
function calculator(): FakeDesktop {
  const d = editor(text("5", 100, 200), text("⌫", 200, 200), text("12", 300, 40));
  d.onClick = (at, desk) => {
    if (at.x === 100) desk.texts = desk.texts.map((t) => (t.cx === 300 ? text(`${t.text}5`, 300, 40) : t));
  };
  return d;
}

const CLICK_BACK = { action: "click", target: { text: "⌫" } };
const CLICK_FIVE = { action: "click", target: { text: "5" } };

Deno.test("a plan whose last step's expect held vouches for an unseen click before it; a check midway does not", async () => {
  const d = calculator();
  const plan = planSchema.parse({
    steps: [CLICK_BACK, CLICK_FIVE, { ...CLICK_FIVE, expect: { appears: "1255" } }, CLICK_BACK],
  });
  const r = await executePlan(fakeServices(d), plan, d.clock, {});
  assertEquals(r.reports.map((s) => s.outcome), ["unconfirmed", "done", "done", "unconfirmed"]);
  assertEquals(r.status, "unconfirmed", "the check midway vouches for nothing");
  const fresh = calculator();
  const ending = planSchema.parse({ steps: plan.steps.slice(0, 3) });
  const vouched = await executePlan(fakeServices(fresh), ending, fresh.clock, {});
  assertEquals(vouched.reports.map((s) => s.outcome), ["unconfirmed", "done", "done"]);
  assertEquals(vouched.status, "success");
});

Deno.test("a click that showed no effect is unconfirmed, and so is the run that reached its end", async () => {
  const d = calculator();
  const told: RunProgress[] = [];
  const plan = planSchema.parse({ steps: [CLICK_FIVE, CLICK_BACK, CLICK_FIVE] });
  const r = await executePlan(fakeServices(d), plan, d.clock, { progress: (p) => void told.push(p) });
  assertEquals(d.inputs(), ["click left 100,200", "click left 200,200", "click left 100,200"]);
  assertEquals(r.status, "unconfirmed");
  assertEquals(r.failure, null);
  assertEquals(r.reports.map((s) => s.outcome), ["done", "unconfirmed", "done"]);
  assertMatch(lines(r)[1], /^unconfirmed: click "⌫" .*no visible effect within 1000 ms/);

  const reply = await runReply(r);
  assertEquals(reply.facts.status, "unconfirmed");
  assertEquals(reply.facts.steps.map((s) => s.outcome), ["done", "unconfirmed", "done"]);
  assertMatch(reply.text, /^status: unconfirmed \(2 of 3 steps, 1 unconfirmed, /);
  const next =
    "the run reached its end, but step 2 (click) showed no effect of its input (the journey says " +
    "what): observe and check the app's state before going on; send again only what did not happen, with an expect.";
  assertEquals(reply.facts.next, next);
  assert(reply.text.endsWith(`next: ${next}`), reply.text);
  assertEquals(reply.images, [], "no failure, no screenshot");

  const end = told[told.length - 1];
  assertEquals(end.doing, { kind: "end", status: "unconfirmed", unconfirmed: [2] });
  assertEquals(
    progressMessage(end, plan.steps as Step[]),
    "unconfirmed: ran all 3 steps; step 2 showed no effect of its input",
  );
});

Deno.test("an expect that held, a click into another window, and keys alone stay a success", async () => {
  // The expect says the screen stays as it is, and it does: the step checked what it meant to.
  const still = calculator();
  const held = await run(still, [{ ...CLICK_BACK, expect: { screen_changes: false } }]);
  assertEquals(held.status, "success", lines(held).join("\n"));
  assertEquals(held.reports[0].outcome, "done");

  // A click that moves the focus to another window showed its effect.
  const moved = calculator();
  moved.onClick = (_, desk) => {
    desk.windowList = [
      window("ab", "Calc", "About", { x: 50, y: 50, width: 200, height: 100 }, "dialog"),
      ...desk.windowList,
    ];
    desk.focusWindowId = "ab";
  };
  const about = await run(moved, [CLICK_BACK]);
  assertEquals(about.status, "success", lines(about).join("\n"));

  // Keys with no click before them owe nothing to a click.
  const keys = calculator();
  const typed = await run(keys, [{ action: "type", text: "12" }, { action: "hotkey", keys: ["ctrl", "c"] }]);
  assertEquals(typed.status, "success", lines(typed).join("\n"));
  assertEquals(typed.reports.map((s) => s.outcome), ["done", "done"]);
});

Deno.test("keys after an unseen click are unconfirmed too; their own expect held confirms both", async () => {
  const d = calculator();
  const r = await run(d, [CLICK_BACK, { action: "hotkey", keys: ["ctrl", "c"] }, {
    action: "type",
    text: "7",
  }]);
  assertEquals(r.status, "unconfirmed");
  assertEquals(r.reports.map((s) => s.outcome), ["unconfirmed", "unconfirmed", "done"]);
  assertEquals(
    (await runReply(r)).facts.next?.startsWith(
      "the run reached its end, but step 1 (click) and step 2 (hotkey) showed",
    ),
    true,
  );

  const checked = calculator();
  checked.onType = (t, desk) => desk.texts.push(text(t, 300, 80));
  const ok = await run(checked, [CLICK_BACK, { action: "type", text: "7", expect: { appears: "7" } }]);
  // What the keys were to do showed: the click before them reached where they needed it.
  assertEquals(ok.reports.map((s) => s.outcome), ["done", "done"]);
  assertEquals(ok.status, "success");
  assertMatch(lines(ok)[0], /no visible effect of its own; step 2's keys after it met their expect$/);
});

Deno.test("a click the app draws after its wait but before the keys is done after all", async () => {
  const d = calculator();
  d.onClick = (_, desk) => desk.at(desk.clock.now() + 1300, (x) => x.texts.push(text("0", 300, 80)));
  const r = await run(d, [CLICK_BACK, { action: "type", text: "7" }]);
  assertEquals(r.status, "success", lines(r).join("\n"));
  assertEquals(r.reports.map((s) => s.outcome), ["done", "done"]);
  assertMatch(lines(r)[0], /its effect showed late, \d+ ms into step 2's wait before its keys$/);
});

Deno.test("a run that stops later keeps its status; the unseen step before keeps its outcome", async () => {
  const d = calculator();
  const r = await run(d, [CLICK_BACK, {
    action: "click",
    target: { text: "Missing", scroll_to_find: false },
  }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.reports.map((s) => s.outcome), ["unconfirmed", "failed"]);
});

Deno.test("an unconfirmed run fails its mission item and keeps no recipe", async () => {
  const d = calculator();
  const services = fakeServices(d);
  assert(
    startMission(services.store, "clear the entry", [{
      title: "clear",
      intent: "an empty entry",
      acceptance: "the display reads 0",
    }], 1).ok,
  );
  const tied = activeItem(services.store, 1, "execute_plan");
  assert(tied.ok);
  const plan = planSchema.parse({ steps: [CLICK_BACK] });
  const result = await executePlan(services, plan, d.clock);
  assertEquals(result.status, "unconfirmed");
  const filed = fileRun(services, {
    missionId: tied.mission.id,
    item: tied.item,
    kind: "plan",
    plan,
    result,
    llmVersionTag: "model-a",
    startedAt: services.now(),
  });
  assertEquals(filed.filed.verdict, "failed");
  const item = activeMission(services.store)!.items[0];
  assertEquals(item.status, "failed");
  assertEquals(
    item.reason,
    "unconfirmed: step 1 (click) showed no effect of its input; check the app, then mission_mark the item",
  );
  assertEquals(recipeOf(services.store, tied.item.id), null);
});

Deno.test("a run resumed after the user's answer is unconfirmed by a step before the pause", async () => {
  const d = new FakeDesktop();
  d.windowList = [
    window("dl", "Zenity", "Remove report", { x: 10, y: 10, width: 380, height: 200 }, "dialog"),
  ];
  d.focusWindowId = "dl";
  d.texts = [text("Remove the report?", 150, 60), text("Keep", 120, 170), text("Delete", 250, 170)];
  // Keep is drawn but takes no press; Delete closes the question.
  d.onClick = (at, desk) => {
    if (at.x === 250) desk.texts = [text("Removed", 150, 60)];
  };
  const s = {
    ...createServices({
      store: new Store(":memory:"),
      policy: buildPolicy(null, "cfg", () => undefined),
      openDesktop: () => d,
      openReader: () => fakeReader(d),
      now: () => 1_700_000_000_000,
    }),
    asksByRetry: true,
  };
  const plan = planSchema.parse({
    steps: [{ action: "click", target: { text: "Keep" } }, { action: "click", target: { text: "Delete" } }],
  });
  const first = await startPlan(s, plan, d.clock);
  assert("resume" in first, JSON.stringify(first));
  const r = await (first as PausedRun).resume("accept", {}) as RunResult;
  assert(!("resume" in r));
  assertEquals(r.reports.map((x) => x.outcome), ["unconfirmed", "done"]);
  assertEquals(r.status, "unconfirmed");
});
