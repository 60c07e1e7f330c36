/**
 * Missions in the database: start one, read the active one, mark items,
 * file a run's verdict and recipe, finish. Every write is one transaction;
 * every refusal says what to fix and writes nothing. The schema holds the
 * same rules (one active mission, a reason exactly on a failure), so a
 * second server sharing the file cannot break them either.
 *
 * @module
 */

import type { Store } from "../db/store.ts";
import type { Fingerprint, RouteWindow } from "./fingerprint.ts";

/** Where a mission stands. */
export type MissionStatus = "active" | "done" | "abandoned";
/** Where an item stands. */
export type ItemStatus = "pending" | "passed" | "failed" | "skipped";

/** One checklist item as the model wrote it. */
export interface NewItem {
  title: string;
  intent: string;
  acceptance: string;
}

/** One checklist item with its state. */
export interface Item extends NewItem {
  /** Row id (internal). */
  id: number;
  /** 1-based place in the checklist: the id the model uses. */
  n: number;
  status: ItemStatus;
  reason: string | null;
  markedBy: "run" | "model" | null;
  markedAt: number | null;
  hasRecipe: boolean;
  runs: number;
}

/** A mission and its checklist. */
export interface Mission {
  id: number;
  goal: string;
  status: MissionStatus;
  startedAt: number;
  finishedAt: number | null;
  items: Item[];
}

/** A refusal: nothing was written. */
export interface Refusal {
  ok: false;
  text: string;
  /** The active mission, when the refusal is about it. */
  active?: Mission;
}

/** A kept recipe: the plan and the world it worked in. */
export interface Recipe {
  itemId: number;
  runId: number;
  plan: Record<string, unknown>;
  fingerprint: Fingerprint;
  route: RouteWindow[];
  recordedAt: number;
}

/** What a run tied to an item files. */
export interface RunRecord {
  itemId: number;
  kind: "plan" | "replay";
  outcome: "success" | "escalated" | "aborted";
  /** Required unless the outcome is success. */
  reason: string | null;
  llmVersionTag: string | null;
  route: RouteWindow[];
  startedAt: number;
  finishedAt: number;
  /** On a successful plan run: the steps and world to keep as the item's recipe. */
  recipe?: { plan: Record<string, unknown>; fingerprint: Fingerprint };
  /** False for a replay of a closed mission's item: the run is kept, the closing record stays as it was. */
  mark?: boolean;
}

type MissionRow = {
  id: number;
  goal: string;
  status: MissionStatus;
  started_at: number;
  finished_at: number | null;
};

type ItemRow = {
  id: number;
  position: number;
  title: string;
  intent: string;
  acceptance: string;
  status: ItemStatus;
  reason: string | null;
  marked_by: "run" | "model" | null;
  marked_at: number | null;
  has_recipe: number;
  runs: number;
};

/** The most items one checklist holds (the highest mission_item_id the tools accept). */
export const MAX_ITEMS = 999;

/** The highest mission id the tools accept (ids are row ids, counting from 1). */
export const MAX_MISSION_ID = 999_999_999;

const blank = (s: unknown) => typeof s !== "string" || s.trim() === "";

function load(store: Store, row: MissionRow | undefined): Mission | null {
  if (!row) return null;
  const items = store.all<ItemRow>("mission_items", { mission_id: row.id }).map((r) => ({
    id: r.id,
    n: r.position,
    title: r.title,
    intent: r.intent,
    acceptance: r.acceptance,
    status: r.status,
    reason: r.reason,
    markedBy: r.marked_by,
    markedAt: r.marked_at,
    hasRecipe: r.has_recipe > 0,
    runs: r.runs,
  }));
  return {
    id: row.id,
    goal: row.goal,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    items,
  };
}

/** The active mission with its checklist, or null. */
export function activeMission(store: Store): Mission | null {
  return load(store, store.get<MissionRow>("mission_active"));
}

/** A mission by id (any status), or null. */
export function missionById(store: Store, id: number): Mission | null {
  return load(store, store.get<MissionRow>("mission_by_id", { id }));
}

/** The most recent missions, newest first. */
export function listMissions(store: Store, limit = 20): Mission[] {
  const rows = store.all<MissionRow>("mission_list", { limit });
  return rows.map((r) => load(store, r)!);
}

/** How to get the active slot back, said the same way everywhere. */
export function activeNamed(m: Mission): string {
  return `mission #${m.id} "${m.goal}" is active (started ${new Date(m.startedAt).toISOString()})`;
}

const FREE_THE_SLOT =
  "finish it first with mission_finish(status='done') if its checklist was worked through, or mission_finish(status='abandoned') if not";

