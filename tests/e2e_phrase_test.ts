/**
 * End to end: a phrase on one line of fixed-pitch text is one target.
 * Mousepad (a monospace font) shows a file of two lines; a plan sent by a
 * real MCP client clicks the phrase `second line here` (its words may be
 * read as three elements, the word space being a whole character cell) and
 * selects that line with Home and Shift+End; the line the app itself copies
 * to the clipboard (read with xclip, not with choto) proves where the click
 * landed, and the click matched exactly, on the first look, without scrolling.
 */

import { assert, assertEquals, assertNotMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { clipboard } from "./support/clipboard.ts";

type Report = { outcome: string; line: string; match?: { stage: string; text: string } };

Deno.test({
  name: "execute_plan clicks a phrase on one line of mousepad's fixed-pitch text",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const file = `${s.dir}/phrase.txt`;
      await Deno.writeTextFile(file, "alpha beta\nsecond line here\n");
      s.desktop.spawn("mousepad", [file], {}, s.dir);
      await s.desktop.waitForWindow("phrase.txt");
      const r = await s.call("execute_plan", {
        steps: [
          { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
          { action: "click", target: { text: "second line here" } },
          { action: "hotkey", keys: ["home"] },
          { action: "hotkey", keys: ["shift", "end"] },
          { action: "hotkey", keys: ["ctrl", "c"] },
        ],
      });
      assert(!r.isError, r.text);
      assertEquals(r.structured.status, "success", r.text);
      const click = (r.structured.steps as Report[])[1];
      assertEquals([click.outcome, click.match?.stage, click.match?.text], [
        "done",
        "exact",
        "second line here",
      ]);
      assertNotMatch(click.line, /scroll/i, r.text);
      const copied = await until(async () => {
        const text = await clipboard(s);
        return text === "second line here" ? text : null;
      }, 5000).catch(async () => `clipboard holds "${await clipboard(s)}"`);
      assertEquals(copied, "second line here", r.text);
    });
  },
});
