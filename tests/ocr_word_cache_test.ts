/**
 * The word cache on real pixels with the real recogniser: a line whose
 * pixels are new but whose word pieces were all read before is put together
 * without the recogniser, and says what a fresh read would.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { memoryTag, ScreenPipeline } from "../src/ocr/pipeline.ts";
import { findTextLines, rowHeight, type TextLine } from "../src/ocr/lines/find.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { linePieces, type Piece, placeWords, WordCache } from "../src/ocr/cache/word_cache.ts";

import type { OcrEngine, OcrWord } from "../src/ocr/types.ts";
import type { Reading, ReadMemory } from "../src/ocr/cache/read_memory.ts";
import { hashPixels } from "../src/ocr/cache/line_cache.ts";
import { prepareLine } from "../src/ocr/lines/prepare.ts";

/** A copy of `frame` with the box painted in the colour of the pixel left of it. */
function erase(frame: RgbaImage, box: { x: number; y: number; w: number; h: number }): RgbaImage {
  const data = frame.data.slice();
  const from = ((box.y + (box.h >> 1)) * frame.width + box.x - 2) * 4;
  for (let y = box.y - 1; y <= box.y + box.h; y++) {
    for (let x = box.x - 1; x <= box.x + box.w; x++) {
      data.set(data.subarray(from, from + 4), (y * frame.width + x) * 4);
    }
  }
  return { width: frame.width, height: frame.height, data };
}

const inside = (w: OcrWord, b: { x: number; y: number; w: number; h: number }) =>
  w.x + w.w / 2 >= b.x && w.x + w.w / 2 <= b.x + b.w && w.y + w.h / 2 >= b.y && w.y + w.h / 2 <= b.y + b.h;

Deno.test("a line with one word taken away is put together from its other words, without the recogniser", async () => {
  const [f] = await loadFixtures((n) => n === "apps/xterm_output");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const engine = new TesseractEngine(2);
  try {
    const pipeline = new ScreenPipeline(engine);
    const first = await pipeline.run(f.frame, full);
    // A line of several words, each its own piece, on a flat ground.
    const grey = greyOf(f.frame, full);
    const pick = findTextLines(grey)
      .map((line) => ({ line, pieces: linePieces(grey, line, rowHeight(line)) }))
      .find(({ line, pieces }) =>
        pieces.length >= 3 && pieces.every((p) => first.words.filter((w) => inside(w, p)).length === 1) &&
        line.x > 4
      );
    assert(pick, "no line of three or more separate words in the frame");
    const { line, pieces } = pick as { line: TextLine; pieces: Piece[] };
    const gone = pieces[pieces.length - 1];
    const kept = first.words.filter((w) => inside(w, line) && !inside(w, gone)).map((w) => w.text);

    const second = await pipeline.run(erase(f.frame, gone), full);
    assertEquals(second.recognised, 0, "a line went to the recogniser");
    assert(pipeline.words.assembled >= 1);
    const now = second.words.filter((w) => inside(w, line)).map((w) => w.text);
    assertEquals(now, kept);

    // A fresh pipeline reads the changed frame's line the same way.
    const fresh = await new ScreenPipeline(engine).run(erase(f.frame, gone), full);
    assertEquals(fresh.words.filter((w) => inside(w, line)).map((w) => w.text), kept);
  } finally {
    await engine.close();
  }
});

Deno.test("a line whose reading straddles its pieces teaches nothing; known pieces come back where they are now", () => {
  const cache = new WordCache();
  const line = { x: 10, y: 20, w: 100, h: 14 };
  const pieces: Piece[] = [
    { x: 10, y: 22, w: 30, h: 10, key: "a" },
    { x: 60, y: 22, w: 50, h: 10, key: "b" },
  ];
  // One word across both pieces: the cut does not match the reading.
  cache.learn(pieces, line, [{ text: "Save As", x: 0, y: 2, w: 100, h: 10, conf: 0.9 }], 14);
  assertEquals(cache.size, 0);
  assertEquals(cache.lookup(pieces), [null, null]);
  // One word per piece: both are learned, and the line comes back in line coordinates.
  cache.learn(pieces, line, [
    { text: "Save", x: 0, y: 2, w: 30, h: 10, conf: 0.9 },
    { text: "As", x: 50, y: 2, w: 50, h: 10, conf: 0.8 },
  ], 14);
  assertEquals(cache.size, 2);
  const put = (ps: Piece[], l: typeof line) => placeWords(ps, cache.lookup(ps) as OcrWord[][], l);
  assertEquals(put(pieces, line).map((w) => [w.text, w.x, w.y]), [["Save", 0, 2], ["As", 50, 2]]);
  // The same words elsewhere on the screen come back where they are now.
  const moved = pieces.map((p) => ({ ...p, x: p.x + 200, y: p.y + 50 }));
  const there = { ...line, x: line.x + 200, y: line.y + 50 };
  assertEquals(put(moved, there).map((w) => [w.text, w.x, w.y]), [["Save", 0, 2], ["As", 50, 2]]);
  // A piece never read is unknown.
  assertEquals(cache.lookup([...pieces, { x: 120, y: 22, w: 9, h: 10, key: "c" }]).map((f) => f !== null), [
    true,
    true,
    false,
  ]);
});

