/**
 * Replaying an item's recipe: find it, hold the recorded world against the
 * world now, and only when nothing differs and every field was known both
 * then and now (or the caller said to go ahead without one) run the recorded plan
 * through the ordinary executor. A successful replay's route is checked
 * against the recorded one; the recipe itself is never rewritten by a replay.
 *
 * @module
 */

import type { Clock } from "../common/time.ts";
import { executePlan, type PlanHooks, type RunResult } from "../plan/executor.ts";
import { planSchema } from "../plan/steps.ts";
import type { Services } from "../services.ts";
import { compareRoutes, compareWorlds, type Comparison } from "./fingerprint.ts";
import { type Filed, fileRun, routeOf } from "./runs.ts";
import { activeItem, itemOf, type Mission, recipeOf, type Refusal } from "./store.ts";
import { worldNow } from "./world.ts";

/** What a replay came to. */
export type ReplayOutcome =
  | Refusal & { mission?: Mission }
  | {
    ok: true;
    /** False when the preflight found differences, or fields it could not compare, and nothing ran. */
    ran: boolean;
    comparison: Comparison;
    /** The run, when it ran. */
    result: RunResult | null;
    /** Set when a successful replay walked another route than the recorded one. */
    routeWarning: string | null;
    /** What was filed on the item, when it ran. */
    filed: Filed | null;
    mission: Mission;
    n: number;
  };

/** Which mission, and the run's clock (tests pass a fake one), cancellation and progress. */
export interface ReplayOptions {
  /** A mission other than the active one, closed ones included; default: the active mission. */
  missionId?: number;
  clock?: Clock;
  hooks?: PlanHooks;
  /**
   * Run even when a field could not be compared (unknown then or now, as a
   * recipe recorded without llm_version_tag): the caller's explicit word,
   * since an unknown field cannot vouch that the world is the recorded one.
   */
  allowUnknown?: boolean;
}

/**
 * Replays item `n` of the active mission (or of `opts.missionId`),
 * labelled with the driving model's tag. An item of a closed mission is
 * replayed the same way; its run is recorded, its mark left as it was.
 */
export async function replayItem(
  services: Services,
  n: number,
  llmVersionTag: string,
  opts: ReplayOptions = {},
): Promise<ReplayOutcome> {
  const found = opts.missionId === undefined
    ? activeItem(services.store, n, "mission_replay")
    : itemOf(services.store, opts.missionId, n, "mission_replay");
  if (!found.ok) return found;
  const { mission, item } = found;
  const again = mission.status === "active"
    ? `execute_plan(mission_item_id=${n})`
    : "execute_plan (tied to an item of an active mission)";
  const recipe = recipeOf(services.store, item.id);
  if (!recipe) {
    return {
      ok: false,
      mission,
      text:
        `Item ${n} has no recipe to replay: run its steps with ${again}, and a successful run keeps them as its recipe.`,
    };
  }
  const plan = planSchema.safeParse(recipe.plan);
  if (!plan.success) {
    return {
      ok: false,
      mission,
      text:
        `Item ${n}'s recipe no longer fits this version's step language, so it was not run: run the steps anew with ${again}, which keeps them as the new recipe.`,
    };
  }
  const now = worldNow(services.desktop(), recipe.fingerprint, llmVersionTag);
  const comparison = compareWorlds(recipe.fingerprint, now.fingerprint, now.missing);
  if (comparison.differences.length || (comparison.uncomparable.length && !opts.allowUnknown)) {
    return { ok: true, ran: false, comparison, result: null, routeWarning: null, filed: null, mission, n };
  }
  const startedAt = services.now();
  const result = await executePlan(services, plan.data, opts.clock, opts.hooks);
  const filed = fileRun(services, {
    closed: mission.status !== "active",
    missionId: mission.id,
    item,
    kind: "replay",
    plan: plan.data,
    result,
    llmVersionTag,
    startedAt,
  });
  const routeWarning = result.status === "success" ? compareRoutes(recipe.route, routeOf(result)) : null;
  return {
    ok: true,
    ran: true,
    comparison,
    result,
    routeWarning,
    filed: filed.filed,
    mission: filed.mission ?? mission,
    n,
  };
}
