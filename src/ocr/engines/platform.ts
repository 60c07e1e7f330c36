/**
 * Chooses the OCR engine: Vision on macOS (tesseract selectable with
 * `--ocr tesseract`), tesseract elsewhere (`tesseract-fast` selectable;
 * the names and their settings are in engine_choice.ts). On macOS the single-character
 * pass still goes to tesseract.js: its one-character mode is made for an
 * isolated key label, which Vision's line detector has little context for.
 *
 * @module
 */

import { TesseractEngine } from "./tesseract.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import { createVisionEngine } from "./vision.ts";
import type { RgbaImage } from "../../image/pixels.ts";
import { chosenEngine, engineChoices, tesseractSettings } from "./engine_choice.ts";

export { engineChoices };

/** Sends lines to one engine and single characters to another. */
export class SplitEngine implements OcrEngine {
  readonly name: string;
  readonly maxStackHeight?: number;
  constructor(private lines: OcrEngine, private chars: OcrEngine) {
    this.name = `${lines.name}+${chars.name}`;
    this.maxStackHeight = lines.maxStackHeight;
  }
  recognize(image: RgbaImage, mode: OcrMode = "block"): Promise<OcrWord[]> {
    return (mode === "char" ? this.chars : this.lines).recognize(image, mode);
  }
  detail(): string | null {
    return this.lines.detail?.() ?? null;
  }
  async close(): Promise<void> {
    await Promise.all([this.lines.close(), this.chars.close()]);
  }
}

/** Creates the engine named `choice` (default: `CHOTO_OCR_ENGINE`, else the platform's first choice). */
export function createEngine(choice?: string): OcrEngine {
  const name = chosenEngine(choice);
  if (name === "vision") return new SplitEngine(createVisionEngine(), new TesseractEngine(1));
  return new TesseractEngine(2, { name, ...tesseractSettings(name) });
}
