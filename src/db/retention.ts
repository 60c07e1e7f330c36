/**
 * What is kept only for a while is pruned while the server runs, not only
 * when it starts: a server that runs for weeks keeps the audit log within
 * its retention and the read memory within its size.
 *
 * @module
 */

/** Something that deletes what it no longer keeps; the rows it deleted. */
export type Pruner = () => number;

/** How often a running server prunes. */
export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Runs every pruner now and every `everyMs` after; a pruner that fails
 * (a full disk, a busy file) is tried again next time. The timer never
 * keeps the process alive. Returns what stops it.
 */
export function keepPruned(pruners: Pruner[], everyMs = PRUNE_EVERY_MS): () => void {
  const run = () => {
    for (const prune of pruners) {
      try {
        prune();
      } catch (err) {
        console.error(`choto: pruning failed, tried again on the next round: ${(err as Error).message}`);
      }
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
