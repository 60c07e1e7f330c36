/**
 * The second looks of the screen pipeline: short lines read again alone
 * (reread.ts) and digits read as letters at the end of a token (digits.ts).
 * Pure logic, and one real line a stack of its own read as nothing; the
 * benchmark measures the effect on real frames.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { coverage, needsReread, rereadLine } from "../src/ocr/fixes/reread.ts";
import {
  acceptDigitReading,
  digitAlphabet,
  digitTail,
  hasAlphabet,
  type InkRun,
  inkRuns,
  shapeSupportsDigits,
} from "../src/ocr/fixes/digits.ts";
import type { OcrEngine, OcrWord } from "../src/ocr/types.ts";
import type { TextLine } from "../src/ocr/lines/find.ts";
import type { Grey } from "../src/image/pixels.ts";
import { findTextLines, isIconBlob } from "../src/ocr/lines/find.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { recognise } from "../src/ocr/recognise.ts";

const word = (text: string, x: number, w: number, conf = 0.9): OcrWord => ({ text, x, y: 0, w, h: 10, conf });
const line = (w: number, h = 12): TextLine => ({
  x: 10,
  y: 10,
  w,
  h,
  blobs: [{ x: 10, y: 10, w, h, mass: 50 }],
});

Deno.test("coverage is the share of the line width under words, overlaps counted once", () => {
  assertEquals(coverage({ w: 20 }, []), 0);
  assertEquals(coverage({ w: 20 }, [word("+", 0, 7)]), 0.35);
  assertEquals(coverage({ w: 20 }, [word("a", 0, 10), word("b", 5, 10)]), 0.75);
  assertEquals(coverage({ w: 20 }, [word("a", -5, 40)]), 1);
});

Deno.test("only short, under-read lines are read again", () => {
  // `+/-` read as `+`: a short line with a third of its ink covered.
  assert(needsReread(line(20, 13), 13, [word("+", 0, 7)]));
  // `C41` dropped under the confidence floor: nothing covers it.
  assert(needsReread(line(26, 11), 11, []));
  assert(!needsReread(line(26, 11), 11, [word("C41", 0, 26)]));
  // A long line is never read again, whatever came back.
  assert(!needsReread(line(300, 12), 12, []));
});

/** An engine that answers by the enlargement it is given (image width). */
function fakeEngine(answers: (width: number) => OcrWord[]): OcrEngine & { calls: number } {
  return {
    name: "fake",
    calls: 0,
    recognize(image) {
      this.calls++;
      return Promise.resolve(answers(image.width));
    },
    close: () => Promise.resolve(),
  };
}

Deno.test("a second look keeps the reading that covers more, and never loses the first", async () => {
  const grey: Grey = { width: 60, height: 40, data: new Uint8Array(60 * 40).fill(255) };
  const l = line(20, 13);
  // Prepared images are wide at 4x (text height 8) and narrower at 20 px text height.
  const engine = fakeEngine((width) =>
    width > 100
      ? [{ text: "+/-", x: 12, y: 12, w: 80, h: 52, conf: 0.75 }]
      : [{ ...word("+", 0, 4), conf: 0.2 }]
  );
  const got = await rereadLine(engine, grey, l, 255, [word("+", 0, 7, 0.55)], 0.35);
  assertEquals(engine.calls, 2);
  assertEquals(got.map((w) => w.text), ["+/-"]);
  const none = fakeEngine(() => []);
  assertEquals((await rereadLine(none, grey, l, 255, [word("+", 0, 7)], 0.35)).map((w) => w.text), ["+"]);
});

Deno.test("a short line still empty after both enlargements is read once more as a single line", async () => {
  const grey: Grey = { width: 60, height: 40, data: new Uint8Array(60 * 40).fill(255) };
  const modes: string[] = [];
  const engine: OcrEngine = {
    name: "fake",
    recognize(_image, mode) {
      modes.push(mode ?? "block");
      return Promise.resolve(
        mode === "line" ? [{ text: "NName", x: 8, y: 8, w: 60, h: 30, conf: 0.89 }] : [],
      );
    },
    close: () => Promise.resolve(),
  };
  const got = await rereadLine(engine, grey, line(30, 11), 255, [], 0.35);
  assertEquals(got.map((w) => w.text), ["NName"]);
  assertEquals(modes, ["block", "block", "line"]);
  // A reading found by the enlargements (or the stack) asks for no third read.
  modes.length = 0;
  await rereadLine(engine, grey, line(30, 11), 255, [word("N", 0, 8)], 0.35);
  assertEquals(modes, ["block", "block"]);
});

