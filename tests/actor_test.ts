/**
 * One actor at a time, and one owner of held input: a second acting call
 * waits its turn and says so, a call that waits too long or is cancelled
 * while waiting is refused with nothing done, and released input stays
 * released.
 */

import { Actor } from "../src/tools/support/actor.ts";
import { toResult } from "../src/tools/tool.ts";
import { trackHeldInput } from "../src/desktop/held.ts";
import { sleep } from "../src/common/time.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop } from "./support/fake_desktop.ts";

const textOf = (r: { content: Array<{ type: string; text?: string }> }) => r.content[0].text ?? "";

Deno.test("a second acting call waits for the first, runs after it, and says it waited", async () => {
  const actor = new Actor(5_000);
  const order: string[] = [];
  const turn = (name: string, ms: number) => async () => {
    order.push(`${name} start`);
    await sleep(ms);
    order.push(`${name} end`);
    return toResult({ ok: true, text: name, structured: {} });
  };
  const none = new AbortController().signal;
  const [a, b] = await Promise.all([
    actor.run({ tool: "execute_plan", signal: none }, turn("A", 150)),
    actor.run({ tool: "execute_plan", signal: none }, turn("B", 10)),
  ]);
  assertEquals(order, ["A start", "A end", "B start", "B end"]);
  assertEquals(textOf(a), "A");
  assertMatch(textOf(b), /^\(waited \d+\.\d s for the call before it to finish\)\nB$/);
});

Deno.test("a call that waits past the cap, or is cancelled while waiting, is refused and never runs", async () => {
  const actor = new Actor(100);
  const none = new AbortController().signal;
  let ran = 0;
  const long = actor.run({ tool: "execute_plan", signal: none }, async () => {
    await sleep(400);
    return toResult({ ok: true, text: "long", structured: {} });
  });
  const late = await actor.run({ tool: "focus_app", signal: none }, async () => {
    ran++;
    return toResult({ ok: true, text: "x", structured: {} });
  });
  assert(late.isError);
  assertMatch(
    textOf(late),
    /focus_app refused: execute_plan is acting .* it waited \d+\.\d s, the most a call waits\. Nothing was done/,
  );
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 20);
  const cancelled = await actor.run({ tool: "mission_replay", signal: ac.signal }, async () => {
    ran++;
    return toResult({ ok: true, text: "x", structured: {} });
  });
  assertMatch(textOf(cancelled), /the client cancelled it while it waited/);
  await long;
  assertEquals(ran, 0);
});

Deno.test("held input: releaseAll lets go of buttons and modifiers still down and refuses new presses", async () => {
  const d = new FakeDesktop();
  const held = trackHeldInput(d);
  await held.modifiers(["shift"], true);
  await held.button("left", true);
  await held.move({ x: 5, y: 5 });
  await held.releaseAll();
  assertEquals(d.log.slice(-2), ["left up", "shift up"]);
  let refused = "";
  await held.button("left", true).catch((e) => (refused = (e as Error).message));
  assertMatch(refused, /shutting down/);
  assertEquals(d.log.filter((l) => l === "left down").length, 1);
});

Deno.test("held input: releaseHeld lets go of what is down and input goes on", async () => {
  const d = new FakeDesktop();
  const held = trackHeldInput(d);
  await held.modifiers(["ctrl"], true);
  await held.button("right", true);
  await held.releaseHeld();
  assertEquals(d.log.slice(-2), ["right up", "ctrl up"]);
  await held.button("left", true);
  await held.button("left", false);
  assertEquals(d.log.slice(-2), ["left down", "left up"]);
  // Nothing is left to let go of: a second release sends nothing.
  const before = d.log.length;
  await held.releaseHeld();
  assertEquals(d.log.length, before);
});
