/**
 * Fixed-pitch text spelled from characters read before: on a real capture of
 * an editor every character has one pixel pattern on one grid, the cells are
 * learned only from sure readings on a proved grid, and a prose screen reads
 * its words with a fraction of the recogniser's work.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readEveryLineAndAsUsual } from "./support/counting_engine.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import { findTextLines, rowHeight } from "../src/ocr/lines/find.ts";
import { cellGrid, CharCells, LEARN_CONF, pieceCells } from "../src/ocr/cache/char_cells.ts";
import { linePieces, type Piece, WordCache } from "../src/ocr/cache/word_cache.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const prose = await decodeImage(
  await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
);
const full = { x: 0, y: 0, width: prose.width, height: prose.height };
const truth = (await Deno.readTextFile(new URL("../bench/fixtures/prose40.txt", import.meta.url))).split(
  "\n",
);

Deno.test("an editor's text lines share one grid, and a character has the same cell wherever it stands", () => {
  const grey = greyOf(prose, full);
  const lines = findTextLines(grey);
  // The editor's text starts at x 402-404, under the menu bar and the warning banner.
  const text = lines.filter((l) => l.x >= 400 && l.x <= 405 && l.y > 265 && l.w > 500 && l.h >= 15);
  assert(text.length >= 18, `${text.length} text lines`);
  const grids = text.map((l) => cellGrid(grey, l));
  assert(grids.every((g) => g), "a text line without a grid");
  assertEquals(new Set(grids.map((g) => `${g!.pitch}:${g!.phase}`)).size, 1);
  const { pitch, phase } = grids[0]!;
  assertEquals(pitch, 9);
  // The proportional lines (the title, the menu bar, the banner) have none.
  for (const l of lines.filter((l) => l.y < 260 && l.w > 200)) assertEquals(cellGrid(grey, l), null);

  // In this capture the file's first row stands on row 282 of the screen, and rows are 18 px apart.
  const base0 = 282;
  const chars = new Map<string, Set<string>>();
  const keys = new Map<string, Set<string>>();
  text.forEach((line, i) => {
    const grid = grids[i]!;
    const row = truth[Math.round((grid.baseline - base0) / 18)];
    for (const piece of linePieces(grey, line, rowHeight(line))) {
      const cells = pieceCells(grey, line, grid, piece);
      assert(cells, `a piece at ${piece.x},${piece.y} has no cells`);
      // The piece's first inked cell: its ink starts one edge pixel right of the piece box.
      const k0 = Math.floor((piece.x + 1 - phase) / pitch) - Math.floor((403 - phase) / pitch);
      cells.forEach((key, k) => {
        const c = row[k0 + k];
        (keys.get(key) ?? keys.set(key, new Set()).get(key)!).add(c);
        (chars.get(c) ?? chars.set(c, new Set()).get(c)!).add(key);
      });
    }
  });
  const twoWays = [...keys.values()].filter((s) => s.size > 1).map((s) => [...s].join(""));
  assertEquals(twoWays, [], "a cell's pixels stand for two characters");
  assert(chars.size >= 45, `${chars.size} characters`);
  // A row's ink reaching into the next one gives a few characters a second pattern, no more.
  assert(keys.size <= chars.size * 1.6, `${keys.size} patterns for ${chars.size} characters`);
});

Deno.test("a character too faint to count as ink keeps its word from being spelled from cells", () => {
  // Twelve 9-pixel cells of dark bars on white, two words of six; the second word's last bar is pale.
  const width = 12 * 9 + 4, height = 16;
  const data = new Uint8Array(width * height).fill(255);
  for (let c = 0; c < 12; c++) {
    for (let y = 3 + (c % 3); y < 13; y++) {
      for (let x = 2 + c * 9 + 2; x < 2 + c * 9 + 7; x++) data[y * width + x] = c === 11 ? 225 : 40;
    }
  }
  const grey = { width, height, data };
  const line = { x: 0, y: 0, w: width, h: height, blobs: [] };
  const grid = cellGrid(grey, line);
  assert(grid, "no grid");
  assertEquals(grid.pitch, 9);
  // Piece boxes as line finding draws them: the ink and an edge pixel around it.
  assertEquals(pieceCells(grey, line, grid, { x: 3, y: 2, w: 52, h: 12 })?.length, 6);
  assertEquals(pieceCells(grey, line, grid, { x: 57, y: 2, w: 52, h: 12 }), null);
  // Without the pale bar the second word is five cells, as the first six are.
  assertEquals(pieceCells(grey, line, grid, { x: 57, y: 2, w: 43, h: 12 })?.length, 5);
});

/** A piece of `n` made-up cells named `${word}${i}`, on grid `grid`. */
function piece(word: string, x: number, grid = "9:7"): Piece {
  return {
    x,
    y: 0,
    w: word.length * 9,
    h: 14,
    key: `piece:${word}:${x}`,
    cells: { keys: [...word].map((c) => `cell:${c}`), grid, x, pitch: 9 },
  };
}
const read = (text: string, x: number, conf = 0.95): OcrWord => ({
  text,
  x,
  y: 0,
  w: text.length * 9,
  h: 14,
  conf,
});
const line = { x: 0, y: 0, w: 400, h: 14 };

