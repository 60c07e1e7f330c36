/**
 * End to end on geany's toolbar through a real MCP client: observe counts the
 * wordless icons, hover_icons learns their names from geany's own tooltips
 * (progress per icon, pointer put back), a plan clicks an icon by the learned
 * name and geany reacts, a second geany window arrives already named,
 * annotate_icons and submit_icon_labels name what has no tooltip, a bad key
 * writes nothing, and recall finds an icon by its name.
 */

import { parseRow } from "../src/render/element_rows.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { tapProgress } from "./support/mcp.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import type { Point } from "../src/common/rect.ts";

interface ObserveOut {
  window: { id: string } | null;
  elements: Array<{ text: string }>;
  icons: { labeled: number; unlabeled: number; named: Array<{ text: string; cx: number; cy: number }> };
}

Deno.test({
  name: "geany's icons get names from tooltips and from the model, and are clicked by name",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const x = createX11Desktop(s.desktop.display);
      const pointer = (): Point => x.pointer();
      try {
        s.desktop.spawn("geany", ["-i"], { GTK_THEME: "Adwaita" });
        await s.desktop.waitForWindow("Geany");
        const focus = await s.call("focus_app", { app_name: "geany" });
        assert(!focus.isError, focus.text);

        let unlabeled = 0;
        let firstWindow = "";
        await t.step("observe counts the toolbar's icons, none named yet", async () => {
          const r = await s.call("observe", { screenshot: false });
          assert(!r.isError, r.text);
          const m = /^icons: 0 labeled, (\d+) unlabeled/m.exec(r.text);
          assert(m, r.text);
          unlabeled = Number(m[1]);
          assert(unlabeled >= 12, r.text);
          assertEquals((r.structured as unknown as ObserveOut).icons.unlabeled, unlabeled);
          firstWindow = (r.structured as unknown as ObserveOut).window!.id;
        });

        const learned: string[] = [];
        await t.step(
          "hover_icons names at least 8 icons from tooltips and puts the pointer back",
          async () => {
            await x.move({ x: 1300, y: 850 });
            const before = pointer();
            const tap = tapProgress(s.client);
            const r = await s.client.callTool({ name: "hover_icons", arguments: { limit: 40 } }, undefined, {
              timeout: 180_000,
              // Asking for progress is what makes the server send it; the tap counts what was sent.
              onprogress: () => {},
            }).finally(tap.stop);
            const progress = tap.values;
            const text = (r.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
            assert(!r.isError, text);
            const out = r.structuredContent as { hovered: number; named: string[]; stopped: string | null };
            assertEquals(out.stopped, null, text);
            assert(out.named.length >= 8, text);
            assertEquals(progress.length, out.hovered, `progress ${progress} for ${out.hovered} icons`);
            assertEquals(pointer(), before);
            learned.push(...out.named);
            assert(learned.includes("Create a new file"), text);
          },
        );

        await t.step("a plan clicks the New icon by its learned name and a second tab opens", async () => {
          const r = await s.call("execute_plan", {
            steps: [{
              action: "click",
              target: { text: "Create a new file" },
              expect: { screen_changes: true },
            }],
          });
          assert(!r.isError, r.text);
          assertMatch(r.text, /status: success/);
          assertMatch(r.text, /matched icon "Create a new file" \(exact\)/);
          const o = await s.call("observe", { screenshot: false });
          const tabs = (o.structured as unknown as ObserveOut).elements.filter((e) =>
            /^untitled/.test(e.text)
          );
          assert(tabs.length >= 2, o.text);
          assert(
            o.text.split("\n").flatMap(parseRow).some((e) => e.text === "Create a new file [icon]"),
            o.text,
          );
        });

        await t.step("a second geany window draws the same icons already named", async () => {
          s.desktop.spawn("geany", ["-i"], { GTK_THEME: "Adwaita" });
          for (
            let i = 0;
            i < 100 && x.windows().windows.filter((w) => /Geany/.test(w.title)).length < 2;
            i++
          ) {
            await new Promise((r) => setTimeout(r, 100));
          }
          await new Promise((r) => setTimeout(r, 1500));
          const r = await s.call("observe", { screenshot: false });
          const out = r.structured as unknown as ObserveOut;
          assert(out.window && out.window.id !== firstWindow, `not a second window: ${r.text}`);
          assert(out.icons.labeled >= 8, r.text);
          assert(out.icons.named.some((i) => i.text === "Create a new file"), r.text);
        });

        await t.step(
          "annotate_icons shows the still unnamed icons on one sheet; a bad key writes nothing; submitted names are clicked",
          async () => {
            const a = await s.call("annotate_icons", {});
            assert(!a.isError, a.text);
            assertEquals(a.images, 1, a.text);
            assertMatch(a.text, /unnamed icon\(s\) of "Geany" \(chosen/);
            const cells = (a.structured as { cells: Array<{ key: string; where: string }> }).cells;
            assertMatch(a.text, new RegExp(`^1\\. key ${cells[0].key}: "`, "m"));
            const frameIcons = cells.filter((c) => c.where === "title bar, left");
            assert(frameIcons.length >= 1, a.text);

            const bad = await s.call("submit_icon_labels", {
              app_name: "Geany",
              labels: { [frameIcons[0].key]: "Window menu", "zzzzzzzz": "Nothing" },
            });
            assert(bad.isError, bad.text);
            assertMatch(bad.text, /"zzzzzzzz" is not a key of "Geany"'s icons.*Nothing was written/);
            const again = await s.call("annotate_icons", { app_name: "geany" });
            assertEquals((again.structured as { cells: unknown[] }).cells.length, cells.length);

            const good = await s.call("submit_icon_labels", {
              app_name: "Geany",
              labels: Object.fromEntries(frameIcons.map((c) => [c.key, "Window menu"])),
            });
            assert(!good.isError, good.text);
            assertEquals((good.structured as { glyphs_named: number }).glyphs_named, frameIcons.length);

            const plan = await s.call("execute_plan", {
              steps: [{ action: "click", target: { text: "Window menu" }, expect: { screen_changes: true } }],
            });
            assert(!plan.isError, plan.text);
            assertMatch(plan.text, /status: success/);
            // The window manager's menu for the window opened (openbox draws it over the window).
            const o = await s.call("observe", { screenshot: false });
            assert(
              o.text.split("\n").flatMap(parseRow).some((e) => e.text.startsWith("Send to desktop")),
              o.text,
            );
            await x.hotkey(["Escape"]);
          },
        );

        await t.step("recall's query finds an icon by its name", async () => {
          const r = await s.call("recall", { query: "Save the current file" });
          assert(!r.isError, r.text);
          assertMatch(r.text, /Save the current file/);
          const hits = (r.structured as { hits?: { items: Array<{ kind: string }> } }).hits?.items ?? [];
          assert(hits.some((h) => h.kind === "icon"), r.text);
        });
      } finally {
        x.close();
      }
    });
  },
});
