/**
 * The OCR engines one can choose by name (`--ocr`, or `CHOTO_OCR_ENGINE`),
 * what each reads with, and why the default is the default. The figures
 * behind the choice are in docs/benchmarks.md ("OCR engines side by side").
 *
 * - `tesseract`: libtesseract (or tesseract.js) with the integer "best"
 *   model that ships in `@tesseract.js-data/eng`, lines enlarged to 34 px.
 *   The default off macOS: the only setting measured at full recall.
 * - `tesseract-fast`: libtesseract with Debian's "fast" English model
 *   (package tesseract-ocr-eng), lines enlarged to 24 px: a quarter to a
 *   half less time per never-seen frame, about 1 point less recall and
 *   precision, and 2 of the fixtures' 26 menu shortcuts misread. Linux only, where that file is installed; without it
 *   the engine reads as `tesseract` does and says so.
 * - `vision`: Apple's Vision, the macOS default (vision.ts).
 *
 * @module
 */

import { envVar } from "../../common/env.ts";
import { TARGET_HEIGHT } from "../lines/prepare.ts";

/**
 * How a tesseract engine reads: a model file standing in for the English one
 * (none: each language's own model) and the text height lines are enlarged to.
 */
export interface TesseractSettings {
  modelFile?: string;
  targetHeight: number;
  /** One line for doctor and the self-test: what it reads with. */
  about: string;
}

/** Where Debian (and distributions built from it) put the "fast" English model. */
export const FAST_MODEL_PATHS = [
  "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata",
  "/usr/share/tesseract-ocr/4.00/tessdata/eng.traineddata",
];

/** Text height the fast model reads at (smaller lines, less to read; docs/benchmarks.md). */
export const FAST_TARGET_HEIGHT = 24;

/** Engine names the CLI and `CHOTO_OCR_ENGINE` accept on this OS; the first is the default. */
export function engineChoices(os: string = Deno.build.os): string[] {
  return os === "darwin" ? ["vision", "tesseract"] : ["tesseract", "tesseract-fast"];
}

/** Whether `path` exists (Deno's own call: node:fs would load Node's file layer before the recognisers start). */
function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The first fast model file that exists, or null. */
export function fastModelFile(paths = FAST_MODEL_PATHS): string | null {
  return paths.find(exists) ?? null;
}

/** The settings of a tesseract engine by name (`tesseract` for any name that is not `tesseract-fast`). */
export function tesseractSettings(name: string, paths = FAST_MODEL_PATHS): TesseractSettings {
  const best: TesseractSettings = {
    targetHeight: TARGET_HEIGHT,
    about: `best_int model, lines enlarged to ${TARGET_HEIGHT} px`,
  };
  if (name !== "tesseract-fast") return best;
  const fast = fastModelFile(paths);
  if (!fast) {
    return {
      ...best,
      about: `${best.about}: the fast model is not installed (apt-get install tesseract-ocr-eng)`,
    };
  }
  return {
    modelFile: fast,
    targetHeight: FAST_TARGET_HEIGHT,
    about: `fast model ${fast}, lines enlarged to ${FAST_TARGET_HEIGHT} px`,
  };
}

/**
 * The engine to use: `flag` (from `--ocr`) if given, else `CHOTO_OCR_ENGINE`
 * if set, else the platform's default. Throws a usage error naming the
 * choices when the variable names no engine of this OS.
 */
export function chosenEngine(flag?: string, os: string = Deno.build.os): string {
  if (flag) return flag;
  const env = envVar("CHOTO_OCR_ENGINE");
  if (!env) return engineChoices(os)[0];
  if (!engineChoices(os).includes(env)) {
    throw new Error(
      `CHOTO_OCR_ENGINE must be one of ${engineChoices(os).join(", ")} on ${os} (got "${env}")`,
    );
  }
  return env;
}
