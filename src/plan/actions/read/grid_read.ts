/**
 * Reading a grid (a spreadsheet, a table view) as cells: the look read the
 * grid's cells apart from the rest of the window, with its rules and cell
 * cursor painted out (perceive/grid_look.ts); here each word is put in the
 * cell its left edge falls in, and rows and columns are named by the sheet's
 * own header where it was read.
 *
 * @module
 */

import type { Rect } from "../../../common/rect.ts";
import type { Element } from "../../../ocr/types.ts";
import { cellAt, gridArea, type SeenGrid } from "../../../perceive/grid_cells.ts";

/** A grid read as cells. */
export interface GridReading {
  /** Cell texts by row then column ("" for an empty cell), as far as the last filled row and column. */
  cells: string[][];
  /** Column names (A, B, …) when the sheet's header was read, else 1-based numbers. */
  columns: string[];
  /** Row names (1, 2, …) when the sheet's header was read, else 1-based numbers. */
  rows: string[];
  /** The area of the screen the grid covers. */
  area: Rect;
}

/** Fewest filled cells for a grid to be read as one (an empty sheet's rules are no table). */
const MIN_FILLED = 4;

/** The cells of `grid` from the look's `elements`, or null when fewer than {@link MIN_FILLED} are filled. */
export function readGrid(grid: SeenGrid, elements: readonly Element[]): GridReading | null {
  const area = gridArea(grid);
  const byCell = new Map<string, { x: number; text: string }[]>();
  let lastRow = -1, lastCol = -1;
  for (const e of elements) {
    // Text starts in the cell of its left edge (right-aligned numbers too); text running over
    // into empty neighbours stays in its own cell.
    const c = cellAt(grid, e.x + 2, e.cy);
    if (!c || !/[\p{L}\p{N}]/u.test(e.text)) continue;
    const k = `${c.row},${c.col}`;
    byCell.set(k, [...(byCell.get(k) ?? []), { x: e.x, text: e.text }]);
    lastRow = Math.max(lastRow, c.row);
    lastCol = Math.max(lastCol, c.col);
  }
  if (byCell.size < MIN_FILLED) return null;
  const cells = Array.from(
    { length: lastRow + 1 },
    (_, r) =>
      Array.from(
        { length: lastCol + 1 },
        (_, c) => (byCell.get(`${r},${c}`) ?? []).sort((a, b) => a.x - b.x).map((e) => e.text).join(" "),
      ),
  );
  for (let c = 0; c <= lastCol; c++) unifyDecimalSeparator(cells, c);
  const number = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
  return {
    cells,
    columns: grid.columns?.slice(0, lastCol + 1) ?? number(lastCol + 1),
    rows: grid.rows?.slice(0, lastRow + 1) ?? number(lastRow + 1),
    area,
  };
}

/** A number with one separator and not three digits after it: the separator is a decimal one. */
const DECIMAL = /^(-?\d+)([.,])(\d{1,2}|\d{4,})$/;

/**
 * Gives every number of a column one decimal separator: a sheet writes them
 * in one locale, and OCR reads a decimal comma as a point when it misses the
 * comma's tail beside a rule (seldom the other way), so two commas make a
 * comma column.
 */
export function unifyDecimalSeparator(cells: string[][], col: number): void {
  const seps = cells.map((r) => DECIMAL.exec(r[col] ?? "")?.[2]).filter((s): s is string => s !== undefined);
  const commas = seps.filter((s) => s === ",").length;
  if (seps.length < 3 || commas === 0 || commas === seps.length) return;
  const want = commas >= 2 ? "," : ".";
  for (const r of cells) {
    const m = DECIMAL.exec(r[col] ?? "");
    if (m && m[2] !== want) r[col] = `${m[1]}${want}${m[3]}`;
  }
}

/**
 * A grid as lines of columns: a header line of column names, then one line
 * per row, its name first, cells separated by " | " and padded so columns
 * line up.
 */
export function gridLines(g: GridReading): string[] {
  const table = [["", ...g.columns], ...g.cells.map((row, i) => [g.rows[i], ...row])];
  const widths = table[0].map((_, j) => Math.max(...table.map((r) => [...(r[j] ?? "")].length)));
  return table.map((r) => r.map((c, j) => (c ?? "").padEnd(widths[j])).join(" | ").trimEnd());
}
