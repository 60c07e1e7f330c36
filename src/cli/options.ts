/**
 * The options of choto's command line: how each parses, its help when every
 * command shares it, and what a value must look like.
 *
 * @module
 */

import { defaultDbPath } from "../db/db_path.ts";
import type { ArgSpec } from "./argv.ts";
import type { OptionName, Values } from "./command.ts";

// The engine table (on node:fs) and the audit log's durations (on node:crypto) load only for an option that
// needs them: each of those built-in modules adds tens of milliseconds to every start, serve's included.
const engineChoices = async () => (await import("../ocr/engines/engine_choice.ts")).engineChoices();
const parseSince = async (text: string) => (await import("../db/audit.ts")).parseSince(text);

/**
 * One option: how it parses (argv.ts; one given more than once is kept whole
 * only for `multiple`, and the commands that take one value see the last),
 * its help, and what a value must look like.
 */
export interface OptionSpec extends ArgSpec {
  /** Shown under "options:" for options every command shares; per-command options show in `usage`. */
  help?: string;
  /** A usage error message when the value is wrong, else null. */
  check?: (value: string, values: Values) => string | null | Promise<string | null>;
}

/** Every option, with its checks. */
export const OPTIONS: Record<OptionName, OptionSpec> = {
  db: {
    type: "string",
    help: `--db PATH           the SQLite database (default: ${defaultDbPath()}; env CHOTO_DB)`,
  },
  ocr: {
    type: "string",
    help:
      "--ocr ENGINE        OCR engine: vision (macOS default), tesseract (default elsewhere) or tesseract-fast (Linux); env CHOTO_OCR_ENGINE",
    check: async (v) => {
      const choices = await engineChoices();
      return choices.includes(v)
        ? null
        : `--ocr must be one of ${choices.join(", ")} on ${Deno.build.os} (got "${v}")`;
    },
  },
  png: {
    type: "string",
    check: (v) => v.endsWith(".png") ? null : `--png needs a file name ending in .png (got "${v}")`,
  },
  json: { type: "boolean" },
  selftest: { type: "boolean" },
  "macos-selftest": { type: "boolean" },
  app: { type: "string", multiple: true },
  window: {
    type: "string",
    check: (v, values) =>
      values.app === undefined && !v.startsWith("#")
        ? "--window needs --app (or a node id such as --window '#5')"
        : null,
  },
  query: { type: "string" },
  from: { type: "string" },
  depth: {
    type: "string",
    check: (v) => /^[123]$/.test(v) ? null : `--depth must be 1, 2 or 3 (got "${v}")`,
  },
  since: {
    type: "string",
    check: async (v) =>
      await parseSince(v) === null
        ? `--since needs a number and a unit s, m, h or d, e.g. 1h or 7d (got "${v}")`
        : null,
  },
  http: { type: "boolean" },
  recipes: { type: "boolean" },
  port: {
    type: "string",
    check: (v, values) =>
      !values.http
        ? "--port needs --http"
        : /^\d{1,5}$/.test(v) && Number(v) <= 65535
        ? null
        : `--port must be a port number 0-65535 (got "${v}")`,
  },
  host: {
    type: "string",
    check: (v, values) => values.http ? (v.trim() ? null : "--host needs an address") : "--host needs --http",
  },
  "older-than": {
    type: "string",
    check: async (v) =>
      await parseSince(v) === null
        ? `--older-than needs a number and a unit s, m, h or d, e.g. 30d (got "${v}")`
        : null,
  },
  help: { type: "boolean", short: "h", help: "-h, --help          show this help" },
  version: { type: "boolean", short: "V", help: "-V, --version       print the version" },
};
