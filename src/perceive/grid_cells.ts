/**
 * The cells of a grid found in a window (grid.ts): which cell holds a
 * point, and the names a spreadsheet gives its bands, read from its own
 * header (column letters above the first row, row numbers left of the first
 * column), so a cell can be named by its address ("B3") as the Name Box
 * names it.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import type { Element } from "../ocr/types.ts";
import type { Grid } from "./grid.ts";

/** A grid as a look saw it: its rules, and its bands' names where the sheet's header was read. */
export interface SeenGrid extends Grid {
  /** Column names (A, B, …) left to right, or null when no column letter was read. */
  columns: string[] | null;
  /** Row names (1, 2, …) top to bottom, or null when no row number was read. */
  rows: string[] | null;
}

/** How far above the first rule a column letter is looked for, and left of the first column a row number. */
const HEADER_REACH = { above: 30, left: 60 };

/** The cell holding a point, as 0-based row and column indexes into the grid's bands; null outside. */
export function cellAt(grid: Grid, x: number, y: number): { row: number; col: number } | null {
  const col = grid.xs.findIndex((gx, i) => i + 1 < grid.xs.length && x >= gx && x < grid.xs[i + 1]);
  const row = grid.ys.findIndex((gy, i) => i + 1 < grid.ys.length && y >= gy && y < grid.ys[i + 1]);
  return col < 0 || row < 0 ? null : { row, col };
}

/** The area a grid's cells cover. */
export function gridArea(grid: Grid): Rect {
  const x = grid.xs[0], y = grid.ys[0];
  return { x, y, width: grid.xs[grid.xs.length - 1] - x, height: grid.ys[grid.ys.length - 1] - y };
}

/** Spreadsheet column name of a 0-based index: A … Z, AA … */
export function columnName(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Index of a column name (A → 0), or -1. */
function columnIndex(name: string): number {
  if (!/^[A-Z]{1,3}$/.test(name)) return -1;
  return [...name].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The value most votes agree on, or null without votes. */
function majority(votes: number[]): number | null {
  const n = new Map<number, number>();
  for (const v of votes) n.set(v, (n.get(v) ?? 0) + 1);
  let best: number | null = null, bestN = 0;
  for (const [v, c] of n) if (c > bestN) [best, bestN] = [v, c];
  return best;
}

/**
 * Names a grid's bands from the header texts among `elements`: each column
 * letter read over a column, and each row number beside a row, votes for
 * where the naming starts (a sheet scrolled to column C starts at C), so one
 * misread header does not shift the others.
 */
export function nameBands(grid: Grid, elements: readonly Element[]): SeenGrid {
  const colVotes: number[] = [], rowVotes: number[] = [];
  for (const e of elements) {
    const text = e.text.trim();
    if (e.cy < grid.ys[0] && e.cy >= grid.ys[0] - HEADER_REACH.above) {
      const c = cellAt(grid, e.cx, grid.ys[0] + 1);
      const idx = columnIndex(text);
      if (c && idx >= 0) colVotes.push(idx - c.col);
    }
    if (e.cx < grid.xs[0] && e.cx >= grid.xs[0] - HEADER_REACH.left && /^\d{1,7}$/.test(text)) {
      const r = cellAt(grid, grid.xs[0] + 1, e.cy);
      if (r) rowVotes.push(Number(text) - r.row);
    }
  }
  const colBase = majority(colVotes), rowBase = majority(rowVotes);
  const nCols = grid.xs.length - 1, nRows = grid.ys.length - 1;
  return {
    ...grid,
    columns: colBase === null || colBase < 0
      ? null
      : Array.from({ length: nCols }, (_, j) => columnName(colBase + j)),
    rows: rowBase === null || rowBase < 1
      ? null
      : Array.from({ length: nRows }, (_, i) => String(rowBase + i)),
  };
}

/** A cell address as a spreadsheet writes it ("B3", "$B$3", "aa10"), split; null for any other text. */
export function parseAddress(text: string): { column: string; row: string } | null {
  const m = /^\s*\$?([A-Za-z]{1,3})\$?(\d{1,7})\s*$/.exec(text);
  return m ? { column: m[1].toUpperCase(), row: String(Number(m[2])) } : null;
}

/** The box of the cell an address names, when the grid's bands are named and the cell is in view. */
export function cellBox(grid: SeenGrid, address: string): Rect | null {
  const a = parseAddress(address);
  if (!a || !grid.columns || !grid.rows) return null;
  const col = grid.columns.indexOf(a.column), row = grid.rows.indexOf(a.row);
  if (col < 0 || row < 0) return null;
  return {
    x: grid.xs[col],
    y: grid.ys[row],
    width: grid.xs[col + 1] - grid.xs[col],
    height: grid.ys[row + 1] - grid.ys[row],
  };
}
