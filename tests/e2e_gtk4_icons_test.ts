/**
 * End to end on a GTK4 / libadwaita list editor (tests/support/gtk4_icons.py)
 * through a real MCP client: its header bar and toolbar buttons are symbolic
 * icons only (list-add, edit-delete, edit-find, view-refresh, document-save,
 * open-menu, go-up, go-down), which the recogniser reads surely as `+`, `®`,
 * `Q`, `=`. observe lists them as unlabeled icons, not as those glyphs, while
 * the digit of `Rows: 2` stays text; hover_icons names them from the app's own
 * tooltips; a plan clicks "Add row" twice and "Save list" by those names, and
 * the state file the app writes on every action is the check.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const APP = new URL("./support/gtk4_icons.py", import.meta.url).pathname;
/** The header bar's and toolbar's buttons, by the tooltips the app gives them. */
const TOOLTIPS = [
  "Add row",
  "Delete row",
  "Search rows",
  "Refresh list",
  "Save list",
  "Main menu",
  "Move up",
  "Move down",
];

interface Listed {
  elements: Array<{ text: string; conf: number; cx: number; cy: number }>;
  icons: { labeled: number; unlabeled: number };
}

interface AppState {
  rows: number;
  saved: number;
  last: string;
}

/** Moves the pointer to the bottom edge (xdotool), so no tooltip covers the window when a look begins. */
async function pointerAway(s: Session): Promise<void> {
  await new Deno.Command("xdotool", { args: ["mousemove", "700", "895"], env: s.desktop.env, stderr: "null" })
    .output();
}

/** The app's last written state (one JSON line per action). */
async function lastState(file: string): Promise<AppState> {
  const lines = (await Deno.readTextFile(file)).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

Deno.test({
  name:
    "GTK4 symbolic icon buttons are icons, named by their tooltips, and Add row and Save are clicked by name",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const state = `${s.dir}/state.jsonl`;
      await pointerAway(s);
      s.desktop.spawn("/usr/bin/python3", [APP, state]);
      await s.desktop.waitForWindow("GTK Icon List");
      await until(
        async () =>
          (await s.call("observe", { screenshot: false })).text.includes("Reorder the selected row"),
        20_000,
      );

      await t.step(
        "observe lists the symbolic buttons as icons, not as +, Q or =; Rows: 2 stays text",
        async () => {
          const o = await s.call("observe", { screenshot: false });
          const out = o.structured as unknown as Listed;
          const bar = out.elements.find((e) => e.text === "GTK Icon List");
          assert(bar, o.text);
          // The header bar's row, left of the window's own minimise, maximise and close buttons.
          const glyphs = out.elements.filter((e) =>
            Math.abs(e.cy - bar.cy) <= 10 && e.text !== bar.text && e.cx < 880
          );
          assertEquals(glyphs.map((e) => e.text), [], o.text);
          assert(out.elements.some((e) => e.text === "Rows: 2"), o.text);
          assert(out.icons.unlabeled >= TOOLTIPS.length, o.text);
        },
      );

      await t.step("hover_icons names every icon button from the app's tooltips", async () => {
        const focus = await s.call("focus_app", { app_name: "python3" });
        assert(!focus.isError, focus.text);
        const r = await s.call("hover_icons", { limit: 40 });
        assert(!r.isError, r.text);
        const named = r.structured.named as string[];
        for (const name of TOOLTIPS) assert(named.includes(name), `${name} not named: ${r.text}`);
      });

      await t.step(
        "a plan clicks Add row twice and Save list by name; the app's state says 4 rows, saved",
        async () => {
          await pointerAway(s);
          const before = await lastState(state);
          const r = await s.call("execute_plan", {
            steps: [
              { action: "focus_app", app_name: "python3" },
              { action: "click", target: { text: "Add row" }, expect: { appears: "Rows: 3" } },
              { action: "click", target: { text: "Add row" }, expect: { appears: "Rows: 4" } },
              { action: "click", target: { text: "Save list" } },
            ],
          });
          assertEquals(r.structured.status, "success", r.text);
          assert(r.text.includes('matched icon "Add row"'), r.text);
          let last = before;
          await until(async () => (last = await lastState(state)).saved === before.saved + 1, 10_000)
            .catch(() => null);
          assertEquals({ rows: last.rows, saved: last.saved, last: last.last }, {
            rows: before.rows + 2,
            saved: before.saved + 1,
            last: "save",
          }, r.text);
        },
      );
    });
  },
});
