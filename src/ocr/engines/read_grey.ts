/**
 * Reading a greyscale image with whichever engine: straight through when
 * the engine takes greyscale (tesseract reads it as it is, with no RGBA
 * copy four times the size), expanded to RGBA otherwise.
 *
 * @module
 */

import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import { type Grey, rgbaOf } from "../../image/pixels.ts";

/** The words of `image` as `engine` reads them in `mode`. */
export function readGrey(engine: OcrEngine, image: Grey, mode: OcrMode): Promise<OcrWord[]> {
  return engine.recognizeGrey ? engine.recognizeGrey(image, mode) : engine.recognize(rgbaOf(image), mode);
}
