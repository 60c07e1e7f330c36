/**
 * `choto recall`: what the interface graph remembers, printed as the recall
 * tool answers it.
 *
 * @module
 */

import type { Store } from "../db/store.ts";
import { recallReply } from "../tools/recall.ts";
import type { Command } from "./command.ts";
import { withStore } from "./open.ts";

/** Options of `choto recall`. */
export interface RecallCliOptions {
  app?: string;
  window?: string;
  query?: string;
  fromWindow?: string;
  depth?: number;
  /** Size cap in characters (default ~2400). */
  budget?: number;
  /** Epoch ms (default: now). */
  now?: number;
}

/**
 * `choto recall [--app NAME] [--window W] [--query Q] [--from W] [--depth N]`:
 * the same reply the tool gives, as text. `ok` is false for an unknown app
 * or window (the text then says what is known).
 */
export function runRecallCli(store: Store, opts: RecallCliOptions): { ok: boolean; text: string } {
  const reply = recallReply(store, {
    app: opts.app,
    window: opts.window,
    query: opts.query,
    fromWindow: opts.fromWindow,
    depth: opts.depth ?? 1,
    now: opts.now ?? Date.now(),
  }, opts.budget);
  return { ok: reply.ok, text: reply.text };
}

/** `choto recall`. */
export const recallCommand: Command = {
  usage: [["recall", "print what the interface graph remembers (the recall tool's reply)"]],
  details: ["--app NAME  --window W  --query Q  --from W  --depth 1-3"],
  options: ["db", "app", "window", "query", "from", "depth"],
  maxArgs: 0,
  run: (v) =>
    withStore(v.db, (store) => {
      const r = runRecallCli(store, {
        app: v.app,
        window: v.window,
        query: v.query,
        fromWindow: v.from,
        depth: v.depth ? Number(v.depth) : 1,
      });
      console.log(r.text);
      return r.ok ? 0 : 1;
    }),
};
