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
import type { UiLanguage } from "../../common/languages.ts";
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

/** What an engine reads with. */
export interface EngineSettings {
  /** The languages in force, the primary first (default: English). */
  languages?: readonly UiLanguage[];
  /** choto's data folder, where libtesseract's unpacked models are kept. */
  dataDir?: string | null;
}

/**
 * The text height lines are enlarged to when a Latin language other than
 * English is in force: its model reads more surely than English at
 * smaller lines than English alone reads (34 px). On the fixtures 28 px
 * read German, French and Spanish as well or better, at about a tenth less
 * time (docs/benchmarks.md, "Languages").
 */
export const LANGUAGES_TARGET_HEIGHT = 28;

/**
 * Models read at another text height than `LANGUAGES_TARGET_HEIGHT`. The
 * German model's network takes lines 48 px tall where the others take 36,
 * so each line costs it about a third more. On the German frames, in one
 * run: 24 px read 0.982 / 0.982 at x1.19 English's CPU time, 20 px
 * 0.976 / 0.979 at x1.12 but lost the lone `…` of a live menu's
 * `Speichern unter …`, 18 px x1.02 with `speichern` as `speichem` (28 px:
 * 0.973 / 0.976; docs/benchmarks.md, "Languages").
 */
export const MODEL_TARGET_HEIGHT: Readonly<Record<string, number>> = { deu: 24 };

/**
 * tesseract's models for `languages`. A Japanese or Chinese first
 * language's model reads alone and leaves the Latin runs to a second pass
 * with the others (fixes/latin_runs.ts): on the fixtures that read more of
 * both and took less time than `jpn+eng`. Another Latin first language's
 * model reads alone too, and the others read again the words it was unsure
 * of (same file): `deu+eng` at once made tesseract retry nearly every word
 * in English, and read less. With English first, or a CJK language after a
 * Latin one, all are read at once (`eng+deu`), lines at
 * `LANGUAGES_TARGET_HEIGHT`.
 */
export function tesseractModels(
  languages: readonly UiLanguage[] | undefined,
): { models?: string[]; latinModels?: string[]; targetHeight?: number } {
  if (!languages?.length) return {};
  const names = languages.map((l) => l.tesseract);
  if (names.length < 2) return { models: names };
  const [first, ...others] = languages;
  if (first.script === "cjk") {
    return {
      models: names.slice(0, 1),
      latinModels: others.filter((l) => l.script === "latin").map((l) => l.tesseract),
    };
  }
  if (first.tesseract !== "eng" && others.every((l) => l.script === "latin")) {
    return {
      models: names.slice(0, 1),
      latinModels: names.slice(1),
      targetHeight: MODEL_TARGET_HEIGHT[first.tesseract] ?? LANGUAGES_TARGET_HEIGHT,
    };
  }
  return { models: names, targetHeight: LANGUAGES_TARGET_HEIGHT };
}

/**
 * Creates the engine named `choice` (default: `CHOTO_OCR_ENGINE`, else the
 * platform's first choice), reading `settings.languages`. The fast model
 * stands in for English alone: with another language in force the engine
 * reads each language's own model and says so.
 */
export function createEngine(choice?: string, settings: EngineSettings = {}): OcrEngine {
  const name = chosenEngine(choice);
  const tesseract = { ...tesseractModels(settings.languages), modelFolder: settings.dataDir ?? undefined };
  if (name === "vision") {
    const vision = createVisionEngine(
      settings.languages ? { languages: settings.languages.map((l) => l.vision) } : {},
    );
    // The single characters need no second pass.
    return new SplitEngine(vision, new TesseractEngine(1, { ...tesseract, latinModels: undefined }));
  }
  const tuned = tesseractSettings(name);
  const englishAlone = (tesseract.models ?? ["eng"]).join("+") === "eng";
  if (tuned.modelFile && !englishAlone) {
    return new TesseractEngine(2, {
      ...tesseract,
      name,
      about: `best_int models: the fast model reads English alone, and ${
        tesseract.models?.join("+")
      } is in force`,
    });
  }
  if (tesseract.targetHeight === undefined) return new TesseractEngine(2, { ...tesseract, name, ...tuned });
  // The languages' own text height stands over the English model's.
  return new TesseractEngine(2, {
    ...tesseract,
    name,
    about: `best_int models ${tesseract.models?.join("+")}${
      tesseract.latinModels ? `, ${tesseract.latinModels.join("+")} again where unsure` : ""
    }, lines enlarged to ${tesseract.targetHeight} px`,
  });
}
