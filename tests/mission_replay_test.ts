/**
 * mission_replay without a display: a recipe recorded by a run on a fake
 * desktop is replayed when the world matches, refused without a single input
 * event when it does not, warned about when it walks another route, and a
 * failed replay fails the item while the recipe stays as it was.
 */

import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { fileRun } from "../src/mission/runs.ts";
import { replayItem } from "../src/mission/replay.ts";
import { activeItem, activeMission, recipeOf, startMission } from "../src/mission/store.ts";
import type { Services } from "../src/services.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

const EDITOR = window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 });
const DIALOG = window(
  "dlg",
  "Editor",
  "Save changes?",
  { x: 100, y: 100, width: 200, height: 100 },
  "dialog",
);

const ITEM = { title: "save", intent: "keep the text", acceptance: "no asterisk in the title" };

/** An editor with a Save button, a mission of one item, and that item passed by a recorded run. */
async function recorded(
  llmVersionTag: string | null = "model-a",
): Promise<{ d: FakeDesktop; services: Services; itemId: number }> {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  d.texts = [text("File", 40, 30), text("Save", 100, 120)];
  const services = fakeServices(d);
  const later = { title: "print", intent: "a paper copy", acceptance: "a page comes out" };
  assert(startMission(services.store, "edit notes", [ITEM, later], services.now()).ok);
  const tied = activeItem(services.store, 1, "execute_plan");
  assert(tied.ok);
  const plan = planSchema.parse({ steps: [{ action: "click", target: { text: "Save" } }] });
  const result = await executePlan(services, plan, d.clock);
  assertEquals(result.status, "success");
  fileRun(services, {
    missionId: tied.mission.id,
    item: tied.item,
    kind: "plan",
    plan,
    result,
    llmVersionTag,
    startedAt: services.now(),
  });
  d.log.length = 0;
  return { d, services, itemId: tied.item.id };
}

Deno.test("a field unknown then or now blocks the replay; allow_unknown runs it anyway", async () => {
  // This fake desktop cannot read an app's build: app_build is unknown then and now.
  const { d, services } = await recorded();
  const blocked = await replayItem(services, 1, "model-a", { clock: d.clock });
  assert(blocked.ok && !blocked.ran, JSON.stringify(blocked));
  assertEquals(blocked.comparison.differences, []);
  assertEquals(blocked.comparison.uncomparable, [{ field: "app_build", why: "not known then or now" }]);
  assertEquals(d.log, [], "no input is sent");
  assertEquals(activeMission(services.store)!.items[0].runs, 1, "a refused replay files no run");
  const anyway = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: true });
  assert(anyway.ok && anyway.ran);
  assertEquals(d.inputs(), ["click left 100,120"]);
});

Deno.test("a recipe recorded without llm_version_tag replays under no model until told to", async () => {
  const { d, services } = await recorded(null);
  const r = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: false });
  assert(r.ok && !r.ran);
  assertEquals(r.comparison.uncomparable.map((u) => [u.field, u.why]), [
    ["app_build", "not known then or now"],
    ["llm_version_tag", "not recorded with the recipe"],
  ]);
  assertEquals(d.log, []);
});

Deno.test("the recipe replays when the world matches, without touching the recipe", async () => {
  const { d, services, itemId } = await recorded();
  const before = recipeOf(services.store, itemId);
  const r = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: true });
  assert(r.ok && r.ran, JSON.stringify(r));
  assertEquals(r.result!.status, "success");
  assertEquals(r.comparison.differences, []);
  assertEquals(r.comparison.uncomparable, [{ field: "app_build", why: "not known then or now" }]);
  assertEquals(r.routeWarning, null);
  assertEquals(d.inputs(), ["click left 100,120"]);
  assertEquals(recipeOf(services.store, itemId), before);
  assertEquals(activeMission(services.store)!.items[0].runs, 2);
});

Deno.test("a resized window or another model: no input is sent and each field has both values", async () => {
  const { d, services } = await recorded();
  d.windowList = [{ ...EDITOR, bounds: { ...EDITOR.bounds, width: 300 } }];
  const r = await replayItem(services, 1, "model-b", { clock: d.clock });
  assert(r.ok && !r.ran);
  assertEquals(r.comparison.differences, [
    { field: "llm_version_tag", recorded: '"model-a"', now: '"model-b"' },
    { field: "window_size", recorded: "380x280", now: "300x280" },
  ]);
  assertEquals(d.log, []);
  assertEquals(activeMission(services.store)!.items[0].runs, 1, "a refused replay files no run");
});

