/**
 * Lines whose words repeat on the screen are read after the lines that show
 * those words first, and then put together from the pieces: on a real
 * capture of an editor the words come out the same as reading every line
 * whole, while the recogniser is sent much less.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readEveryLineAndAsUsual } from "./support/counting_engine.ts";
import { decodeImage } from "../src/image/codec.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { deferRepeats, MIN_DEFER_LINES, putOff } from "../src/ocr/deferral.ts";
import { findTextLines, rowHeight } from "../src/ocr/lines/find.ts";
import { linePieces, type Piece, WordCache } from "../src/ocr/cache/word_cache.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../src/ocr/types.ts";

const frame = await decodeImage(
  await Deno.readFile(new URL("../fixtures/views/mousepad_cut_row.png", import.meta.url)),
);
const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
const forty = await decodeImage(
  await Deno.readFile(new URL("../fixtures/screens/mousepad_forty_lines.png", import.meta.url)),
);

const near = (a: OcrWord[], b: OcrWord[]) =>
  a.length === b.length &&
  a.every((w, i) =>
    w.text === b[i].text && Math.abs(w.x - b[i].x) <= 2 && Math.abs(w.y - b[i].y) <= 2 &&
    Math.abs(w.w - b[i].w) <= 3 && Math.abs(w.h - b[i].h) <= 3
  );
const order = (ws: OcrWord[]) => [...ws].sort((a, b) => a.y - b.y || a.x - b.x);

Deno.test("repeated words are read once: the same words, a fraction of the pixels", async () => {
  const read = await readEveryLineAndAsUsual(frame);
  assert(read.everyLine.words.length > 40, `only ${read.everyLine.words.length} words`);
  const a = order(read.everyLine.words), b = order(read.usual.words);
  assert(near(a, b), `${a.map((w) => w.text).join(" ")}\n${b.map((w) => w.text).join(" ")}`);
  const { everyLine, usual } = read.pixels;
  assert(usual < everyLine * 0.7, `${usual} of ${everyLine} pixels`);
});

Deno.test("the rows that repeat words wait; with fewer than four lines to read, none does", () => {
  const grey = greyOf(frame, whole);
  const lines = findTextLines(grey).filter((l) => l.x > 5 && l.w > 60);
  const misses = lines.map((line, index) => ({ index, pieces: linePieces(grey, line, rowHeight(line)) }));
  const split = deferRepeats(misses, new WordCache());
  // The first row shows its words first; later rows made mostly of words already shown wait.
  assertEquals(split.first[0], misses[0]);
  assert(split.later.length >= 4, `${split.later.length} of ${lines.length} wait`);
  assertEquals(split.first.length + split.later.length, misses.length);
  const few = deferRepeats(misses.slice(0, MIN_DEFER_LINES - 1), new WordCache());
  assertEquals(few.later, []);
});

Deno.test("the new word pieces of the rows that wait are read with the first rows, once each", () => {
  const grey = greyOf(forty, { x: 0, y: 0, width: forty.width, height: forty.height });
  const lines = findTextLines(grey).filter((l) => l.x > 5 && l.w > 60);
  const misses = lines.map((line, index) => ({ index, pieces: linePieces(grey, line, rowHeight(line)) }));
  const words = new WordCache();
  const { first, later, ahead } = deferRepeats(misses, words);
  const shown = new Set<string>();
  for (const m of first) for (const p of m.pieces) words.show(p, shown);
  // The editor's line numbers are new on every row: the digits no first row shows are read ahead.
  assert(
    ahead.length >= 1 && later.length >= 10,
    `${ahead.length} pieces ahead for ${later.length} waiting rows`,
  );
  for (const { owner, piece } of ahead) {
    assert(later.includes(owner) && owner.pieces.includes(piece));
    assert(!words.covered(piece, shown), "a piece a first row shows is learned from that row");
    words.show(piece, shown);
  }
  // Every piece of a waiting row is then shown, by a first row or by a piece read ahead.
  for (const m of later) {
    for (const p of m.pieces) assert(words.covered(p, shown), `a piece at ${p.x},${p.y} is read late`);
  }
  assertEquals(new Set(ahead.map((a) => a.piece.key)).size, ahead.length);
  assertEquals(deferRepeats(misses.slice(0, MIN_DEFER_LINES - 1), new WordCache()).ahead, []);
});

Deno.test("a line of fixed-pitch text waits once one piece is shown; a proportional one when most are", () => {
  const piece = (x: number, cells: boolean): Piece => ({
    x,
    y: 0,
    w: 30,
    h: 12,
    key: `p${x}`,
    ...(cells ? { cells: { keys: [`c${x}`], grid: "7:0", x, pitch: 7 } } : {}),
  });
  const proportional = [0, 40, 80, 120].map((x) => piece(x, false));
  const fixed = [0, 40, 80, 120].map((x) => piece(x, true));
  // Proportional text: a word read without the line around it reads worse, so most must be known.
  assertEquals([4, 3, 2, 1, 0].map((fresh) => putOff(proportional, fresh)), [
    false,
    false,
    false,
    true,
    true,
  ]);
  // Fixed-pitch text: its new words are read alone, and the line spelled from their cells.
  assertEquals([4, 3, 2, 1, 0].map((fresh) => putOff(fixed, fresh)), [false, true, true, true, true]);
  // A line with a piece not cut into cells is read as proportional text.
  assertEquals(putOff([...fixed.slice(1), piece(0, false)], 3), false);
  assertEquals(putOff([], 0), false);
});

Deno.test("a never-seen editor reads first only the rows whose every word piece is new", () => {
  const grey = greyOf(forty, { x: 0, y: 0, width: forty.width, height: forty.height });
  const lines = findTextLines(grey).filter((l) => l.x > 5 && l.w > 60);
  const misses = lines.map((line, index) => ({ index, pieces: linePieces(grey, line, rowHeight(line)) }));
  const words = new WordCache();
  const { first, later } = deferRepeats(misses, words);
  const fixed = (m: (typeof misses)[number]) => m.pieces.length > 0 && m.pieces.every((p) => p.cells);
  assert(first.filter(fixed).length >= 1 && later.filter(fixed).length >= 10, `${first.length} rows first`);
  // Each editor row read first shows nothing a row before it in the first group showed.
  const shown = new Set<string>();
  for (const m of first) {
    if (fixed(m)) {
      for (const p of m.pieces) {
        assert(!words.covered(p, shown), `row ${m.index} repeats a piece shown above`);
      }
    }
    for (const p of m.pieces) words.show(p, shown);
  }
});

Deno.test("a screen that repeats its words is read in one round: no stack waits for another's words", async () => {
  const engine = new TesseractEngine(2);
  try {
    // The old way read the waiting rows' pieces in a second round: asked for once every row's stack was answered.
    let rowsOpen = 0;
    const late: string[] = [];
    const spy: OcrEngine = {
      name: engine.name,
      recognize: engine.recognize.bind(engine),
      async recognizeGrey(image: Grey, mode?: OcrMode, alphabet?: string) {
        const stack = mode === "block" && !alphabet;
        // Stacks of word pieces are narrow and several pieces tall (a piece read again alone is one tall).
        const pieces = stack && image.width < 400 && image.height > 250;
        const rows = stack && image.width >= 400;
        if (pieces && rowsOpen === 0) late.push(`${image.width}x${image.height}`);
        if (rows) rowsOpen++;
        try {
          return await engine.recognizeGrey(image, mode, alphabet);
        } finally {
          if (rows) rowsOpen--;
        }
      },
      close: () => engine.close(),
    };
    const read = await new ScreenPipeline(spy).run(forty, {
      x: 0,
      y: 0,
      width: forty.width,
      height: forty.height,
    });
    const numbers = read.words.filter((w) => /^\d\d$/.test(w.text)).map((w) => w.text);
    assert(numbers.includes("02") && numbers.includes("23"), `row numbers read: ${numbers.join(" ")}`);
    assertEquals(late, []);
  } finally {
    await engine.close();
  }
});

Deno.test("a stack whose read fails fails the read with its error, while the other stacks are still read", async () => {
  const engine = new TesseractEngine(2);
  try {
    let stacks = 0;
    const failing: OcrEngine = {
      name: engine.name,
      recognize: engine.recognize.bind(engine),
      recognizeGrey(image: Grey, mode?: OcrMode, alphabet?: string) {
        // The second row stack fails: the first is read, and the rest are queued behind the two.
        if (mode === "block" && !alphabet && image.width >= 400 && ++stacks === 2) {
          return Promise.reject(new Error("the recogniser died"));
        }
        return engine.recognizeGrey(image, mode, alphabet);
      },
      close: () => engine.close(),
    };
    const whole = { x: 0, y: 0, width: forty.width, height: forty.height };
    let error: unknown = null;
    await new ScreenPipeline(failing).run(forty, whole).catch((e) => error = e);
    assertEquals((error as Error | null)?.message, "the recogniser died");
    // The pipeline still reads once the recogniser answers again.
    const again = await new ScreenPipeline(engine).run(forty, whole);
    assert(again.words.some((w) => w.text === "02"), "the next read reads");
  } finally {
    await engine.close();
  }
});
