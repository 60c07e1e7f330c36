/**
 * observe and plans with the window in front withheld or the client's own,
 * on the fake desktop: a denied app's window in front is said to be there,
 * nothing behind it is read or acted on in its place, and a step that names
 * no window is refused before any input; the client's own chat window in
 * front is passed over for the next window down, which a step brings
 * forward and works in, and every reply says so; naming a window works in
 * both cases.
 */

import { observeScreen } from "../src/look/observe.ts";
import { observeText } from "../src/render/observe_text.ts";
import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { auditSince } from "../src/db/audit.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import { lines } from "./support/plan_run.ts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer } from "../src/server/server.ts";

const EDITOR = {
  ...window("ed", "Mousepad", "notes.txt - Mousepad", { x: 0, y: 0, width: 400, height: 300 }),
  pid: 600,
};
const VAULT = {
  ...window("kp", "KeePassXC", "Passwords.kdbx", { x: 150, y: 100, width: 240, height: 190 }),
  pid: 700,
};
const CHAT = { ...window("ch", "Claude", "Claude", { x: 150, y: 100, width: 240, height: 190 }), pid: 555 };

/** The editor behind `front`, which has the focus; the editor's text shows beside it, the front's inside it. */
function behind(front: typeof VAULT): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [front, EDITOR];
  d.focusWindowId = front.id;
  d.texts = [text("Alpha line", 60, 40), text("Bravo", 60, 80), text("Inside", 250, 200)];
  return d;
}

async function plan(d: FakeDesktop, steps: unknown[]) {
  const services = fakeServices(d);
  const r = await executePlan(services, planSchema.parse({ steps }), d.clock);
  return { r, services };
}

Deno.test("observe says a denied window is in front and reads nothing in its place", async () => {
  const d = behind(VAULT);
  const o = await observeScreen(fakeServices(d));
  assertEquals(o.front.kind, "withheld");
  assertEquals(o.surfaces.focus, null);
  assertEquals(o.surfaces.window, []);
  assertEquals(o.sighting, null);
  const t = observeText(o, "x11", null);
  assertMatch(t, /^app: \(withheld\)$/m);
  assertMatch(t, /^window: \(withheld\)$/m);
  assertMatch(
    t,
    /^front: the window in front is withheld by the user's deny list: nothing of it is read, and no other window/m,
  );
  assertMatch(t, /^elements in focus window \(0\):\n {2}\(none: the window in front is withheld\)$/m);
  // Nothing of the denied app is named, and the editor's text is not listed.
  assert(!/KeePass|Passwords|Alpha|Mousepad/.test(t), t);
});

Deno.test("a step that names no window is refused while the front is withheld; nothing is sent", async () => {
  for (
    const steps of [
      [{ action: "click", target: { text: "Alpha line" } }, { action: "type", text: "x" }],
      [{ action: "scroll", amount: 3 }],
      [{ action: "type", text: "x" }],
      [{ action: "read" }],
    ]
  ) {
    const d = behind(VAULT);
    const { r, services } = await plan(d, steps);
    assertEquals(r.status, "refused", lines(r).join("\n"));
    assertMatch(
      lines(r)[0],
      /^failed: failed: refused: the window in front is withheld by the user's deny list; name a window with target\.window, or focus_app another app first$/,
    );
    assertEquals(d.inputs(), []);
    const refusals = auditSince(services.store, 0).filter((x) => x.kind === "refusal");
    assertEquals(refusals.map((x) => [x.action, x.outcome]), [[
      steps[0].action,
      "deny list (window in front)",
    ]]);
  }
});

Deno.test("naming the window works while the front is withheld", async () => {
  const d = behind(VAULT);
  const { r } = await plan(d, [
    { action: "click", target: { text: "Alpha line", window: "Mousepad" } },
    { action: "type", text: "x" },
  ]);
  assertEquals(r.status, "success", lines(r).join("\n"));
  assertEquals(d.inputs(), ["activate ed", "click left 60,40", "type x"]);
});

