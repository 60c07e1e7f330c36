/**
 * End to end in a file manager (Thunar) through a real MCP client: files
 * dragged onto folders in the icon view and checked on disk, a long name
 * the view wraps over several lines under its icon grabbed by its full
 * name, a file selected first (its name then echoed in the status bar) still
 * grabbed by its icon's caption, and every drag waypoint reported with its
 * match stage and position.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Session, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { thunar } from "./support/real_apps.ts";

type Waypoint = { text: string; stage: string; x: number; y: number };
type Step = { line: string; waypoints?: Waypoint[] };

const LONG = "quarterly report for the northern region.txt";
const FILES = ["notes.txt", LONG, "budget 2025 final version.ods", "todo.md"];

/** Whether `path` exists. */
async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** Waits until `path` exists (a file manager moves a file after the drop, not at it), up to `ms`. */
async function appears(path: string, ms = 10_000): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await exists(path)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Drags `file` onto `folder` (after clicking it first, when `select`) and returns the drag step. */
async function dragOnto(s: Session, file: string, folder: string, select = false): Promise<Step> {
  const drag = { action: "drag", path: [{ target: { text: file } }, { target: { text: folder } }] };
  const r = await s.call("execute_plan", {
    steps: select ? [{ action: "click", target: { text: file } }, drag] : [drag],
  });
  assertEquals(r.structured.status, "success", r.text);
  const steps = r.structured.steps as Step[];
  return steps[steps.length - 1];
}

Deno.test({
  name: "a file manager: files dragged onto folders, a wrapped name whole, a selected file by its caption",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const root = `${s.dir}/Projects`;
      for (const d of ["Archive", "Drafts"]) await Deno.mkdir(`${root}/${d}`, { recursive: true });
      for (const f of FILES) await Deno.writeTextFile(`${root}/${f}`, `${f}\n`);
      thunar(s.desktop, root);
      await s.desktop.waitForWindow("Projects", 60_000);
      const ready = await s.call("execute_plan", {
        steps: [{ action: "wait", expect: { appears: "todo.md" }, timeout_ms: 60_000 }],
      });
      assertEquals(ready.structured.status, "success", ready.text);
      const o = await s.call("observe", { screenshot: false });
      // The status bar is the window's bottom row; every caption lies above it.
      const bounds = (o.structured.window as { bounds: { y: number; height: number } }).bounds;
      const statusBar = bounds.y + bounds.height - 40;

      /** Asserts a drag's journey line and waypoints: each with its stage and position, in the view. */
      const checkWaypoints = (step: Step, file: string, onto: string) => {
        assertMatch(
          step.line,
          /drag ".+" \((exact|fuzzy)[^)]*\) @ \(\d+,\d+\) -> ".+" \((exact|fuzzy)[^)]*\) @ \(\d+,\d+\)/,
        );
        const [from, to] = step.waypoints ?? [];
        // A selected caption sits on a highlight whose rounded edge OCR may read as a bracket.
        assert(from?.text.includes(file), step.line);
        assertEquals(to?.text, onto, step.line);
        assert(from.stage === "exact" || from.stage === "fuzzy", step.line);
        // Never the status bar's echo of the selection.
        assert(from.y < statusBar, `${step.line}: status bar from y ${statusBar}`);
      };

      await t.step("a short name dragged onto a folder moves the file", async () => {
        const step = await dragOnto(s, "notes.txt", "Archive");
        checkWaypoints(step, "notes.txt", "Archive");
        assert(await appears(`${root}/Archive/notes.txt`), step.line);
        assert(!(await exists(`${root}/notes.txt`)), step.line);
      });

      await t.step("a long name wrapped under its icon is grabbed by its full name", async () => {
        const budget = "budget 2025 final version.ods";
        const step = await dragOnto(s, budget, "Drafts");
        checkWaypoints(step, budget, "Drafts");
        assert(await appears(`${root}/Drafts/${budget}`), step.line);
        assert(!(await exists(`${root}/${budget}`)), step.line);
      });

      await t.step(
        "a wrapped name selected first, its name echoed in the status bar, is grabbed whole",
        async () => {
          const step = await dragOnto(s, LONG, "Drafts", true);
          checkWaypoints(step, LONG, "Drafts");
          assert(await appears(`${root}/Drafts/${LONG}`), step.line);
          assert(!(await exists(`${root}/${LONG}`)), step.line);
        },
      );

      await t.step("a file selected first is grabbed by its caption, not the status bar", async () => {
        const step = await dragOnto(s, "todo.md", "Archive", true);
        checkWaypoints(step, "todo.md", "Archive");
        assert(await appears(`${root}/Archive/todo.md`), step.line);
        assert(!(await exists(`${root}/todo.md`)), step.line);
      });
    });
  },
});
