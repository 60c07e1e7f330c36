/**
 * Property-based abuse of every tool: thousands of generated invalid calls
 * (unknown and misspelt fields, wrong types, values out of range, oversized
 * text, malformed steps, unknown tools) through a real MCP client to the
 * server on a bare X display. Every one must be refused with a hint, no
 * reply may reach 1 MB, the server must keep answering, and the display
 * must receive no input at all: a spy on the real X11 desktop counts every
 * input call, and the pointer must not have moved.
 */

import fc from "fast-check";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer, TOOLS } from "../src/server/server.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { createEngine } from "../src/ocr/engines/platform.ts";
import type { Desktop } from "../src/desktop/types.ts";

import { assert, assertEquals } from "./support/assert.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { ACTIONS } from "../src/plan/step_fields.ts";

/** Calls generated per run. */
const CALLS = 2_000;

/** Every method through which a desktop changes what the user sees or holds. */
const INPUT = [
  "move",
  "click",
  "button",
  "modifiers",
  "scroll",
  "hotkey",
  "type",
  "launch",
  "activate",
  "reopen",
];

/** A valid call per tool, the seed every mutation breaks. */
const VALID: Record<string, Record<string, unknown>> = {
  recall: { app_name: "Mousepad" },
  observe: { screenshot: false },
  execute_plan: { steps: [{ action: "click", target: { text: "OK" } }] },
  focus_app: { app_name: "Mousepad" },
  mission_start: { goal: "g", items: [{ title: "t", intent: "i", acceptance: "a" }] },
  mission_status: { full: true },
  mission_mark: { mission_item_id: 1, status: "passed" },
  mission_finish: { status: "done" },
  mission_replay: { mission_item_id: 1, llm_version_tag: "model" },
};

/** What a refusal must carry: it says what to change, or that nothing was done. */
const HINT =
  /did you mean|the fields|must|give|at most|expected|one of|remove|leave|fix|nothing was done|not run|refused|too big|too small|invalid/i;

type Call = { name: string; args: Record<string, unknown>; kind: string };

const junk = fc.oneof(
  fc.object({ maxDepth: 2 }),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 4 }),
  fc.constant(null),
);

function callArb(): fc.Arbitrary<Call> {
  const names = Object.keys(VALID);
  const tool = fc.constantFrom(...names);
  const unknownKey = tool.chain((name) =>
    fc.tuple(fc.constant(name), fc.string({ minLength: 1, maxLength: 12 }), fc.anything({ maxDepth: 1 }))
      .filter(([n, k]) => !TOOLS.find((t) => t.name === n)!.inputSchema[k] && k !== "__proto__")
      .map(([n, k, v]) => ({ name: n, args: { ...VALID[n], [k]: v }, kind: "unknown field" }))
  );
  const wrongType = tool.chain((name) =>
    fc.tuple(fc.constantFrom(...Object.keys(VALID[name])), junk.filter((v) => v !== null))
      .map(([k, v]) => ({ name, args: { ...VALID[name], [k]: v }, kind: "wrong type" }))
  );
  const oversized = fc.tuple(
    fc.constantFrom(
      ["recall", "query"],
      ["recall", "app_name"],
      ["focus_app", "app_name"],
      ["mission_start", "goal"],
      ["mission_replay", "llm_version_tag"],
    ),
    fc.integer({ min: 2_001, max: 300_000 }),
  ).map(([[name, k], n]) => ({ name, args: { ...VALID[name], [k]: "x".repeat(n) }, kind: "oversized" }));
  const outOfRange = fc.oneof(
    fc.integer({ min: -10, max: 0 }).map((v) => ({
      name: "mission_mark",
      args: { ...VALID.mission_mark, mission_item_id: v },
      kind: "range",
    })),
    fc.integer({ min: 501, max: 1e9 }).map((v) => ({
      name: "execute_plan",
      args: { ...VALID.execute_plan, max_actions: v },
      kind: "range",
    })),
    fc.integer({ min: 0, max: 499 }).map((v) => ({
      name: "focus_app",
      args: { ...VALID.focus_app, timeout_ms: v },
      kind: "range",
    })),
  );
  const badStep = fc.oneof(
    // A step of a known action with one field broken or oversized.
    fc.record({
      action: fc.constantFrom(...ACTIONS),
      target: fc.oneof(
        fc.constant({ text: "" }),
        fc.string({ minLength: 501, maxLength: 5_000 }).map((t) => ({ text: t })),
      ),
    }).filter((s) => !["read", "read_clipboard", "wait"].includes(s.action)),
    fc.record({ action: fc.constant("type"), text: fc.string({ minLength: 5_001, maxLength: 20_000 }) }),
    fc.record({
      action: fc.constant("scroll"),
      amount: fc.oneof(fc.integer({ min: 10_001, max: 1e9 }), fc.constant(0)),
    }),
    fc.record({
      action: fc.constant("hotkey"),
      keys: fc.array(fc.string({ maxLength: 30 }), { minLength: 7, maxLength: 10_000 }),
    }),
    fc.record({
      action: fc.string({ maxLength: 20 }).filter((a) => !(ACTIONS as readonly string[]).includes(a)),
    }),
    fc.record({ action: fc.constantFrom(...ACTIONS), colour: fc.string() }),
  );
  const badPlan = fc.array(badStep, { minLength: 1, maxLength: 60 }).map((steps) => ({
    name: "execute_plan",
    args: { steps },
    kind: "bad step",
  }));
  const noTool = fc.string({ minLength: 1, maxLength: 40 }).filter((n) => !(n in VALID)).map((name) => ({
    name,
    args: {},
    kind: "unknown tool",
  }));
  return fc.oneof(unknownKey, wrongType, oversized, outOfRange, badPlan, badPlan, noTool);
}

