/**
 * Where the database lives by default. Kept apart from the store: the
 * command line's help names it on every start, and the store's modules
 * (SQLite, Node's path) would load with it.
 *
 * @module
 */

import { envVar } from "../common/env.ts";

/** `parts` joined by slashes, runs of slashes (a HOME ending in one) made one. */
const joinPath = (...parts: string[]) => parts.join("/").replace(/\/{2,}/g, "/");

/** Where the database lives when neither `--db` nor `CHOTO_DB` says. */
export function defaultDbPath(
  os: string = Deno.build.os,
  env: (name: string) => string | undefined = envVar,
): string {
  const home = env("HOME") ?? ".";
  if (os === "darwin") return joinPath(home, "Library", "Application Support", "choto", "choto.db");
  const data = env("XDG_DATA_HOME") || joinPath(home, ".local", "share");
  return joinPath(data, "choto", "choto.db");
}

/** The database in use: `--db`, else `CHOTO_DB`, else the platform's default. */
export function chosenDbPath(flag: string | undefined): string {
  return flag ?? envVar("CHOTO_DB") ?? defaultDbPath();
}
