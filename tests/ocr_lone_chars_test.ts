/**
 * The single-character pass: a lone character that both enlargements read
 * alike is boxed by the larger of their boxes, so a sliver box at one scale
 * does not get it dropped as too flat; a shape's rounded end is not read.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import { decodeImage } from "../src/image/codec.ts";
import { LineCache } from "../src/ocr/cache/line_cache.ts";
import { readLoneChars } from "../src/ocr/fixes/chars.ts";
import type { TextLine } from "../src/ocr/lines/find.ts";
import type { OcrEngine, OcrWord } from "../src/ocr/types.ts";

Deno.test("an editor's grey line numbers are all read, each boxed over its digit", async () => {
  // The gutter of a dark code view: 2 to 8, one digit per row.
  const words = await readFixtureRegion("web/code_dark_13.png", { x: 40, y: 70, width: 22, height: 140 });
  const digits = words.filter((w) => /^\d$/.test(w.text)).sort((a, b) => a.y - b.y);
  assertEquals(digits.map((w) => w.text), ["2", "3", "4", "5", "6", "7", "8"]);
  for (const d of digits) assert(d.w >= 5 && d.h >= 8, `${d.text} boxed ${d.w}x${d.h}`);
});

/**
 * A recogniser that answers each single-character read by the prepared
 * image's height: `small` for the smaller enlargement, `large` for the larger.
 */
function answering(small: OcrWord, large: OcrWord): OcrEngine {
  return {
    name: "tesseract",
    recognize: () => Promise.resolve([]),
    recognizeGrey: (image, mode) =>
      Promise.resolve(mode === "char" ? [{ ...(image.height < 60 ? small : large) }] : []),
    close: () => Promise.resolve(),
  };
}

Deno.test("a lone character both scales read alike takes the larger box; readings that differ keep the surer", async () => {
  const grey: Grey = { width: 40, height: 30, data: new Uint8Array(40 * 30).fill(30) };
  const digit: TextLine = { x: 10, y: 8, w: 9, h: 11, blobs: [{ x: 10, y: 8, w: 9, h: 11, mass: 58 }] };
  const read = async (small: OcrWord, large: OcrWord) =>
    (await readLoneChars(answering(small, large), grey, [{ line: digit, words: [] }], new LineCache())).words;
  // Boxes in the prepared images: the sliver is 2x3 source pixels, the glyph's box most of the line.
  const sliver = { text: "4", x: 60, y: 75, w: 10, h: 12, conf: 0.97 };
  const glyph = { text: "4", x: 12, y: 12, w: 50, h: 80, conf: 0.95 };
  const [alike] = await read(sliver, glyph);
  assertEquals(alike.text, "4");
  assertEquals(alike.conf, 0.97);
  assert(alike.w >= 5 && alike.h >= 8, `boxed ${alike.w}x${alike.h}`);
  // An icon read `E` sure at one scale (a sliver) and `Ea` at the other keeps the sure reading's box.
  const [differ] = await read({ ...sliver, text: "E" }, { ...glyph, text: "Ea", conf: 0.61 });
  assertEquals(differ.text, "E");
  assert(differ.w < 5 || differ.h < 8, `an icon's reading took the glyph's box: ${differ.w}x${differ.h}`);
});

Deno.test("a scrollbar thumb's rounded end is not sent to the recogniser; a calculator's minus still is", async () => {
  const grey = async (name: string) => {
    const frame = await decodeImage(await Deno.readFile(new URL(`../fixtures/${name}.png`, import.meta.url)));
    return greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  };
  const sent: number[] = [];
  const minus: OcrWord = { text: "-", conf: 0.9, x: 0, y: 0, w: 10, h: 4 };
  const engine: OcrEngine = {
    ...answering(minus, minus),
    recognizeGrey: (
      image,
      mode,
    ) => (sent.push(image.width), Promise.resolve(mode === "char" ? [{ ...minus }] : [])),
  };
  const lone = (x: number, y: number, w: number, h: number): TextLine => ({
    x,
    y,
    w,
    h,
    blobs: [{ x, y, w, h, mass: w * h }],
  });
  // Where the recogniser read `-`: the end of the list's scrollbar thumb.
  const thumb = await readLoneChars(engine, await grey("apps/zenity_longlist_end"), [
    { line: lone(894, 499, 4, 2), words: [] },
  ], new LineCache());
  assertEquals([thumb.words, sent.length], [[], 0]);
  // The calculator's `-` key label, an island of ink: read at both enlargements.
  const key = await readLoneChars(engine, await grey("apps/galculator_basic_light"), [
    { line: lone(428, 418, 6, 4), words: [] },
  ], new LineCache());
  assertEquals([key.words.map((w) => w.text), sent.length], [["-"], 2]);
});
