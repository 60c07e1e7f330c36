/**
 * A word piece that is one read before with a character or two added at one
 * end: found by its unchanged end, only the added columns read, and its words
 * put together with the kept ones. On drawn pixels for the rules, and on a
 * real frame with the real recogniser for what a user reads.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { findTextLines, rowHeight } from "../src/ocr/lines/find.ts";
import { type Grey, greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { linePieces } from "../src/ocr/cache/word_cache.ts";
import { hashPixels } from "../src/ocr/cache/line_cache.ts";
import {
  caseHedged,
  EDGE_SHADE,
  editJoin,
  MAX_ADDED,
  type PieceEdit,
  PieceEdits,
  spliceEdit,
} from "../src/ocr/cache/piece_edits.ts";
import type { Box } from "../src/common/rect.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import { countingEngine } from "./support/counting_engine.ts";

const H = 12;

/** A ground of 230 with a word's worth of ink columns: a pattern no shift of itself repeats. */
function wordInk(w: number): Uint8Array {
  const ink = new Uint8Array(w * H).fill(230);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < H; y++) if ((x * 7 + y * 3 + ((x * x) >> 2)) % 5 < 2) ink[y * w + x] = 40;
  }
  // Every column holds ink at the top and bottom rows, so the word's box is its full size.
  for (let x = 0; x < w; x++) ink[x] = ink[(H - 1) * w + x] = 40;
  return ink;
}

/** A 200x20 grey image with `parts` (their pixels, width and left column) drawn at row 4. */
function image(parts: Array<{ ink: Uint8Array; w: number; x: number }>): Grey {
  const g = { width: 200, height: 20, data: new Uint8Array(200 * 20).fill(230) };
  for (const { ink, w, x } of parts) {
    for (let y = 0; y < H; y++) g.data.set(ink.subarray(y * w, y * w + w), (4 + y) * 200 + x);
  }
  return g;
}

const box = (x: number, w: number): Box => ({ x, y: 4, w, h: H });
const piece = (g: Grey, x: number, w: number) => ({ ...box(x, w), key: hashPixels(g, box(x, w)) });
const word = (text: string, x: number, w: number, conf = 0.9): OcrWord => ({ text, conf, x, y: 0, w, h: H });

/** A 60-column word drawn at column 40 and noted: its ink, the edits that know it, and its piece. */
function notedWord() {
  const old = wordInk(60);
  const before = image([{ ink: old, w: 60, x: 40 }]);
  const edits = new PieceEdits();
  const noted = piece(before, 40, 60);
  edits.note(before, noted, H);
  return { old, edits, noted };
}

Deno.test("a piece with a character added at its start is the old piece, less the added columns", () => {
  const { old, edits, noted } = notedWord();
  // A 5-column mark one column before the old word, which has moved 4 columns left.
  const mark = new Uint8Array(5 * H).fill(60);
  const after = image([{ ink: mark, w: 5, x: 30 }, { ink: old, w: 60, x: 36 }]);
  const edit = edits.find(after, box(30, 66), H, (k) => k === noted.key);
  assertEquals(edit, { side: "start", kept: box(36, 60), keptKey: noted.key, added: box(30, 6) });
  assertEquals(editJoin(edit!, [box(30, 5), box(36, 60)], H), "join");
  // Forgotten meanwhile: no edit.
  assertEquals(edits.find(after, box(30, 66), H, () => false), null);
});

Deno.test("a piece with a character added at its end is found by its unchanged start", () => {
  const { old, edits, noted } = notedWord();
  const mark = new Uint8Array(4 * H).fill(60);
  const after = image([{ ink: old, w: 60, x: 40 }, { ink: mark, w: 4, x: 104 }]);
  const edit = edits.find(after, box(40, 68), H, (k) => k === noted.key);
  assertEquals(edit?.side, "end");
  assertEquals(edit?.added, box(100, 8));
  // Four columns apart at a 12-pixel row: a space, the mark a word of its own.
  assertEquals(editJoin(edit!, [box(40, 60), box(104, 4)], H), "part");
  // Two columns apart: neither a touch nor a space; read whole.
  assertEquals(editJoin(edit!, [box(40, 60), box(102, 4)], H), null);
});

Deno.test("a changed letter, shading past a neighbour's or too many added columns is no edit", () => {
  const { old, edits, noted } = notedWord();
  const known = (k: string) => k === noted.key;
  const mark = new Uint8Array(5 * H).fill(60);
  const after = image([{ ink: mark, w: 5, x: 30 }, { ink: old, w: 60, x: 36 }]);
  // A pixel in the middle of the kept word changed: another letter there.
  const changed = { ...after, data: after.data.slice() };
  changed.data[(4 + 5) * 200 + 36 + 30] ^= 0xff;
  assertEquals(edits.find(changed, box(30, 66), H, known), null);
  // The kept word's first column darkened by more than a neighbour's shading.
  const inked = { ...after, data: after.data.slice() };
  const at = (4 + 5) * 200 + 36;
  inked.data[at] = inked.data[at] > 128 ? inked.data[at] - EDGE_SHADE - 1 : inked.data[at] + EDGE_SHADE + 1;
  assertEquals(edits.find(inked, box(30, 66), H, known), null);
  // Shaded within it: still the edit.
  const shaded = { ...after, data: after.data.slice() };
  shaded.data[at] = shaded.data[at] > 128 ? shaded.data[at] - 20 : shaded.data[at] + 20;
  assert(edits.find(shaded, box(30, 66), H, known));
  // More columns added than a character or two.
  const wide = Math.ceil(H * MAX_ADDED) + 2;
  const long = new Uint8Array(wide * H).fill(60);
  const far = image([{ ink: long, w: wide, x: 20 }, { ink: old, w: 60, x: 20 + wide }]);
  assertEquals(edits.find(far, box(20, wide + 60), H, known), null);
});

