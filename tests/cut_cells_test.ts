/**
 * Word pieces less the character a view's edge cuts in half
 * (src/ocr/cache/cut_cells.ts): the rule on made-up cells, the lines put
 * off carrying the pieces without it, and a real capture of mousepad whose
 * long lines run off its window's edge, read by a fresh pipeline.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { leftOfCut, withoutCutCells, withoutCutChars } from "../src/ocr/cache/cut_cells.ts";
import { type Piece, WordCache } from "../src/ocr/cache/word_cache.ts";
import { deferRepeats } from "../src/ocr/deferral.ts";
import { decodeImage } from "../src/image/codec.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { CUT_CONF } from "../src/ocr/lines/cut_sides.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import { countingEngine } from "./support/counting_engine.ts";
import { cellPiece as piece } from "./support/cell_pieces.ts";

const chars = (p: Piece) => p.cells!.keys.map((k) => k.slice(5)).join("");

/** "over bre" from column 0: a line whose last cell the view's edge cuts. */
const over = () => [piece("over", 0), piece("bre", 45)];
const lineOf = (pieces: Piece[]) => ({ x: 0, y: 0, w: pieces.at(-1)!.x + pieces.at(-1)!.w, h: 14 });

Deno.test("the cell at a cut side leaves the piece that ends there; nothing else changes", () => {
  const pieces = over(), line = lineOf(pieces);
  const right = withoutCutCells(pieces, line, { left: false, right: true });
  assertEquals(right.map(chars), ["over", "br"]);
  assertEquals(right[0], pieces[0]);
  assertEquals([right[1].x, right[1].w, right[1].cells!.x], [45, 18, 45]);
  assert(right[1].key !== pieces[1].key, "the shorter piece has a key of its own");
  assertEquals(withoutCutCells(pieces, line, { left: true, right: false }).map(chars), ["ver", "bre"]);
  assertEquals(withoutCutCells(pieces, line, { left: true, right: true }).map(chars), ["ver", "br"]);
  // Nothing cut: the very same pieces.
  assert(withoutCutCells(pieces, line, { left: false, right: false }) === pieces);
});

Deno.test("a lone cut character, a piece short of the line's end, ink past its cells, or no cells: all whole", () => {
  const lone = [piece("over", 0), piece("b", 45)];
  assert(withoutCutCells(lone, lineOf(lone), { left: false, right: true }) === lone);
  // The line reaches on past the last piece (its ink there too faint for a piece): that piece is not at the cut.
  const pieces = over();
  const longer = { ...lineOf(pieces), w: lineOf(pieces).w + 6 };
  assert(withoutCutCells(pieces, longer, { left: false, right: true }) === pieces);
  // A sliver of ink past the last cell, too faint for a cell of its own: the cut is past the cells, all whole.
  const sliver = [piece("over", 0), { ...piece("bre", 45), w: 29 }];
  assert(withoutCutCells(sliver, lineOf(sliver), { left: false, right: true }) === sliver);
  const plain: Piece[] = [{ x: 0, y: 0, w: 30, h: 14, key: "p" }];
  assert(withoutCutCells(plain, lineOf(plain), { left: true, right: true }) === plain);
});

Deno.test("a line put off carries its pieces less the cut cell: nothing is read ahead for it", () => {
  // Four lines: the first teaches o, v, e, r, b; the others end in a cut cell no line shows whole.
  const texts = [["over", "bore"], ["over", "brx"], ["rove", "oby"], ["bore", "ovz"]];
  const misses = texts.map((words, i) => {
    const pieces = words.map((w, k) => piece(w, k * 45));
    return { pieces, read: { line: lineOf(pieces) }, cut: i > 0, drawn: undefined as Piece[] | undefined };
  });
  const toRead = misses.map((m) => leftOfCut(m, { left: false, right: m.cut }));
  assert(toRead[0] === misses[0], "a line no edge cuts is the same line");
  assertEquals(toRead[1].drawn, misses[1].pieces);
  const { first, later, ahead } = deferRepeats(toRead, new WordCache());
  assertEquals(first, [misses[0]]);
  assertEquals(later.map((m) => m.pieces.map(chars)), [["over", "br"], ["rove", "ob"], ["bore", "ov"]]);
  assertEquals(ahead, []);
  // Without the rule, each cut piece is read ahead.
  assertEquals(deferRepeats(misses, new WordCache()).ahead.map((a) => chars(a.piece)), ["brx", "oby", "ovz"]);
});

