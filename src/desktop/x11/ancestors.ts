/**
 * choto's parent chain on Linux, read once from `/proc/<pid>/stat` (through
 * libc, as every `/proc` read under the shipped permissions): the processes
 * that started it, the MCP client among them.
 *
 * @module
 */

import { ancestorChain, parentFromStat } from "../client_windows.ts";
import { procText } from "./procfs.ts";

let chain: number[] | null = null;

/** choto's ancestors, nearest first, init left out; read on first use (choto ends with the client that started it). */
export function ancestorPids(): number[] {
  if (chain === null) {
    chain = ancestorChain(Deno.ppid, (pid) => {
      const stat = procText(`/proc/${pid}/stat`);
      return stat === null ? null : parentFromStat(stat);
    });
  }
  return chain;
}