Deno.test("a line with one new word has only that word read, and reads as a fresh read does", async () => {
  const [f] = await loadFixtures((n) => n === "apps/xterm_output");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const engine = new TesseractEngine(2);
  try {
    const saved: Reading[] = [];
    const first = await new ScreenPipeline(engine, undefined, 2, {
      load: () => [],
      save: (r) => void saved.push(...r),
    }).run(f.frame, full);
    const grey = greyOf(f.frame, full);
    const pick = findTextLines(grey)
      .map((line) => ({ line, pieces: linePieces(grey, line, rowHeight(line)) }))
      .find(({ pieces }) =>
        pieces.length >= 3 && pieces.every((p) => first.words.filter((w) => inside(w, p)).length === 1)
      );
    assert(pick, "no line of three or more separate words in the frame");
    const { line, pieces } = pick as { line: TextLine; pieces: Piece[] };
    const dropped = pieces[1];
    // Everything is known but this line, and of its pieces all but one.
    const lineKey = memoryTag(engine) + hashPixels(grey, line);
    const seeded: ReadMemory = {
      // Nor the terminal's character cells: they would spell the piece.
      load: (kind) =>
        saved.filter((r) =>
          r.kind === kind && kind !== "cell" && r.key !== lineKey && r.key !== memoryTag(engine) + dropped.key
        ),
      save: () => {},
    };
    const widths: number[] = [];
    const counting: OcrEngine = {
      name: engine.name,
      recognize: (image, mode) => {
        widths.push(image.width);
        return engine.recognize(image, mode);
      },
      close: () => Promise.resolve(),
    };
    const second = await new ScreenPipeline(counting, undefined, 2, seeded).run(f.frame, full);
    assertEquals(second.recognised, 1);
    const whole = prepareLine(grey, line, rowHeight(line)).image.width;
    assert(
      widths.length >= 1 && Math.max(...widths) < whole / 2,
      `sent ${widths} (the whole line: ${whole})`,
    );
    const texts = (r: { words: OcrWord[] }) => r.words.filter((w) => inside(w, line)).map((w) => w.text);
    assertEquals(texts(second), texts(first));
  } finally {
    await engine.close();
  }
});

Deno.test("readings stored by another release or reading format are read again, not repeated", async () => {
  const [f] = await loadFixtures((n) => n === "apps/xterm_output");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const engine = new TesseractEngine(2);
  try {
    const saved: Reading[] = [];
    await new ScreenPipeline(engine, undefined, 2, { load: () => [], save: (r) => void saved.push(...r) })
      .run(f.frame, full);
    const tag = memoryTag(engine);
    assert(
      saved.length > 0 && saved.every((r) => r.key.startsWith(tag)),
      "readings are stored under the tag",
    );
    const calls = { n: 0 };
    const counting: OcrEngine = {
      name: engine.name,
      recognize: (image, mode) => (calls.n++, engine.recognize(image, mode)),
      close: () => Promise.resolve(),
    };
    const from = (rs: Reading[]): ReadMemory => ({
      load: (kind) => rs.filter((r) => r.kind === kind),
      save: () => {},
    });
    // The same words under today's tag: nothing to read.
    const known = await new ScreenPipeline(counting, undefined, 2, from(saved)).run(f.frame, full);
    assertEquals(known.recognised, 0);
    // Under an older release's tag, or with no tag (how readings were stored before tags): all read again.
    for (const old of ["0.0.1.1:eng|", ""]) {
      calls.n = 0;
      const restamped = saved.map((r) => ({ ...r, key: old + r.key.slice(tag.length) }));
      const again = await new ScreenPipeline(counting, undefined, 2, from(restamped)).run(f.frame, full);
      assert(again.recognised > 0 && calls.n > 0, `stamp "${old}": ${again.recognised} line(s) read`);
    }
  } finally {
    await engine.close();
  }
});
