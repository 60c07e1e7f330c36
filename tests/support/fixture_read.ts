/**
 * Reads a region of a fixture frame with the screen pipeline and a fresh
 * recogniser, closed after, as the OCR fixture tests do.
 */

import { decodeImage } from "../../src/image/codec.ts";
import type { Rect } from "../../src/common/rect.ts";
import { TesseractEngine } from "../../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../../src/ocr/pipeline.ts";
import type { OcrWord } from "../../src/ocr/types.ts";

/** The words the pipeline reads in `region` of `fixtures/<name>` (a PNG path under fixtures/). */
export async function readFixtureRegion(name: string, region: Rect): Promise<OcrWord[]> {
  const frame = await decodeImage(await Deno.readFile(new URL(`../../fixtures/${name}`, import.meta.url)));
  const engine = new TesseractEngine(2);
  try {
    return (await new ScreenPipeline(engine).run(frame, region)).words;
  } finally {
    await engine.close();
  }
}
