/**
 * Grids: a spreadsheet or a table view drawn as cells between thin lines.
 * Such a view is no prose: OCR run over it joins neighbouring cells, loses
 * decimal points next to the lines and reads the cell cursor's border as a
 * letter. Here the lines are found first, from their pixels: rows of one
 * colour running across most of the view (horizontal rules) and columns of
 * the same colour running down it (vertical rules), spaced like a table.
 * The cells are the boxes between them, and `cleanGrid` paints the rules,
 * the cursor's border over them and spell-check squiggles with the ground,
 * so each cell reads on its own.
 *
 * @module
 */

import { clampRect, type Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";

/** A grid found in a region. */
export interface Grid {
  /** x of each vertical rule, left to right (screen pixels). */
  xs: number[];
  /** y of each horizontal rule, top to bottom. */
  ys: number[];
  /** The rules' colour. */
  color: [number, number, number];
  /** The cells' ground. */
  ground: [number, number, number];
}

/** Fewest rules each way for a grid: three rows of cells, two columns. */
const MIN_ROWS = 4;
const MIN_COLS = 3;
/** Share of the region a rule must run across, unbroken but for text spilling over it. */
const RULE_SHARE = 0.35;
/** Closest two rules of one direction may be: a cell is at least this tall or wide. */
const MIN_CELL = 10;

/** The longest single-colour run along one row or column. */
interface Run {
  len: number;
  color: number;
  /** Where it starts (x for a row, y for a column). */
  start: number;
}

const key = (d: Uint8Array, i: number) => (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];

/** A pixel's red, green and blue as one 32-bit word reads them (little-endian RGBA), alpha left out. */
const RGB_BITS = 0xffffff;
/** The `key` of a pixel from its word masked with `RGB_BITS`. */
const keyOfWord = (m: number) => ((m & 255) << 16) | (m & 0xff00) | (m >>> 16);

/** The frame's pixels as 32-bit words, or null when its bytes do not line up. */
function wordsOf(img: RgbaImage): Uint32Array | null {
  const d = img.data;
  return d.byteOffset % 4 === 0 ? new Uint32Array(d.buffer, d.byteOffset, img.width * img.height) : null;
}

/**
 * The longest run of one colour along each row (horizontal) or each column
 * (vertical) of a region, with that colour. Both walk the pixels row by row,
 * as they lie in memory; down the columns, each column keeps its own run.
 */
function longestRuns(img: RgbaImage, r: Rect, horizontal: boolean): Run[] {
  const px = wordsOf(img);
  if (px) return horizontal ? wordRunsAcross(px, img.width, r) : wordRunsDown(px, img.width, r);
  return horizontal ? runsAcross(img, r) : runsDown(img, r);
}

/** `runsAcross` on the frame's words: colours compared a pixel at a time, the key made for a new best only. */
function wordRunsAcross(px: Uint32Array, width: number, r: Rect): Run[] {
  const out: Run[] = [];
  for (let o = 0; o < r.height; o++) out.push(wordRunAcross(px, (r.y + o) * width + r.x, r.width, r.x));
  return out;
}

/**
 * The longest run along the `n` words of one row from `i` (`x` its first
 * column). A function a row, as `wordRunDown`'s rows are, for V8's sake: see there.
 */
function wordRunAcross(px: Uint32Array, i: number, n: number, x: number): Run {
  let best = 0, bestColor = -1, run = 0, prev = -1, bestStart = 0;
  for (let k = 0; k < n; k++, i++) {
    const c = px[i] & RGB_BITS;
    run = c === prev ? run + 1 : 1;
    prev = c;
    if (run > best) {
      best = run;
      bestColor = c;
      bestStart = x + k - run + 1;
    }
  }
  return { len: best, color: bestColor < 0 ? -1 : keyOfWord(bestColor), start: bestStart };
}

/** `runsDown` on the frame's words. */
function wordRunsDown(px: Uint32Array, width: number, r: Rect): Run[] {
  const n = r.width;
  const best = new Int32Array(n), bestColor = new Int32Array(n).fill(-1), bestStart = new Int32Array(n);
  const run = new Int32Array(n), prev = new Int32Array(n).fill(-1);
  const columns = { best, bestColor, bestStart, run, prev };
  for (let k = 0; k < r.height; k++) wordRunDown(px, (r.y + k) * width + r.x, r.y + k, columns);
  return Array.from(
    { length: n },
    (_, o) => ({ len: best[o], color: bestColor[o] < 0 ? -1 : keyOfWord(bestColor[o]), start: bestStart[o] }),
  );
}

/** Each column's run so far, and its longest, as `wordRunsDown` walks the rows. */
interface ColumnRuns {
  best: Int32Array;
  bestColor: Int32Array;
  bestStart: Int32Array;
  run: Int32Array;
  prev: Int32Array;
}

/**
 * One row of `wordRunsDown` (its words from `i`, at frame row `y`). A function a row, not an inner loop:
 * called once a look with the rows nested in it, V8 runs the walk from the interpreter, compiles the
 * inner loop on the stack and leaves it at every row's end (over two hundred deoptimisations a look);
 * called once a row, it is compiled whole and stays so.
 */
function wordRunDown(px: Uint32Array, i: number, y: number, c: ColumnRuns): void {
  const { best, bestColor, bestStart, run, prev } = c;
  for (let o = 0, n = best.length; o < n; o++, i++) {
    const v = px[i] & RGB_BITS;
    const len = v === prev[o] ? run[o] + 1 : 1;
    run[o] = len;
    prev[o] = v;
    if (len > best[o]) {
      best[o] = len;
      bestColor[o] = v;
      bestStart[o] = y - len + 1;
    }
  }
}

function runsAcross(img: RgbaImage, r: Rect): Run[] {
  const d = img.data;
  const out: Run[] = [];
  for (let o = 0; o < r.height; o++) {
    let best = 0, bestColor = -1, run = 0, prev = -1, bestStart = 0;
    for (let k = 0, i = ((r.y + o) * img.width + r.x) * 4; k < r.width; k++, i += 4) {
      const c = key(d, i);
      run = c === prev ? run + 1 : 1;
      prev = c;
      if (run > best) {
        best = run;
        bestColor = c;
        bestStart = r.x + k - run + 1;
      }
    }
    out.push({ len: best, color: bestColor, start: bestStart });
  }
  return out;
}

function runsDown(img: RgbaImage, r: Rect): Run[] {
  const d = img.data;
  const n = r.width;
  const best = new Int32Array(n), bestColor = new Int32Array(n).fill(-1), bestStart = new Int32Array(n);
  const run = new Int32Array(n), prev = new Int32Array(n).fill(-1);
  for (let k = 0; k < r.height; k++) {
    for (let o = 0, i = ((r.y + k) * img.width + r.x) * 4; o < n; o++, i += 4) {
      const c = key(d, i);
      const len = c === prev[o] ? run[o] + 1 : 1;
      run[o] = len;
      prev[o] = c;
      if (len > best[o]) {
        best[o] = len;
        bestColor[o] = c;
        bestStart[o] = r.y + k - len + 1;
      }
    }
  }
  return Array.from({ length: n }, (_, o) => ({ len: best[o], color: bestColor[o], start: bestStart[o] }));
}

/** The most common colour of the region: the ground (a run of one colour is counted at once). */
function groundOf(img: RgbaImage, r: Rect): number {
  const counts = new Map<number, number>();
  const d = img.data;
  for (let y = r.y; y < r.y + r.height; y += 2) {
    let c = -1, n = 0;
    for (let x = r.x; x < r.x + r.width; x += 2) {
      const k = key(d, (y * img.width + x) * 4);
      if (k === c) {
        n++;
        continue;
      }
      if (n) counts.set(c, (counts.get(c) ?? 0) + n);
      c = k;
      n = 1;
    }
    if (n) counts.set(c, (counts.get(c) ?? 0) + n);
  }
  let best = 0, bestC = 0xffffff;
  for (const [c, n] of counts) if (n > best) [best, bestC] = [n, c];
  return bestC;
}

const rgb = (c: number): [number, number, number] => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

/** Positions whose run in `color` is long enough, neighbours closer than a cell merged to the first. */
function rules(runs: Run[], color: number, min: number, origin: number): { at: number; run: Run }[] {
  const out: { at: number; run: Run }[] = [];
  const long = (i: number) => i >= 0 && i < runs.length && runs[i].color === color && runs[i].len >= min;
  runs.forEach((r, i) => {
    if (r.color !== color || r.len < min) return;
    // A rule is thin: a filled band (a status bar, a header strip) is long runs row after row.
    if (long(i - 2) || long(i + 2)) return;
    if (out.length && origin + i - out[out.length - 1].at < MIN_CELL) return;
    out.push({ at: origin + i, run: r });
  });
  return out;
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];

/** The most common value: where most rules start, whatever text spills over some of them. */
function mode(v: number[]): number {
  const n = new Map<number, number>();
  for (const x of v) n.set(x, (n.get(x) ?? 0) + 1);
  let best = v[0], bestN = 0;
  for (const [x, c] of n) if (c > bestN || (c === bestN && x < best)) [best, bestN] = [x, c];
  return best;
}

/**
 * The longest chain of rules spaced like rows of one table: no gap wider
 * than {@link MAX_ROW_SPAN} typical rows (a toolbar's separator above the
 * sheet is no row of it).
 */
function chain(at: number[]): number[] {
  if (at.length < 2) return at;
  const gaps = at.slice(1).map((a, i) => a - at[i]);
  const typical = median(gaps);
  let best: number[] = [], cur = [at[0]];
  for (let i = 1; i < at.length; i++) {
    if (at[i] - at[i - 1] <= MAX_ROW_SPAN * typical) cur.push(at[i]);
    else cur = [at[i]];
    if (cur.length > best.length) best = [...cur];
  }
  return best.length ? best : [at[0]];
}

/** Widest gap between rules of one table, in typical rows; a wider one (a toolbar above a sheet) breaks it. */
const MAX_ROW_SPAN = 1.6;

/**
 * Finds a grid in `region` (the part of it on the frame): the colour that draws the most long runs both ways
 * (not the ground), its rules, and the ground between them. The first and
 * last rule each way are where the rules of the other direction start and
 * end (a sheet's row and column headers border it in another colour). Null
 * when no colour draws at least {@link MIN_ROWS} horizontal and
 * {@link MIN_COLS} vertical rules.
 */
export function findGrid(img: RgbaImage, region: Rect): Grid | null {
  // A window reaching past the screen's edge has no pixels there: reading past the frame would take the
  // next row's pixels for the rest of a row, and leave these loops slow for every later look (V8
  // deoptimises them: 10 ms a look instead of 3 on a full screen).
  const r = clampRect(region, img.width, img.height);
  if (!r.width || !r.height) return null;
  const ground = groundOf(img, r);
  const across = longestRuns(img, r, true);
  const minAcross = r.width * RULE_SHARE;
  const minDown = r.height * RULE_SHARE;
  const colors = new Set<number>();
  for (const run of across) if (run.len >= minAcross && run.color !== ground) colors.add(run.color);
  // A colour's rows end up its chain of rules, less some, and at most one more (where its columns start):
  // a chain shorter than MIN_ROWS - 1 makes no grid, whatever its columns, and they need not be walked.
  const chained = [...colors].map((color) => {
    const h = rules(across, color, minAcross, r.y);
    return { color, h, ys: chain(h.map((x) => x.at)) };
  }).filter((c) => c.ys.length >= MIN_ROWS - 1);
  if (!chained.length) return null;
  const down = longestRuns(img, r, false);
  let best: Grid | null = null;
  let bestCells = 0;
  for (const { color, h, ys: rows } of chained) {
    const v = rules(down, color, minDown, r.x);
    let ys = rows;
    if (ys.length < 2 || v.length < 1) continue;
    // Vertical rules that reach down through the chosen rows only; their ends bound the rows.
    const mid = ys[ys.length >> 1];
    const vs = v.filter((x) => x.run.start <= mid && x.run.start + x.run.len >= mid);
    // Rows start where the columns' rules start (below a sheet's column header).
    ys = ys.filter((y) => vs.length === 0 || y >= mode(vs.map((x) => x.run.start)) - 1);
    const hs = h.filter((x) => ys.includes(x.at));
    const left = mode(hs.map((x) => x.run.start));
    const right = mode(hs.map((x) => x.run.start + x.run.len - 1));
    const xs = [
      ...new Set([
        left,
        ...vs.map((x) => x.at).filter((x) => x > left + MIN_CELL && x < right - MIN_CELL),
        right,
      ]),
    ];
    const top = vs.length ? mode(vs.map((x) => x.run.start)) : ys[0];
    if (top < ys[0] - MIN_CELL && ys.length > 1 && ys[0] - top <= MAX_ROW_SPAN * (ys[1] - ys[0])) {
      ys = [top, ...ys];
    }
    if (ys.length < MIN_ROWS || xs.length < MIN_COLS) continue;
    const cells = (ys.length - 1) * (xs.length - 1);
    if (cells > bestCells) {
      bestCells = cells;
      best = { xs, ys, color: rgb(color), ground: rgb(ground) };
    }
  }
  return best;
}

/**
 * A copy of `img` in which, inside the grid, the rules (and a pixel either
 * side, where a cell cursor draws its thick border), a cursor's fill handle
 * and red spell-check squiggles are painted with the cells' ground, so that
 * every cell's text stands alone for OCR.
 */
export function cleanGrid(img: RgbaImage, grid: Grid): RgbaImage {
  const data = new Uint8Array(img.data);
  const out = { width: img.width, height: img.height, data };
  const [gr, gg, gb] = grid.ground;
  const paint = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    data[i] = gr, data[i + 1] = gg, data[i + 2] = gb;
  };
  const x0 = grid.xs[0], x1 = grid.xs[grid.xs.length - 1];
  const y0 = grid.ys[0], y1 = grid.ys[grid.ys.length - 1];
  const d = img.data;
  const colorAt = (x: number, y: number) => key(d, (y * img.width + x) * 4);
  const groundKey = (gr << 16) | (gg << 8) | gb;
  // Along each rule and a pixel or two either side: runs of one colour far longer than any
  // stroke of a letter (the rule, a cursor's border). Letters touching the rule stay.
  const sweep = (along: number[], horizontal: boolean, from: number, to: number, min: number) => {
    for (const at of along) {
      for (let off = -2; off <= 2; off++) {
        let start = from, prev = -1;
        for (let k = from; k <= to + 1; k++) {
          const x = horizontal ? k : at + off, y = horizontal ? at + off : k;
          const c = k <= to && x >= 0 && y >= 0 && x < img.width && y < img.height ? colorAt(x, y) : -2;
          if (c === prev) continue;
          if (prev !== -1 && prev !== groundKey && k - start >= min) {
            for (let j = start; j < k; j++) horizontal ? paint(j, at + off) : paint(at + off, j);
          }
          start = k;
          prev = c;
        }
      }
    }
  };
  // A cell cursor's fill handle: a small square on the corner of the cell it marks.
  for (const gx of grid.xs) {
    for (const gy of grid.ys) {
      for (let y = Math.max(0, gy - 3); y <= gy + 3; y++) {
        for (let x = Math.max(0, gx - 3); x <= gx + 3; x++) {
          // Coloured, unlike text: the handle takes the selection's colour.
          const i = (y * img.width + x) * 4;
          if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) paint(x, y);
        }
      }
    }
  }
  const rowHeight = median(grid.ys.slice(1).map((y, i) => y - grid.ys[i]));
  sweep(grid.ys, true, x0, x1, 20);
  // A descender reaching over a rule would join its row to the next one: the rule's own row and
  // the one below it are painted whole (the tip of a "y" is worth less than the row it would join).
  for (const y of grid.ys) for (let x = x0; x <= x1; x++) for (const dy of [0, 1]) paint(x, y + dy);
  sweep(grid.xs, false, y0, y1, Math.max(8, Math.round(rowHeight * 0.8)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = (y * img.width + x) * 4;
      const [R, G, B] = [data[i], data[i + 1], data[i + 2]];
      if (R > 170 && R - G > 50 && R - B > 50) paint(x, y);
    }
  }
  return out;
}
