/**
 * Who answers before a destructive step: the user through the client's
 * elicitation, else through choto's own question on the desktop, else the
 * step is refused; `desktop` forces the dialog, `allow` and `deny` decide
 * for a client that cannot ask. Every answer is audited with who gave it.
 * Fake desktop and clock.
 */

import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { auditSince } from "../src/db/audit.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { createServices, type Services } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import type { DesktopAnswer } from "../src/desktop/types.ts";
import { stepLine } from "../src/render/step_lines.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";

const DIALOG = window("dl", "Zenity", "Remove report", { x: 10, y: 10, width: 380, height: 200 }, "dialog");

function dialog(answer?: DesktopAnswer["answer"]): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [DIALOG];
  d.focusWindowId = "dl";
  d.texts = [text("Remove the report?", 150, 60), text("Keep", 120, 170), text("Delete", 250, 170)];
  if (answer) {
    d.answer = () => answer === "unavailable" ? { answer, why: "zenity is not installed" } : { answer };
  }
  return d;
}

function services(d: FakeDesktop, env: Record<string, string> = {}, file: unknown = null): Services {
  let t = 1_700_000_000_000;
  return createServices({
    store: new Store(":memory:"),
    policy: buildPolicy(file, "cfg", (n) => env[n]),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
    now: () => (t += 1000),
  });
}

async function run(s: Services, d: FakeDesktop, steps: unknown[]): Promise<RunResult> {
  return await executePlan(s, planSchema.parse({ steps }), d.clock);
}

const CLICK = [{ action: "click", target: { text: "Delete" } }];
const confirms = (s: Services) => auditSince(s.store, 0).filter((r) => r.kind === "confirm");

Deno.test("without elicitation the user is asked on the desktop; Allow clicks", async () => {
  const d = dialog("allow");
  const s = services(d);
  const r = await run(s, d, CLICK);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 250,170"]);
  const [q] = d.questions;
  assertMatch(
    q.text,
    /click "Delete" at \(250,170\) in Zenity, window "Remove report" \(step 1 of the plan\)/,
  );
  assertMatch(q.text, /It looks destructive: "Delete"/);
  assertEquals([q.allow, q.deny, q.timeoutMs], ["Allow", "Deny", 45_000]);
  // The element's box is marked while the question is up, and the question says so.
  assertEquals(q.mark, { x: 226, y: 163, width: 48, height: 14 });
  assertMatch(q.text, /The element is marked in red on the screen/);
  assertEquals(confirms(s).map((c) => [c.outcome, c.target]), [["user via desktop dialog: allow", "Delete"]]);
});

Deno.test("the element asked about is marked while the user is asked, by either way, and only then", async () => {
  const d = dialog();
  const up = () => d.pointed.at(-1)?.up ?? false;
  const seen: boolean[] = [];
  d.answer = () => (seen.push(up()), { answer: "deny" });
  await run(services(d), d, CLICK);
  const s = services(d);
  s.ask = (m) => (seen.push(up() && /marked in red/.test(m)), Promise.resolve("decline"));
  await run(s, d, CLICK);
  assertEquals(seen, [true, true]);
  assertEquals(d.pointed.map((p) => [p.up, p.options.tone, p.marks.length]), [[false, "warning", 1], [
    false,
    "warning",
    1,
  ]]);
  const [m] = d.pointed[0].marks;
  assertEquals([m.box, m.gesture, m.note], [
    { x: 226, y: 163, width: 48, height: 14 },
    "click",
    "choto is asking you about this",
  ]);

  // A desktop that cannot draw still asks, without saying a mark is there.
  const bare = dialog("deny");
  bare.cannotPoint = "no SHAPE extension";
  await run(services(bare), bare, CLICK);
  assert(!/marked/.test(bare.questions[0].text), bare.questions[0].text);
});

Deno.test("Deny and silence on the desktop stop the plan as declined, nothing clicked", async () => {
  for (
    const [answer, said] of [["deny", /the user denied click "Delete"/], ["timeout", /within 45 s/]] as const
  ) {
    const d = dialog(answer);
    const s = services(d);
    const r = await run(s, d, CLICK);
    assertEquals(r.status, "declined");
    assertMatch(stepLine(r.reports[0]), said);
    assertEquals(d.inputs(), []);
    assertEquals(confirms(s).length, 1);
  }
});

Deno.test("a click on each language's destructive label asks the user; denied, nothing is clicked", async () => {
  const labels: Array<[string, string, string]> = [
    ["de", "Endgültig löschen", "Löschen"],
    ["de", "Verwerfen", "Verwerfen"],
    ["fr", "Supprimer", "Supprimer"],
    ["es", "Eliminar", "Eliminar"],
    ["ja", "完全に削除", "削除"],
    ["zh", "删除", "删除"],
  ];
  for (const [code, label, phrase] of labels) {
    const d = dialog("deny");
    d.texts = [text("?", 150, 60), text("OK", 120, 170), text(label, 250, 170)];
    const s = services(d);
    const r = await run(s, d, [{ action: "click", target: { text: label } }]);
    assertEquals(r.status, "declined", `${code}: ${r.failure?.reason}`);
    assertEquals(d.questions.length, 1, code);
    assert(d.questions[0].text.includes(`It looks destructive: "${phrase}"`), d.questions[0].text);
    assertEquals(d.inputs(), [], code);
  }
});