Deno.test("a line read whole loses the cut cell's character when its word has one per cell", () => {
  const drawn = over(), line = lineOf(drawn);
  const kept = withoutCutCells(drawn, line, { left: false, right: true });
  const word = (text: string, x: number, w: number): OcrWord => ({ text, conf: 0.95, x, y: 1, w, h: 12 });
  // "bc" (a cut "o" read as "c") over two cells: "b", in the first cell's box.
  assertEquals(withoutCutChars([word("over", 0, 36), word("bre", 45, 27)], line, drawn, kept), [
    word("over", 0, 36),
    word("br", 45, 18),
  ]);
  // Characters run together or split (two letters for three cells): kept as read, listed unsure later.
  assertEquals(withoutCutChars([word("bc", 45, 27)], line, drawn, kept), [word("bc", 45, 27)]);
  // The left side: the first character goes.
  const fromLeft = withoutCutCells(drawn, line, { left: true, right: false });
  assertEquals(withoutCutChars([word("over", 0, 36)], line, drawn, fromLeft), [word("ver", 9, 27)]);
});

/** The words of one line of a read (within 4 px of `w`'s centre height), left to right. */
const lineAround = (words: readonly OcrWord[], w: OcrWord) =>
  words.filter((o) => Math.abs(o.y + o.h / 2 - (w.y + w.h / 2)) <= 4).sort((a, b) => a.x - b.x);

Deno.test("on a real capture, a word cut by the window's edge is what it shows of the word, unsure", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const text = await Deno.readTextFile(new URL("../bench/fixtures/prose40.txt", import.meta.url));
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  const tesseract = new TesseractEngine(2);
  try {
    const edged = countingEngine(tesseract);
    const read = await new ScreenPipeline(edged).run(frame, whole, { unsureAtEdges: true });
    const words = read.words;
    // A line's words; the single-character pass's guesses at a cut character are capped apart (cut_sides_test.ts).
    const scan = read.charScan;
    const inScan = (w: OcrWord) =>
      !!scan && w.x >= scan.x && w.y >= scan.y && w.x + w.w <= scan.x + scan.width &&
      w.y + w.h <= scan.y + scan.height;
    // A lone cut character, all that shows of its word, is read as it is ("ship" cut after its "s").
    const capped = words.filter((w) =>
      w.conf <= CUT_CONF && w.x + w.w >= 1030 && !inScan(w) && w.text.length > 1
    );
    assert(capped.length >= 6, `only ${capped.length} cut words: ${capped.map((w) => w.text)}`);
    for (const w of capped) {
      // The word before it on its line, and the file's word there, which the cut word begins.
      const row = lineAround(words, w);
      const before = row[row.indexOf(w) - 1];
      assert(before, `${w.text} has no word before it`);
      const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const found = new RegExp(`${escaped(before.text)} ${escaped(w.text)}`).test(text);
      assert(found, `"${before.text} ${w.text}": the file has no word after "${before.text}" that begins so`);
    }
    // The same read without looking for edges reads the cut characters too: it sends more pixels.
    const plain = countingEngine(tesseract);
    await new ScreenPipeline(plain).run(frame, whole);
    assert(edged.pixels < plain.pixels, `${edged.pixels} pixels sent against ${plain.pixels}`);
  } finally {
    await tesseract.close();
  }
});
