/**
 * Schema versions: `PRAGMA user_version` says which migrations a file has;
 * the newer ones in `sql/migrations/` are applied, each in its own
 * transaction. A file from a newer choto is refused before anything is
 * written to it: this one does not know its tables.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { VERSION } from "../common/version.ts";
import { loadMigrations } from "./sql_files.ts";

/** A database written by a newer choto than this one. */
export class SchemaTooNew extends Error {}

/** The schema version of an open database. */
export function schemaVersion(db: DatabaseSync): number {
  return (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
}

/** The newest schema this choto can build and read. */
export function newestSchema(): number {
  return Math.max(0, ...loadMigrations().map((m) => m.version));
}

/** Throws {@link SchemaTooNew} when `db` (at `path`) has a schema newer than this choto's. */
export function refuseNewer(db: DatabaseSync, path: string): void {
  const version = schemaVersion(db);
  const newest = newestSchema();
  if (version <= newest) return;
  throw new SchemaTooNew(
    `${path} has schema version ${version}, written by a newer choto; this choto (${VERSION}) reads versions up to ${newest}. ` +
      "Run the newer choto, or point --db (CHOTO_DB) at another file; this one was left as it is.",
  );
}

/** Applies every migration newer than `PRAGMA user_version`, each in its own transaction; the version reached. */
export function migrate(db: DatabaseSync): number {
  let version = schemaVersion(db);
  for (const m of loadMigrations()) {
    if (m.version <= version) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      // Re-check under the write lock: another server may have migrated meanwhile.
      if (schemaVersion(db) < m.version) {
        db.exec(m.sql);
        db.exec(`PRAGMA user_version = ${m.version}`);
      }
      db.exec("COMMIT");
    } catch (err) {
      // SQLite has already rolled back after some failures (a full disk): a ROLLBACK then would hide the reason.
      if (db.isTransaction) db.exec("ROLLBACK");
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
    }
    version = m.version;
  }
  return version;
}