Deno.test("a line read whole proves its grid and teaches its cells; a piece read alone teaches only on a proved grid", () => {
  // Alone, on a grid no line proved: nothing learned.
  const alone = new WordCache();
  alone.learn([piece("tide", 0)], line, [read("tide", 0)], 14);
  assertEquals(alone.chars.size, 0);
  // Three words with one character per cell prove it.
  const cache = new WordCache();
  const words = ["the", "tide", "was"];
  const pieces = words.map((w, i) => piece(w, i * 60));
  cache.learn(pieces, line, words.map((w, i) => read(w, i * 60)), 14);
  assert(cache.chars.size >= 7, `${cache.chars.size} cells`);
  // A word never read is spelled from them, in the piece's box less its edge pixel.
  const fresh = piece("sheet", 300);
  assertEquals(cache.lookup([fresh]), [[{ text: "sheet", conf: 0.95, x: 1, y: 1, w: 43, h: 12 }]]);
  assert(cache.covered(fresh, new Set()));
  // Now a piece read alone on that grid teaches too.
  cache.learn([piece("dog", 0)], line, [read("dog", 0)], 14);
  assertEquals(cache.lookup([piece("god", 100)])[0]?.[0].text, "god");
  // One unknown cell and it is not spelled; shown by a line being read, it is covered.
  const unknown = piece("zest", 0);
  assertEquals(cache.lookup([unknown]), [null]);
  assert(!cache.covered(unknown, new Set()));
  const shown = new Set<string>();
  cache.show(piece("z", 0), shown);
  assert(cache.covered(unknown, shown));
  // A cell read two ways counts as shown no more: its piece is read with the first lines.
  cache.learn([piece("g", 0)], line, [read("q", 0)], 14);
  assertEquals(cache.lookup([piece("god", 100)]), [null]);
  const withG = new Set<string>();
  cache.show(piece("g", 0), withG);
  assert(!cache.covered(piece("gas", 0), withG));
});

Deno.test("a line whose words do not fit its cells proves nothing, and an unsure word teaches nothing", () => {
  const cache = new WordCache();
  // The recogniser read more characters than the pieces have cells: the grid is a chance fit.
  const words = ["the", "tide", "was"];
  cache.learn(words.map((w, i) => piece(w, i * 60)), line, words.map((w, i) => read(`${w}s`, i * 60)), 14);
  assertEquals(cache.chars.size, 0);
  cache.learn([piece("dog", 0)], line, [read("dog", 0)], 14);
  assertEquals(cache.chars.size, 0, "a lone piece taught on an unproved grid");

  const cells = new CharCells();
  assert(!cells.learn(["a", "b"], read("ab", 0, LEARN_CONF - 0.01)));
  assertEquals(cells.size, 0);
});

Deno.test("a cell read as two characters is never spelled again", () => {
  const cells = new CharCells();
  assert(cells.learn(["c1", "c2", "c3"], read("ill", 0)));
  assertEquals(cells.spell(["c1", "c2"], { w: 20, h: 14 })?.text, "il");
  // The same pixels read as `1` elsewhere: the cell is ambiguous for good.
  cells.learn(["c1", "c4"], read("1x", 0));
  assertEquals(cells.spell(["c1", "c2"], { w: 20, h: 14 }), null);
  cells.learn(["c1", "c5"], read("iz", 0));
  assert(!cells.knows(["c1"]) && cells.refused("c1") && !cells.refused("c2"));
  assertEquals(cells.spell(["c2", "c3"], { w: 20, h: 14 })?.text, "ll");
});

/** The words of the file that the read found, counted once per occurrence, and the words read that are no word of it. */
function score(words: OcrWord[]): { found: number; stray: number } {
  const bag = new Map<string, number>();
  for (const w of truth.join(" ").split(/\s+/)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let found = 0, stray = 0;
  for (const w of words.filter((w) => w.y > 265 && w.x < 1030)) {
    const n = bag.get(w.text) ?? 0;
    if (n > 0) {
      found++;
      bag.set(w.text, n - 1);
    } else stray++;
  }
  return { found, stray };
}

Deno.test("a prose screen is spelled from the characters of its first lines: its words, for a fraction of the recogniser's work", async () => {
  const read = await readEveryLineAndAsUsual(prose);
  const cells = read.pipeline.words.chars.size;
  assert(cells >= 40, `${cells} cells learned`);
  const a = score(read.everyLine.words), b = score(read.usual.words);
  assert(a.found >= 240, `reading every line found ${a.found} words of the file`);
  assert(b.found >= a.found, `spelled ${b.found} words of the file, reading every line ${a.found}`);
  assert(b.stray <= a.stray, `spelled ${b.stray} stray words, reading every line ${a.stray}`);
  const { everyLine, usual } = read.pixels;
  assert(usual < everyLine * 0.6, `${usual} of ${everyLine} pixels`);
});
