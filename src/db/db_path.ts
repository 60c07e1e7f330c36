/**
 * Where the database lives by default. Kept apart from the store: the
 * command line's help names it on every start, and the store's modules
 * (SQLite, Node's path) would load with it.
 *
 * @module
 */

import { envVar } from "../common/env.ts";

/** `parts` joined by single slashes, each part's own leading and trailing slashes dropped after the first. */
function joinPath(...parts: string[]): string {
  const [first, ...rest] = parts;
  return [first.replace(/(?<=.)\/+$/, ""), ...rest.map((p) => p.replace(/^\/+|\/+$/g, ""))]
    .join("/")
    .replace(/^\/\//, "/");
}

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
