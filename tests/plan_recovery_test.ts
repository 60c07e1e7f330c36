/**
 * What a stopped run tells the model to do, and the plan behaviour the
 * tool definitions promise: a step whose input was sent is never to be
 * resent whole; one that sent nothing is fixed and resent; a step the
 * user's settings refused is reported as refused, for the user to decide.
 * Region filters matches of every stage; a read's scrolling is charged by
 * the budget's one rule and stops at its cap; target.window names a window
 * by the one name matcher, any app's, ambiguity failing the step before
 * any input. Fake desktop and clock.
 */

import { buildPolicy } from "../src/common/policy.ts";
import { Store } from "../src/db/store.ts";
import { focusApp } from "../src/desktop/focus_app.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { MAX_SCREENFULS } from "../src/plan/step_fields.ts";
import { planSchema } from "../src/plan/steps.ts";
import { journeyText } from "../src/render/journey_text.ts";
import { renderProblem } from "../src/render/recall_text.ts";
import { nextStep, RECOVERY_RULE } from "../src/render/recovery.ts";
import { createServices } from "../src/services.ts";
import { runReply } from "../src/tools/support/run_reply.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";
import { EDITOR, editor, longList, run, scrolled } from "./support/plan_run.ts";
import { NOW, see, tempStore } from "./graph_fixture.ts";

/** The advice a run's text and typed reply give, which must be the same. */
async function advice(r: RunResult): Promise<string> {
  const reply = await runReply(r);
  const line = reply.text.split("\n").find((l) => l.startsWith("next: "));
  assert(line, reply.text);
  assertEquals(reply.facts.next, line.slice("next: ".length));
  assertEquals(nextStep(r), reply.facts.next);
  return reply.facts.next!;
}

Deno.test("an expectation missed after the click: the advice never resends the click", async () => {
  const d = editor(text("Send", 100, 120));
  const r = await run(d, [{
    action: "click",
    target: { text: "Send" },
    expect: { appears: "Sent" },
    timeout_ms: 300,
  }]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), ["click left 100,120"]);
  assertEquals(r.failure?.sent, true);
  const next = await advice(r);
  assertMatch(next, /^step 1 sent input before it stopped .*never resend step 1 whole\.$/);
  assert(!/resend the plan/.test(next), next);
  assertEquals((await runReply(r)).facts.failure?.input_sent, true);
});

