/**
 * Splits a command line into options and positional arguments against the
 * option table. choto's own, not Node's `parseArgs`: loading `node:util` and
 * the Node layer under it costs about 13 ms of every start, `serve`'s
 * handshake included, for a few dozen lines of work.
 *
 * The forms taken: `--name value`, `--name=value`, `--flag`, `-h` (a short
 * flag alone), and `--` to end the options; anything else is positional.
 *
 * @module
 */

import { nearestName } from "../common/nearest.ts";

/** How one option parses. */
export interface ArgSpec {
  type: "string" | "boolean";
  short?: string;
  /** May be given more than once: every value is kept, in order. */
  multiple?: boolean;
}

/** What a command line holds: each option's value (a list for `multiple`) and the rest. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[]>;
  positionals: string[];
}

/** A command line that cannot be read; the message says which word and why. */
export class ArgvError extends Error {}

/** `argv` read against `options`; throws {@link ArgvError} on an unknown option, a missing or unwanted value. */
export function parseArgv(argv: readonly string[], options: Readonly<Record<string, ArgSpec>>): ParsedArgs {
  const values: ParsedArgs["values"] = {};
  const positionals: string[] = [];
  const byShort = new Map(
    Object.entries(options).flatMap(([name, o]) => o.short ? [[o.short, name] as const] : []),
  );
  const known = Object.keys(options);
  const set = (name: string, value: string | boolean) => {
    const prior = values[name];
    values[name] = options[name].multiple ? [...(Array.isArray(prior) ? prior : []), value as string] : value;
  };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (/^-[^-]$/.test(word)) {
      const name = byShort.get(word[1]);
      if (!name) throw new ArgvError(`unknown option ${word}`);
      set(name, true);
      continue;
    }
    if (!word.startsWith("--") || word.length === 2) {
      if (word.startsWith("-") && word !== "-") throw new ArgvError(`unknown option ${word}`);
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = word.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.hasOwn(options, name) ? options[name] : undefined;
    if (!spec) {
      const near = nearestName(name, known);
      throw new ArgvError(`unknown option --${name}${near ? `; did you mean --${near}?` : ""}`);
    }
    if (spec.type === "boolean") {
      if (eq >= 0) throw new ArgvError(`option --${name} takes no value (got "${word.slice(eq + 1)}")`);
      set(name, true);
      continue;
    }
    if (eq >= 0) {
      set(name, word.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next === undefined) throw new ArgvError(`option --${name} needs a value`);
    if (next.startsWith("-") && next !== "-") {
      throw new ArgvError(
        `option --${name} needs a value (got option ${next}; for a value that starts with "-", write --${name}=${next})`,
      );
    }
    set(name, next);
    i++;
  }
  return { values, positionals };
}
