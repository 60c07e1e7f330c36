/**
 * File paths joined and split without `node:path`: the first Node built-in a
 * process imports loads Deno's Node layer, and the modules that start the
 * recognisers run before anything else needs it. Paths here are the ones
 * choto runs on (macOS and Linux): `/` separates their parts.
 *
 * @module
 */

/** `parts` joined by `/`, with runs of `/` made one, `.` parts and a trailing `/` dropped ("." for nothing). */
export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p !== "").join("/");
  const absolute = joined.startsWith("/");
  const kept = joined.split("/").filter((p) => p !== "" && p !== ".");
  return (absolute ? "/" : "") + kept.join("/") || (absolute ? "/" : ".");
}

/** The folder part of `path`: "." when it names no folder, "/" for the root. */
export function dirname(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const at = trimmed.lastIndexOf("/");
  if (at < 0) return ".";
  if (at === 0) return "/";
  return trimmed.slice(0, at).replace(/\/+$/, "") || "/";
}

/** The last part of `path`, less `suffix` when it ends with it (and is more than it). */
export function basename(path: string, suffix = ""): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const name = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  return suffix && name.endsWith(suffix) && name !== suffix ? name.slice(0, -suffix.length) : name;
}
