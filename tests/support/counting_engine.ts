/**
 * A recogniser that counts what it is sent: the recogniser's work grows with
 * the pixels it reads, so a test can hold a read to a fraction of another's.
 *
 * @module
 */

import type { Grey } from "../../src/image/pixels.ts";
import type { OcrEngine, OcrMode } from "../../src/ocr/types.ts";

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
