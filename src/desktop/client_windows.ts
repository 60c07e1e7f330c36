/**
 * The windows of the MCP client that started choto: Claude Desktop, or the
 * terminal a command-line client runs in. They are the chat the user is
 * typing in, so a look or a step never works in them unless one is named.
 * The client is the nearest process up choto's parent chain that owns a
 * window: a farther one (the file manager or panel that started the
 * terminal) is the user's own app, not the client.
 *
 * @module
 */

import type { WindowInfo } from "./types.ts";

/**
 * The ids of the client's windows: those of the nearest ancestor (choto's
 * parents, nearest first) that owns any of `windows`; none when no ancestor does.
 */
export function clientWindowIds(windows: readonly WindowInfo[], ancestors: readonly number[]): string[] {
  for (const pid of ancestors) {
    const owned = windows.filter((w) => w.pid === pid);
    if (owned.length) return owned.map((w) => w.id);
  }
  return [];
}

/** The parent's pid from the text of `/proc/<pid>/stat`, or null when it cannot be read. */
export function parentFromStat(stat: string): number | null {
  // The command name in parentheses may hold spaces and parentheses itself: the fields follow the last ")".
  const close = stat.lastIndexOf(")");
  if (close < 0) return null;
  const fields = stat.slice(close + 1).trim().split(/\s+/);
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) && ppid >= 0 ? ppid : null;
}

/** How far up the parent chain to look: a client is a few processes away, never dozens. */
const MAX_DEPTH = 32;

/**
 * choto's ancestors, nearest first, from its parent up to (not including)
 * init: `parentOf` reads one process's parent (null when it cannot).
 */
export function ancestorChain(parent: number, parentOf: (pid: number) => number | null): number[] {
  const chain: number[] = [];
  for (let pid: number | null = parent; pid !== null && pid > 1 && chain.length < MAX_DEPTH;) {
    if (chain.includes(pid)) break;
    chain.push(pid);
    pid = parentOf(pid);
  }
  return chain;
}