Deno.test("observe passes over the client's own window and says which it read instead", async () => {
  const d = behind(CHAT);
  d.ancestors = [554, 555];
  const o = await observeScreen(fakeServices(d));
  assertEquals(o.front.kind, "client");
  assertEquals(o.surfaces.focus?.id, "ed");
  assertEquals(o.surfaces.window.map((e) => e.text), ["Alpha line", "Bravo"]);
  const t = observeText(o, "x11", null);
  assertMatch(t, /^app: Mousepad$/m);
  assertMatch(t, /^window: "notes\.txt - Mousepad"/m);
  assertMatch(
    t,
    /^front: the client's own window "Claude" is in front; choto looked at "notes\.txt - Mousepad" instead$/m,
  );
  assertEquals(o.sighting?.nodeId !== undefined, true);
});

Deno.test("a step that names no window works in the window behind the client's, brought forward first", async () => {
  const d = behind(CHAT);
  d.ancestors = [555];
  const { r } = await plan(d, [{ action: "click", target: { text: "Bravo" } }, {
    action: "type",
    text: "hi",
  }]);
  assertEquals(r.status, "success", lines(r).join("\n"));
  // The editor came forward before the click, and the keys went to it, never to the chat.
  assertEquals(d.inputs(), ["activate ed", "click left 60,80", "type hi"]);
  assertMatch(
    lines(r)[0],
    /^done: click "Bravo" .*\(the client's own window "Claude" is in front; choto worked in "notes\.txt - Mousepad" instead\)$/,
  );
  // Once the editor is in front, the next step meets it there: nothing more to say.
  assert(!/client's own/.test(lines(r)[1]), lines(r)[1]);
});

Deno.test("keys meant for the chosen window are not sent when it stays behind the client's", async () => {
  const d = behind(CHAT);
  d.ancestors = [555];
  // The window manager refuses to raise the editor: the chat keeps the focus.
  d.onActivate = () => {};
  const { r } = await plan(d, [{ action: "type", text: "hi" }]);
  assertEquals(r.status, "escalated", lines(r).join("\n"));
  assertMatch(lines(r)[0], /keyboard focus moved from "notes\.txt - Mousepad" to "Claude"/);
  assertEquals(d.inputs(), ["activate ed"]);
});

Deno.test("naming the client's own window works, and the plan stays there until it names another", async () => {
  const d = behind(CHAT);
  d.ancestors = [555];
  d.running = [{ name: "Claude", pid: 555, aliases: ["claude"], windowIds: ["ch"] }];
  const { r } = await plan(d, [
    { action: "click", target: { text: "Inside", window: "Claude" } },
    { action: "type", text: "hi" },
    { action: "click", target: { text: "Bravo", window: "Mousepad" } },
    { action: "focus_app", app_name: "Claude" },
    { action: "type", text: "yo" },
  ]);
  assertEquals(r.status, "success", lines(r).join("\n"));
  assertEquals(d.inputs(), [
    "click left 250,200",
    "type hi",
    "activate ed",
    "click left 60,80",
    "activate ch",
    "type yo",
  ]);
  assert(!lines(r).some((l) => /client's own/.test(l)), lines(r).join("\n"));
});

Deno.test("with only the client's windows open, a step that names none fails before any input", async () => {
  const d = behind(CHAT);
  d.windowList = [CHAT];
  d.ancestors = [555];
  const { r } = await plan(d, [{ action: "click", target: { text: "Inside" } }]);
  assertEquals(r.status, "escalated");
  assertMatch(
    lines(r)[0],
    /the client's own window "Claude" is in front and no other window is open; name it with target\.window/,
  );
  assertEquals(d.inputs(), []);
});

Deno.test("execute_plan answers a withheld front with an error before anything runs; observe types it", async () => {
  const d = behind(VAULT);
  const server = createServer(fakeServices(d));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "t", version: "0" });
  await Promise.all([server.connect(a), c.connect(b)]);
  try {
    const r = await c.callTool({
      name: "execute_plan",
      arguments: { steps: [{ action: "click", target: { text: "Alpha line" } }] },
    });
    const said = (r.content as Array<{ text: string }>)[0].text;
    assert(r.isError, said);
    assertMatch(
      said,
      /^refused: step 1 \(click\) names no window, and the window in front is withheld by the user's deny list; name a window with target\.window, or focus_app another app first\. Nothing was done\./,
    );
    assertEquals(d.inputs(), []);
    const o = await c.callTool({ name: "observe", arguments: { screenshot: false } });
    const out = o.structuredContent as Record<string, unknown>;
    assertEquals([out.app, out.window, out.elements], [null, null, []]);
  } finally {
    await c.close();
  }
});