/** The real X11 desktop with every input call counted (and still passed on). */
function spy(inner: Desktop): { desktop: Desktop; count: () => number } {
  let n = 0;
  const desktop = new Proxy(inner, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        if (INPUT.includes(String(prop))) n++;
        return v.apply(target, args);
      };
    },
  });
  return { desktop, count: () => n };
}

Deno.test({
  name:
    `fuzz: ${CALLS} generated invalid calls are refused with a hint, replies < 1 MB, no input reaches the display`,
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const xd = await startDesktop({ windowManager: false });
    const dir = await Deno.makeTempDir({ prefix: "choto-fuzz-" });
    const store = new Store(`${dir}/choto.db`);
    const x = createX11Desktop(xd.display);
    const watcher = createX11Desktop(xd.display);
    const counted = spy(x);
    const services = createServices({
      store,
      openDesktop: () => counted.desktop,
      openReader: () => createScreenReader(createEngine()),
    });
    const server = createServer(services);
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "choto-fuzz", version: "0.0.0" });
    await Promise.all([server.connect(a), client.connect(b)]);
    await client.listTools();
    const pointerBefore = watcher.pointer();
    const stats = { calls: 0, refusedWithHint: 0, maxReply: 0, kinds: new Map<string, number>() };
    try {
      await fc.assert(
        fc.asyncProperty(callArb(), async (call) => {
          const r = await client.callTool({ name: call.name, arguments: call.args });
          const size = new TextEncoder().encode(JSON.stringify(r)).length;
          stats.calls++;
          stats.maxReply = Math.max(stats.maxReply, size);
          stats.kinds.set(call.kind, (stats.kinds.get(call.kind) ?? 0) + 1);
          const text = (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join(
            "\n",
          );
          assert(r.isError, `${call.kind} call to ${call.name} was not refused: ${text.slice(0, 300)}`);
          assert(size < 1_000_000, `reply of ${size} bytes`);
          assert(!/\n\s+at .*\.(ts|js):\d+/.test(text), `a stack trace leaked: ${text.slice(0, 300)}`);
          assert(HINT.test(text), `no hint in: ${text.slice(0, 300)}`);
          stats.refusedWithHint++;
        }),
        { numRuns: CALLS, seed: Number(Deno.env.get("FUZZ_SEED") ?? Date.now() % 2 ** 31) },
      );
      // Still serving after all of it.
      assertEquals((await client.listTools()).tools.length, TOOLS.length);
      assertEquals(counted.count(), 0);
      assertEquals(watcher.pointer(), pointerBefore);
      console.log(
        `fuzz: ${stats.calls} calls, ${stats.refusedWithHint} refused with a hint, largest reply ${stats.maxReply} bytes, ` +
          `${counted.count()} input events; ${[...stats.kinds].map(([k, n]) => `${k} ${n}`).join(", ")}`,
      );
    } finally {
      await client.close();
      await services.close();
      watcher.close();
      await xd.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
