/**
 * A fixed-pitch word read ahead for a character or two that no first line
 * shows is read in part: the new cells with known ones beside them. The
 * part teaches its cells only on a proved grid and when its known cells
 * read as they are known; the word is then spelled from its cells. On a
 * real capture of a prose page, the pieces read ahead send about a third
 * fewer columns.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { MIN_CELLS_SAVED, MIN_PART_CELLS, newCellsPart } from "../src/ocr/cache/cell_parts.ts";
import { linePieces, type Piece, WordCache } from "../src/ocr/cache/word_cache.ts";
import { deferRepeats } from "../src/ocr/deferral.ts";
import { findTextLines, rowHeight } from "../src/ocr/lines/find.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import { cellPiece as piece, PITCH } from "./support/cell_pieces.ts";

const read = (text: string, conf = 0.95): OcrWord => ({
  text,
  conf,
  x: 0,
  y: 0,
  w: text.length * PITCH,
  h: 14,
});
const line = { x: 0, y: 0, w: 400, h: 14 };

/** A cache whose grid a line of `words`, read surely, proved: their cells are known. */
function provedBy(words: string[]): WordCache {
  const cache = new WordCache();
  cache.learn(
    words.map((w, i) => piece(w, i * 60)),
    line,
    words.map((w, i) => ({ ...read(w), x: i * 60 })),
    14,
  );
  return cache;
}

/** The cell indices of `part` within `whole`. */
function span(whole: Piece, part: Piece | null): [number, number] | null {
  if (!part) return null;
  return [(part.x - whole.x) / PITCH, (part.x - whole.x + part.w) / PITCH - 1];
}

Deno.test("a part holds the new cells, a known cell each side, at least three cells, and saves two or more", () => {
  assertEquals(MIN_PART_CELLS, 3);
  assertEquals(MIN_CELLS_SAVED, 2);
  const word = piece("Thousands", 100);
  const isNew = (...chars: string[]) => (k: string) => chars.includes(k.slice(5));
  // A capital: it and the two letters after it.
  assertEquals(span(word, newCellsPart(word, isNew("T"))), [0, 2]);
  const part = newCellsPart(word, isNew("T"))!;
  assertEquals(part.cells!.keys, ["cell:T", "cell:h", "cell:o"]);
  assertEquals([part.x, part.w, part.y, part.h], [100, 27, 0, 14]);
  // A last character: the three cells that end the word.
  const comma = piece("morning,", 0);
  assertEquals(span(comma, newCellsPart(comma, isNew(","))), [5, 7]);
  // One in the middle: a letter each side.
  assertEquals(span(comma, newCellsPart(comma, isNew("r"))), [1, 3]);
  // Two new cells apart: the run between them, with a neighbour each side.
  assertEquals(span(word, newCellsPart(word, isNew("u", "n"))), [2, 7]);
  // Too little saved: the piece is read whole.
  assertEquals(newCellsPart(word, isNew("T", "s")), null);
  assertEquals(newCellsPart(piece("Tide", 0), isNew("T")), null);
  // Nothing new, or no cells: nothing to cut.
  assertEquals(newCellsPart(word, () => false), null);
  assertEquals(newCellsPart({ x: 0, y: 0, w: 50, h: 14, key: "p" }, () => true), null);
});

Deno.test("a part teaches on a proved grid when its known cells read as known; the word is then spelled", () => {
  const unproved = new WordCache();
  unproved.learn([piece("tho", 0)], line, [{ ...read("tho") }], 14);
  assert(!unproved.learnPart(newCellsPart(piece("Thousands", 0), (k) => k === "cell:T")!, [read("Tho")]));

  const proved = () => provedBy(["the", "house", "sands"]);
  const word = piece("Thousands", 0);
  const part = newCellsPart(word, (k) => k === "cell:T")!;

  // Its known cells read otherwise ("Tbo" where h and o are known): it teaches nothing.
  const wrong = proved();
  assert(!wrong.learnPart(part, [read("Tbo")]));
  assertEquals(wrong.lookup([word]), [null]);
  // Unsure, more characters than cells, or two words: nothing.
  const unsure = proved();
  assert(!unsure.learnPart(part, [read("Tho", 0.6)]));
  assert(!unsure.learnPart(part, [read("Thoo")]));
  assert(!unsure.learnPart(part, [read("T"), read("ho")]));
  assertEquals(unsure.lookup([word]), [null]);

  // Read as known: T is learned, and the whole word is spelled from its cells.
  const right = proved();
  assert(right.learnPart(part, [read("Tho")]));
  assertEquals(right.lookup([word])[0]?.[0].text, "Thousands");
  // The piece itself was not learned as a reading: only its cells were.
  assert(!right.holds(word.key));
});

Deno.test("a part with no known cell to check it against teaches nothing", () => {
  const cache = provedBy(["the", "tide", "was"]);
  // X, Y and Z are new; q was shown by a line whose read taught nothing, so no cell of the part is known.
  const word = piece("XYZqrkm", 0);
  const part = newCellsPart(word, (k) => ["cell:X", "cell:Y", "cell:Z"].includes(k))!;
  assertEquals(part.cells!.keys, ["cell:X", "cell:Y", "cell:Z", "cell:q"]);
  assert(!cache.learnPart(part, [read("XYZq")]));
  assertEquals(cache.chars.knows(["cell:X"]), false);
});

Deno.test("on a prose page, pieces read ahead for a character or two are read in part: fewer columns", async () => {
  const prose = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const grey = greyOf(prose, { x: 0, y: 0, width: prose.width, height: prose.height });
  const misses = findTextLines(grey).map((l) => ({ pieces: linePieces(grey, l, rowHeight(l)) }));
  const { ahead } = deferRepeats(misses, new WordCache());
  const parts = ahead.filter((a) => a.part);
  assert(parts.length >= 5, `${parts.length} of ${ahead.length} pieces read in part`);
  for (const { piece, part } of parts) {
    // A part is a run of its piece's cells, inside the piece's columns.
    const keys = piece.cells!.keys, sub = part!.cells!.keys;
    const at = (part!.x - piece.cells!.x) / piece.cells!.pitch;
    assertEquals(keys.slice(at, at + sub.length), sub);
    assert(sub.length + MIN_CELLS_SAVED <= keys.length);
  }
  const whole = ahead.reduce((n, a) => n + a.piece.w, 0);
  const sent = ahead.reduce((n, a) => n + (a.part ?? a.piece).w, 0);
  assert(sent < whole * 0.8, `${sent} of ${whole} columns`);
});
