/**
 * What the commands open from their flags: the database path (`--db`, else
 * `CHOTO_DB`, else the platform's default), its folder, and the services a
 * server or a one-off look runs on.
 *
 * @module
 */

import { dirname } from "node:path";
import { configPath, loadPolicy } from "../common/config.ts";
import { envVar } from "../common/env.ts";
import { type StoredReadMemory, storedReadMemory } from "../db/read_memory.ts";
import { Store } from "../db/store.ts";
import { chosenDbPath } from "../db/db_path.ts";
import { desktopLanguages, openDesktop } from "../desktop/open.ts";
import { createEngine } from "../ocr/engines/platform.ts";
import type { OcrEngine } from "../ocr/types.ts";
import type { Policy } from "../common/policy.ts";
import type { LanguageChoice } from "../common/languages.ts";
import { chosenEngine } from "../ocr/engines/engine_choice.ts";
import { createScreenReader } from "../ocr/reader.ts";
import { createServices, type Services } from "../services.ts";

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

/**
 * The engine, its recognisers already starting: they load their models on
 * threads of their own while this thread opens the database (a new one takes
 * 50-80 ms to lay out), so a first look waits that much less. Null when the
 * engine cannot be made: the first read makes it again and says why.
 */
function startedEngine(engine: string, policy: Policy, path: string): OcrEngine | null {
  try {
    const ocr = engineFor(engine, policy.languages, path);
    void ocr.warm?.().catch(() => {});
    return ocr;
  } catch {
    return null;
  }
}

/** The services of a server or a one-off look, with the read memory they keep in the database. */
export function openServices(
  dbFlag: string | undefined,
  ocrFlag: string | undefined,
): Services & { memory: StoredReadMemory } {
  const path = dbPath(dbFlag);
  // A broken choto.json, or an engine name this OS lacks, stops here, before the database or the display is touched.
  const policy = policyFor(path);
  const engine = chosenEngine(ocrFlag);
  const ocr = startedEngine(engine, policy, path);
  const store = new Store(path);
  const memory = storedReadMemory(store);
  const svc = createServices({
    store,
    policy,
    openDesktop: () => openDesktop({ dataDir: dataDirOf(path) }),
    openReader: () => createScreenReader(ocr ?? engineFor(engine, policy.languages, path), memory),
  });
  return Object.assign(svc, { memory });
}

/** Runs `fn` on the database at `--db` and closes it however `fn` ends. */
export async function withStore<T>(
  dbFlag: string | undefined,
  fn: (store: Store) => T | Promise<T>,
): Promise<T> {
  const store = new Store(dbPath(dbFlag));
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}
