/**
 * The mission store: one active mission whatever the connections do, the
 * rule that a reason goes with a failure and nothing else, runs filing
 * their verdicts and recipes, the fingerprint compared field by field, and
 * everything still there after the database is reopened.
 */

import { Store } from "../src/db/store.ts";
import { compareRoutes, compareWorlds, type Fingerprint } from "../src/mission/fingerprint.ts";
import {
  activeItem,
  activeMission,
  finishMission,
  listMissions,
  markItem,
  recipeOf,
  recordRun,
  startMission,
} from "../src/mission/store.ts";
import { statusBlock, statusData } from "../src/render/mission_text.ts";
import { assert, assertEquals, assertMatch, assertThrows } from "./support/assert.ts";

const ITEMS = [
  { title: "add 7 and 8", intent: "the calculator is the first app", acceptance: "the display shows 15" },
  { title: "write a note", intent: "the editor keeps text", acceptance: "the note is on screen" },
  { title: "save the note", intent: "the text must survive", acceptance: "notes.txt exists" },
];

const WORLD: Fingerprint = {
  app: "galculator",
  appBuild: "2.1.4",
  llmVersionTag: "model-a",
  screen: { width: 1440, height: 900 },
  window: { identity: "window|galculator", title: "galculator" },
  windowSize: { width: 300, height: 400 },
};

async function tempDb(): Promise<{ path: string; dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "choto-mission-" });
  return { path: `${dir}/choto.db`, dir };
}

function startWorker(): Promise<Worker> {
  const w = new Worker(new URL("./support/mission_start_worker.ts", import.meta.url), { type: "module" });
  return new Promise((resolve) => {
    w.onmessage = () => resolve(w);
  });
}

function answer(w: Worker, path: string, goal: string): Promise<{ ok: boolean; id?: number; text?: string }> {
  return new Promise((resolve) => {
    w.onmessage = (e) => resolve(e.data);
    w.postMessage({ path, goal });
  });
}

