/**
 * Reading `choto.json`, the user's configuration, from the data folder
 * beside the database (or `CHOTO_CONFIG`).
 *
 * @module
 */

import { dirname, join } from "./paths.ts";
import { envVar } from "./env.ts";
import { buildPolicy, ConfigError, type Policy } from "./policy.ts";

/** Where the configuration file is for a database path. */
export function configPath(dbPath: string): string {
  return envVar("CHOTO_CONFIG") ?? join(dbPath === ":memory:" ? "." : dirname(dbPath), "choto.json");
}

/**
 * The effective policy: the file (when present) with the environment's
 * overrides. `desktopLanguages` are the languages the desktop names outside
 * the environment (the macOS preferred languages); by default the locale
 * variables.
 */
export function loadPolicy(
  path: string,
  env: (name: string) => string | undefined = envVar,
  desktopLanguages?: { names: readonly string[]; from: string },
): Policy {
  let json: unknown = null;
  let text: string | null = null;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) {
      throw new ConfigError(`cannot read ${path}: ${(err as Error).message}`);
    }
  }
  if (text !== null) {
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new ConfigError(`${path} is not valid JSON: ${(err as Error).message}`);
    }
  }
  return desktopLanguages ? buildPolicy(json, path, env, desktopLanguages) : buildPolicy(json, path, env);
}