Deno.test("digit-like tails are found after a letter head", () => {
  assertEquals(digitTail("Fruitlo"), { head: "Fruit", tail: "lo" });
  assertEquals(digitTail("Fruitl2"), { head: "Fruit", tail: "l2" });
  assertEquals(digitTail("Fruitlé"), { head: "Fruit", tail: "lé" });
  assertEquals(digitTail("Fruit12"), null); // already digits
  assertEquals(digitTail("Fruits"), null); // a plural `s`
  assertEquals(digitTail("C4l"), null); // head too short
  assertEquals(digitTail("1.2"), null);
  assertEquals(digitAlphabet("Fruit"), "Fruit0123456789");
});

Deno.test("a digit reading must keep the head and put a lookalike digit for each tail letter", () => {
  const again = (text: string) => [word(text, 0, 40, 0)];
  assertEquals(acceptDigitReading("Fruit", "lo", again("Fruit10")), "Fruit10");
  assertEquals(acceptDigitReading("Fruit", "ls", again("Fruit18")), "Fruit18");
  assertEquals(acceptDigitReading("Fruit", "ls", again("Fruit1")), null); // a digit lost
  assertEquals(acceptDigitReading("Fruit", "lo", again("Fruit17")), null); // `o` is never `7`
  assertEquals(acceptDigitReading("Fruit", "lo", again("Frui10")), null);
  assertEquals(acceptDigitReading("Fruit", "lo", []), null);
});

Deno.test("only digit shapes support the change: tall rounds, wide ones", () => {
  const run = (x0: number, x1: number, top: number, bottom: number): InkRun => ({ x0, x1, top, bottom });
  const F = run(0, 5, 0, 9);
  // `Fruit10`: a 1 with a foot (5 px wide) and a 0 as tall as the capitals.
  assert(shapeSupportsDigits([F, run(7, 11, 0, 9), run(13, 18, 0, 9)], "lo"));
  // `Hello`: a bare stroke `l` and an x-height `o`.
  assert(!shapeSupportsDigits([F, run(7, 8, 0, 9), run(10, 15, 3, 9)], "lo"));
  assert(!shapeSupportsDigits([F, run(7, 11, 0, 9), run(13, 18, 3, 9)], "lo"));
  // Too few glyphs to tell: no change.
  assert(!shapeSupportsDigits([run(0, 18, 0, 9)], "lo"));
});

Deno.test("glyph runs are cut at empty columns", () => {
  // 8x4 crop: ink in columns 1-2 (rows 0-3) and column 5 (rows 2-3) on a white ground.
  const data = new Uint8Array(32).fill(255);
  for (let y = 0; y < 4; y++) data[y * 8 + 1] = data[y * 8 + 2] = 0;
  for (let y = 2; y < 4; y++) data[y * 8 + 5] = 0;
  assertEquals(inkRuns({ width: 8, height: 4, data }, 255), [
    { x0: 1, x1: 2, top: 0, bottom: 3 },
    { x0: 5, x1: 5, top: 2, bottom: 3 },
  ]);
});

Deno.test("only engines that can limit their alphabet get digit re-reads", () => {
  assert(!hasAlphabet(fakeEngine(() => [])));
  const engine = { ...fakeEngine(() => []), recognizeGrey: () => Promise.resolve([]) };
  assert(hasAlphabet(engine));
});

Deno.test("a dense 12x16 `8` is a glyph, a dense 14x14 button an icon", () => {
  // Measured on web/calculator_light_20: the `8` key has 155 edge pixels.
  assert(!isIconBlob({ x: 0, y: 0, w: 12, h: 16, mass: 155 }));
  assert(isIconBlob({ x: 0, y: 0, w: 14, h: 14, mass: 156 }));
});

Deno.test("a lone short word a stack of its own reads as nothing is read by its second look", async () => {
  // Chromium's files page, its `Name` header given a copy of its `N` one column before it: `NName`.
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/web/files_light_13.png", import.meta.url)),
  );
  const data = frame.data.slice();
  for (let y = 71; y < 82; y++) {
    const from = (y * frame.width + 270) * 4;
    data.set(frame.data.subarray(from, from + 11 * 4), (y * frame.width + 259) * 4);
  }
  const grey = greyOf({ ...frame, data }, { x: 0, y: 0, width: frame.width, height: frame.height });
  const found = findTextLines(grey).find((l) => Math.abs(l.y - 71) <= 2 && Math.abs(l.x - 259) <= 2);
  assert(found, "the header's line was not found");
  const engine = new TesseractEngine(2);
  try {
    const job = { line: found, key: "k", words: [] as OcrWord[] };
    await recognise(engine, grey, [job], { stacked: true, parallel: 2 }, {});
    assertEquals(job.words.map((w) => w.text), ["NName"]);
  } finally {
    await engine.close();
  }
});
