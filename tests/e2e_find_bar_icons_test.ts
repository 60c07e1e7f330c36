/**
 * End to end on FeatherPad (Qt5) through a real MCP client: the replacement
 * dock's icon-only buttons (chevrons, a double arrow for Replace All), which
 * the recogniser reads as unsure letters (`A`, `v`, `v`), are listed as
 * unlabeled icons rather than text; hover_icons names them from FeatherPad's
 * own tooltips; a plan types the find and replace texts, clicks Replace All
 * by the name learned and saves; the file on disk holds the replacement.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { FRUIT_TEXT, fruitFile, pointerAway } from "./support/find_bar.ts";
import { skipWithout } from "./support/xdesktop.ts";

interface Listed {
  elements: Array<{ text: string; conf: number; cx: number; cy: number }>;
  icons: { labeled: number; unlabeled: number };
}

Deno.test({
  name:
    "FeatherPad's find-bar icons are icons, named by their tooltips, and Replace All is clicked by its name",
  ignore: skipWithout("featherpad"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = await fruitFile(s);
      s.desktop.spawn("featherpad", [file]);
      await s.desktop.waitForWindow("fruit.txt");
      const focus = await s.call("focus_app", { app_name: "featherpad" });
      assert(!focus.isError, focus.text);

      await t.step(
        "Ctrl+R opens the replacement dock; its icon buttons are not listed as letters",
        async () => {
          const r = await s.call("execute_plan", {
            steps: [{ action: "hotkey", keys: ["ctrl", "r"], expect: { appears: "Replacement" } }],
          });
          assertEquals(r.structured.status, "success", r.text);
          const o = await s.call("observe", { screenshot: false });
          const out = o.structured as unknown as Listed;
          // The dock's buttons stand right of its entries (below the document): no unsure letter is listed there.
          const dock = out.elements.find((e) => e.text === "Replacement");
          assert(dock, o.text);
          const letters = out.elements.filter((e) =>
            e.cy > dock.cy && e.cx > 900 && /^\p{L}{1,2}$/u.test(e.text) && e.conf < 0.8
          );
          assertEquals(letters.map((e) => e.text), [], o.text);
          assert(out.icons.unlabeled >= 15, o.text);
        },
      );

      let replaceAll = "";
      await t.step("hover_icons names the dock's buttons from FeatherPad's tooltips", async () => {
        const r = await s.call("hover_icons", { limit: 40 });
        assert(!r.isError, r.text);
        const named = r.structured.named as string[];
        replaceAll = named.find((n) => /^replace all/i.test(n)) ?? "";
        assert(replaceAll, r.text);
        assert(named.some((n) => /^previous/i.test(n)), r.text);
      });

      await t.step(
        "a plan types both texts, clicks Replace All by its name and saves; the file changed",
        async () => {
          await pointerAway(s);
          const r = await s.call("execute_plan", {
            steps: [
              { action: "focus_app", app_name: "featherpad" },
              { action: "type", text: "apple" },
              { action: "hotkey", keys: ["tab"] },
              { action: "type", text: "pear" },
              {
                action: "click",
                target: { text: replaceAll, scroll_to_find: false },
                expect: { screen_changes: true },
              },
              { action: "hotkey", keys: ["ctrl", "s"] },
            ],
          });
          assertEquals(r.structured.status, "success", r.text);
          assert(r.text.includes(`matched icon "${replaceAll}"`), r.text);
          const want = FRUIT_TEXT.replaceAll("apple", "pear");
          let last = "";
          await until(async () => (last = await Deno.readTextFile(file)) === want, 10_000).catch(() => null);
          assertEquals(last, want, r.text);
        },
      );
    });
  },
});
