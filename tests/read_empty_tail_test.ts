/** A scrolled read stops where the data stops: the screenfuls of a sheet's blank grid are told from data. */

import { assert, assertEquals } from "./support/assert.ts";
import type { Element } from "../src/ocr/types.ts";
import { dropEmptyGutter, onlyEmptyRows } from "../src/plan/actions/read/empty_tail.ts";

const el = (text: string, x: number, y: number): Element => {
  const w = text.length * 8;
  return { text, x, y, w, h: 14, cx: x + w / 2, cy: y + 7, conf: 0.95 };
};

/** A sheet window: menu and column letters on top, a status bar below, and `rows` between. */
function sheet(rows: Array<[number, ...string[]]>): Element[] {
  const frame = [
    el("File", 10, 5),
    el("Edit", 60, 5),
    el("A", 80, 40),
    el("B", 180, 40),
    el("Sheet 1 of 1", 10, 600),
  ];
  const body = rows.flatMap(([n, ...cells], i) => [
    el(String(n), 20, 70 + i * 20),
    ...cells.map((c, j) => el(c, 80 + j * 100, 70 + i * 20)),
  ]);
  return [...frame, ...body];
}

const first = sheet([[1, "Item", "Price"], [2, "Rice", "12.5"], [3, "Tea", "5.9"]]);

Deno.test("a screenful of row numbers alone, counting down the screen, adds nothing", () => {
  const tail = sheet([[31], [32], [33], [34], [35]]);
  assert(onlyEmptyRows(first, tail));
});

Deno.test("a screenful with nothing but the window's frame adds nothing", () => {
  assert(onlyEmptyRows(first, sheet([])));
});

Deno.test("one cell of data in an otherwise blank screenful is data", () => {
  assert(!onlyEmptyRows(first, sheet([[31], [32, "Total"], [33]])));
});

Deno.test("a column of figures out of order is data, not a gutter", () => {
  assert(!onlyEmptyRows(first, sheet([[40], [12], [7]])));
});

Deno.test("text above or below the row numbers read a little differently is frame, not data", () => {
  const tail = [...sheet([[31], [32]]), el("Sum=42", 300, 600), el("A |", 80, 40)];
  assert(onlyEmptyRows(first, tail));
});

Deno.test("new text with no gutter of row numbers is data", () => {
  assert(!onlyEmptyRows(first, [el("More text", 80, 300)]));
});

Deno.test("the row numbers of the empty rows below the data are dropped, those beside data and the frame kept", () => {
  const last = sheet([[12, "Catuai", "11.05"], [13, "SL28", "19.9"], [14], [15], [16]]);
  const blank = sheet([[40], [41], [42], [43], [44]]);
  const kept = dropEmptyGutter(last, blank).map((e) => e.text);
  assertEquals(kept, [
    "File",
    "Edit",
    "A",
    "B",
    "Sheet 1 of 1",
    "12",
    "Catuai",
    "11.05",
    "13",
    "SL28",
    "19.9",
  ]);
});

Deno.test("a screenful of nothing but row numbers keeps none of them", () => {
  const kept = dropEmptyGutter(sheet([[31], [32]]), sheet([[40], [41]])).map((e) => e.text);
  assertEquals(kept, ["File", "Edit", "A", "B", "Sheet 1 of 1"]);
});
