/**
 * Filing a run's verdict onto its checklist item: a plan run that succeeds
 * passes the item and becomes its recipe with the world it worked in; a
 * replay that succeeds passes it and leaves the recipe as it was; anything
 * else fails the item with the run's own reason.
 *
 * @module
 */

import type { RunResult } from "../plan/executor.ts";
import type { Plan } from "../plan/steps.ts";
import type { Services } from "../services.ts";
import type { RouteWindow } from "./fingerprint.ts";
import { type Item, type Mission, missionById, recordRun } from "./store.ts";
import { worldOfRun } from "./world.ts";

/** The windows a run walked, as a route. */
export function routeOf(r: RunResult): RouteWindow[] {
  return r.windowsSeen.map((w) => ({ node: w.node, app: w.app, title: w.title }));
}

/** Why a run that did not succeed failed its item, in the run's own words. */
export function runReason(r: RunResult): string | null {
  if (r.status === "success") return null;
  const f = r.failure;
  return f ? `step ${f.step} (${f.action}): ${f.reason}` : `the run ended ${r.status}`;
}

/** Files the run and returns the mission as it now stands, with a line saying what was filed. */
export function fileRun(
  services: Services,
  opts: {
    missionId: number;
    item: Item;
    kind: "plan" | "replay";
    plan: Plan;
    result: RunResult;
    llmVersionTag: string | null;
    startedAt: number;
  },
): { mission: Mission | null; line: string } {
  const { item } = opts;
  try {
    return fileVerdict(services, opts);
  } catch (err) {
    // The run did happen: say so rather than let a storage error read as "nothing was done".
    return {
      mission: null,
      line: `the run above happened, but its verdict could not be filed on item ${item.n} (${
        (err as Error).message
      }): mark it with mission_mark once the database is reachable.`,
    };
  }
}

function fileVerdict(
  services: Services,
  opts: Parameters<typeof fileRun>[1],
): { mission: Mission; line: string } {
  const { item, kind, plan, result } = opts;
  const route = routeOf(result);
  const keep = kind === "plan" && result.status === "success";
  const now = services.now();
  recordRun(services.store, {
    itemId: item.id,
    kind,
    // The user's no stops the run as the corner does; the reason says which it was.
    outcome: result.status === "declined" ? "aborted" : result.status,
    reason: runReason(result),
    llmVersionTag: opts.llmVersionTag,
    route,
    startedAt: opts.startedAt,
    finishedAt: now,
    recipe: keep
      ? {
        plan: plan as unknown as Record<string, unknown>,
        fingerprint: worldOfRun(services.store, services.desktop(), route, opts.llmVersionTag),
      }
      : undefined,
  }, now);
  const line = result.status === "success"
    ? `item ${item.n} passed${
      keep
        ? "; these steps are kept as its recipe with the world they worked in (mission_replay repeats them)"
        : "; its recipe and recorded world are kept as they were"
    }.`
    : `item ${item.n} failed: ${runReason(result)}.`;
  // Another server may have closed the mission meanwhile: the record is filed on it all the same.
  return { mission: missionById(services.store, opts.missionId)!, line };
}
