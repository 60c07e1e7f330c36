/**
 * A recogniser that counts what it is sent: the recogniser's work grows with
 * the pixels it reads, so a test can hold a read to a fraction of another's.
 *
 * @module
 */

import type { Grey, RgbaImage } from "../../src/image/pixels.ts";
import type { OcrEngine, OcrMode } from "../../src/ocr/types.ts";
import { type PipelineResult, ScreenPipeline } from "../../src/ocr/pipeline.ts";
import { TesseractEngine } from "../../src/ocr/engines/tesseract.ts";

/** `engine`, with the calls and pixels sent through it counted. */
export function countingEngine(engine: OcrEngine): OcrEngine & { pixels: number; calls: number } {
  const spy = {
    name: engine.name,
    pixels: 0,
    calls: 0,
    recognize: engine.recognize.bind(engine),
    recognizeGrey(image: Grey, mode?: OcrMode, alphabet?: string) {
      spy.calls++;
      spy.pixels += image.width * image.height;
      return engine.recognizeGrey!(image, mode, alphabet);
    },
    close: () => engine.close(),
  };
  return spy;
}

/**
 * Reads `frame` twice with two recognisers on fresh pipelines: every line
 * whole (no line put off), then as the pipeline reads by default. Returns
 * both reads, the second's pipeline, and the pixels each sent.
 */
export async function readEveryLineAndAsUsual(frame: RgbaImage): Promise<{
  everyLine: PipelineResult;
  usual: PipelineResult;
  pipeline: ScreenPipeline;
  pixels: { everyLine: number; usual: number };
}> {
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  const engine = new TesseractEngine(2);
  try {
    const all = countingEngine(engine);
    const everyLine = await new ScreenPipeline(all).run(frame, whole, { deferRepeats: false });
    const some = countingEngine(engine);
    const pipeline = new ScreenPipeline(some);
    const usual = await pipeline.run(frame, whole);
    return { everyLine, usual, pipeline, pixels: { everyLine: all.pixels, usual: some.pixels } };
  } finally {
    await engine.close();
  }
}
