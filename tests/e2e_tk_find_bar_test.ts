/**
 * End to end on a Tk editor's find bar (tests/support/tk_find_bar.py,
 * python3-tk) through a real MCP client: its buttons are drawn icons only
 * (chevrons, a double chevron, a disk) with tooltips. hover_icons names them
 * from the app's own tooltips; a plan fills the find and replace entries by
 * their labels, clicks "Replace every match" and "Save the file" by the names
 * learned; the file the app wrote is the check.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { FRUIT_TEXT, fruitFile, pointerAway } from "./support/find_bar.ts";
import { skipE2E } from "./support/xdesktop.ts";

const APP = new URL("./support/tk_find_bar.py", import.meta.url).pathname;

Deno.test({
  name:
    "Tk find bar: icon-only buttons named by their tooltips, Replace and Save clicked by name, the file changed",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = await fruitFile(s);
      s.desktop.spawn("/usr/bin/python3", [APP, file]);
      await s.desktop.waitForWindow("Tk Find Bar");
      await until(
        async () => (await s.call("observe", { screenshot: false })).text.includes("Replace with"),
        20_000,
      );

      await t.step("hover_icons names the find bar's four icons from the app's tooltips", async () => {
        const focus = await s.call("focus_app", { app_name: "Tk" });
        assert(!focus.isError, focus.text);
        const r = await s.call("hover_icons", { limit: 40 });
        assert(!r.isError, r.text);
        const named = r.structured.named as string[];
        for (const name of ["Find previous", "Find next", "Replace every match", "Save the file"]) {
          assert(named.includes(name), `${name} not named: ${r.text}`);
        }
      });

      await t.step(
        "a plan fills both entries (Find by its label, then Tab), clicks Replace and Save by name; the file on disk changed",
        async () => {
          await pointerAway(s);
          const r = await s.call("execute_plan", {
            steps: [
              { action: "focus_app", app_name: "Tk" },
              { action: "click", target: { text: "Find:" } },
              { action: "type", text: "apple" },
              { action: "hotkey", keys: ["tab"] },
              { action: "type", text: "pear" },
              { action: "click", target: { text: "Replace every match" }, expect: { screen_changes: true } },
              { action: "click", target: { text: "Save the file" } },
            ],
          });
          assertEquals(r.structured.status, "success", r.text);
          assert(r.text.includes('matched icon "Replace every match"'), r.text);
          const want = FRUIT_TEXT.replaceAll("apple", "pear");
          let last = "";
          await until(async () => (last = await Deno.readTextFile(file)) === want, 10_000).catch(() => null);
          assertEquals(last, want, r.text);
        },
      );
    });
  },
});
