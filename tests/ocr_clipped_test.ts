/**
 * A row a scrolled view shows only in part is left unread, and nothing else
 * is: on a real mousepad capture whose last visible row is cut in half by
 * the view's border, the half row is found and skipped while every full row
 * reads; without the border below it, or without room for a border, the
 * same row is read like any other.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { type Grey, greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { findTextLines } from "../src/ocr/lines/find.ts";
import { clippedLines } from "../src/ocr/lines/clipped.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";

const frame = await decodeImage(
  await Deno.readFile(new URL("../fixtures/views/mousepad_cut_row.png", import.meta.url)),
);
const whole = (f: RgbaImage) => ({ x: 0, y: 0, width: f.width, height: f.height });
/** The cut row: the top 9 px of "24 …", ending on the view's grey border at y = 194. */
const CUT = { top: 185, bottom: 194 };

const cutOf = (g: Grey) => [...clippedLines(findTextLines(g), g)];

/** A copy of the frame with rows from `y` down painted white (the view's ground). */
function groundFrom(f: RgbaImage, y: number): RgbaImage {
  const data = f.data.slice();
  data.fill(255, y * f.width * 4);
  return { ...f, data };
}

Deno.test("the half row above the view's border is found, and no other", () => {
  const g = greyOf(frame, whole(frame));
  const cut = cutOf(g);
  assertEquals(cut.length, 1);
  assertEquals([cut[0].y, cut[0].y + cut[0].h], [CUT.top, CUT.bottom]);
});

Deno.test("without a border under it, or with no row under it, the short last row is kept", () => {
  assertEquals(cutOf(greyOf(frame, whole(frame))).length, 1);
  const noBorder = groundFrom(frame, CUT.bottom);
  assertEquals(cutOf(greyOf(noBorder, whole(noBorder))), []);
  const edge = { x: 0, y: 0, width: frame.width, height: CUT.bottom };
  assertEquals(cutOf(greyOf(frame, edge)), []);
});

Deno.test("the pipeline reads every full row and nothing of the half row", async () => {
  const engine = new TesseractEngine(2);
  try {
    const pipeline = new ScreenPipeline(engine);
    const words = (await pipeline.run(frame, whole(frame))).words;
    const inCut = words.filter((w) => w.y + w.h / 2 >= CUT.top && w.y + w.h / 2 < CUT.bottom);
    assertEquals(inCut.map((w) => w.text), []);
    // The rows are numbered by the benchmark's text: 14-23 are in view in full.
    const numbers = words.map((w) => w.text).filter((t) => /^\d\d$/.test(t));
    for (const n of ["14", "15", "16", "17", "18", "19", "20", "21", "22", "23"]) {
      assert(numbers.includes(n), numbers.join(" "));
    }
    // Without the border the same pixels are read as a row like any other.
    const noBorder = groundFrom(frame, CUT.bottom);
    const read = (await new ScreenPipeline(engine).run(noBorder, whole(noBorder))).words;
    assert(read.some((w) => w.y + w.h / 2 >= CUT.top && w.y + w.h / 2 < CUT.bottom), "the row was not read");
  } finally {
    await engine.close();
  }
});