Deno.test("a dialog in front or the app gone: the window field differs", async () => {
  const { d, services } = await recorded();
  d.windowList = [DIALOG, EDITOR];
  d.focusWindowId = "dlg";
  let r = await replayItem(services, 1, "model-a", { clock: d.clock });
  assert(r.ok && !r.ran);
  assertEquals(r.comparison.differences.map((x) => [x.field, x.recorded, x.now]), [
    ["window", '"notes.txt - Editor" (window)', '"Save changes?" (dialog)'],
    ["window_size", "380x280", "200x100"],
  ]);
  d.windowList = [];
  d.focusWindowId = null;
  r = await replayItem(services, 1, "model-a", { clock: d.clock });
  assert(r.ok && !r.ran);
  assertEquals(r.comparison.differences.map((x) => [x.field, x.now]), [
    ["app", 'no window of "Editor" is open'],
    ["window", 'no window of "Editor" is open'],
  ]);
  assertEquals(d.log, []);
});

Deno.test("a replay that walks into another window succeeds with a route warning", async () => {
  const { d, services, itemId } = await recorded();
  const before = recipeOf(services.store, itemId);
  d.onClick = (_at, desk) => {
    desk.windowList = [DIALOG, EDITOR];
    desk.focusWindowId = "dlg";
    desk.texts = [text("Save changes?", 200, 130), text("Close", 200, 170)];
  };
  const r = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: true });
  assert(r.ok && r.ran);
  assertEquals(r.result!.status, "success");
  assertMatch(
    r.routeWarning!,
    /recorded Editor "notes.txt - Editor"; walked Editor "notes.txt - Editor" -> Editor "Save changes\?"/,
  );
  assertEquals(recipeOf(services.store, itemId), before, "the recorded world is kept as it was");
});

Deno.test("a failed replay fails the item with the run's reason; no recipe, item or mission is said in one sentence", async () => {
  const { d, services, itemId } = await recorded();
  const before = recipeOf(services.store, itemId);
  d.texts = [text("File", 40, 30)];
  const r = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: true });
  assert(r.ok && r.ran);
  assertEquals(r.result!.status, "escalated");
  const item = activeMission(services.store)!.items[0];
  assertEquals(item.status, "failed");
  assertMatch(item.reason!, /^step 1 \(click\): target "Save" not found/);
  assertEquals(recipeOf(services.store, itemId), before);
  d.log.length = 0;

  const none = await replayItem(services, 2, "model-a", { clock: d.clock });
  assert(!none.ok);
  assertEquals(
    none.text,
    "Item 2 has no recipe to replay: run its steps with execute_plan(mission_item_id=2), and a successful run keeps them as its recipe.",
  );
  const unknown = await replayItem(services, 3, "model-a", { clock: d.clock });
  assert(!unknown.ok);
  assertMatch(unknown.text, /has no item 3; its items are 1 to 2/);
  const noMission = await replayItem(services, 1, "model-a", { clock: d.clock, missionId: 99 });
  assert(!noMission.ok);
  assertMatch(noMission.text, /there is no mission #99; leave mission_id out for the active one/);
  assertEquals(d.log.filter((l) => !l.startsWith("move")).length, 0, "no input for a refused replay");
});

Deno.test("an unconfirmed replay fails the item too, and the recipe stays as it was", async () => {
  const { d, services, itemId } = await recorded();
  const before = recipeOf(services.store, itemId);
  // Save is still drawn, but the app no longer shows it took the press.
  d.showsPress = false;
  const r = await replayItem(services, 1, "model-a", { clock: d.clock, allowUnknown: true });
  assert(r.ok && r.ran);
  assertEquals(r.result!.status, "unconfirmed");
  assertEquals(r.filed, {
    item: 1,
    verdict: "failed",
    reason:
      "unconfirmed: step 1 (click) showed no effect of its input; check the app, then mission_mark the item",
  });
  assertEquals(activeMission(services.store)!.items[0].status, "failed");
  assertEquals(recipeOf(services.store, itemId), before);
});
