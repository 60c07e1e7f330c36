/**
 * What the services need before anything else: the database's path, the
 * user's policy (its languages choose the models) and the OCR engine, whose
 * recognisers start loading as soon as it is made. A small module graph of
 * its own, so that `serve` starts the recognisers before Deno has loaded the
 * store, the desktop backends and the reader (open.ts opens those with the
 * engine started here).
 *
 * @module
 */

import { dirname } from "../common/paths.ts";
import { configPath, loadPolicy } from "../common/config.ts";
import { envVar } from "../common/env.ts";
import type { LanguageChoice } from "../common/languages.ts";
import type { Policy } from "../common/policy.ts";
import { chosenDbPath } from "../db/db_path.ts";
import { desktopLanguages } from "../desktop/languages.ts";
import { chosenEngine } from "../ocr/engines/engine_choice.ts";
import { createEngine } from "../ocr/engines/platform.ts";
import type { OcrEngine } from "../ocr/types.ts";

/** The database in use: `--db`, else `CHOTO_DB`, else the platform's default. */
export const dbPath: (flag: string | undefined) => string = chosenDbPath;

/** The database's folder, or null for an in-memory database. */
export function dataDirOf(path: string): string | null {
  return path === ":memory:" ? null : dirname(path);
}

/** The policy of the database at `path`: its folder's choto.json, the environment and the desktop's languages. */
export function policyFor(path: string): Policy {
  return loadPolicy(configPath(path), envVar, desktopLanguages());
}

/** The engine `--ocr` names, reading `choice`'s languages, with its unpacked models beside the database. */
export function engineFor(ocrFlag: string | undefined, choice: LanguageChoice, path: string): OcrEngine {
  return createEngine(ocrFlag, { languages: choice.languages, dataDir: dataDirOf(path) });
}

/** The database's path, the policy and the engine, its recognisers starting (open.ts takes it). */
export interface StartedEngine {
  path: string;
  policy: Policy;
  /** The engine's name (`--ocr`, else `CHOTO_OCR_ENGINE`, else the platform's default). */
  engine: string;
  /** Null when the engine cannot be made: the first read makes it again and says why. */
  ocr: OcrEngine | null;
  /**
   * Resolves once the recognisers' models are found: from then on their
   * starts hardly need this thread (OcrEngine.modelsFound), and loading
   * modules may hold it.
   */
  modelsFound: Promise<void>;
}

/**
 * The policy of the database at `--db` and its engine, whose recognisers
 * load their models on threads of their own from now on, while this thread
 * loads and opens the rest. Throws, before the database or the display is
 * touched, on a broken choto.json or an engine name this OS lacks.
 */
export function startEngine(dbFlag: string | undefined, ocrFlag: string | undefined): StartedEngine {
  const path = dbPath(dbFlag);
  const policy = policyFor(path);
  const engine = chosenEngine(ocrFlag);
  let ocr: OcrEngine | null = null;
  try {
    ocr = engineFor(engine, policy.languages, path);
    void ocr.warm?.().catch(() => {});
  } catch {
    // Made again on the first read, which says what is wrong.
  }
  return { path, policy, engine, ocr, modelsFound: ocr?.modelsFound?.() ?? Promise.resolve() };
}
