/**
 * Chooses the OCR engine: Vision on macOS (tesseract.js selectable with
 * `--ocr tesseract`), tesseract.js elsewhere. On macOS the single-character
 * pass still goes to tesseract.js: its one-character mode is made for an
 * isolated key label, which Vision's line detector has little context for.
 *
 * @module
 */

import { TesseractEngine } from "./tesseract.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import { createVisionEngine } from "./vision.ts";
import type { RgbaImage } from "../../image/pixels.ts";
import type { UiLanguage } from "../../common/languages.ts";

/** Engine names the CLI accepts on this OS; the first is the default. */
export function engineChoices(os: string = Deno.build.os): string[] {
  return os === "darwin" ? ["vision", "tesseract"] : ["tesseract"];
}

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

/** What an engine reads with. */
export interface EngineSettings {
  /** The languages in force, the primary first (default: English). */
  languages?: readonly UiLanguage[];
  /** choto's data folder, where libtesseract's unpacked models go when it reads several languages. */
  dataDir?: string | null;
}

/** Creates the engine named `choice` (default: the platform's first choice), reading `settings.languages`. */
export function createEngine(choice: string = engineChoices()[0], settings: EngineSettings = {}): OcrEngine {
  const models = settings.languages?.map((l) => l.tesseract);
  const tesseract = { models, modelFolder: settings.dataDir ?? undefined };
  if (choice === "vision") {
    const vision = createVisionEngine(
      settings.languages ? { languages: settings.languages.map((l) => l.vision) } : {},
    );
    return new SplitEngine(vision, new TesseractEngine(1, tesseract));
  }
  return new TesseractEngine(2, tesseract);
}
