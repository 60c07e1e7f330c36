/**
 * Which screen a choto process acts on, as a lock file's name, and the
 * folders that file may live in. Every choto process on one display (X11:
 * one `$DISPLAY`; macOS: one login session, so one user) must arrive at the
 * same file, whatever database each was told to use.
 *
 * @module
 */

import { defaultDbPath } from "../../db/db_path.ts";

/** Characters kept in a file name; anything else becomes `_`. */
const unsafe = /[^A-Za-z0-9._-]/g;

/**
 * The lock's name for the screen: `display-1` for `:1`, `:1.0` and
 * `unix:1` alike (one X server, whatever screen of it), `display-host-1` for
 * a display reached over the network, `session-501` on macOS.
 */
export function screenKey(os: string, display: string | undefined, uid: number | null): string {
  if (os === "darwin") return `session-${uid ?? "user"}`;
  const raw = display?.trim() ?? "";
  if (!raw) return "display-unset";
  const m = /^(.*):(\d+)(?:\.\d+)?$/.exec(raw);
  if (!m) return `display-${raw.replace(unsafe, "_")}`;
  const host = m[1] === "unix" ? "" : m[1];
  return host ? `display-${host.replace(unsafe, "_")}-${m[2]}` : `display-${m[2]}`;
}

/** The folder a path is in ("." for a bare name). */
const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".");

/**
 * Where the lock may live, best first: beside the default database (the
 * folder every shipped command line may write), beside this process's own
 * database (a `--db` or `CHOTO_DB` elsewhere, when the default folder is not
 * granted), then a folder of the user's under /tmp. A process that can
 * write to none of the first shares with those that chose the same.
 */
export function lockFolders(
  dbPath: string | null,
  uid: number | null,
  defaultDb = defaultDbPath(),
): string[] {
  const folders = [`${folderOf(defaultDb)}/locks`];
  if (dbPath && dbPath !== ":memory:") folders.push(`${folderOf(dbPath)}/locks`);
  folders.push(`/tmp/choto-${uid ?? "user"}-locks`);
  return [...new Set(folders)];
}