function refuseActive(active: Mission): Refusal {
  return {
    ok: false,
    active,
    text: `mission_start refused: ${
      activeNamed(active)
    }, and one mission is active at a time. To start a new one, ${FREE_THE_SLOT}; then call mission_start again. Nothing was written.`,
  };
}

function isUniqueViolation(err: unknown): boolean {
  return /UNIQUE constraint failed: missions\.status/.test(String((err as Error)?.message));
}

/**
 * Starts a mission unless one is active. The check and the insert share one
 * write transaction, and the schema's partial unique index refuses a second
 * active row from any connection that skipped the check.
 */
export function startMission(
  store: Store,
  goal: string,
  items: NewItem[],
  now: number,
): { ok: true; mission: Mission } | Refusal {
  const problems: string[] = [];
  if (blank(goal)) problems.push("goal is blank: say what the whole run is for");
  if (!items.length) problems.push("items is empty: give the checklist, at least one item");
  if (items.length > MAX_ITEMS) {
    problems.push(`items holds ${items.length}; a checklist takes at most ${MAX_ITEMS}: split the mission`);
  }
  items.forEach((it, i) => {
    for (const key of ["title", "intent", "acceptance"] as const) {
      if (blank(it[key])) problems.push(`items[${i}].${key} is blank: fill it in`);
    }
  });
  if (problems.length) {
    return { ok: false, text: `mission_start refused, nothing was written:\n- ${problems.join("\n- ")}` };
  }
  try {
    return store.tx(() => {
      const active = activeMission(store);
      if (active) return refuseActive(active);
      const { id } = store.get<{ id: number }>("mission_insert", { goal: goal.trim(), now })!;
      items.forEach((it, i) =>
        store.q("mission_item_insert").run({
          mission_id: id,
          position: i + 1,
          title: it.title.trim(),
          intent: it.intent.trim(),
          acceptance: it.acceptance.trim(),
        })
      );
      return { ok: true as const, mission: missionById(store, id)! };
    }, `the new mission (${items.length} item(s))`);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const active = activeMission(store);
    if (!active) throw err;
    return refuseActive(active);
  }
}

/** The refusal for a call that needs an active mission when there is none. */
export function noActiveMission(tool: string): Refusal {
  return {
    ok: false,
    text:
      `${tool} refused: no mission is active. Start one with mission_start(goal, items); \`choto missions\` lists past ones. Nothing was written.`,
  };
}

/** The item numbered `n` of the active mission, or a refusal that says what exists. */
export function activeItem(
  store: Store,
  n: number,
  tool: string,
): { ok: true; mission: Mission; item: Item } | Refusal {
  const mission = activeMission(store);
  if (!mission) return noActiveMission(tool);
  const item = mission.items.find((i) => i.n === n);
  if (!item) {
    return {
      ok: false,
      text:
        `${tool} refused: mission #${mission.id} has no item ${n}; its items are 1 to ${mission.items.length} (mission_status(full=true) lists them). Nothing was written.`,
    };
  }
  return { ok: true, mission, item };
}

/**
 * Item `n` of mission `missionId`, active or closed, or a refusal that
 * says what exists (a closed mission's recipes stay replayable).
 */
export function itemOf(
  store: Store,
  missionId: number,
  n: number,
  tool: string,
): { ok: true; mission: Mission; item: Item } | Refusal {
  const mission = missionById(store, missionId);
  if (!mission) {
    return {
      ok: false,
      text:
        `${tool} refused: there is no mission #${missionId}; leave mission_id out for the active one (\`choto missions\` lists past ones). Nothing was run.`,
    };
  }
  const item = mission.items.find((i) => i.n === n);
  if (!item) {
    return {
      ok: false,
      text:
        `${tool} refused: mission #${mission.id} has no item ${n}; its items are 1 to ${mission.items.length} (mission_status(full=true, mission_id=${mission.id}) lists them). Nothing was run.`,
    };
  }
  return { ok: true, mission, item };
}

/**
 * The model marks an item by hand. A failure needs a reason and nothing
 * else may carry one: a failure without a reason supports no next step, and
 * a pass with one says two things at once.
 */