Deno.test("an edit's words: the added word joined to the word it touches, or apart, or read whole when unread", () => {
  const edit: PieceEdit = { side: "start", kept: box(36, 60), keptKey: "k", added: box(30, 6) };
  const kept = [word("/tmp/notes.txt", 0, 40), word("-", 44, 4), word("Mousepad", 50, 10)];
  const added = [word("*", 1, 4, 0.8)];
  const joined = spliceEdit(edit, true, box(30, 66), kept, added)!;
  assertEquals(joined.map((w) => w.text), ["*/tmp/notes.txt", "-", "Mousepad"]);
  assertEquals([joined[0].x, joined[0].w, joined[0].conf], [1, 45, 0.8]);
  assertEquals(joined[2].x, 56);
  const apart = spliceEdit(edit, false, box(30, 66), kept, added)!;
  assertEquals(apart.map((w) => w.text), ["*", "/tmp/notes.txt", "-", "Mousepad"]);
  assertEquals(spliceEdit(edit, true, box(30, 66), kept, []), null);
  // A lone small letter whose case the recogniser hedged on is read with its word instead.
  assertEquals(spliceEdit(edit, true, box(30, 66), kept, [word("Ss", 0, 6)]), null);
  assert(caseHedged("Xx") && caseHedged("passSs") && !caseHedged("Ctrl+SS") && !caseHedged("*"));
  const end: PieceEdit = { side: "end", kept: box(40, 60), keptKey: "k", added: box(100, 8) };
  assertEquals(
    spliceEdit(end, true, box(40, 68), [word("typ", 0, 58)], [word("e", 0, 6)])!.map((w) => w.text),
    ["type"],
  );
});

/** `frame` with the box `from` copied to the left column `x` (same rows). */
function copyColumns(frame: RgbaImage, from: Box, x: number): RgbaImage {
  const data = frame.data.slice();
  for (let y = from.y; y < from.y + from.h; y++) {
    const src = (y * frame.width + from.x) * 4;
    data.set(frame.data.subarray(src, src + from.w * 4), (y * frame.width + x) * 4);
  }
  return { width: frame.width, height: frame.height, data };
}

Deno.test("a real line's word with a letter added touching it: only the letter is read, the rest kept", async () => {
  const [f] = await loadFixtures((n) => n === "apps/mousepad_file_menu_light");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const engine = new TesseractEngine(2);
  try {
    const counting = countingEngine(engine);
    const pipeline = new ScreenPipeline(counting);
    const first = await pipeline.run(f.frame, full);
    const grey = greyOf(f.frame, full);
    const flat = (x0: number, x1: number, y0: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) if (grey.data[y * grey.width + x] !== v) return false;
      }
      return true;
    };
    // A line whose first piece is a word or more wide, with flat ground to its left for a copy of its
    // first letter (its columns up to the first column of ground) one column before the line.
    const pick = findTextLines(grey).flatMap((line) => {
      const h = rowHeight(line);
      const [p] = linePieces(grey, line, h);
      const ground = grey.data[line.y * grey.width + line.x - 1];
      let end = line.x + 1;
      while (end < line.x + h && !flat(end, end + 1, line.y, line.y + line.h, ground)) end++;
      const letter = { x: line.x, w: end - line.x };
      const x = line.x - letter.w - 1;
      const read = first.words.filter((w) => w.y + w.h / 2 > line.y && w.y + w.h / 2 < line.y + line.h);
      const ok = p && p.w >= h * 4 && letter.w >= 2 && letter.w < h && x > 4 && read.length >= 2 &&
        flat(x - 4, line.x, line.y - 1, line.y + line.h + 1, ground);
      return ok ? [{ line, letter, x, read }] : [];
    })[0];
    assert(pick, "no line to add a letter to in the frame");
    const { line, letter, x, read } = pick;
    const edited = copyColumns(f.frame, { x: letter.x, y: line.y, w: letter.w, h: line.h }, x);
    const inLine = (ws: OcrWord[]) =>
      ws.filter((w) => w.y + w.h / 2 > line.y && w.y + w.h / 2 < line.y + line.h).sort((a, b) => a.x - b.x);
    // Every image the second read sends, by width.
    const widths: number[] = [];
    const send = counting.recognizeGrey!;
    counting.recognizeGrey = (
      image,
      mode,
      alphabet,
    ) => (widths.push(image.width), send(image, mode, alphabet));
    const second = await pipeline.run(edited, full);
    const now = inLine(second.words);
    const was = read.sort((a, b) => a.x - b.x);
    // The added letter is read joined to the word it touches; every other word is as it was.
    assertEquals(now.length, was.length);
    assert(now[0].text.endsWith(was[0].text) && now[0].text.length > was[0].text.length, now[0].text);
    assert(now[0].x <= x + 1, `${now[0].x} vs ${x}`);
    assertEquals(now.slice(1).map((w) => w.text), was.slice(1).map((w) => w.text));
    // What went to the recogniser was the letter's columns, not the line (enlarged to 34 px rows).
    const lineWidth = line.w * 34 / line.h;
    assert(
      widths.length >= 1 && Math.max(...widths) < lineWidth / 3,
      `sent ${widths} wide (the line: ${lineWidth})`,
    );
  } finally {
    await engine.close();
  }
});
