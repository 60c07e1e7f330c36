/**
 * A second read of pixels that did not change (the first observe after the
 * read that primed the caches, two observes in a row) gives the same words
 * without finding lines again or calling the recogniser; one changed pixel
 * is enough for a full read.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import type { Grey } from "../src/image/pixels.ts";
import type { OcrMode } from "../src/ocr/types.ts";
import { sameBytes } from "../src/image/compare.ts";

const frame = await decodeImage(
  await Deno.readFile(new URL("../fixtures/views/mousepad_cut_row.png", import.meta.url)),
);
const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
const texts = (r: { words: Array<{ text: string; x: number; y: number }> }) =>
  r.words.map((w) => `${w.text}@${w.x},${w.y}`).sort();

Deno.test("bytes compare equal only when every byte is, at any alignment", () => {
  const a = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert(sameBytes(a, a.slice()));
  assert(sameBytes(a.subarray(1), a.slice(1)));
  const b = a.slice();
  b[8] = 0;
  assert(!sameBytes(a, b));
  b[8] = 9;
  b[2] = 0;
  assert(!sameBytes(a, b));
  assert(!sameBytes(a, a.subarray(1)));
});

Deno.test("the same pixels again are not read again; one changed pixel is", async () => {
  const engine = new TesseractEngine(2);
  let calls = 0;
  const counting = {
    name: engine.name,
    recognize: engine.recognize.bind(engine),
    recognizeGrey: (image: Grey, mode?: OcrMode, alphabet?: string) => {
      calls++;
      return engine.recognizeGrey(image, mode, alphabet);
    },
    close: () => engine.close(),
  };
  try {
    const pipeline = new ScreenPipeline(counting);
    const first = await pipeline.run(frame, whole);
    assert(first.recognised > 0 && calls > 0);
    calls = 0;
    const again = await pipeline.run({ ...frame, data: frame.data.slice() }, whole);
    assertEquals(calls, 0);
    assertEquals(again.recognised, 0);
    // Only the greyscale and the comparison ran.
    assertEquals(Object.keys(again.stages).sort(), ["diff", "lines"]);
    assertEquals(texts(again), texts(first));
    // One pixel of the first row's first word turns black: the lines are found again (and read from the cache).
    const data = frame.data.slice();
    const k = (10 * frame.width + 20) * 4;
    data.fill(0, k, k + 3);
    const changed = await pipeline.run({ ...frame, data }, whole);
    assert("recognise" in changed.stages, `not read again: ${JSON.stringify(changed.stages)}`);
  } finally {
    await engine.close();
  }
});