Deno.test("a target missing before any input: fix that step and resend the plan from it", async () => {
  const d = editor(text("Save", 100, 120));
  const r = await run(d, [{ action: "click", target: { text: "Save" } }, {
    action: "click",
    target: { text: "Publish", scroll_to_find: false },
  }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.failure?.sent, false);
  assertEquals(await advice(r), "step 2 sent nothing: fix step 2 and resend the plan from step 2.");
});

Deno.test("scrolling to find a target is looking: the advice is to fix the step, not to observe first", async () => {
  const d = longList();
  const r = await run(d, [{ action: "click", target: { text: "Row 99" } }], { max_actions: 60 });
  assertEquals(r.status, "escalated");
  assert(d.log.some((l) => l.startsWith("scroll ")), "it searched by scrolling");
  assertEquals(r.failure?.sent, false);
  assertMatch(await advice(r), /^step 1 sent nothing: fix step 1/);
});

function policyServices(d: FakeDesktop, file: unknown, env: Record<string, string> = {}) {
  let t = 1_700_000_000_000;
  return createServices({
    store: new Store(":memory:"),
    policy: buildPolicy(file, "cfg", (n) => env[n]),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
    now: () => (t += 1000),
  });
}

Deno.test("a destructive step nobody can be asked about is refused, and the advice is the user's", async () => {
  const d = editor(text("Delete", 100, 120));
  const r = await executePlan(
    policyServices(d, { confirm: "deny" }),
    planSchema.parse({ steps: [{ action: "click", target: { text: "Delete" } }] }),
    d.clock,
  );
  assertEquals(r.status, "refused");
  assertEquals(d.inputs(), []);
  const next = await advice(r);
  assertEquals(next, "step 1 was refused (its line says why): ask the user; do not retry it another way.");
  assertMatch(journeyText(r, null), /^status: refused /);
  assert(RECOVERY_RULE.includes("ask the user; do not retry it another way"));
});

Deno.test("a step stopped by the deny list is refused, not a failure to fix and resend", async () => {
  const d = editor(text("Save", 100, 120));
  d.running = [{ name: "Editor", pid: 1, aliases: [], windowIds: ["ed"] }];
  const s = policyServices(d, null, { CHOTO_DENY_APPS: "Editor" });
  for (
    const step of [
      { action: "focus_app", app_name: "Editor" },
      { action: "drag", path: [{ x: 100, y: 100 }, { x: 200, y: 120 }] },
    ]
  ) {
    const r = await executePlan(s, planSchema.parse({ steps: [step] }), d.clock);
    assertEquals(r.status, "refused", `${step.action}: ${r.failure?.reason}`);
    assertMatch(r.failure!.reason, /deny list/);
    assertMatch(await advice(r), /ask the user; do not retry it another way/);
  }
  assertEquals(d.inputs().filter((i) => !i.startsWith("move")), []);
});

Deno.test("region: a weaker match inside it wins over a better one outside", async () => {
  const d = editor(text("Settings", 100, 40), text("Setings", 100, 250));
  const r = await run(d, [{
    action: "click",
    target: { text: "Settings", region: "bottom" },
    skip_if_absent: false,
  }], {
    max_actions: 5,
  });
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 100,250"]);
  assertEquals(r.reports[0].match?.stage, "fuzzy");
});

Deno.test("read with scroll: three notches a screenful, charged 1 action per 25 events, back included", async () => {
  const d = longList();
  const r = await run(d, [{ action: "read", scroll: true }], { max_actions: 60 });
  assertEquals(r.status, "success", r.failure?.reason);
  const notches = d.log.filter((l) => l.startsWith("scroll ")).map((l) => Number(l.split(" ")[1]));
  assert(notches.filter((n) => n > 0).every((n) => n === 3), notches.join(" "));
  const events = notches.reduce((n, x) => n + Math.abs(x), 0);
  assertEquals(r.actions, Math.ceil(events / 25));
  assert(r.actions <= 3, `reading 40 rows cost ${r.actions} actions`);
});

Deno.test("read with scroll stops at its cap of screenfuls in a document without end", async () => {
  const d = editor();
  let offset = 0;
  const draw = () => {
    d.texts = Array.from({ length: 10 }, (_, i) => text(`Line ${offset + i}`, 120, 40 + i * 20));
  };
  draw();
  d.onScroll = (_, notches) => {
    offset += notches;
    draw();
  };
  const r = await run(d, [{ action: "read", scroll: true, max_chars: 200_000 }], { max_actions: 500 });
  assertEquals(r.status, "success", r.failure?.reason);
  const down = d.log.filter((l) => /^scroll \d/.test(l)).length;
  assertEquals(down, MAX_SCREENFULS - 1);
  assertMatch(r.extracts[0].note, new RegExp(`stopped after ${MAX_SCREENFULS} screenfuls`));
  assertEquals(scrolled(d), 0);
});

const NOTES_MD = window("md", "Viewer", "notes.md - Viewer", { x: 20, y: 20, width: 300, height: 200 });

Deno.test("target.window: another app's window is raised first; two that fit fail before any input", async () => {
  const d = editor();
  d.windowList = [EDITOR, NOTES_MD];
  d.texts = [text("Save", 100, 120)];
  const r = await run(d, [{ action: "click", target: { text: "Save", window: "notes.md" } }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs().slice(0, 1), ["activate md"]);

  d.log.length = 0;
  const both = await run(d, [{ action: "click", target: { text: "Save", window: "notes" } }]);
  assertEquals(both.status, "escalated");
  assertEquals(d.inputs(), []);
  assertMatch(
    both.failure!.reason,
    /"notes" matches 2 open windows \("notes\.(txt - Editor|md - Viewer)", "notes\.(md - Viewer|txt - Editor)"\); pass one of them in full/,
  );
  assertEquals(both.failure?.sent, false);
});

Deno.test("focus_app, recall and target.window report an ambiguous name in the same words", async () => {
  const d = new FakeDesktop();
  d.running = [
    { name: "Text Editor", pid: 1, aliases: [], windowIds: [] },
    { name: "Text Viewer", pid: 2, aliases: [], windowIds: [] },
  ];
  const focused = await focusApp(d, "text", 1000, d.clock);
  assert(!focused.ok);
  assertEquals(focused.reason, "ambiguous");
  using store = tempStore();
  see(store, "Text Editor", "a.txt", ["one"], NOW - 2000);
  see(store, "Text Viewer", "b.txt", ["two"], NOW - 1000);
  const recalled = gatherRecall(store, { now: NOW, app: "text" });
  assert(!recalled.ok);
  const said = renderProblem(recalled.problem);
  const shape =
    /"text" matches 2 (running|recorded) apps \("Text (Editor|Viewer)", "Text (Editor|Viewer)"\); pass one of them in full/;
  assertMatch(focused.message, shape);
  assertMatch(said, shape);
});
