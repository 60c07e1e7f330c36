/**
 * The plan engine without a display, on what a target may match: a
 * window's own controls (a header bar's close, minimise and maximise
 * buttons, the title bar a window manager draws) are never content, and
 * only "close window" names the close button; equal matches are told apart
 * by what each element is (a calculator's key over its display echoing
 * it), and a click escalates when nothing tells them apart.
 */

import { isResolved, resolveTarget } from "../src/plan/resolve.ts";
import { stepLine } from "../src/render/step_lines.ts";
import type { Element } from "../src/ocr/types.ts";
import { contentOf, windowControls } from "../src/perceive/window_controls.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { text, window } from "./support/fake_desktop.ts";
import { editor, run } from "./support/plan_run.ts";

/** A header bar along the editor's top (10..290 × 10..290): a title, a menu button, minimise, close. */
const HEADER = () => [text("notes.txt", 200, 28), text("=", 310, 28), text("-", 345, 28), text("x", 375, 28)];

/** A calculator's keypad: three rows of three digit keys and an operator column, 40 px apart. */
function keypad(): Element[] {
  const keys: Element[] = [];
  const rows = [["7", "8", "9", "/"], ["4", "5", "6", "*"], ["1", "2", "3", "-"]];
  rows.forEach((row, r) => row.forEach((k, c) => keys.push(text(k, 60 + c * 40, 150 + r * 40))));
  return keys;
}

/** The display above the keys, in a larger font, showing `value`. */
function display(value: string): Element {
  return {
    text: value,
    x: 300 - 20 * value.length,
    y: 80,
    w: 20 * value.length,
    h: 28,
    cx: 300 - 10 * value.length,
    cy: 94,
    conf: 0.95,
  };
}

Deno.test("an X names no header-bar close button: the click escalates and nothing is pressed", async () => {
  const d = editor(...HEADER(), text("Body text", 120, 150));
  const r = await run(d, [{ action: "click", target: { text: "X", scroll_to_find: false } }]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), []);
  assertMatch(r.failure!.reason, /header-bar button "x" matches it.*target "close window"/);
});

Deno.test("an X on the page is clicked, never the close button in the corner", async () => {
  const d = editor(...HEADER(), text("X", 100, 150));
  const r = await run(d, [{ action: "click", target: { text: "x" } }, {
    action: "click",
    target: { text: "-", scroll_to_find: false },
  }]);
  assertEquals(d.inputs()[0], "click left 100,150");
  // The minimise button is no content either.
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs().length, 1);
});

Deno.test("a glyph with a label between it and the window's side is content", async () => {
  // A "x" before a tab's name is the tab's, not the window's: only buttons lie between a window's button and its side.
  const d = editor(text("x", 330, 28), text("Downloads", 370, 28));
  await run(d, [{ action: "click", target: { text: "x" } }]);
  assertEquals(d.inputs(), ["click left 330,28"]);
});

