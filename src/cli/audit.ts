/**
 * `choto audit`: the audit log since a while ago, one line or one JSON row
 * per entry.
 *
 * @module
 */

import { auditLine, auditSince, escapedRow, parseSince } from "../db/audit.ts";
import type { Command } from "./command.ts";
import { withStore } from "./open.ts";

/** `choto audit`. */
export const auditCommand: Command = {
  usage: [["audit", "print the audit log: input sent, questions asked, refusals"]],
  details: ["--since 1h   only the last hour (s, m, h, d; default 1d)  --json  one JSON row per line"],
  options: ["db", "since", "json"],
  maxArgs: 0,
  run: (v) =>
    withStore(v.db, (store) => {
      const rows = auditSince(store, Date.now() - parseSince(v.since ?? "1d")!);
      for (const r of rows) console.log(v.json ? JSON.stringify(escapedRow(r)) : auditLine(r));
      if (!v.json && !rows.length) console.log(`(nothing in the audit log since ${v.since ?? "1d"} ago)`);
      return 0;
    }),
};
