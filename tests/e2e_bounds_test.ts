/**
 * End to end on mousepad through a real MCP client: two plans sent at once
 * type one after the other, a cancelled type stops where it was cancelled,
 * a scroll far beyond reason is refused or cut by the time limit, and a
 * client that goes away mid-drag with Shift held leaves nothing pressed, and
 * so does a server stopped by SIGTERM or SIGINT.
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

type Content = Array<{ type: string; text?: string }>;

async function plan(client: Client, args: Record<string, unknown>, signal?: AbortSignal) {
  const r = await client.callTool({ name: "execute_plan", arguments: args }, undefined, {
    timeout: 180_000,
    signal,
  });
  return {
    isError: Boolean(r.isError),
    text: (r.content as Content).map((c) => c.text ?? "").join("\n"),
    structured: (r.structuredContent ?? {}) as Record<string, unknown>,
  };
}

/** The editor's whole text, through select all, copy and read_clipboard. */
async function editorText(client: Client): Promise<{ text: string; reply: string }> {
  const r = await plan(client, {
    steps: [
      { action: "focus_app", app_name: "mousepad" },
      { action: "hotkey", keys: ["ctrl", "a"] },
      { action: "hotkey", keys: ["ctrl", "c"] },
      { action: "read_clipboard" },
    ],
  });
  assertEquals(r.structured.status, "success", r.text);
  const x = r.structured.extracted as Array<{ text: string }>;
  return { text: x[0]?.text ?? "", reply: r.text };
}

async function clear(client: Client): Promise<void> {
  const r = await plan(client, {
    steps: [
      { action: "focus_app", app_name: "mousepad" },
      { action: "hotkey", keys: ["ctrl", "a"] },
      { action: "hotkey", keys: ["delete"] },
    ],
  });
  assertEquals(r.structured.status, "success", r.text);
}

/**
 * Waits until keys typed into the editor arrive in its text, then clears it: a window just mapped can
 * still drop the first keys, which would make the first step's typing look lost.
 */
async function untilTyping(client: Client): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const r = await plan(client, {
      steps: [{ action: "focus_app", app_name: "mousepad" }, { action: "type", text: "ready" }],
    });
    assertEquals(r.structured.status, "success", r.text);
    const { text } = await editorText(client);
    await clear(client);
    if (text.includes("ready")) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("keys typed into mousepad never reached its text");
}

/** Button 1 and Shift as the X server sees them now. */
function held(c: XConnection): { button1: boolean; shift: boolean } {
  const { mask } = c.queryPointer();
  return { button1: (mask & 256) !== 0, shift: (mask & 1) !== 0 };
}

