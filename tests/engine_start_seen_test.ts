/**
 * A recogniser's start ends on another thread, and this thread sees it only
 * when its event loop turns; the pool starts the next recogniser then. A
 * cold look holds the thread for a few hundred milliseconds before its first
 * stacks go out, so while the engine says a start is pending the look lets
 * the loop turn first, and a warm look does not.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { letChainsRun } from "../src/common/time.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { Grey } from "../src/image/pixels.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../src/ocr/types.ts";

const frame = await decodeImage(
  await Deno.readFile(new URL("../fixtures/views/mousepad_cut_row.png", import.meta.url)),
);
const whole = { x: 0, y: 0, width: frame.width, height: frame.height };

/**
 * Reads `frame` on an engine that says whether it is `starting`, with a
 * timer set just before the read: whether the timer had run when the first
 * image reached the engine.
 */
async function timerRanBeforeFirstImage(starting: boolean): Promise<boolean> {
  const real = new TesseractEngine(1);
  let timerRan = false;
  let seen: boolean | null = null;
  const engine: OcrEngine = {
    name: "watched",
    starting: () => starting,
    recognize: (image, mode) => real.recognize(image, mode),
    recognizeGrey(image: Grey, mode?: OcrMode, alphabet?: string): Promise<OcrWord[]> {
      seen ??= timerRan;
      return real.recognizeGrey(image, mode, alphabet);
    },
    close: () => real.close(),
  };
  try {
    setTimeout(() => timerRan = true, 0);
    const read = await new ScreenPipeline(engine).run(frame, whole);
    assert(read.words.length > 10, `only ${read.words.length} words`);
  } finally {
    await engine.close();
  }
  assert(seen !== null, "nothing reached the engine");
  return seen;
}

Deno.test("a look on an engine still starting lets the event loop turn before its first stacks go out", async () => {
  assertEquals(await timerRanBeforeFirstImage(true), true);
});

Deno.test("a look on an engine that is up sends its first stacks without waiting for the loop", async () => {
  assertEquals(await timerRanBeforeFirstImage(false), false);
});

Deno.test("the pool says it is starting from warm's first call until it has seen every start end", async () => {
  const engine = new TesseractEngine(2);
  try {
    assertEquals(engine.starting(), false, "nothing started yet");
    const warming = engine.warm();
    assertEquals(engine.starting(), true, "the first recogniser is starting");
    await engine.oneUp();
    // The second starts once the first is seen up (a few promise steps on): the pool is still starting.
    await letChainsRun();
    assertEquals(engine.starting(), true, "the second recogniser is starting");
    await warming;
    assertEquals(engine.starting(), false, "both are up");
  } finally {
    await engine.close();
  }
});
