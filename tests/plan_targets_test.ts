/**
 * The plan engine without a display, finding targets: every kind of
 * target against a fake desktop, a fake reader and a fake clock, so retries
 * and scroll searches run in milliseconds; what a run remembers of the
 * windows it walked. What is asserted is what a user would see: the input
 * sent, the journey lines, the status and the failure's evidence.
 */

import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { stepLine } from "../src/render/step_lines.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { isResolved, resolveTarget } from "../src/plan/resolve.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { fakeServices, text, window } from "./support/fake_desktop.ts";
import { editor, lines, longList, run, scrolled } from "./support/plan_run.ts";

// ---------------------------------------------------------------------------
// Targeting and resolution
// ---------------------------------------------------------------------------

Deno.test("click: an exact target is clicked at its centre and reported", async () => {
  const d = editor(text("File", 40, 30), text("Save", 100, 120));
  d.onClick = (_, x) => x.texts.push(text("Saved", 200, 250));
  const r = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["click left 100,120"]);
  assertMatch(stepLine(r.reports[0]), /^click "Save" \(window\): matched "Save" \(exact\) @ \(100,120\)$/);
  assertEquals(r.reports[0].match, {
    text: "Save",
    stage: "exact",
    score: 1,
    candidates: 1,
    scope: "window",
    x: 100,
    y: 120,
  });
  assertEquals(r.actions, 1);
});

Deno.test("double_click and right_click send their button, count and modifiers", async () => {
  const d = editor(text("Save", 100, 120));
  await run(d, [
    { action: "double_click", target: { text: "Save" } },
    { action: "right_click", target: { text: "save" }, modifiers: ["shift"] },
  ]);
  assertEquals(d.inputs(), ["click left x2 100,120", "click right 100,120 +shift"]);
});

Deno.test("a misspelt target matches fuzzily and the journey says how well", async () => {
  const d = editor(text("Preferences", 100, 120));
  const r = await run(d, [{ action: "click", target: { text: "Preferencs" } }]);
  assertEquals(r.status, "success");
  assertMatch(stepLine(r.reports[0]), /matched "Preferences" \(fuzzy 0\.\d+\)/);
});

Deno.test("region picks one of several equal matches, and 1 of N counts those inside it", async () => {
  const d = editor(text("OK", 100, 40), text("OK", 100, 250));
  const r = await run(d, [{ action: "click", target: { text: "OK", region: "bottom" } }]);
  assertEquals(d.inputs(), ["click left 100,250"]);
  assertEquals(r.reports[0].match?.candidates, 1);
  // A double click keeps reading order (a click escalates: plan_window_controls_test.ts).
  const both = await run(editor(text("OK", 100, 40), text("OK", 100, 250)), [{
    action: "double_click",
    target: { text: "OK" },
  }]);
  assertMatch(stepLine(both.reports[0]), /\(1 of 2\)/);
});

Deno.test("a target is searched on its own surface only: window text is not chrome", async () => {
  const d = editor(text("Save", 100, 120), text("Quit", 60, 80));
  d.chrome = [window("menu", "Editor", "", { x: 40, y: 60, width: 80, height: 60 }, "menu")];
  const inWindow = await run(d, [{ action: "click", target: { text: "Quit", scroll_to_find: false } }]);
  assertEquals(inWindow.status, "escalated");
  assertMatch(inWindow.failure!.reason, /searched the window surface only, not chrome/);
  assertEquals(inWindow.failure!.surface, "window");
  const inChrome = await run(d, [{ action: "click", target: { text: "Quit", scope: "chrome" } }]);
  assertEquals(inChrome.status, "success");
  assertEquals(d.inputs(), ["click left 60,80"]);
  assertEquals(inChrome.reports[0].match?.scope, "chrome");
});

Deno.test("a missing target fails with the closest texts and stops the plan", async () => {
  const d = editor(text("Save as", 100, 120), text("Close", 100, 160));
  const r = await run(d, [
    { action: "click", target: { text: "Sabe ass", scroll_to_find: false } },
    { action: "click", target: { text: "Close" } },
  ]);
  assertEquals(r.status, "escalated");
  assertEquals(r.failure?.step, 1);
  assertEquals(r.failure?.target, "Sabe ass");
  assertEquals(r.failure?.closest[0].text, "Save as");
  assert(r.failure?.look, "the failure carries a fresh look");
  assertEquals(lines(r).map((l) => l.split(":")[0]), ["failed", "not_run"]);
  assertEquals(d.inputs(), []);
});

