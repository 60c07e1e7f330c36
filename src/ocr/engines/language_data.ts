/**
 * Where the English model lives: the `@tesseract.js-data/eng` package,
 * read from disk by every recogniser (tesseract.js and libtesseract alike).
 *
 * @module
 */

import { dirname, join } from "node:path";
import engData from "@tesseract.js-data/eng";

/**
 * Folder holding `eng.traineddata.gz` (the LSTM-only integer model). The
 * package's entry names its own folder (`langPath`, the legacy model beside
 * ours), which is right wherever the package lives: `node_modules/`, Deno's
 * global npm cache, or inside a compiled binary.
 */
export function languageDataDir(): string {
  return join(dirname(engData.langPath as string), "4.0.0_best_int");
}

/** The gzipped model file in `languageDataDir()`. */
export function modelFile(): string {
  return join(languageDataDir(), "eng.traineddata.gz");
}
