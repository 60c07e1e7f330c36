/**
 * End to end: execute_plan does what its definition says, through a real
 * MCP client — timeout_ms waits for a target that is still being drawn, a
 * drag's expect is checked, `\n` in typed text makes a new line, and a
 * target that appears more than once is reported as "1 of N".
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Called, callTool, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

type Report = { outcome: string; line: string; match?: { text: string; candidates: number; y: number } };

Deno.test({
  name: "execute_plan keeps the promises of its definition",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await t.step("timeout_ms waits for a target drawn after the plan starts", async () => {
        // A progress dialog whose label changes when a line starting with '#' arrives on its input.
        const child = new Deno.Command("zenity", {
          args: ["--progress", "--title", "Progress", "--text", "Working", "--width", "420"],
          env: s.desktop.env,
          stdin: "piped",
          stdout: "null",
          stderr: "null",
        }).spawn();
        const input = child.stdin.getWriter();
        const say = (line: string) => input.write(new TextEncoder().encode(`${line}\n`));
        try {
          await s.desktop.waitForWindow("Progress");
          // The first look of a session starts the OCR engine; keep that out of the timing.
          await s.call("observe", { screenshot: false });

          // The label arrives 600 ms after the step starts (its progress note), so after the step's first look.
          const found = await planSaying(s, say, "# Ready now", 600, {
            steps: [{
              action: "click",
              target: { text: "Ready now", scroll_to_find: false },
              timeout_ms: 4000,
            }],
          });
          // A label is no control: the click reaches it, nothing lights up or follows, and the run says so.
          assertEquals(found.structured.status, "unconfirmed", found.text);
          assertMatch(found.text, /appeared after \d+ more look\(s\) -> matched "Ready now"/);

          // A label that comes later than a 100 ms wait: the step escalates, saying how long it looked.
          const missed = await planSaying(s, say, "# Later still", 1500, {
            steps: [{
              action: "click",
              target: { text: "Later still", scroll_to_find: false },
              timeout_ms: 100,
            }],
          });
          assertEquals(missed.structured.status, "escalated", missed.text);
          assertMatch(missed.text, /target "Later still" not found .*looked for 100 ms \(timeout_ms\)/);
        } finally {
          await input.close().catch(() => {});
          child.kill("SIGTERM");
          await child.status;
        }
      });

      await t.step("\\n makes two lines, and a repeated target says '1 of 2'", async () => {
        s.desktop.spawn("mousepad");
        await s.desktop.waitForWindow("Mousepad");
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
            {
              action: "type",
              text: "Apricot jam\nApricot jam",
              expect: { appears_count_increases: "Apricot" },
            },
            { action: "read" },
            { action: "double_click", target: { text: "Apricot" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const extracted = r.structured.extracted as Array<{ text: string }>;
        const lines = extracted[0].text.split("\n").filter((l) => /Apricot jam/.test(l));
        assertEquals(lines.length, 2, extracted[0].text);
        const click = (r.structured.steps as Report[])[3];
        assertEquals(click.match?.candidates, 2, click.line);
        assertMatch(click.line, /\(1 of 2\)/);
      });

      await t.step("a drag's expect is checked after the gesture", async () => {
        // Dragging across the first line selects it: the screen changes.
        const path = [
          { target: { text: "Apricot", region: "top" }, offset: { dx: -30, dy: 0 } },
          { target: { text: "jam", region: "top" }, offset: { dx: 20, dy: 0 } },
        ];
        const held = await s.call("execute_plan", {
          steps: [{ action: "drag", path, expect: { screen_changes: true } }],
        });
        assertEquals(held.structured.status, "success", held.text);
        assertMatch(held.text, /drag .*; expect ok/);
        const broken = await s.call("execute_plan", {
          steps: [
            { action: "drag", path, expect: { appears: "Quince marmalade" }, timeout_ms: 500 },
            { action: "wait", amount: 100 },
          ],
        });
        assertEquals(broken.structured.status, "escalated", broken.text);
        assertMatch(broken.text, /escalated at step 1 \(drag\): expectation not met within 500 ms/);
        assert((broken.structured.steps as Report[])[1].outcome === "not_run");
      });
    });
  },
});

/**
 * Runs a plan and sends `line` to the progress dialog `ms` after the plan's
 * first progress note (sent as step 1 starts, before its first look): a
 * timer started with the call would race a slow start on a loaded machine.
 */
async function planSaying(
  s: { client: Client },
  say: (line: string) => Promise<void>,
  line: string,
  ms: number,
  args: Record<string, unknown>,
): Promise<Called> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => void (timer ??= setTimeout(() => void say(line), ms));
  return await callTool(s.client, "execute_plan", args, start).finally(() => clearTimeout(timer));
}
