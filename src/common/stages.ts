/**
 * Where the time of one look goes: milliseconds per stage (capture, lines,
 * diff, prepare, recognise, group, record, render), summed over the reads of
 * the look. Diagnostics only; nothing decides on them.
 *
 * @module
 */

/** Milliseconds per stage name. */
export type StageTimes = Record<string, number>;

/** Adds `ms` to a stage. */
export function addStage(times: StageTimes, stage: string, ms: number): void {
  times[stage] = (times[stage] ?? 0) + ms;
}

/** Runs `fn`, adding its wall time to `stage`. */
export function timed<T>(times: StageTimes, stage: string, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    addStage(times, stage, performance.now() - t0);
  }
}

/** Adds every stage of `more` to `times`. */
export function mergeStages(times: StageTimes, more: StageTimes | undefined): void {
  for (const [k, v] of Object.entries(more ?? {})) addStage(times, k, v);
}

/** One line: `capture 12 · lines 30 · ...` in whole milliseconds. */
export function stagesLine(times: StageTimes): string {
  return Object.entries(times).map(([k, v]) => `${k} ${Math.round(v)}`).join(" · ");
}
