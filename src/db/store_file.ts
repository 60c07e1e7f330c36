/**
 * The database file as a file: creating it private, telling whether the
 * file at the path is still the one a connection opened (device and inode),
 * and letting go of a connection whose file was deleted or replaced without
 * leaving its write-ahead log where the file now at the path would take it
 * for its own.
 *
 * SQLite names the side files after the path (`-wal`, `-shm`), not after the
 * file: a connection to a file that was moved away still writes its log at
 * the old name, and whoever opens the path next replays that log onto
 * whatever file is there now. So the log is folded into the old file first,
 * and the side files are removed when they are still the old ones.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";

/** Which file a path names: device and inode. */
export interface FileId {
  dev: number;
  ino: number;
}

/** The identity of the file at `path`, or null when there is none (or the platform gives none). */
export function fileId(path: string): FileId | null {
  try {
    const st = Deno.statSync(path);
    if (st.ino === null || st.dev === null) return null;
    return { dev: st.dev, ino: st.ino };
  } catch {
    return null;
  }
}

/** True when both name the same file. */
export function sameFile(a: FileId | null, b: FileId | null): boolean {
  return a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;
}

/** The side files SQLite keeps beside a WAL database. */
export const SIDE_FILES = ["-wal", "-shm"] as const;

/**
 * Makes sure the database's folder and file exist before SQLite opens the
 * path. What choto creates is private (folder 0700, file 0600; SQLite gives
 * the side files the file's mode); what exists is left as it is, whoever
 * made it, and a database others may read is reported through `warn`.
 */
export function preparePath(path: string, warn: (line: string) => void): void {
  const dir = dirname(path);
  if (fileId(dir) === null) Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let mode: number | null = null;
  try {
    mode = Deno.statSync(path).mode;
  } catch {
    // Not there yet: created below, private from the start (the umask can only narrow it).
    Deno.openSync(path, { create: true, write: true, mode: 0o600 }).close();
    return;
  }
  if (mode !== null && Deno.build.os !== "windows" && (mode & 0o044) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(3, "0");
    warn(
      `choto: ${path} can be read by other users (mode ${octal}); it holds what choto read on your screen: ` +
        `chmod 600 ${path} to keep it to yourself`,
    );
  }
}

/** The identities of a database and its side files, as one connection opened them. */
export interface OpenFiles {
  db: FileId | null;
  "-wal": FileId | null;
  "-shm": FileId | null;
}

/** The identities of the files at `path` and beside it now. */
export function openFiles(path: string): OpenFiles {
  return { db: fileId(path), "-wal": fileId(`${path}-wal`), "-shm": fileId(`${path}-shm`) };
}

/**
 * Connections that could not be closed safely: closing them would let
 * SQLite delete side files that now belong to the file at the path. They
 * are never used again and live until the process ends.
 */
const RETIRED: DatabaseSync[] = [];

/**
 * Lets go of a connection whose file is no longer the one at `path`: its
 * write-ahead log is folded into its own file (which keeps every write made
 * through it, wherever that file went), then it is closed, and side files
 * still at the path that are its own are removed so the file at the path
 * starts with none. When the log at the path is another file's already, the
 * connection is kept open, unused, instead: SQLite would delete that log by
 * name on closing.
 */
export function retire(db: DatabaseSync, path: string, opened: OpenFiles): void {
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch {
    // The old file is unreadable or busy: its log stays with it, not with the file at the path.
  }
  const wal = fileId(`${path}-wal`);
  if (wal !== null && !sameFile(wal, opened["-wal"])) {
    RETIRED.push(db);
    return;
  }
  try {
    db.close();
  } catch {
    // closed already
  }
  // Another server still on the old file keeps its side files open by descriptor; the names go.
  for (const side of SIDE_FILES) {
    const name = `${path}${side}`;
    if (sameFile(fileId(name), opened[side])) {
      try {
        Deno.removeSync(name);
      } catch {
        // gone meanwhile
      }
    }
  }
}