Deno.test("with no way to ask at all, the step is refused and says why", async () => {
  const d = dialog("unavailable");
  const s = services(d);
  const r = await run(s, d, CLICK);
  assertEquals(r.status, "refused");
  assertMatch(
    stepLine(r.reports[0]),
    /this client cannot ask \(no MCP elicitation\) and choto could not ask on the desktop: zenity is not installed/,
  );
  assertEquals(d.inputs(), []);
  assertEquals(confirms(s)[0].outcome, "refused: no way to ask (zenity is not installed)");
});

Deno.test("a client that can ask is asked; `desktop` asks on the desktop even then", async () => {
  const d = dialog("deny");
  const s = services(d);
  const asked: string[] = [];
  s.ask = (m) => (asked.push(m), Promise.resolve("accept"));
  assertEquals((await run(s, d, CLICK)).status, "success");
  assertEquals([asked.length, d.questions.length], [1, 0]);

  const d2 = dialog("deny");
  const forced = services(d2, { CHOTO_CONFIRM: "desktop" });
  forced.ask = () => Promise.reject(new Error("elicitation must not be used"));
  assertEquals((await run(forced, d2, CLICK)).status, "declined");
  assertEquals(d2.questions.length, 1);
  assertEquals(confirms(forced)[0].outcome, "user via desktop dialog: deny");
});

Deno.test("allow and deny decide for a client that cannot ask, without a dialog", async () => {
  const d = dialog("deny");
  const allow = services(d, { CHOTO_CONFIRM: "allow" });
  assertEquals((await run(allow, d, CLICK)).status, "success");
  // Nobody is asked, so nothing is marked.
  assertEquals(d.pointed.length, 0);
  const d2 = dialog("allow");
  const deny = services(d2, {}, { confirm: "deny" });
  const r = await run(deny, d2, CLICK);
  assertEquals(r.status, "refused");
  assertMatch(stepLine(r.reports[0]), /"confirm": "deny"/);
  assertEquals([d.questions.length, d2.questions.length], [0, 0]);
  assertEquals(confirms(allow)[0].outcome, "policy: allow (the client cannot ask)");
});

Deno.test("the question waits the user's setting, and never past the client's patience", async () => {
  const d = dialog("deny");
  await run(services(d, {}, { confirm_timeout_seconds: 20 }), d, CLICK);
  assertEquals(d.questions[0].timeoutMs, 20_000);
  // Late in a run, the dialog gets what is left of the call, but at least 10 s.
  const late = dialog("deny");
  await run(services(late), late, [
    { action: "wait", amount: 30_000 },
    { action: "wait", amount: 18_000 },
    ...CLICK,
  ]);
  assert(late.questions[0].timeoutMs <= 7_000 + 10_000 && late.questions[0].timeoutMs >= 10_000);
});

Deno.test("keys that press a dialog's destructive button ask first", async () => {
  for (
    const step of [
      { action: "hotkey", keys: ["enter"] },
      { action: "hotkey", keys: ["space"] },
      { action: "hotkey", keys: ["alt", "d"] },
      { action: "type", text: "\n" },
    ]
  ) {
    const d = dialog("deny");
    const r = await run(services(d), d, [step]);
    assertEquals(r.status, "declined", JSON.stringify(step));
    assertMatch(d.questions[0].text, /the dialog's button "Delete"/);
    // The button the keys would press is marked while the user is asked.
    assertEquals(d.pointed.map((p) => p.marks[0].box), [{ x: 226, y: 163, width: 48, height: 14 }]);
    assertEquals(d.inputs(), []);
  }
  // Escape and Tab press nothing.
  const d = dialog("deny");
  assertEquals((await run(services(d), d, [{ action: "hotkey", keys: ["escape"] }])).status, "success");
  assertEquals(d.questions.length, 0);
});

Deno.test("a drag that starts or ends on a destructive label asks, raw points included", async () => {
  for (
    const path of [
      [{ x: 250, y: 170 }, { x: 252, y: 170 }],
      [{ target: { text: "Keep" } }, { x: 250, y: 170 }],
      [{ target: { text: "Delete" } }, { target: { text: "Keep" } }],
    ]
  ) {
    const d = dialog("deny");
    const r = await run(services(d), d, [{ action: "drag", path }]);
    assertEquals(r.status, "declined", JSON.stringify(path));
    assertEquals(d.inputs(), []);
  }
});

Deno.test("the time the user takes to answer is not counted against time_limit_ms", async () => {
  const d = dialog("allow");
  const answer = d.answer!;
  // The user thinks for 20 s, four times the run's whole limit.
  d.answer = (q) => {
    d.clock.t += 20_000;
    return answer(q);
  };
  const s = services(d);
  const r = await executePlan(s, planSchema.parse({ steps: CLICK, time_limit_ms: 5000 }), d.clock);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 250,170"]);
  assert(r.elapsedMs < 5000, `${r.elapsedMs} ms counted`);
});
