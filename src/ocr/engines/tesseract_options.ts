/**
 * How a tesseract engine is set up: where its recognisers run, which
 * models they read with and when one is replaced (tesseract.ts).
 *
 * @module
 */

/** Tuning of the recogniser pool. */
export interface TesseractOptions {
  /**
   * A recogniser is replaced by a fresh one once it has read this many
   * megapixels. tesseract.js's WebAssembly heap grows with every large image
   * and never shrinks; only ending the worker returns the memory. The
   * replacement starts in the background while the other
   * recognisers keep working. 0 disables recycling.
   */
  recycleMegapixels?: number;
  /**
   * Run tesseract.js's recogniser on the calling thread (true) or in
   * workers (false) instead of libtesseract. Default: libtesseract when it
   * can be used, else workers; in-process when `CHOTO_OCR_WORKERS=0`, or
   * once a worker failed to start.
   */
  inProcess?: boolean;
  /**
   * Try libtesseract first (true wins over everything else). Default: yes,
   * unless `CHOTO_OCR_NATIVE=0` or `CHOTO_OCR_WORKERS=0`, or `inProcess` or
   * `workerScript` is given.
   */
  native?: boolean;
  /** Where to look for libtesseract (default `LIBTESSERACT_PATHS`); a test points it at a missing file. */
  libraryPaths?: string[];
  /** The worker script to run (default: tesseract.js's); a test points it at a missing file. */
  workerScript?: string;
  /** A worker with no answer in this long is stopped (default `READ_TIMEOUT_MS`). */
  readTimeoutMs?: number;
  /** Freed native memory goes back once no read has come for this long (default `TRIM_AFTER_IDLE_MS`). */
  trimAfterIdleMs?: number;
  /**
   * Resident bytes above which freed native memory goes back soon after
   * reading stops (`TRIM_SOON_MS`), not after the idle time (default
   * `HOLD_UP_TO_RSS`); a test sets 0.
   */
  trimAboveRss?: number;
  /** tesseract's model names, the primary first (default `["eng"]`): `["deu", "eng"]` reads as `deu+eng`. */
  models?: string[];
  /**
   * Where libtesseract's unpacked models go (choto's data folder): several
   * read at once load from there, and one alone is read from its copy there
   * by later starts instead of being unpacked again. Default: none kept
   * (several at once go to a temporary folder, removed on close).
   */
  modelFolder?: string;
  /**
   * The models of a second engine, of one recogniser, that reads again what
   * the first model reads poorly (fixes/latin_runs.ts): with a CJK first
   * model the Latin runs of its lines, with a Latin one the words it was
   * unsure of.
   */
  latinModels?: string[];
  /** The model libtesseract loads, gzipped or not (default `modelFile()`); tesseract.js always reads its own. */
  modelFile?: string;
  /** Text height lines are enlarged to before they are read (default `TARGET_HEIGHT`). */
  targetHeight?: number;
  /** The engine's name as doctor and the self-test print it (default "tesseract"), and what it reads with. */
  name?: string;
  about?: string;
}
