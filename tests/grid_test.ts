import { assert, assertEquals } from "./support/assert.ts";
import { findGrid } from "../src/perceive/grid.ts";
import { cellAt, cellBox, nameBands, parseAddress } from "../src/perceive/grid_cells.ts";
import { gridLines, readGrid, unifyDecimalSeparator } from "../src/plan/actions/read/grid_read.ts";
import { groupInColumns } from "../src/ocr/columns.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Element, OcrWord } from "../src/ocr/types.ts";

/** A white frame with a sheet's grey rules: columns at `xs`, rows at `ys`, each rule a pixel wide. */
function sheet(xs: number[], ys: number[], width = 800, height = 600): RgbaImage {
  const data = new Uint8Array(width * height * 4).fill(255);
  const paint = (x: number, y: number) => data.set([192, 192, 192, 255], (y * width + x) * 4);
  for (const y of ys) for (let x = xs[0]; x <= xs[xs.length - 1]; x++) paint(x, y);
  for (const x of xs) for (let y = ys[0]; y <= ys[ys.length - 1]; y++) paint(x, y);
  return { width, height, data };
}

const el = (text: string, x: number, y: number, w = 7 * text.length, h = 12): Element => ({
  text,
  x,
  y,
  w,
  h,
  cx: x + Math.round(w / 2),
  cy: y + Math.round(h / 2),
  conf: 0.9,
});

const XS = [60, 160, 260, 360, 460];
/** Twenty rows of cells, most of the frame's height as a sheet's window has them. */
const YS = Array.from({ length: 21 }, (_, i) => 100 + 18 * i);

Deno.test("a sheet's rules are found as a grid of cells; a frame without rules has none", () => {
  const grid = findGrid(sheet(XS, YS), { x: 0, y: 0, width: 800, height: 600 });
  assert(grid, "no grid");
  assertEquals(grid.xs, XS);
  assertEquals(grid.ys, YS);
  assertEquals(cellAt(grid, 170, 140), { row: 2, col: 1 });
  assertEquals(cellAt(grid, 20, 140), null);
  assertEquals(findGrid(sheet([10], [10]), { x: 0, y: 0, width: 800, height: 600 }), null);
});

Deno.test("a window reaching past the screen's edges has its grid found in the part on screen", () => {
  // A spreadsheet window taller and wider than the screen (its frame 800 by 600 pixels).
  const grid = findGrid(sheet(XS, YS), { x: -100, y: -40, width: 1200, height: 2000 });
  assert(grid, "no grid");
  assertEquals(grid.xs, XS);
  assertEquals(grid.ys, YS);
  assertEquals(findGrid(sheet(XS, YS), { x: 900, y: 0, width: 300, height: 600 }), null);
});

Deno.test("bands are named from the sheet's header, so a cell answers to its address", () => {
  const grid = findGrid(sheet(XS, YS), { x: 0, y: 0, width: 800, height: 600 })!;
  // Column letters above the first row, row numbers left of the first column (one misread: "Al").
  const header = [el("A", 105, 84), el("B", 205, 84), el("C", 305, 84), el("D", 405, 84)];
  const numbers = ["1", "2", "3", "Al", "5"].map((n, i) => el(n, 40, YS[i] + 3));
  const seen = nameBands(grid, [...header, ...numbers]);
  assertEquals(seen.columns, ["A", "B", "C", "D"]);
  assertEquals(seen.rows?.slice(0, 5), ["1", "2", "3", "4", "5"]);
  assertEquals(cellBox(seen, "C4"), { x: 260, y: 154, width: 100, height: 18 });
  assertEquals(cellBox(seen, "$b$2"), { x: 160, y: 118, width: 100, height: 18 });
  assertEquals(cellBox(seen, "E1"), null);
  assertEquals(parseAddress("Robusta"), null);
});

Deno.test("a grid is read as cells: each text in the cell of its left edge, one line per row", () => {
  const grid = nameBands(findGrid(sheet(XS, YS), { x: 0, y: 0, width: 800, height: 600 })!, [
    el("A", 105, 84),
    el("1", 40, 103),
  ]);
  const rows = [["Item", "Price", "Stock"], ["Arabica", "12.5", "40"], ["Robusta", "5.9", "125"], [
    "Mundo Novo",
    "9.35",
    "75",
  ]];
  const elements = rows.flatMap((r, i) =>
    r.map((t, j) =>
      // Numbers are right-aligned in their cells, text left-aligned; "Mundo Novo" is two words.
      /^\d/.test(t) ? el(t, XS[j + 1] - 4 - 7 * t.length, YS[i] + 3) : el(t, XS[j] + 3, YS[i] + 3)
    )
  );
  const read = readGrid(grid, elements);
  assert(read);
  assertEquals(read.cells, rows);
  assertEquals(read.columns, ["A", "B", "C"]);
  assertEquals(read.rows, ["1", "2", "3", "4"]);
  assertEquals(gridLines(read)[0], "  | A          | B     | C");
  assertEquals(gridLines(read)[4], "4 | Mundo Novo | 9.35  | 75");
  // Fewer than four filled cells are no table.
  assertEquals(readGrid(grid, elements.slice(0, 3)), null);
});

Deno.test("a column's numbers share one decimal separator: a comma's lost tail is given back", () => {
  const cells = [["Price"], ["12,5"], ["5.9"], ["18,75"], ["1.250"], ["7"]];
  unifyDecimalSeparator(cells, 0);
  assertEquals(cells.map((r) => r[0]), ["Price", "12,5", "5,9", "18,75", "1.250", "7"]);
  // A column of points (one comma read by mistake) stays with points.
  const points = [["12.5"], ["5,9"], ["18.75"], ["3.1"]];
  unifyDecimalSeparator(points, 0);
  assertEquals(points.map((r) => r[0]), ["12.5", "5.9", "18.75", "3.1"]);
});

Deno.test("words are grouped within a grid's columns: no element runs across a rule", () => {
  const w = (text: string, x: number): OcrWord => ({ text, x, y: 103, w: 7 * text.length, h: 12, conf: 0.9 });
  // A text clipped at the rule at 160 and the next cell's number starting four pixels on.
  const words = [w("Philippi", 104), w("18.75", 164), w("8", 300)];
  const grouped = groupInColumns(words, XS).map((e) => e.text);
  assertEquals(grouped, ["Philippi", "18.75", "8"]);
});
