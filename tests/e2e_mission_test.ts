/**
 * End to end: a mission worked through real MCP clients on galculator and
 * mousepad. Items pass through execute_plan and keep their steps; marks
 * follow their rules; a new server process on the same database replays a
 * recipe and the calculator shows the result again; a replay under another
 * model tag, or after the window was resized, runs no step and names each
 * differing field with both values; finishing gives the closing record.
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { callTool, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";

/** What galculator's display shows, read through an ordinary plan (optionally after clearing it). */
async function display(client: Client, clear = false): Promise<string> {
  const r = await callTool(client, "execute_plan", {
    steps: [
      { action: "focus_app", app_name: "galculator" },
      ...(clear ? [{ action: "click", target: { text: "AC" } }] : []),
      { action: "read", target: { text: "", region: "top" } },
    ],
  });
  assertEquals(r.structured.status, "success", r.text);
  return (r.structured.extracted as Array<{ text: string }>)[0].text;
}

function calculatorBounds(desktop: TestDesktop) {
  const x = createX11Desktop(desktop.display);
  try {
    return x.windows().windows.find((w) => w.app.toLowerCase() === "galculator")!.bounds;
  } finally {
    x.close();
  }
}

const ADD = [
  { action: "focus_app", app_name: "galculator" },
  { action: "click", target: { text: "AC" } },
  { action: "click", target: { text: "7" } },
  { action: "click", target: { text: "+" } },
  { action: "click", target: { text: "8" } },
  { action: "click", target: { text: "=" }, expect: { appears: "15" } },
];

const ITEMS = [
  { title: "add 7 and 8", intent: "the calculator must add", acceptance: "the display shows 15" },
  { title: "write a note", intent: "the editor keeps what is typed", acceptance: "the note is on screen" },
  { title: "open the print dialog", intent: "printing is reachable", acceptance: "a Print dialog appears" },
];