Deno.test({
  name:
    "e2e: one plan at a time, cancellation mid-type, a runaway scroll, nothing pressed after the client goes",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (server) => {
      const { desktop, dir } = server;
      const x = new XConnection(desktop.display);
      try {
        desktop.spawn("mousepad", [], {}, dir);
        await desktop.waitForWindow("Mousepad");
        const client = server.client;
        await untilTyping(client);

        await t.step("two plans sent at once do not interleave; the second says it waited", async () => {
          const typing = (ch: string) =>
            plan(client, {
              steps: [{ action: "focus_app", app_name: "mousepad" }, { action: "type", text: ch.repeat(30) }],
            });
          const [a, b] = await Promise.all([typing("A"), typing("B")]);
          assertEquals(a.structured.status, "success", a.text);
          assertEquals(b.structured.status, "success", b.text);
          const waited = [a, b].filter((r) =>
            /^\(waited [\d.]+ s for the call before it to finish\)/.test(r.text)
          );
          assertEquals(waited.length, 1, "exactly one of the two waited for the other");
          const { text } = await editorText(client);
          assertMatch(text.trim(), /^(A{30}B{30}|B{30}A{30})$/);
          await clear(client);
        });

        await t.step("a cancelled 400-character type stops where it was cancelled", async () => {
          const full = "0123456789".repeat(40);
          const ac = new AbortController();
          const typing = plan(client, {
            steps: [{ action: "focus_app", app_name: "mousepad" }, { action: "type", text: full }],
          }, ac.signal).catch((e) => e as Error);
          // Typing takes 5 s or more at choto's pace; cancel part-way.
          await new Promise((r) => setTimeout(r, 3_000));
          ac.abort();
          assert((await typing) instanceof Error, "the cancelled call rejects on the client");
          const first = await editorText(client);
          const typed = first.text.trimEnd();
          assert(typed.length < full.length, `all ${typed.length} characters were typed despite the cancel`);
          assertEquals(typed, full.slice(0, typed.length));
          await new Promise((r) => setTimeout(r, 1_000));
          assertEquals((await editorText(client)).text.trimEnd(), typed, "nothing was typed after the stop");
          console.log(`cancelled type: ${typed.length} of 400 characters typed, none after the stop`);
          await clear(client);
        });

        await t.step(
          "a scroll of 10^6 notches is refused naming the maximum; 10^4 with a 1 s limit is cut",
          async () => {
            const huge = await plan(client, { steps: [{ action: "scroll", amount: 1_000_000 }] });
            assert(huge.isError);
            assertMatch(huge.text, /at most 10000 notches/);
            const started = performance.now();
            const r = await plan(client, {
              steps: [{ action: "scroll", amount: 10_000 }],
              time_limit_ms: 1000,
              max_actions: 500,
            });
            const wall = Math.round(performance.now() - started);
            assertEquals(r.structured.status, "escalated", r.text);
            const step = (r.structured.steps as Array<{ outcome: string; line: string }>)[0];
            assertMatch(step.line, /time limit \(1000 ms\) ran out/);
            assert(step.outcome === "partial" || step.outcome === "not_run");
            if (step.outcome === "partial") assertMatch(step.line, /scrolled \d+ of 10000 notch\(es\)/);
            console.log(
              `scroll 10^4 with a 1 s limit: ${step.outcome}, "${step.line}"; reply after ${wall} ms`,
            );
          },
        );

        for (const signal of ["SIGTERM", "SIGINT"]) {
          await t.step(
            `${signal} to the server mid-drag with Shift held leaves nothing pressed`,
            async () => {
              const other = await server.connect();
              try {
                const path = Array.from(
                  { length: 20 },
                  (_, i) => ({ x: 300 + (i % 2) * 400, y: 200 + i * 20 }),
                );
                void plan(other.client, { steps: [{ action: "drag", modifiers: ["shift"], path }] }).catch(
                  () => {},
                );
                const end = performance.now() + 60_000;
                while (!held(x).button1 && performance.now() < end) {
                  await new Promise((r) => setTimeout(r, 10));
                }
                assert(held(x).button1 && held(x).shift, "the drag never pressed the button with Shift");
                // As a client that started `deno run` itself would: the signal goes to the server process.
                const pid = other.pid;
                const sent = await new Deno.Command("sh", {
                  args: ["-c", `kill -${signal.slice(3)} $(cat /proc/${pid}/task/${pid}/children)`],
                }).output();
                assertEquals(sent.code, 0, new TextDecoder().decode(sent.stderr));
                const after = performance.now() + 5_000;
                while ((held(x).button1 || held(x).shift) && performance.now() < after) {
                  await new Promise((r) => setTimeout(r, 50));
                }
                assertEquals(held(x), { button1: false, shift: false });
              } finally {
                await other.close().catch(() => {});
              }
            },
          );
        }

        await t.step("the client going away mid-drag with Shift held leaves nothing pressed", async () => {
          const path = Array.from({ length: 20 }, (_, i) => ({ x: 300 + (i % 2) * 400, y: 200 + i * 20 }));
          void plan(client, { steps: [{ action: "drag", modifiers: ["shift"], path }] }).catch(() => {});
          const end = performance.now() + 60_000;
          while (!held(x).button1 && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
          assert(held(x).button1, "the drag never pressed the button");
          assert(held(x).shift, "Shift is held during the drag");
          await server.close();
          const after = performance.now() + 5_000;
          while ((held(x).button1 || held(x).shift) && performance.now() < after) {
            await new Promise((r) => setTimeout(r, 50));
          }
          assertEquals(held(x), { button1: false, shift: false });
        });
      } finally {
        x.close();
      }
    });
  },
});
