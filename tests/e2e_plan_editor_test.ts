/**
 * End to end: execute_plan on mousepad through a real MCP client — typing,
 * a menu, a dialog reached through a chrome-scope menu item, a file saved to
 * disk, the clipboard, an escalation, the corner failsafe, a refused plan,
 * recall finding the dialog afterwards without a capture, and the title's
 * `*` read once the file changes.
 */

import { createX11Desktop } from "../src/desktop/x11.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { MOUSEPAD_SAVE_AS } from "./support/task_plans.ts";

type Report = { step: number; outcome: string; line: string; match?: { stage: string; scope: string } };

function steps(r: { structured: Record<string, unknown> }): Report[] {
  return r.structured.steps as Report[];
}

async function titleOf(s: Session): Promise<string> {
  const x = createX11Desktop(s.desktop.display);
  try {
    const st = x.windows();
    return st.windows.find((w) => w.id === st.focusWindowId)?.title ?? "";
  } finally {
    x.close();
  }
}

Deno.test({
  name: "execute_plan drives mousepad: type, menus, a dialog, a saved file, the clipboard",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = `${s.dir}/notes.txt`;

      await t.step("type text and save it through File > Save As… into a file on disk", async () => {
        // Started in the session folder, the editor's Save As dialog opens there.
        s.desktop.spawn("mousepad", [], {}, s.dir);
        await s.desktop.waitForWindow("Mousepad");
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
            ...MOUSEPAD_SAVE_AS,
          ],
        });
        assert(!r.isError, r.text);
        assertEquals(r.structured.status, "success", r.text);
        const rs = steps(r);
        assertEquals(rs.map((x) => x.outcome), [
          "done",
          "done",
          "done",
          "done",
          "done",
          "done",
          "done",
          "done",
        ]);
        assertEquals(rs[3].match?.scope, "chrome");
        assertMatch(r.text, /^windows seen during this run \(\d+\):$/m);
        const saved = await until(async () => {
          try {
            return await Deno.readTextFile(file);
          } catch {
            return null;
          }
        }, 15_000).catch((err) => {
          throw new Error(`${err.message}: ${file} was not written; the run said:\n${r.text}`);
        });
        assertEquals(saved.trimEnd(), "Hello from choto\nsecond line");
        assertMatch(await titleOf(s), /notes\.txt/);
      });

      await t.step("select all, copy, and read the clipboard", async () => {
        const r = await s.call("execute_plan", {
          steps: [
            { action: "hotkey", keys: ["cmd", "a"] },
            { action: "hotkey", keys: ["cmd", "c"] },
            { action: "read_clipboard" },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const extracted = r.structured.extracted as Array<{ source: string; text: string }>;
        assertEquals(extracted.length, 1);
        assertEquals(extracted[0].source, "clipboard");
        assertEquals(extracted[0].text.trimEnd(), "Hello from choto\nsecond line");
        assertMatch(r.text, /cmd is Ctrl on Linux/);
      });

      await t.step(
        "a missing target escalates with the closest texts, the listing and a screenshot",
        async () => {
          const r = await s.call("execute_plan", {
            steps: [{ action: "click", target: { text: "Searching", scroll_to_find: false } }, {
              action: "type",
              text: "x",
            }],
          });
          assert(!r.isError, r.text);
          assertEquals(r.structured.status, "escalated");
          const f = r.structured.failure as {
            step: number;
            closest: Array<{ text: string }>;
            elements: unknown[];
          };
          assertEquals(f.step, 1);
          assert(f.closest.some((c) => c.text === "Search"), r.text);
          assert(f.elements.length > 0);
          assertEquals(r.images, 1);
          assertMatch(r.text, /searched the window surface only, not chrome/);
          assertEquals(steps(r)[1].outcome, "not_run");
        },
      );

      await t.step("target.window reads another window by a piece of its title", async () => {
        const r = await s.call("execute_plan", {
          steps: [
            { action: "hotkey", keys: ["shift", "cmd", "n"], expect: { appears: "Untitled" } },
            { action: "read", target: { text: "", window: "notes.txt" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const extracted = r.structured.extracted as Array<{ source: string; text: string }>;
        assertMatch(extracted[0].source, /notes\.txt/);
        assertMatch(extracted[0].text, /Hello from choto/);
        const missing = await s.call("execute_plan", {
          steps: [{ action: "click", target: { text: "File", window: "no such window" } }],
        });
        assertEquals(missing.structured.status, "escalated");
        assertMatch(
          missing.text,
          /no open window's title contains "no such window"; open windows: .*notes\.txt/,
        );
      });

      await t.step("skip_if_absent turns a missing target into a skipped step", async () => {
        const r = await s.call("execute_plan", {
          steps: [
            {
              action: "click",
              target: { text: "Accept cookies", scroll_to_find: false },
              skip_if_absent: true,
            },
            { action: "wait", amount: 100 },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        assertMatch(steps(r)[0].line, /^skipped: target absent/);
      });

      await t.step("a refused plan names the step and field and touches nothing", async () => {
        const x = createX11Desktop(s.desktop.display);
        await x.move({ x: 700, y: 500 });
        const titleBefore = await titleOf(s);
        const r = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "File" } },
            { action: "drag", path: [{ x: 10, y: 10 }] },
          ],
        });
        assert(r.isError);
        assertMatch(r.text, /step 2 \(drag\): path/);
        assertMatch(r.text, /nothing was done/);
        assertEquals(x.pointer(), { x: 700, y: 500 });
        assertEquals(await titleOf(s), titleBefore);
        x.close();
      });

      await t.step("the pointer in the top-left corner aborts the run", async () => {
        const x = createX11Desktop(s.desktop.display);
        const running = s.call("execute_plan", {
          steps: [{ action: "wait", amount: 4000 }, { action: "click", target: { text: "File" } }],
        });
        await new Promise((r) => setTimeout(r, 1000));
        await x.move({ x: 0, y: 0 });
        const r = await running;
        // Leave the corner, or every later run would abort at once.
        await x.move({ x: 700, y: 500 });
        x.close();
        assertEquals(r.structured.status, "aborted", r.text);
        assertMatch(r.text, /top-left corner/);
        assertEquals(steps(r)[1].outcome, "not_run");
      });

      await t.step("recall finds the Save As dialog and the route to it, without a capture", async () => {
        const r = await s.call("recall", { query: "Save As", app_name: "mousepad" });
        assert(!r.isError, r.text);
        assertMatch(r.text, /Mousepad/);
        assertMatch(
          r.text,
          /route: in #\d+ ".*Mousepad" click "File" then click "Save As(…|\.\.\.)" \(chrome\) -> #\d+/,
        );
      });

      await t.step("a title that gains its `*` is read with it, and the rest as read before", async () => {
        // The title bar's texts, left to right: those above the menu bar.
        const titleTexts = (r: { structured: Record<string, unknown> }) => {
          const top = (r.structured.window as { bounds: { y: number } }).bounds.y;
          return (r.structured.elements as Array<{ text: string; cy: number; x: number }>)
            .filter((e) => e.cy < top + 22).sort((a, b) => a.x - b.x).map((e) => e.text);
        };
        assert(!(await titleOf(s)).startsWith("*"), await titleOf(s));
        const before = await s.call("observe", { screenshot: false });
        const was = titleTexts(before);
        assert(was.some((t) => /Mousepad/.test(t)), before.text);
        const typed = await s.call("execute_plan", {
          steps: [{ action: "hotkey", keys: ["ctrl", "end"] }, { action: "type", text: "!" }],
        });
        assertEquals(typed.structured.status, "success", typed.text);
        // The editor's own title says the file changed.
        await until(async () => (await titleOf(s)).startsWith("*"), 5000);
        const after = await s.call("observe", { screenshot: false });
        assertEquals(titleTexts(after).join(" ").replace(/^\* /, "*"), `*${was.join(" ")}`, after.text);
      });
    });
  },
});