Deno.test("'close window' clicks the close button, and the journey says the window closed", async () => {
  const d = editor(...HEADER(), text("Body text", 120, 150));
  d.onClick = (at, desk) => {
    if (at.x === 375 && at.y === 28) desk.windowList = [], desk.focusWindowId = null, desk.texts = [];
  };
  const r = await run(d, [{ action: "click", target: { text: "Close Window" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["click left 375,28"]);
  assertMatch(
    stepLine(r.reports[0]),
    /matched "x" \(exact, the window's close button\) @ \(375,28\); the window "notes\.txt - Editor" closed/,
  );
});

Deno.test("a title bar the window manager draws is no content, and its close glyph answers 'close window'", async () => {
  const d = editor(text("Editor", 150, 18), text("X", 378, 18), text("Save", 100, 120));
  d.windowList = [{
    ...window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 }),
    frame: { left: 1, right: 1, top: 20, bottom: 1 },
  }];
  const miss = await run(d, [{ action: "click", target: { text: "Editor", scroll_to_find: false } }]);
  assertEquals(miss.status, "escalated");
  assertMatch(miss.failure!.reason, /title bar "Editor" matches it/);
  const closing = await run(d, [{ action: "click", target: { text: "close window" } }]);
  assertEquals(closing.status, "success");
  assertEquals(d.inputs(), ["click left 378,18"]);
});

Deno.test("'close window' with no close button seen escalates and says how else to close it", async () => {
  const d = editor(text("Save", 100, 120));
  const r = await run(d, [{ action: "click", target: { text: "close window" } }]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), []);
  assertMatch(r.failure!.reason, /no close button was seen.*alt\+f4/);
});

Deno.test("a key wins over the display that echoes it, and the journey names the evidence", async () => {
  const d = editor(display("5"), ...keypad());
  const r = await run(d, [{ action: "click", target: { text: "5" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["click left 100,190"]);
  assertMatch(stepLine(r.reports[0]), /matched "5" \(exact, the key over the display\) @ \(100,190\)/);
  assertEquals(r.reports[0].match?.candidates, 2);
});

Deno.test("resolve: the key is taken over a readout above it, whatever the reading order", () => {
  const area = { x: 0, y: 0, width: 400, height: 300 };
  const r = resolveTarget("5", [display("5"), ...keypad()], area);
  assert(isResolved(r));
  assertEquals([r.point, r.evidence, r.tied], [{ x: 100, y: 190 }, "the key over the display", undefined]);
  // Only the keypad: one match, no evidence needed.
  const alone = resolveTarget("5", keypad(), area);
  assert(isResolved(alone));
  assertEquals([alone.candidates, alone.evidence], [1, undefined]);
});

Deno.test("a tie nothing tells apart: a click escalates with the candidates, and presses nothing", async () => {
  const d = editor(text("OK", 100, 40), text("OK", 100, 250));
  const r = await run(d, [{ action: "click", target: { text: "OK" } }]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), []);
  assertMatch(
    r.failure!.reason,
    /target "OK" matches 2 elements equally \(exact\).*"OK" @ \(100,40\) 16x14, "OK" @ \(100,250\) 16x14; nothing was clicked/,
  );
  // Two keys alike are no evidence either.
  const keys = editor(...keypad(), text("C", 260, 150), text("5", 260, 190), text("E", 260, 230));
  const twice = await run(keys, [{ action: "click", target: { text: "5" } }]);
  assertEquals(twice.status, "escalated");
  assertEquals(keys.inputs(), []);
  // Region tells them apart.
  const picked = await run(d, [{ action: "click", target: { text: "OK", region: "bottom" } }]);
  assertEquals(picked.status, "success");
  assertEquals(d.inputs(), ["click left 100,250"]);
});

Deno.test("no close button outermost, no window buttons: a lone minus in the corner is content", async () => {
  const d = editor(text("-", 375, 28), text("Body", 120, 150));
  await run(d, [{ action: "click", target: { text: "-" } }]);
  assertEquals(d.inputs(), ["click left 375,28"]);
});

Deno.test("a framed window's buttons are on its frame: an x at the top of its own drawing is content", async () => {
  const d = editor(text("x", 378, 40), text("Body", 120, 150));
  d.windowList = [{
    ...window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 }),
    frame: { left: 1, right: 1, top: 20, bottom: 1 },
  }];
  await run(d, [{ action: "click", target: { text: "X" } }]);
  assertEquals(d.inputs(), ["click left 378,40"]);
});

Deno.test("an icon named on the frame answers to its name, unless it is named as a window button", () => {
  const framed = {
    bounds: { x: 10, y: 10, width: 380, height: 280 },
    frame: { left: 1, right: 1, top: 20, bottom: 1 },
  };
  const menu = { ...text("Window menu", 20, 18), icon: true };
  const close = { ...text("Close", 378, 18), icon: true };
  const title = text("notes.txt - Editor", 200, 18);
  assertEquals(contentOf([menu, close, title, text("Save", 100, 120)], framed).map((e) => e.text), [
    "Window menu",
    "Save",
  ]);
  assertEquals(windowControls([menu, close, title], framed).map((c) => c.role), ["close", "title bar"]);
});