Deno.test({
  name:
    "a mission on galculator and mousepad: runs file verdicts, a restarted server replays, preflight refuses",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (server) => {
      const { desktop, dir } = server;
      desktop.spawn("galculator");
      desktop.spawn("mousepad", [], {}, dir);
      await desktop.waitForWindow("galculator");
      await desktop.waitForWindow("Mousepad");
      let c = server.client;

      await t.step("start a mission; a second start is refused naming the active one", async () => {
        const r = await callTool(c, "mission_start", {
          goal: "add on the calculator, note it down",
          items: ITEMS,
        });
        assert(!r.isError, r.text);
        assertMatch(r.text, /in play: item 1 of 3, pending: add 7 and 8/);
        const again = await callTool(c, "mission_start", { goal: "another goal", items: ITEMS });
        assert(again.isError);
        assertMatch(again.text, /mission #1 "add on the calculator, note it down" is active/);
      });

      await t.step("items pass through execute_plan and keep their steps", async () => {
        const add = await callTool(c, "execute_plan", {
          steps: ADD,
          mission_item_id: 1,
          llm_version_tag: "model-a",
        });
        assertEquals(add.structured.status, "success", add.text);
        assertMatch(add.text, /item 1 passed; these steps are kept as its recipe/);
        assertMatch(add.text, /in play: item 2 of 3, pending: write a note/);
        const note = await callTool(c, "execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
            { action: "type", text: "mission note", expect: { appears: "mission note" } },
          ],
          mission_item_id: 2,
          llm_version_tag: "model-a",
        });
        assertEquals(note.structured.status, "success", note.text);
        const mission = note.structured.mission as { in_play: number; items: Array<{ status: string }> };
        assertEquals(mission.items.map((i) => i.status), ["passed", "passed", "pending"]);
        assertEquals(mission.in_play, 3);
      });

      await t.step("a run that escalates fails its item with the run's own reason", async () => {
        const r = await callTool(c, "execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad" },
            { action: "click", target: { text: "Print Everything Now", scroll_to_find: false } },
          ],
          mission_item_id: 3,
        });
        assertEquals(r.structured.status, "escalated", r.text);
        assertMatch(r.text, /item 3 failed: step 2 \(click\): /);
        assertMatch(r.text, /failed:\n {2}3\. open the print dialog: step 2 \(click\): /);
      });

      await t.step("mission_mark's rules", async () => {
        const bare = await callTool(c, "mission_mark", { mission_item_id: 3, status: "failed" });
        assert(bare.isError);
        assertMatch(bare.text, /needs a reason/);
        const contradiction = await callTool(c, "mission_mark", {
          mission_item_id: 3,
          status: "passed",
          reason: "ok",
        });
        assert(contradiction.isError);
        assertMatch(contradiction.text, /a reason belongs only on status 'failed'/);
        const skipped = await callTool(c, "mission_mark", { mission_item_id: 3, status: "skipped" });
        assert(!skipped.isError, skipped.text);
        assertMatch(skipped.text, /progress: 2 of 3 passed, 0 failed, 1 skipped, 0 pending/);
      });

      await t.step("mission_status full shows every item with its status", async () => {
        const r = await callTool(c, "mission_status", { full: true });
        assert(!r.isError, r.text);
        assertMatch(r.text, /1\. \[passed\] add 7 and 8 \(by a run; recipe kept/);
        assertMatch(r.text, /2\. \[passed\] write a note \(by a run; recipe kept/);
        assertMatch(r.text, /3\. \[skipped\] open the print dialog \(by the model\)/);
      });

      await server.restart();
      c = server.client;

      await t.step("a new server process replays item 1 and the calculator shows 15 again", async () => {
        const status = await callTool(c, "mission_status", {});
        assertMatch(status.text, /mission #1 \(active\): add on the calculator/);
        assert(!/\b15\b/.test(await display(c, true)), "the display was cleared");
        const r = await callTool(c, "mission_replay", { mission_item_id: 1, llm_version_tag: "model-a" });
        assert(!r.isError, r.text);
        assertEquals(r.structured.status, "success", r.text);
        assertMatch(
          r.text,
          /preflight: app, .*llm_version_tag, screen, window, window_size match the recording/,
        );
        assertEquals(r.structured.route_warning, null, r.text);
        assertMatch(await display(c), /\b15\b/);
      });

      await t.step("another model tag: no step runs, the field is named with both values", async () => {
        assert(!/\b15\b/.test(await display(c, true)));
        const r = await callTool(c, "mission_replay", { mission_item_id: 1, llm_version_tag: "model-b" });
        assert(r.isError, r.text);
        assertEquals(r.structured.status, null);
        assertEquals(r.structured.differences, [
          { field: "llm_version_tag", recorded: '"model-a"', now: '"model-b"' },
        ]);
        assertMatch(r.text, /llm_version_tag: recorded "model-a", now "model-b"/);
        assertMatch(r.text, /execute_plan\(mission_item_id=1\)/);
        assert(!/\b15\b/.test(await display(c)), "nothing was replayed");
      });

      await t.step("a resized window: no step runs, window_size is named with both values", async () => {
        const b = calculatorBounds(desktop);
        const corner = { x: b.x + b.width - 2, y: b.y + b.height - 2 };
        const drag = await callTool(c, "execute_plan", {
          steps: [{ action: "drag", path: [corner, { x: corner.x + 120, y: corner.y + 80 }] }],
        });
        assertEquals(drag.structured.status, "success", drag.text);
        const after = calculatorBounds(desktop);
        assert(after.width !== b.width || after.height !== b.height, "the window was resized");
        const r = await callTool(c, "mission_replay", { mission_item_id: 1, llm_version_tag: "model-a" });
        assert(r.isError, r.text);
        assertEquals(r.structured.status, null);
        assertEquals(r.structured.differences, [
          {
            field: "window_size",
            recorded: `${b.width}x${b.height}`,
            now: `${after.width}x${after.height}`,
          },
        ]);
        assertMatch(
          r.text,
          new RegExp(`window_size: recorded ${b.width}x${b.height}, now ${after.width}x${after.height}`),
        );
        assert(!/\b15\b/.test(await display(c)), "nothing was replayed");
      });

      await t.step("mission_finish gives the closing record and frees the slot", async () => {
        const r = await callTool(c, "mission_finish", { status: "done" });
        assert(!r.isError, r.text);
        assertMatch(r.text, /closing record of mission #1:\n── mission #1 \(done on /);
        for (const it of ITEMS) assert(r.text.includes(it.acceptance), it.title);
        const next = await callTool(c, "mission_start", { goal: "next", items: ITEMS.slice(0, 1) });
        assert(!next.isError, next.text);
      });
    });
  },
});
