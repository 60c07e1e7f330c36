/**
 * `choto db schema` and `choto db path`: the database's schema (which
 * `deno task db:schema` writes to sql/schema.sql) and the file in use.
 *
 * @module
 */

import { dumpSchema } from "../db/store.ts";
import { type Command, UsageError } from "./command.ts";
import { dbPath, withStore } from "./open.ts";

/** First lines of sql/schema.sql, which `deno task db:schema` regenerates. */
const SCHEMA_HEADER = "-- Generated from sql/migrations by `deno task db:schema`; do not edit.\n\n";

/** `choto db`. */
export const dbCommand: Command = {
  usage: [["db schema", "print the database schema"], ["db path", "print the database path in use"]],
  options: ["db"],
  maxArgs: 1,
  tooMany: (rest) => `db takes one subcommand (got "${rest.join(" ")}")`,
  run: async (v, rest) => {
    const sub = rest[0];
    if (sub === "path") {
      console.log(dbPath(v.db));
      return 0;
    }
    if (sub === "schema") {
      return await withStore(v.db, (store) => {
        console.log(SCHEMA_HEADER + dumpSchema(store.db).trimEnd());
        return 0;
      });
    }
    throw new UsageError(`db needs a subcommand: "schema" or "path" (got ${sub ? `"${sub}"` : "nothing"})`);
  },
};
