/**
 * CPU time read from `/proc` (Linux): what a process tree has used, and
 * what this process's waited-for children used. bench:observe reports the
 * CPU work of a look beside its wall time: with both cores busy, wall time
 * follows CPU work more than parallelism. The reads go through the X11
 * backend's `/proc` reader, since Deno refuses `/proc/<pid>` short of
 * `--allow-all` and the bench runs under scoped permissions.
 *
 * @module
 */

import { procText } from "../src/desktop/x11/procfs.ts";

/** Clock ticks per second of `/proc`'s CPU times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces); null once it is gone. */
function statFields(pid: number | "self"): number[] | null {
  const text = procText(`/proc/${pid}/stat`);
  return text ? text.slice(text.lastIndexOf(")") + 2).split(" ").map(Number) : null;
}

/** Milliseconds of `ticks`. */
const ms = (ticks: number) => ticks * 1000 / TICKS_PER_SECOND;

/** The pids of `pid`'s children (empty once it is gone). */
function childrenOf(pid: number): number[] {
  const text = procText(`/proc/${pid}/task/${pid}/children`)?.trim();
  return text ? text.split(" ").map(Number) : [];
}

/**
 * User and system CPU milliseconds used so far by `pid` and every process
 * under it (all their threads); a process gone meanwhile counts nothing.
 */
export function treeCpuMs(pid: number): number {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) {
    // A process gone since it was listed counts nothing.
    const f = statFields(p);
    if (f) total += ms(f[11] + f[12]);
  }
  return total;
}

/** Every process under `pid`. */
function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((c) => [c, ...descendants(c)]);
}

/** User and system CPU milliseconds this process has used so far. */
export function ownCpuMs(): number {
  const f = statFields("self")!;
  return ms(f[11] + f[12]);
}

/** User and system CPU milliseconds of this process's children it has waited for, so far. */
export function waitedChildrenCpuMs(): number {
  const f = statFields("self")!;
  return ms(f[13] + f[14]);
}
