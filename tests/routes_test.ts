import { assert, assertEquals } from "./support/assert.ts";
import { edgeWeight, formatRoute, loadRouteMap, type RouteEdge, RouteMap } from "../src/graph/routes.ts";
import { DAY, go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";

function edge(from: number, to: number, text: string, lastSeen: number, count = 1): RouteEdge {
  return { from, to, action: "click", text, scope: "window", count, lastSeen };
}

Deno.test("weights: a fresher edge costs less, a more-used edge costs less", () => {
  assert(
    edgeWeight({ count: 1, lastSeen: NOW - HOUR }, NOW) <
      edgeWeight({ count: 1, lastSeen: NOW - 20 * DAY }, NOW),
  );
  assert(edgeWeight({ count: 9, lastSeen: NOW }, NOW) < edgeWeight({ count: 1, lastSeen: NOW }, NOW));
});

Deno.test("routes: the fresher of two equal-length paths wins", () => {
  const map = new RouteMap([
    edge(1, 2, "Old way", NOW - 25 * DAY),
    edge(2, 4, "On", NOW - 25 * DAY),
    edge(1, 3, "New way", NOW - HOUR),
    edge(3, 4, "On", NOW - HOUR),
  ], NOW);
  assertEquals(map.route(1, 4)!.map((e) => e.text), ["New way", "On"]);
});

Deno.test("routes: the more-used of two equally fresh paths wins", () => {
  const map = new RouteMap([
    edge(1, 2, "Rare", NOW, 1),
    edge(2, 4, "On", NOW, 1),
    edge(1, 3, "Usual", NOW, 12),
    edge(3, 4, "On", NOW, 12),
  ], NOW);
  assertEquals(map.route(1, 4)!.map((e) => e.text), ["Usual", "On"]);
});

Deno.test("routes: between two windows the cheaper edge is the one kept", () => {
  const map = new RouteMap([edge(1, 2, "Stale", NOW - 40 * DAY), edge(1, 2, "Fresh", NOW)], NOW);
  assertEquals(map.size, 1);
  assertEquals(map.route(1, 2)![0].text, "Fresh");
});

Deno.test("routes: a direct edge beats a fresh two-hop detour unless it is old", () => {
  const map = new RouteMap(
    [edge(1, 3, "Direct", NOW - 2 * DAY), edge(1, 2, "A", NOW), edge(2, 3, "B", NOW)],
    NOW,
  );
  assertEquals(map.route(1, 3)!.map((e) => e.text), ["Direct"]);
});

Deno.test("routes: same window is an empty route, no path is null, reachability", () => {
  const map = new RouteMap([edge(1, 2, "Go", NOW), edge(2, 1, "Back", NOW)], NOW);
  assertEquals(map.route(1, 1), []);
  assertEquals(map.route(1, 9), null);
  assertEquals(map.reachableFrom(1), [2]);
  assertEquals(map.edgesInto(2).map((e) => e.text), ["Go"]);
});

Deno.test("routes from the store render as execute_plan steps, chrome marked", () => {
  using store = tempStore();
  const main = see(store, "Mousepad", "notes.txt - Mousepad", ["File"], NOW - 3 * HOUR);
  const prefs = see(store, "Mousepad", "Preferences", ["General", "View"], NOW - 2 * HOUR, "dialog");
  const view = see(store, "Mousepad", "View settings", ["Font"], NOW - HOUR);
  go(store, main, "Preferences…", prefs, NOW - 2 * HOUR, "chrome");
  go(store, prefs, "View", view, NOW - HOUR);
  const map = loadRouteMap(store, 1, NOW);
  const titles = new Map([[main, "notes.txt - Mousepad"], [prefs, "Preferences"], [view, "View settings"]]);
  assertEquals(
    formatRoute(map.route(main, view)!, (id) => titles.get(id)!),
    `in #${main} "notes.txt - Mousepad" click "Preferences…" (chrome) -> #${prefs}; ` +
      `in #${prefs} "Preferences" click "View" -> #${view}`,
  );
});

Deno.test("a menu item's route says to open its menu first", () => {
  using store = tempStore();
  const main = see(store, "Mousepad", "notes.txt - Mousepad", ["File"], NOW - HOUR);
  const save = see(store, "Mousepad", "Save As", ["Name:", "Cancel", "Save"], NOW, "dialog");
  go(store, main, "Save As…", save, NOW, "chrome", "File");
  const map = loadRouteMap(store, 1, NOW);
  const titles = new Map([[main, "notes.txt - Mousepad"], [save, "Save As"]]);
  assertEquals(
    formatRoute(map.route(main, save)!, (id) => titles.get(id)!),
    `in #${main} "notes.txt - Mousepad" click "File" then click "Save As…" (chrome) -> #${save}`,
  );
});