Deno.test("two connections starting missions at once: one starts, the other is refused naming it", async () => {
  const { path, dir } = await tempDb();
  new Store(path).close(); // migrate once up front
  const [a, b] = await Promise.all([startWorker(), startWorker()]);
  const [ra, rb] = await Promise.all([answer(a, path, "goal A"), answer(b, path, "goal B")]);
  const won = [ra, rb].filter((r) => r.ok);
  const lost = [ra, rb].filter((r) => !r.ok);
  assertEquals(won.length, 1, JSON.stringify([ra, rb]));
  assertEquals(lost.length, 1);
  const winner = ra.ok ? "goal A" : "goal B";
  assertMatch(lost[0].text!, new RegExp(`mission #${won[0].id} "${winner}" is active`));
  assertMatch(lost[0].text!, /mission_finish\(status='abandoned'\)/);
  const store = new Store(path);
  assertEquals({ ...store.db.prepare("SELECT count(*) AS n FROM missions").get() }, { n: 1 });
  store.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the schema itself refuses a second active mission from another connection", async () => {
  const { path, dir } = await tempDb();
  const a = new Store(path);
  const b = new Store(path);
  assert(startMission(a, "first", ITEMS, 1000).ok);
  // Connection b skips the code's check and writes directly: the partial unique index stops it.
  assertThrows(
    () =>
      b.db.prepare("INSERT INTO missions (goal, status, started_at) VALUES ('second', 'active', 2)").run(),
    /UNIQUE constraint failed/,
  );
  // Finished missions do not count: any number of them may sit beside the active one.
  assert(finishMission(a, "done", 3000).ok);
  assert(startMission(b, "second", ITEMS, 4000).ok);
  assert(finishMission(b, "abandoned", 5000).ok);
  assert(startMission(a, "third", ITEMS, 6000).ok);
  assertEquals(listMissions(a).map((m) => [m.goal, m.status]), [
    ["third", "active"],
    ["second", "abandoned"],
    ["first", "done"],
  ]);
  a.close();
  b.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("mission_start refuses blank fields and writes nothing", () => {
  const store = new Store(":memory:");
  const r = startMission(store, "  ", [{ title: "t", intent: "", acceptance: "a" }], 1);
  assert(!r.ok);
  assertMatch(r.text, /goal is blank/);
  assertMatch(r.text, /items\[0\]\.intent is blank/);
  assertEquals(activeMission(store), null);
  assertEquals({ ...store.db.prepare("SELECT count(*) AS n FROM mission_items").get() }, { n: 0 });
  store.close();
});

Deno.test("a failure needs a reason and nothing else may carry one", () => {
  const store = new Store(":memory:");
  assert(startMission(store, "calc and notes", ITEMS, 1).ok);
  const noReason = markItem(store, 1, "failed", undefined, 2);
  assert(!noReason.ok);
  assertMatch(noReason.text, /needs a reason/);
  const blankReason = markItem(store, 1, "failed", "   ", 2);
  assert(!blankReason.ok);
  const passWithReason = markItem(store, 1, "passed", "looked fine", 2);
  assert(!passWithReason.ok);
  assertMatch(passWithReason.text, /reason belongs only on status 'failed'/);
  const skipWithReason = markItem(store, 2, "skipped", "not needed", 2);
  assert(!skipWithReason.ok);
  // None of the refusals wrote anything.
  assertEquals(activeMission(store)!.items.map((i) => i.status), ["pending", "pending", "pending"]);
  const unknown = markItem(store, 9, "passed", undefined, 2);
  assert(!unknown.ok);
  assertMatch(unknown.text, /has no item 9; its items are 1 to 3/);

  const failed = markItem(store, 1, "failed", "the display showed 14", 3);
  assert(failed.ok);
  assertEquals([failed.item.status, failed.item.reason, failed.item.markedBy], [
    "failed",
    "the display showed 14",
    "model",
  ]);
  // Passing it later clears the reason: a passed item carries none.
  const passed = markItem(store, 1, "passed", null, 4);
  assert(passed.ok);
  assertEquals([passed.item.status, passed.item.reason], ["passed", null]);
  // The schema holds the same rule for any writer.
  assertThrows(
    () =>
      store.db.prepare("UPDATE mission_items SET status = 'failed', reason = NULL WHERE position = 2").run(),
    /CHECK constraint failed/,
  );
  assertThrows(
    () =>
      store.db.prepare(
        "UPDATE mission_items SET status = 'passed', reason = 'x', marked_by = 'model', marked_at = 1 WHERE position = 2",
      ).run(),
    /CHECK constraint failed/,
  );
  store.close();
});

Deno.test("marking without an active mission is refused", () => {
  const store = new Store(":memory:");
  const r = markItem(store, 1, "passed", null, 1);
  assert(!r.ok);
  assertMatch(r.text, /no mission is active. Start one with mission_start/);
  const f = finishMission(store, "done", 1);
  assert(!f.ok);
  store.close();
});

Deno.test("a run files its verdict: success keeps the recipe, failure keeps the run's reason", () => {
  const store = new Store(":memory:");
  assert(startMission(store, "calc and notes", ITEMS, 1).ok);
  const item = activeItem(store, 1, "execute_plan");
  assert(item.ok);
  const plan = { steps: [{ action: "click", target: { text: "7" } }], max_actions: 50 };
  const route = [{ node: null, app: "galculator", title: "galculator" }];
  recordRun(store, {
    itemId: item.item.id,
    kind: "plan",
    outcome: "success",
    reason: null,
    llmVersionTag: "model-a",
    route,
    startedAt: 10,
    finishedAt: 20,
    recipe: { plan, fingerprint: WORLD },
  }, 20);
  let m = activeMission(store)!;
  assertEquals([m.items[0].status, m.items[0].markedBy, m.items[0].hasRecipe], ["passed", "run", true]);
  const recipe = recipeOf(store, item.item.id)!;
  assertEquals(recipe.plan, plan);
  assertEquals(recipe.fingerprint, WORLD);
  assertEquals(recipe.route, route);

  // A failed replay fails the item with its reason and leaves the recipe as it was.
  recordRun(store, {
    itemId: item.item.id,
    kind: "replay",
    outcome: "escalated",
    reason: 'target "7" not found',
    llmVersionTag: "model-a",
    route: [],
    startedAt: 30,
    finishedAt: 40,
  }, 40);
  m = activeMission(store)!;
  assertEquals([m.items[0].status, m.items[0].reason], ["failed", 'target "7" not found']);
  assertEquals(recipeOf(store, item.item.id)!.runId, recipe.runId);
  assertEquals(m.items[0].runs, 2);
  assertMatch(statusBlock(m), /failed:\n {2}1\. add 7 and 8: target "7" not found/);
  store.close();
});

Deno.test("the status block: compact shows the item in play, full shows every item", () => {
  const store = new Store(":memory:");
  assert(startMission(store, "calc and notes", ITEMS, 1).ok);
  assert(markItem(store, 1, "passed", null, 2).ok);
  assert(markItem(store, 3, "skipped", null, 3).ok);
  const m = activeMission(store)!;
  const compact = statusBlock(m);
  assertMatch(compact, /mission #1 \(active\): calc and notes/);
  assertMatch(compact, /progress: 1 of 3 passed, 0 failed, 1 skipped, 1 pending/);
  assertMatch(compact, /in play: item 2 of 3, pending: write a note\n {2}intent: the editor keeps text/);
  assert(!compact.includes("save the note"));
  const full = statusBlock(m, true);
  for (const it of ITEMS) assert(full.includes(it.title) && full.includes(it.acceptance), it.title);
  assertMatch(full, /3\. \[skipped\] save the note \(by the model\)/);
  const data = statusData(m);
  assertEquals(data.items.map((i) => i.status), ["passed", "pending", "skipped"]);
  store.close();
});

Deno.test("the fingerprint is compared field by field, unknowns listed apart", () => {
  assertEquals(compareWorlds(WORLD, { ...WORLD }), {
    differences: [],
    uncomparable: [],
  });
  const now: Fingerprint = {
    ...WORLD,
    llmVersionTag: "model-b",
    windowSize: { width: 500, height: 400 },
    appBuild: null,
  };
  const c = compareWorlds(WORLD, now);
  assertEquals(c.differences, [
    { field: "llm_version_tag", recorded: '"model-a"', now: '"model-b"' },
    { field: "window_size", recorded: "300x400", now: "500x400" },
  ]);
  assertEquals(c.uncomparable, [{ field: "app_build", why: "cannot be read now" }]);

  // Nothing recorded for a field: it cannot be compared, and says so.
  const old = compareWorlds({ ...WORLD, llmVersionTag: null }, WORLD);
  assertEquals(old.uncomparable, [{ field: "llm_version_tag", why: "not recorded with the recipe" }]);
  assertEquals(old.differences, []);

  // A window that is gone is a difference, with the reason in place of the value.
  const gone = compareWorlds(WORLD, { ...WORLD, window: null, windowSize: null }, {
    window: "no window of galculator is open",
  });
  assertEquals(gone.differences, [
    { field: "window", recorded: '"galculator" (window)', now: "no window of galculator is open" },
  ]);
  assertEquals(gone.uncomparable, [{ field: "window_size", why: "cannot be read now" }]);

  // Another kind of window under the same app (a dialog in the way) differs by identity.
  const dialog = compareWorlds(WORLD, {
    ...WORLD,
    window: { identity: "dialog|about galculator", title: "About Galculator" },
  });
  assertEquals(dialog.differences.map((d) => d.field), ["window"]);
});

Deno.test("routes are compared by window node, then by app and title", () => {
  const a = { node: 1, app: "Mousepad", title: "notes.txt - Mousepad" };
  const b = { node: 2, app: "Mousepad", title: "Save As" };
  assertEquals(compareRoutes([a, b], [{ ...a, title: "other.txt - Mousepad" }, b]), null);
  assertMatch(
    compareRoutes([a, b], [a])!,
    /recorded Mousepad "notes.txt - Mousepad" -> Mousepad "Save As"; walked/,
  );
  const forgotten = { node: null, app: "Mousepad", title: "Save As" };
  assertEquals(compareRoutes([forgotten], [{ node: null, app: "Mousepad", title: "Save As" }]), null);
});

Deno.test("missions, items, runs and recipes survive reopening the database", async () => {
  const { path, dir } = await tempDb();
  let store = new Store(path);
  assert(startMission(store, "calc and notes", ITEMS, 1).ok);
  const item = activeItem(store, 2, "execute_plan");
  assert(item.ok);
  recordRun(store, {
    itemId: item.item.id,
    kind: "plan",
    outcome: "success",
    reason: null,
    llmVersionTag: "model-a",
    route: [{ node: null, app: "Mousepad", title: "Untitled 1 - Mousepad" }],
    startedAt: 5,
    finishedAt: 6,
    recipe: { plan: { steps: [{ action: "type", text: "hi" }] }, fingerprint: WORLD },
  }, 6);
  assert(markItem(store, 1, "failed", "showed 14", 7).ok);
  const before = activeMission(store);
  store.close();

  store = new Store(path);
  assertEquals(activeMission(store), before);
  assertEquals(recipeOf(store, item.item.id)!.fingerprint, WORLD);
  assert(!startMission(store, "another", ITEMS, 8).ok, "still one active mission after reopening");
  const closed = finishMission(store, "done", 9);
  assert(closed.ok);
  store.close();

  store = new Store(path);
  assertEquals(activeMission(store), null);
  const [m] = listMissions(store);
  assertEquals([m.status, m.finishedAt, m.items.map((i) => i.status)], ["done", 9, [
    "failed",
    "passed",
    "pending",
  ]]);
  assert(recipeOf(store, item.item.id), "finishing deletes nothing");
  store.close();
  await Deno.remove(dir, { recursive: true });
});