export function markItem(
  store: Store,
  n: number,
  status: Exclude<ItemStatus, "pending">,
  reason: string | null | undefined,
  now: number,
): { ok: true; mission: Mission; item: Item } | Refusal {
  const given = reason ?? null;
  if (status === "failed" && (given === null || blank(given))) {
    return {
      ok: false,
      text:
        `mission_mark refused: status 'failed' needs a reason saying what went wrong (what was seen, what was expected), so the next attempt can differ. Add reason and call again. Nothing was written.`,
    };
  }
  if (status !== "failed" && given !== null) {
    return {
      ok: false,
      text: `mission_mark refused: a reason belongs only on status 'failed'; a${
        status === "skipped" ? " skipped" : " passed"
      } item carries none. Call again without reason, or with status 'failed' if it did fail. Nothing was written.`,
    };
  }
  return store.tx(() => {
    const found = activeItem(store, n, "mission_mark");
    if (!found.ok) return found;
    store.q("mission_item_mark").run({
      id: found.item.id,
      status,
      reason: status === "failed" ? given!.trim() : null,
      marked_by: "model",
      now,
    });
    const mission = activeMission(store)!;
    return { ok: true as const, mission, item: mission.items.find((i) => i.n === n)! };
  }, `the mark of item ${n} as ${status}`);
}

/**
 * Files a run tied to an item: the run, the windows it walked, the item's
 * new status (passed, or failed with the run's reason) and, for a passing
 * plan, its steps and world as the item's recipe. Returns the run's id.
 */
export function recordRun(store: Store, run: RunRecord, now: number): number {
  const reason = run.outcome === "success" ? null : (run.reason?.trim() || `the run ended ${run.outcome}`);
  return store.tx(() => {
    const { id: runId } = store.get<{ id: number }>("mission_run_insert", {
      item_id: run.itemId,
      kind: run.kind,
      outcome: run.outcome,
      reason,
      llm_version_tag: run.llmVersionTag,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
    })!;
    run.route.forEach((w, seq) =>
      store.q("mission_run_window_insert").run({
        run_id: runId,
        seq,
        window_id: w.node,
        app: w.app,
        title: w.title,
      })
    );
    if (run.mark !== false) {
      store.q("mission_item_mark").run({
        id: run.itemId,
        status: run.outcome === "success" ? "passed" : "failed",
        reason,
        marked_by: "run",
        now,
      });
    }
    if (run.outcome === "success" && run.recipe) {
      const f = run.recipe.fingerprint;
      store.q("mission_recipe_upsert").run({
        item_id: run.itemId,
        run_id: runId,
        plan: JSON.stringify(run.recipe.plan),
        app: f.app,
        app_build: f.appBuild,
        llm_version_tag: f.llmVersionTag,
        screen_width: f.screen?.width ?? null,
        screen_height: f.screen?.height ?? null,
        window_identity: f.window?.identity ?? null,
        window_title: f.window?.title ?? null,
        window_width: f.windowSize?.width ?? null,
        window_height: f.windowSize?.height ?? null,
        now,
      });
    }
    return runId;
  }, `the run's verdict on item ${run.itemId} (${run.outcome === "success" ? "passed" : "failed"})`);
}

type RecipeRow = {
  item_id: number;
  run_id: number;
  plan: string;
  app: string | null;
  app_build: string | null;
  llm_version_tag: string | null;
  screen_width: number | null;
  screen_height: number | null;
  window_identity: string | null;
  window_title: string | null;
  window_width: number | null;
  window_height: number | null;
  recorded_at: number;
};

/** The recipe kept for an item, or null when no run of it has passed. */
export function recipeOf(store: Store, itemId: number): Recipe | null {
  const r = store.get<RecipeRow>("mission_recipe", { item_id: itemId });
  if (!r) return null;
  const route = store.all<{ window_id: number | null; app: string; title: string }>(
    "mission_run_windows",
    { run_id: r.run_id },
  ).map((w) => ({ node: w.window_id, app: w.app, title: w.title }));
  const dims = (width: number | null, height: number | null) =>
    width !== null && height !== null ? { width, height } : null;
  return {
    itemId: r.item_id,
    runId: r.run_id,
    plan: JSON.parse(r.plan),
    route,
    recordedAt: r.recorded_at,
    fingerprint: {
      app: r.app,
      appBuild: r.app_build,
      llmVersionTag: r.llm_version_tag,
      screen: dims(r.screen_width, r.screen_height),
      window: r.window_identity !== null
        ? { identity: r.window_identity, title: r.window_title ?? "" }
        : null,
      windowSize: dims(r.window_width, r.window_height),
    },
  };
}

/** Closes the active mission; its items, runs and recipes stay. */
export function finishMission(
  store: Store,
  status: "done" | "abandoned",
  now: number,
): { ok: true; mission: Mission } | Refusal {
  return store.tx(() => {
    const active = activeMission(store);
    if (!active) return noActiveMission("mission_finish");
    store.q("mission_finish").run({ id: active.id, status, now });
    return { ok: true as const, mission: missionById(store, active.id)! };
  }, `the mission's close as ${status}`);
}
