/**
 * The SQLite store: one file per user, WAL, foreign keys, a busy timeout so
 * several servers can share it, migrations by `PRAGMA user_version`, and
 * every statement prepared once from `sql/queries/`.
 *
 * Before each write the file at the path is checked to still be the one
 * open (device and inode: one `stat`). A file deleted or replaced under the
 * running server is let go of (its log folded into it, never left for the
 * file now at the path), the file now there is opened, and the write fails
 * saying what was not stored, so nothing succeeds into a file nobody will
 * read again.
 *
 * @module
 */

import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { loadQueries } from "./sql_files.ts";
import { migrate, refuseNewer } from "./migrate.ts";
import { StoreFault, storeFault } from "./store_fault.ts";
import { fileId, type OpenFiles, openFiles, preparePath, retire, sameFile } from "./store_file.ts";

export { migrate } from "./migrate.ts";
export { defaultDbPath } from "./db_path.ts";

/** How a store reports what it noticed on its own (a replaced file, a database others can read). */
export interface StoreOptions {
  warn?: (line: string) => void;
}

/** Opens `path` as a choto database: refuses a newer schema before writing anything, then migrates. */
function openDatabase(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    refuseNewer(db, path);
    if (path !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA synchronous = NORMAL");
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** An open database with its prepared statements. */
export class Store {
  #db: DatabaseSync | null;
  #sql: Map<string, string>;
  #prepared = new Map<string, StatementSync>();
  /** The files the connection opened, to tell them from whatever is at the path later. */
  #files: OpenFiles | null = null;
  /** Why the file at the path cannot be used, after a switch to it failed (tried again on each use). */
  #unusable: string | null = null;
  /** What the next write is to be told: the file was switched since the last one. */
  #notice: string | null = null;
  #watch: ReturnType<typeof setInterval> | null = null;
  #warn: (line: string) => void;
  /** Warnings about a file's mode already given: a file retried on every call is named once. */
  #modeWarnings = new Set<string>();
  /** Writes put off by {@link later}, oldest first, each with what it stores and the file it was meant for. */
  #later: Array<{ write: () => void; what: string; file: number }> = [];
  /** Counts the files this store has had open: a write put off for one is not done in the next. */
  #file = 0;
  #laterTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly path: string, options: StoreOptions = {}) {
    this.#warn = options.warn ?? ((line) => console.error(line));
    this.#sql = loadQueries();
    this.#db = this.#open();
  }

  /**
   * The connection; throws a {@link StoreFault} while the file at the path
   * cannot be used. Writes put off by {@link later} are done first, so every
   * read sees them.
   */
  get db(): DatabaseSync {
    if (this.#later.length && !this.#db?.isTransaction) this.runLater();
    if (this.#db) return this.#db;
    this.#db = this.#retryOpen();
    return this.#db;
  }

  /** The prepared statement named `name` in `sql/queries/`. */
  q(name: string): StatementSync {
    const db = this.db;
    let stmt = this.#prepared.get(name);
    if (!stmt) {
      const sql = this.#sql.get(name);
      if (sql === undefined) throw new Error(`no query named "${name}" in sql/queries/`);
      stmt = db.prepare(sql);
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

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE, so concurrent
   * writers queue on the busy timeout). `what` names what it stores, for the
   * {@link StoreFault} that says it was not stored (a full disk, a file
   * replaced under the server).
   */
  tx<T>(fn: () => T, what = "this change"): T {
    if (this.#later.length && !this.#db?.isTransaction) this.runLater();
    this.#beforeWrite(what, true);
    const db = this.db;
    db.exec("BEGIN IMMEDIATE");
    try {
      const out = fn();
      db.exec("COMMIT");
      return out;
    } catch (err) {
      // SQLite has already rolled back after some failures (a full disk): a ROLLBACK then would hide the reason.
      if (db.isOpen && db.isTransaction) db.exec("ROLLBACK");
      throw storeFault(err, what, this.path);
    }
  }

  /**
   * Runs one named write statement outside a transaction, into whatever
   * file is at the path: for bookkeeping (the audit log) that belongs in the
   * file there, switched or not, and leaves the news of a switch to the next
   * {@link tx}. The number of rows it changed.
   */
  write(name: string, params: Record<string, SQLInputValue>, what: string): number {
    this.#beforeWrite(what, false);
    try {
      return Number(this.q(name).run(params).changes);
    } catch (err) {
      throw storeFault(err, what, this.path);
    }
  }

  /**
   * Puts a write off until the current turn of the event loop is over (a
   * reply sent, say), or until anything uses the store before that. A
   * failure cannot reach its caller any more: it goes to the log, naming
   * `what` was not stored.
   */
  later(write: () => void, what: string): void {
    this.#later.push({ write, what, file: this.#file });
    this.#laterTimer ??= setTimeout(() => this.runLater(), 0);
  }

  /** Does the writes {@link later} put off, now. */
  runLater(): void {
    if (this.#laterTimer !== null) clearTimeout(this.#laterTimer);
    this.#laterTimer = null;
    const pending = this.#later.splice(0);
    try {
      this.#checkFile();
    } catch {
      // Told to the next write.
    }
    for (const { write, what, file } of pending) {
      if (file !== this.#file) {
        this.#warn(
          `choto: ${what} was not stored: the database file was deleted or replaced before it was written.`,
        );
        continue;
      }
      try {
        write();
      } catch (err) {
        const said = err instanceof StoreFault
          ? err.message
          : `${what} was not stored: ${(err as Error).message}`;
        this.#warn(`choto: ${said}`);
      }
    }
  }

  /**
   * Checks the file every `ms` as well, so a replaced file is let go of
   * (and its log with it) even while no call writes; the next write is told.
   */
  watch(ms: number): void {
    if (this.#watch !== null || !this.#files) return;
    const timer = setInterval(() => {
      try {
        this.#checkFile();
      } catch {
        // Told to the next write.
      }
    }, ms);
    Deno.unrefTimer(timer);
    this.#watch = timer;
  }

  close(): void {
    this.runLater();
    if (this.#watch !== null) clearInterval(this.#watch);
    this.#watch = null;
    if (this.#db?.isOpen) this.#db.close();
  }

  #open(): DatabaseSync {
    if (this.path === ":memory:") return openDatabase(this.path);
    preparePath(this.path, (line) => {
      if (this.#modeWarnings.has(line)) return;
      this.#modeWarnings.add(line);
      this.#warn(line);
    });
    const db = openDatabase(this.path);
    this.#files = openFiles(this.path);
    return db;
  }

  #retryOpen(): DatabaseSync {
    try {
      const db = this.#open();
      this.#unusable = null;
      return db;
    } catch (err) {
      this.#unusable = (err as Error).message;
      throw new StoreFault("unusable", `choto cannot use the file now at ${this.path}: ${this.#unusable}`);
    }
  }

  /** Switches to the file at the path when it is not the open one; the switch, told once, fails `what`. */
  #beforeWrite(what: string, tell: boolean): void {
    this.#checkFile();
    if (tell && this.#notice !== null) {
      const notice = this.#notice;
      this.#notice = null;
      throw new StoreFault("replaced", `${what} was not stored: ${notice}`);
    }
    if (!this.#db) this.#db = this.#retryOpen();
  }

  /** Lets go of the open file when the path names another one (or none) now, and opens what is there. */
  #checkFile(): void {
    if (!this.#files || !this.#db) return;
    const now = fileId(this.path);
    if (sameFile(now, this.#files.db)) return;
    const how = now === null ? "deleted" : "replaced by another file";
    retire(this.#db, this.path, this.#files);
    this.#db = null;
    this.#file++;
    this.#prepared.clear();
    let where: string;
    try {
      this.#db = this.#open();
      where = now === null
        ? "choto now keeps the graph in a new, empty database there. Call again to store it there."
        : "choto now uses the file there as it is. Call again to store it there.";
    } catch (err) {
      this.#unusable = (err as Error).message;
      where = `the file now there cannot be used (${this.#unusable}); ` +
        "put a choto database back at that path, or restart with --db PATH, and call again.";
    }
    this.#notice = `the database file ${this.path} was ${how} while choto ran, and nothing more goes into ` +
      `the old one; ${where}`;
    this.#warn(`choto: ${this.#notice}`);
  }
}

/** The schema as SQLite holds it (for the schema.sql check and `db schema`). */
export function dumpSchema(db: DatabaseSync): string {
  const sql = loadQueries().get("schema_objects")!;
  const rows = db.prepare(sql).all() as Array<{ sql: string }>;
  return rows.map((r) => r.sql.trim() + ";").join("\n\n") + "\n";
}
