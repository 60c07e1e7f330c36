/**
 * `choto forget`: the user deletes from the interface graph what it
 * remembers of one app, or everything not seen for a while.
 *
 * @module
 */

import { parseSince } from "../db/audit.ts";
import { forgetApp, forgetBefore } from "../graph/forget.ts";
import { type Command, UsageError } from "./command.ts";
import { withStore } from "./open.ts";

/** `choto forget`. */
export const forgetCommand: Command = {
  usage: [["forget", "delete from the interface graph: --app NAME, or --older-than 30d"]],
  options: ["db", "app", "older-than"],
  maxArgs: 0,
  run: (v) => {
    if ((v.app === undefined) === (v["older-than"] === undefined)) {
      throw new UsageError("forget needs exactly one of --app NAME or --older-than AGE (e.g. 30d)");
    }
    return withStore(v.db, (store) => {
      const r = v.app !== undefined
        ? forgetApp(store, v.app)
        : forgetBefore(store, Date.now() - parseSince(v["older-than"]!)!);
      (r.ok ? console.log : console.error)(r.ok ? r.text : `choto: ${r.text}`);
      return r.ok ? 0 : 1;
    });
  },
};
