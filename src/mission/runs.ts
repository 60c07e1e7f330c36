/**
 * Filing a run's verdict onto its checklist item: a plan run that succeeds
 * passes the item and becomes its recipe with the world it worked in; a
 * replay that succeeds passes it and leaves the recipe as it was; anything
 * else fails the item with the run's own reason, an unconfirmed run too:
 * nothing showed that its steps did what the item needs, so they are no
 * recipe, and the model checks the app and marks the item itself.
 *
 * @module
 */

import type { RunResult } from "../plan/executor.ts";
import type { Plan } from "../plan/steps.ts";
import type { Services } from "../services.ts";
import { unconfirmedSteps } from "../plan/step_report.ts";
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
  if (r.status === "unconfirmed") {
    return `unconfirmed: ${
      unconfirmedSteps(r.reports)
    } showed no effect of its input; check the app, then mission_mark the item`;
  }
  const f = r.failure;
  return f ? `step ${f.step} (${f.action}): ${f.reason}` : `the run ended ${r.status}`;
}

/**
 * A run's outcome as the mission records keep it: the user's no stops the
 * run as the corner does, and a refusal by the user's settings, or a run
 * whose steps were not all confirmed, fails it as an escalation does; the
 * reason says which it was.
 */
function outcomeOf(r: RunResult): "success" | "escalated" | "aborted" {
  if (r.status === "declined") return "aborted";
  return r.status === "refused" || r.status === "unconfirmed" ? "escalated" : r.status;
}

/** What was filed on an item after a run (render/mission_text.ts says it). */
export type Filed =
  | { item: number; verdict: "passed"; recipeKept: boolean }
  | { item: number; verdict: "recorded"; mission: number; outcome: "success" | "escalated" | "aborted" }
  | { item: number; verdict: "failed"; reason: string | null }
  | { item: number; verdict: "not_filed"; error: string };

/** Files the run and returns the mission as it now stands, with what was filed. */
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
    /** The item belongs to a closed mission: the run is recorded, its mark left as the mission closed. */
    closed?: boolean;
  },
): { mission: Mission | null; filed: Filed } {
  const { item } = opts;
  try {
    return fileVerdict(services, opts);
  } catch (err) {
    // The run did happen: say so rather than let a storage error read as "nothing was done".
    return { mission: null, filed: { item: item.n, verdict: "not_filed", error: (err as Error).message } };
  }
}

function fileVerdict(
  services: Services,
  opts: Parameters<typeof fileRun>[1],
): { mission: Mission; filed: Filed } {
  const { item, kind, plan, result } = opts;
  const route = routeOf(result);
  const keep = kind === "plan" && result.status === "success";
  const now = services.now();
  const closed = opts.closed === true;
  recordRun(services.store, {
    itemId: item.id,
    kind,
    outcome: outcomeOf(result),
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
    mark: !closed,
  }, now);
  const filed: Filed = closed
    ? { item: item.n, verdict: "recorded", mission: opts.missionId, outcome: outcomeOf(result) }
    : result.status === "success"
    ? { item: item.n, verdict: "passed", recipeKept: keep }
    : { item: item.n, verdict: "failed", reason: runReason(result) };
  // Another server may have closed the mission meanwhile: the record is filed on it all the same.
  return { mission: missionById(services.store, opts.missionId)!, filed };
}
