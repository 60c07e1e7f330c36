/**
 * What the commands open from their flags: the database path (`--db`, else
 * `CHOTO_DB`, else the platform's default), its folder, and the services a
 * server or a one-off look runs on. The policy and the engine come first,
 * from open_engine.ts, whose modules are few: `serve` starts the engine
 * before this module's graph has loaded.
 *
 * @module
 */

import { type StoredReadMemory, storedReadMemory } from "../db/read_memory.ts";
import { Store } from "../db/store.ts";
import { openDesktop } from "../desktop/open.ts";
import { createScreenReader } from "../ocr/reader.ts";
import { createServices, type Services } from "../services.ts";
import { dataDirOf, dbPath, engineFor, type StartedEngine, startEngine } from "./open_engine.ts";

export { dataDirOf, dbPath, engineFor, policyFor } from "./open_engine.ts";

/**
 * The services of a server or a one-off look, with the read memory they
 * keep in the database, on `started` (by default started now: a broken
 * choto.json, or an engine name this OS lacks, stops here, before the
 * database or the display is touched).
 */
export function openServices(
  dbFlag: string | undefined,
  ocrFlag: string | undefined,
  started: StartedEngine = startEngine(dbFlag, ocrFlag),
): Services & { memory: StoredReadMemory } {
  const { path, policy, engine, ocr } = started;
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
