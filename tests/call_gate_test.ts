/**
 * The call gate: the server's own warming waits for a moment with no tool
 * call in flight, and a call that begins in the same turn comes first.
 */

import { assertEquals } from "./support/assert.ts";
import { CallGate } from "../src/common/call_gate.ts";

Deno.test("idle resolves when no call is in flight", async () => {
  const gate = new CallGate();
  await gate.idle();
  assertEquals(gate.busy, false);
  assertEquals(gate.began, 0);
});

Deno.test("a call that begins in the same turn as idle is waited for", async () => {
  const gate = new CallGate();
  const order: string[] = [];
  const warming = gate.idle().then(() => order.push("warm"));
  // A request delivered in this turn starts its handler before warming's next step.
  const end = gate.begin();
  order.push("call began");
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  assertEquals(order, ["call began"]);
  order.push("call ended");
  end();
  await warming;
  assertEquals(order, ["call began", "call ended", "warm"]);
});

Deno.test("idle waits for every call in flight, and ending a call twice ends it once", async () => {
  const gate = new CallGate();
  const first = gate.begin();
  const second = gate.begin();
  let idle = false;
  const warming = gate.idle().then(() => idle = true);
  first();
  first();
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  assertEquals([idle, gate.busy], [false, true]);
  second();
  await warming;
  assertEquals([idle, gate.busy, gate.began], [true, false, 2]);
});

Deno.test("a call that begins while idle waits for its turn is waited for too", async () => {
  const gate = new CallGate();
  const end = gate.begin();
  let idle = false;
  const warming = gate.idle().then(() => idle = true);
  await new Promise((r) => setTimeout(r, 0));
  // The first call ends and a second begins in the same turn: warming still waits.
  end();
  const next = gate.begin();
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  assertEquals(idle, false);
  next();
  await warming;
  assertEquals(idle, true);
});