Deno.test("skip_if_absent skips a missing target and the plan goes on", async () => {
  const d = editor(text("Close", 100, 160));
  const r = await run(d, [
    { action: "click", target: { text: "Don't save", scroll_to_find: false }, skip_if_absent: true },
    { action: "scroll", target: { text: "Nowhere", scroll_to_find: false }, amount: 3, skip_if_absent: true },
    { action: "click", target: { text: "Close" } },
  ]);
  assertEquals(r.status, "success");
  assertEquals(lines(r), [
    'skipped: skipped: target absent ("Don\'t save")',
    'skipped: skipped: target absent ("Nowhere")',
    'done: click "Close" (window): matched "Close" (exact) @ (100,160)',
  ]);
  assertEquals(d.inputs(), ["click left 100,160"]);
});

Deno.test("target.window brings that window to the front first; an unknown one fails naming the open ones", async () => {
  const d = editor(text("Save", 100, 120));
  d.windowList.push(window("calc", "Calc", "Calculator", { x: 200, y: 100, width: 150, height: 150 }));
  d.texts.push(text("7", 300, 200));
  const r = await run(d, [{ action: "click", target: { text: "7", window: "calcul" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["activate calc", "click left 300,200"]);
  // Bringing the window forward and the click are two input events of one step: one action.
  assertEquals(r.actions, 1);
  const miss = await run(d, [{ action: "click", target: { text: "7", window: "Spreadsheet" } }]);
  assertMatch(
    miss.failure!.reason,
    /no open window's title contains "Spreadsheet"; open windows: "Calculator" \(Calc\), "notes.txt - Editor" \(Editor\)/,
  );
});

// ---------------------------------------------------------------------------
// Scrolling: a target below the fold, scroll without target
// ---------------------------------------------------------------------------

Deno.test("scroll search: a row below the fold is scrolled into view, then clicked", async () => {
  const d = longList();
  const r = await run(d, [{ action: "click", target: { text: "Row 25" } }]);
  assertEquals(r.status, "success");
  assertMatch(
    stepLine(r.reports[0]),
    /^click "Row 25" \(window\): not on screen, scrolled \dx down -> matched "Row 25"/,
  );
  assert(scrolled(d) > 0);
  assertEquals(d.inputs().at(-1)?.startsWith("click left 120,"), true);
});

Deno.test("scroll search: a row that is nowhere fails after scrolling back to where it started", async () => {
  const d = longList();
  const start = d.texts.map((t) => `${t.text}@${t.cy}`);
  const r = await run(d, [{ action: "click", target: { text: "Row 99" } }]);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /also scrolled down and up to look for it, then scrolled back/);
  assertEquals(d.texts.map((t) => `${t.text}@${t.cy}`), start);
  assert(d.inputs().some((l) => l.startsWith("scroll -")), "it searched upwards too");
  assertEquals(d.inputs().filter((l) => l.startsWith("click")), []);
});

Deno.test("scroll without a target turns the wheel over the middle of the window's text", async () => {
  const d = longList();
  const r = await run(d, [{ action: "scroll", amount: -2 }]);
  assertMatch(stepLine(r.reports[0]), /^scroll up 2 notch\(es\) over "notes.txt - Editor" @ \(120,\d+\)$/);
  assertEquals(d.inputs().length, 1);
});

// ---------------------------------------------------------------------------
// resolve, on its own
// ---------------------------------------------------------------------------

Deno.test("resolve: exact beats fuzzy beats semantic beats contained, with the point aimed", () => {
  const area = { x: 0, y: 0, width: 400, height: 300 };
  const els = [text("Options", 50, 50), text("Settings...", 50, 80), text("Open Settings", 200, 120)];
  const exact = resolveTarget("Settings…", els, area);
  assert(isResolved(exact));
  assertEquals([exact.stage, exact.element.text], ["exact", "Settings..."]);
  const semantic = resolveTarget("Preferences", [els[0]], area);
  assert(isResolved(semantic));
  assertEquals(semantic.stage, "semantic");
  const contained = resolveTarget("Open", [text("Open Recent", 200, 120)], area);
  assert(isResolved(contained));
  assertEquals(contained.stage, "contained");
  assert(contained.point.x < 200, "aimed at the word, left of the element's centre");
});

Deno.test("resolve: a region with no match lists the matches outside it", () => {
  const area = { x: 0, y: 0, width: 400, height: 300 };
  const r = resolveTarget("OK", [text("OK", 100, 40)], area, "bottom");
  assert(!isResolved(r));
  assertEquals(r.outsideRegion.map((e) => e.cy), [40]);
  const far = resolveTarget("Zebra", [text("Save", 100, 40)], area);
  assert(!isResolved(far));
  assertEquals(far.outsideRegion, []);
});

Deno.test("a region miss says matches lie outside the region", async () => {
  const d = editor(text("OK", 100, 40));
  const r = await run(d, [{
    action: "click",
    target: { text: "OK", region: "bottom", scroll_to_find: false },
  }]);
  assertMatch(r.failure!.reason, /1 match\(es\) lie outside region "bottom"/);
});

// ---------------------------------------------------------------------------
// What a run remembers
// ---------------------------------------------------------------------------

Deno.test("a click that opens another window is remembered as a transition, with the menu it came through, the menu never as a window", async () => {
  const d = editor(text("Edit", 60, 30));
  d.onClick = (at, desk) => {
    if (at.x === 60 && at.y === 30) {
      desk.chrome = [window("menu", "Editor", "", { x: 50, y: 40, width: 120, height: 60 }, "menu")];
      desk.texts.push(text("Preferences", 100, 60));
    } else {
      desk.chrome = [];
      desk.windowList.unshift(
        window("prefs", "Editor", "Preferences", { x: 100, y: 50, width: 200, height: 150 }),
      );
      desk.focusWindowId = "prefs";
      desk.texts = [text("General", 150, 100)];
    }
  };
  const services = fakeServices(d);
  const r = await executePlan(
    services,
    planSchema.parse({
      steps: [
        { action: "click", target: { text: "Edit" } },
        { action: "click", target: { text: "Preferences", scope: "chrome" } },
      ],
    }),
    d.clock,
  );
  assertEquals(r.status, "success", r.failure?.reason);
  assertMatch(stepLine(r.reports[1]), /-> window "Preferences" \(#\d+\)$/);
  assertEquals(r.windowsSeen.map((w) => w.title), ["notes.txt - Editor", "Preferences"]);
  const recalled = gatherRecall(services.store, { app: "Editor", window: "notes", now: Date.now() });
  assert(recalled.ok);
  const out = recalled.data.window!.transitions.items[0];
  assertEquals([out.text, out.scope, out.via, out.to_title], [
    "Preferences",
    "chrome",
    "Edit",
    "Preferences",
  ]);
  // The menu is chrome: never recorded as a window of its own.
  const app = gatherRecall(services.store, { app: "Editor", now: Date.now() });
  assert(app.ok);
  assertEquals(app.data.windows!.items.map((w) => w.title).sort(), ["Preferences", "notes.txt - Editor"]);
});

// ---------------------------------------------------------------------------
// A sheet's cell addresses
// ---------------------------------------------------------------------------

/** A sheet of three columns (A-C) by three rows (1-3), 100 by 20 pixels a cell, from (100, 100). */
const SHEET = {
  xs: [100, 200, 300, 400],
  ys: [100, 120, 140, 160],
  color: [200, 200, 200] as [number, number, number],
  ground: [255, 255, 255] as [number, number, number],
  columns: ["A", "B", "C"],
  rows: ["1", "2", "3"],
};
const AREA = { x: 0, y: 0, width: 800, height: 600 };

Deno.test("address: a cell answers to its address only where no text reads exactly that", () => {
  // Nothing reads "B2": the cell itself, by its address.
  const cell = resolveTarget("B2", [text("12", 150, 130)], AREA, undefined, SHEET);
  assert(isResolved(cell));
  assertEquals([cell.stage, cell.point], ["address", { x: 250, y: 130 }]);
  // A button reading exactly "B2" is what was named: text first.
  const button = resolveTarget("B2", [text("B2", 600, 50), text("12", 150, 130)], AREA, undefined, SHEET);
  assert(isResolved(button));
  assertEquals([button.stage, button.element.text, button.point], ["exact", "B2", { x: 600, y: 50 }]);
  // The sheet's Name Box (above the grid, from left of its first column) only echoes the cursor's cell.
  const nameBox = resolveTarget("B2", [text("B2", 40, 80)], AREA, undefined, SHEET);
  assert(isResolved(nameBox));
  assertEquals(nameBox.stage, "address");
});
