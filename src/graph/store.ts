/**
 * The SQLite store: one file per user, WAL, foreign keys, a busy timeout so
 * several servers can share it, migrations by `PRAGMA user_version`, and
 * every statement prepared once from `sql/queries/`.
 *
 * @module
 */

import { envVar } from "../env.ts";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { basename, dirname, join } from "node:path";
import { loadMigrations, loadQueries } from "./sql_files.ts";

/** Where the database lives when neither `--db` nor `CHOTO_DB` says. */
export function defaultDbPath(
  os: string = Deno.build.os,
  env: (name: string) => string | undefined = envVar,
): string {
  const home = env("HOME") ?? ".";
  if (os === "darwin") {
    return join(home, "Library", "Application Support", "choto", "choto.db");
  }
  const data = env("XDG_DATA_HOME") || join(home, ".local", "share");
  return join(data, "choto", "choto.db");
}

/**
 * Makes the database's folder (0700, when choto creates it or it is choto's
 * own data folder) and file (0600) private to the user before SQLite opens
 * it; the write-ahead log and shared-memory files take the file's mode.
 */
function private_(path: string): void {
  const dir = dirname(path);
  let existed = true;
  try {
    Deno.statSync(dir);
  } catch {
    existed = false;
  }
  Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (Deno.build.os === "windows") return;
  // A folder the user chose (/tmp) is left as it is; choto's own is narrowed.
  if (!existed || basename(dir) === "choto") tryChmod(dir, 0o700);
  Deno.openSync(path, { create: true, write: true, mode: 0o600 }).close();
  // Side files not there yet are created by SQLite with the database's mode.
  for (const file of [path, `${path}-wal`, `${path}-shm`]) tryChmod(file, 0o600);
}

/** chmod where the user owns the file; someone else's file keeps its mode (SQLite still opens it). */
function tryChmod(path: string, mode: number): void {
  try {
    Deno.chmodSync(path, mode);
  } catch {
    // absent, or not ours
  }
}

/** An open database with its prepared statements. */
export class Store {
  readonly db: DatabaseSync;
  #sql: Map<string, string>;
  #prepared = new Map<string, StatementSync>();

  constructor(readonly path: string) {
    if (path !== ":memory:") private_(path);
    this.db = new DatabaseSync(path);
    this.db.exec("PRAGMA busy_timeout = 5000");
    if (path !== ":memory:") this.db.exec("PRAGMA journal_mode = WAL");
    this.db.exec("PRAGMA foreign_keys = ON");
    this.db.exec("PRAGMA synchronous = NORMAL");
    migrate(this.db);
    this.#sql = loadQueries();
  }

  /** The prepared statement named `name` in `sql/queries/`. */
  q(name: string): StatementSync {
    let stmt = this.#prepared.get(name);
    if (!stmt) {
      const sql = this.#sql.get(name);
      if (sql === undefined) throw new Error(`no query named "${name}" in sql/queries/`);
      stmt = this.db.prepare(sql);
      this.#prepared.set(name, stmt);
    }
    return stmt;
  }

  /** Every row the named query returns, typed as the caller knows its columns to be. */
  all<T>(name: string, params: Record<string, SQLInputValue> = {}): T[] {
    return this.q(name).all(params) as T[];
  }

  /** The first row the named query returns, or undefined when there is none. */
  get<T>(name: string, params: Record<string, SQLInputValue> = {}): T | undefined {
    return this.q(name).get(params) as T | undefined;
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE, so concurrent writers queue on the busy timeout). */
  tx<T>(fn: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const out = fn();
      this.db.exec("COMMIT");
      return out;
    } catch (err) {
      this.db.exec("ROLLBACK");
      throw err;
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/** Applies every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrate(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  let version = row.user_version;
  for (const m of loadMigrations()) {
    if (m.version <= version) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      // Re-check under the write lock: another server may have migrated meanwhile.
      const now = (db.prepare("PRAGMA user_version").get() as { user_version: number })
        .user_version;
      if (now < m.version) {
        db.exec(m.sql);
        db.exec(`PRAGMA user_version = ${m.version}`);
      }
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
    }
    version = m.version;
  }
  return version;
}

/** The schema as SQLite holds it (for the schema.sql check and `db schema`). */
export function dumpSchema(db: DatabaseSync): string {
  const sql = loadQueries().get("schema_objects")!;
  const rows = db.prepare(sql).all() as Array<{ sql: string }>;
  return rows.map((r) => r.sql.trim() + ";").join("\n\n") + "\n";
}
