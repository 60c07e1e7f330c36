import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { fitRecall, formatAgo, formatUtc, renderRecall } from "../src/render/recall_text.ts";

import { Store } from "../src/db/store.ts";
import { DAY, go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";
import type { RecallData } from "../src/graph/recall/schema.ts";
import { runRecallCli } from "../src/cli/recall.ts";

/** Mousepad with a cycle, a dialog reached through chrome, and an island. */
function mousepad(store: Store) {
  const prefs = see(store, "Mousepad", "Preferences", ["General", "View", "Close"], NOW - 3 * HOUR, "dialog");
  const view = see(
    store,
    "Mousepad",
    "View settings",
    ["Show line numbers", "Font", "Close"],
    NOW - 2 * HOUR,
  );
  const find = see(
    store,
    "Mousepad",
    "Find and Replace",
    ["Search for", "Replace all"],
    NOW - 5 * HOUR,
    "dialog",
  );
  const goTo = see(store, "Mousepad", "Go to line", ["Line number"], NOW - 5 * HOUR, "dialog");
  const main = see(store, "Mousepad", "notes.txt - Mousepad", ["File", "Edit", "Search", "Help"], NOW - HOUR);
  go(store, main, "Preferences…", prefs, NOW - 3 * HOUR, "chrome");
  go(store, prefs, "View", view, NOW - 2 * HOUR);
  go(store, view, "Close", main, NOW - HOUR);
  go(store, find, "Go to", goTo, NOW - 5 * HOUR);
  return { main, prefs, view, find, goTo };
}

function recall(store: Store, req: Partial<Parameters<typeof gatherRecall>[1]> = {}): RecallData {
  const out = gatherRecall(store, { now: NOW, ...req });
  if (!out.ok) throw new Error(`unexpected problem ${out.problem.problem}`);
  return out.data;
}

Deno.test("times: UTC without the year in the current year, and relative", () => {
  assertEquals(formatUtc(NOW - 3 * HOUR, NOW), "07-25 14:29Z");
  assertEquals(formatUtc(Date.UTC(2024, 0, 2, 3, 4), NOW), "2024-01-02 03:04Z");
  assertEquals(formatAgo(NOW - 3 * HOUR, NOW), "3h ago");
  assertEquals(formatAgo(NOW - 10 * DAY, NOW), "10d ago");
  assertEquals(formatAgo(NOW - 5_000, NOW), "just now");
});

Deno.test("no arguments: every app with window count and last seen; opens with the time", () => {
  using store = tempStore();
  mousepad(store);
  see(store, "Galculator", "Galculator", ["7", "8", "9", "+"], NOW - 2 * DAY);
  const text = renderRecall(recall(store));
  assertMatch(text, /^now 2025-07-25 17:29Z/);
  assertMatch(text, /Mousepad: 5 windows, last seen 07-25 16:29Z, 1h ago in #\d+ "notes.txt - Mousepad"/);
  assertMatch(text, /Galculator: 1 window, last seen 07-23 17:29Z, 2d ago/);
  assertMatch(text, /coverage \(all apps\): 6 windows/);
  assertMatch(text, /not found' means never seen here/);
});

Deno.test("app focus: windows, last window contents and transitions with times", () => {
  using store = tempStore();
  const w = mousepad(store);
  const data = recall(store, { app: "mouse" });
  assertEquals(data.window!.window.id, w.main);
  const text = renderRecall(data);
  assertMatch(text, /app Mousepad: 5 windows/);
  assertMatch(text, /elements \(4\): "File", "Edit", "Search", "Help"/);
  assertMatch(
    text,
    new RegExp(
      `click "Preferences…" \\(chrome\\) -> #${w.prefs} "Preferences" \\(1x, 07-25 14:29Z, 3h ago\\)`,
    ),
  );
  assertMatch(text, /#\d+ "Go to line" dialog.*\[never clicked in\]/);
  assertMatch(
    text,
    /coverage \(Mousepad\): 5 windows; 1 never clicked in; 5 seen once; 1 with no recorded way in; 2 of 13 known controls ever clicked/,
  );
});

Deno.test("depth unfolds transitions and marks cycles [shown above]", () => {
  using store = tempStore();
  const w = mousepad(store);
  const data = recall(store, { app: "Mousepad", depth: 3 });
  const lines = data.window!.transitions.items;
  assertEquals(lines.length, 3);
  assertEquals(lines[2].to_id, w.main);
  assert(lines[2].shown_above);
  const text = renderRecall(data);
  assertMatch(text, new RegExp(`-> #${w.main} "notes.txt - Mousepad" \\[shown above\\]`));
  // depth 1 shows only the first level
  assertEquals(recall(store, { app: "Mousepad" }).window!.transitions.items.length, 1);
});

Deno.test("window focus: contents, ways in and the route there", () => {
  using store = tempStore();
  const w = mousepad(store);
  const text = renderRecall(recall(store, { app: "Mousepad", window: "view" }));
  assertMatch(text, /"Show line numbers"/);
  assertMatch(text, new RegExp(`ways in \\(1\\): click "View" in #${w.prefs} "Preferences"`));
  assertMatch(
    text,
    new RegExp(
      `route here: in #${w.main} "notes.txt - Mousepad" click "Preferences…" \\(chrome\\) -> #${w.prefs}; in #${w.prefs} "Preferences" click "View" -> #${w.view}`,
    ),
  );
  assertEquals(recall(store, { window: `#${w.find}` }).window!.window.title, "Find and Replace");
});

Deno.test("query: hits name app, window, stage, freshness and route", () => {
  using store = tempStore();
  const w = mousepad(store);
  const data = recall(store, { query: "show line numbers" });
  const hit = data.hits!.items[0];
  assertEquals(hit.window.id, w.view);
  assertEquals(hit.stage, "exact");
  assertEquals(hit.route.steps!.length, 2);
  const text = renderRecall(data);
  assertMatch(
    text,
    new RegExp(
      `1\\. Mousepad #${w.view} "View settings": element "Show line numbers" \\(exact\\), seen 07-25 15:29Z, 2h ago`,
    ),
  );
  assertMatch(text, /route: in #\d+ "notes.txt - Mousepad" click "Preferences…" \(chrome\)/);
});

Deno.test("query: fuzzy (typo), semantic (synonym), short (<3 chars) and window titles", () => {
  using store = tempStore();
  const w = mousepad(store);
  see(store, "Galculator", "Galculator", ["7", "+", "OK"], NOW - HOUR);
  const typo = recall(store, { query: "Shwo line numbers" }).hits!.items[0];
  assertEquals(typo.stage, "fuzzy");
  assertEquals(typo.window.id, w.view);
  const syn = recall(store, { query: "Settings", app: "Mousepad" }).hits!.items;
  assert(syn.some((h) => h.stage === "semantic" && h.kind === "window" && h.window.id === w.prefs));
  const short = recall(store, { query: "+" }).hits!.items;
  assertEquals(short[0].text, "+");
  assertEquals(short[0].app, "Galculator");
  const okay = recall(store, { query: "Okay" }).hits!.items;
  assertEquals(okay[0].text, "OK");
  assertEquals(okay[0].stage, "semantic");
  const pref = recall(store, { query: "pref" }).hits!.items;
  assertEquals(pref[0].stage, "partial");
  // Whole words inside a longer text: the stage a step naming them would match at too.
  const words = recall(store, { query: "Replace" }).hits!.items;
  assertEquals(words[0].stage, "contained");
});

Deno.test("query with nothing found says it means never seen here", () => {
  using store = tempStore();
  mousepad(store);
  const text = renderRecall(recall(store, { query: "Spell check" }));
  assertMatch(text, /nothing matching "Spell check" has been seen\. That means never seen here/);
  assertMatch(text, /coverage \(all apps\)/);
});

Deno.test("no route: names the unreachable window, who leads in, and what the start knows", () => {
  using store = tempStore();
  const w = mousepad(store);
  const hit = recall(store, { query: "Line number" }).hits!.items[0];
  assertEquals(hit.window.id, w.goTo);
  assertEquals(hit.route.steps, null);
  const m = hit.route.missing!;
  assertEquals(m.start!.id, w.main);
  assertEquals(m.start_reaches, 2);
  assertEquals(m.ways_in[0].from.id, w.find);
  assertEquals(m.ways_in[0].from_has_way_in, false);
  const text = renderRecall(recall(store, { query: "Line number" }));
  assertMatch(text, new RegExp(`#${w.goTo} cannot be reached from #${w.main} "notes.txt - Mousepad"`));
  assertMatch(
    text,
    new RegExp(
      `recorded ways in: click "Go to" in #${w.find} "Find and Replace" \\(#${w.find} itself has no recorded way in\\)`,
    ),
  );
  assertMatch(text, new RegExp(`#${w.main} reaches 2 windows`));
  // From a window where nothing was ever clicked:
  const fromFind = recall(store, { query: "Preferences", app: "Mousepad", fromWindow: "Go to line" });
  const t2 = renderRecall(fromFind);
  assertMatch(t2, /nothing has ever been clicked in #\d+, so where its controls lead is unknown/);
});

Deno.test("staleness: unseen for 7 days or app version changed", () => {
  using store = tempStore();
  see(store, "Old", "Ancient window", ["Thing"], NOW - 8 * DAY);
  const data = recall(store, { app: "Old" });
  assertMatch(data.windows!.items[0].stale!, /not seen for 8 days/);
  assertMatch(renderRecall(data), /STALE: not seen for 8 days/);
  store.db.exec(
    "UPDATE apps SET version = '2.0'; UPDATE windows SET app_version = '1.0', last_seen = last_seen + 8 * 86400000",
  );
  const again = recall(store, { app: "Old" });
  assertEquals(again.windows!.items[0].stale, "app version changed (1.0 -> 2.0)");
});

Deno.test("size cap: lists are cut and the cut is named; structured matches the text", () => {
  using store = tempStore();
  const many = Array.from({ length: 40 }, (_, i) => `Control number ${i} with a long label`);
  see(store, "Big", "Main", many, NOW - HOUR);
  const full = recall(store, { app: "Big" });
  const { text, data } = fitRecall(full, 800);
  assert(text.length <= 800, `length ${text.length}`);
  const shown = data.window!.elements.items.length;
  assert(shown < 40);
  assertMatch(text, new RegExp(`elements \\(${shown} of 40\\)`));
  assertMatch(text, /coverage \(Big\)/);
  // A cut reply says how to ask a narrower question, in the text and the structured notes.
  assertMatch(text, /note: the reply was cut to fit; pass window= .* or query= to find a text/);
  assert(data.notes.some((n) => n.includes("query=")));
  const whole = fitRecall(full, 100_000);
  assert(!whole.text.includes("cut to fit"));
});

Deno.test("unknown app or window: not ok, says what is known and how to recover", () => {
  using store = tempStore();
  mousepad(store);
  const app = runRecallCli(store, { app: "Photoshop", now: NOW });
  assertEquals(app.ok, false);
  assertMatch(app.text, /No app matching "Photoshop" has ever been seen\. Known apps: Mousepad\./);
  assertMatch(app.text, /call recall with no arguments/);
  const win = runRecallCli(store, { app: "Mousepad", window: "Print", now: NOW });
  assertEquals(win.ok, false);
  assertMatch(
    win.text,
    /No recorded window matches "Print"\. Known windows: #\d+ "Preferences", .*#\d+ "notes.txt - Mousepad"/,
  );
});

Deno.test("empty database: says nothing is recorded yet", () => {
  using store = tempStore();
  const out = runRecallCli(store, { now: NOW });
  assertEquals(out.ok, true);
  assertMatch(out.text, /no app has been recorded yet/);
});

Deno.test("routes follow new transitions at once, from this connection or another", () => {
  using store = tempStore();
  const w = mousepad(store);
  const before = recall(store, { app: "Mousepad", window: "Go to line" }).route_here!;
  assertEquals(before.steps, null);
  // A click changes no route; the route graph may stay cached.
  go(store, w.main, "Edit", w.main, NOW - 30 * 60_000);
  assertEquals(recall(store, { app: "Mousepad", window: "Go to line" }).route_here!.steps, null);
  go(store, w.main, "Find…", w.find, NOW - 20 * 60_000, "chrome");
  assertEquals(recall(store, { app: "Mousepad", window: "Go to line" }).route_here!.steps, [
    `in #${w.main} "notes.txt - Mousepad" click "Find…" (chrome) -> #${w.find}`,
    `in #${w.find} "Find and Replace" click "Go to" -> #${w.goTo}`,
  ]);
  // Another server on the same file records a shortcut.
  const other = new Store(store.path);
  try {
    go(other, w.main, "Go to line…", w.goTo, NOW - 10 * 60_000, "chrome");
  } finally {
    other.close();
  }
  assertEquals(recall(store, { app: "Mousepad", window: "Go to line" }).route_here!.steps, [
    `in #${w.main} "notes.txt - Mousepad" click "Go to line…" (chrome) -> #${w.goTo}`,
  ]);
  assertMatch(renderRecall(recall(store, { app: "Mousepad" })), /5 windows; 1 never clicked in/);
});
