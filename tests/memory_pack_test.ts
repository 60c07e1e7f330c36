/**
 * Memory packs between two real SQLite files: what one machine learned
 * (windows, texts, a route through a menu, geany's icons named from
 * tooltips) arrives on an empty one, where recall answers the route and a
 * new sighting of the same drawings comes back named; what a pack never
 * holds; packs refused whole (not a pack, a newer format, cut off, edited);
 * and the merge rules (one node per window identity, the newer sighting
 * wins, the name given last wins and the older is reported, a second import
 * changes nothing).
 */

import { createHash } from "node:crypto";
import { loadIconFixtures } from "../bench/icon_score.ts";
import { exportMemory, importMemory } from "../src/cli/pack.ts";
import { buildPolicy, defaultPolicy, type Policy } from "../src/common/policy.ts";
import type { WindowInfo } from "../src/desktop/types.ts";
import type { Store } from "../src/db/store.ts";
import { nameGlyphs } from "../src/graph/glyphs.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { recordSighting } from "../src/graph/record.ts";
import { findIcons, type SeenIcon } from "../src/perceive/icons.ts";
import { recallReply } from "../src/tools/recall.ts";
import { AuditLog } from "../src/db/audit.ts";
import {
  activeMission,
  listMissions,
  missionById,
  recipeOf,
  recordRun,
  startMission,
} from "../src/mission/store.ts";
import { iconElements } from "../src/look/look.ts";
import { elementText } from "../src/render/element_rows.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";

const [geany] = await loadIconFixtures((n) => n === "geany_light");
const bounds = geany.windows[0];
const geanyWindow = (title: string): WindowInfo => ({
  id: "1",
  app: "Geany",
  pid: null,
  title,
  bounds,
  kind: "normal",
  transient: false,
});
const words = [{ text: "File", x: 279, y: 163, w: 21, h: 11, cx: 289, cy: 168, conf: 0.95 }];
const iconsOf = (window: WindowInfo): SeenIcon[] =>
  findIcons(
    geany.frame,
    {
      screen: { widthPx: 1440, heightPx: 900, widthPt: 1440, heightPt: 900, scale: 1 },
      windows: [window],
      chrome: [],
      focusWindowId: window.id,
      frontmostApp: window.app,
    },
    window,
    words,
  );

const policy = defaultPolicy();
const bytes = (text: string) => new TextEncoder().encode(text);

function exported(store: Store, o: { apps?: string[]; recipes?: boolean; policy?: Policy } = {}): string {
  const r = exportMemory(store, {
    apps: o.apps ?? [],
    recipes: o.recipes ?? false,
    policy: o.policy ?? policy,
    now: NOW,
  });
  assert(r.ok, r.text);
  return r.pack;
}

/** Machine A: geany's main window with its toolbar named, a route to Preferences, and mousepad. */
function learnedMachine(store: Store): { saveGlyph: number } {
  const main = geanyWindow("untitled - Geany");
  const s = recordSighting(store, "Geany", main, words, NOW - 3 * HOUR, "2.0", iconsOf(main));
  const save = s.icons.find((i) => Math.abs(i.cx - 453) <= 3 && Math.abs(i.cy - 210) <= 3)!;
  nameGlyphs(store, [{ glyphId: save.glyphId, label: "Save the current file" }], "tooltip", NOW - 3 * HOUR);
  const prefs = see(
    store,
    "Geany",
    "Preferences",
    ["General", "Interface", "Toolbar", "OK"],
    NOW - 2 * HOUR,
    "dialog",
  );
  go(store, s.nodeId, "Preferences", prefs, NOW - 2 * HOUR, "chrome", "Edit");
  recordSighting(store, "Geany", main, words, NOW - HOUR, "2.0", iconsOf(main));
  see(store, "Mousepad", "Untitled 1 - Mousepad", ["File", "Edit", "Search"], NOW - HOUR);
  return { saveGlyph: save.glyphId };
}

Deno.test("a pack carries windows, texts, a route and named icons to an empty machine", () => {
  using a = tempStore();
  learnedMachine(a);
  const pack = exported(a);
  using b = tempStore();
  const r = importMemory(b, bytes(pack), policy, NOW);
  assert(r.ok, r.text);
  assertMatch(r.text, /apps: 2 new/);
  assertMatch(r.text, /windows: 3 new, 0 known here/);
  assertMatch(r.text, /named icons: 1 new/);
  assertMatch(r.text, /transitions: 1 new/);

  // recall on B answers the route A walked, through the menu it opened first.
  const reply = recallReply(b, { query: "Toolbar", app: "geany", now: NOW });
  assert(reply.ok, reply.text);
  assertMatch(
    reply.text,
    /route: in #\d+ "untitled - Geany" click "Edit" then click "Preferences" \(chrome\) -> #\d+/,
  );

  // B sees geany's toolbar for the first time: the Save drawing comes back named, no hover needed.
  const main = geanyWindow("notes.txt - Geany");
  const seen = recordSighting(b, "Geany", main, words, NOW, "2.0", iconsOf(main));
  assert(seen.known, "the window is the node the pack brought (same identity)");
  const named = seen.icons.filter((i) => i.label !== null).map((i) => i.label);
  assertEquals(named, ["Save the current file"]);
  const found = gatherRecall(b, { query: "Save the current file", now: NOW });
  assert(found.ok && found.data.hits!.items.some((h) => h.kind === "icon"));
});

Deno.test("a pack never holds pixels, typed text, the audit log, read memory or a denied app", () => {
  using a = tempStore();
  learnedMachine(a);
  see(a, "KeePassXC", "Passwords - KeePassXC", ["bank: hunter2"], NOW - HOUR);
  see(a, "Mousepad", "letter.txt - Mousepad", ["Dear Ann,", "my pin is 4711"], NOW - 10 * 60_000);
  const audit = new AuditLog(a, { keepText: false, retentionDays: 30, now: () => NOW });
  audit.record({
    kind: "input",
    action: "type",
    target: null,
    app: "Mousepad",
    window: null,
    typed: "my pin is 4711",
  });
  a.q("read_memory_save").run({ key: "k1", kind: "line", words: '[{"text":"cached line"}]', read_at: NOW });
  const pack = exported(a);
  assert(!pack.includes("hunter2") && !pack.includes("KeePassXC"), "the denied app stayed out");
  assert(!pack.includes("4711"), "the text choto typed stayed out");
  assert(pack.includes("Dear Ann,"), "other texts of the window went");
  assert(!pack.includes("cached line"), "read memory stayed out");
  assert(!pack.includes("audit") && !/"png"/.test(pack), "no audit rows, no pixels");
  const r = exportMemory(a, { apps: [], recipes: false, policy, now: NOW });
  assert(r.ok);
  assertMatch(r.text, /left out: KeePassXC, on the deny list/);
  assertMatch(r.text, /left out: 1 text choto typed/);

  // And an app this machine denies is not taken from a pack made elsewhere.
  using b = tempStore();
  const strict = buildPolicy({ deny_apps: ["mousepad"] }, "choto.json", () => undefined);
  const im = importMemory(b, bytes(exported(a, { policy: defaultPolicy() })), strict, NOW);
  assert(im.ok, im.text);
  assertMatch(im.text, /left out: Mousepad, on this machine's deny list/);
  assertEquals(b.all<{ name: string }>("pack_apps").map((x) => x.name), ["Geany"]);
});

Deno.test("--app narrows an export; an unknown app is refused with the known ones", () => {
  using a = tempStore();
  learnedMachine(a);
  const pack = exported(a, { apps: ["mouse"] });
  assert(pack.includes("Mousepad") && !pack.includes("Geany"));
  const bad = exportMemory(a, { apps: ["gimp"], recipes: false, policy, now: NOW });
  assert(!bad.ok);
  assertEquals(bad.text, 'no app named "gimp" in memory; known apps: Geany, Mousepad');
});

Deno.test("packs that cannot be trusted whole import nothing, and say why", () => {
  using a = tempStore();
  learnedMachine(a);
  const pack = exported(a);
  using b = tempStore();
  see(b, "Mousepad", "Untitled 1 - Mousepad", ["here before"], NOW - 5 * HOUR);
  const before = JSON.stringify(b.all("pack_apps")) + JSON.stringify(b.all("recall_apps"));
  const unchanged = () =>
    assertEquals(JSON.stringify(b.all("pack_apps")) + JSON.stringify(b.all("recall_apps")), before);

  const [head, ...rest] = pack.split("\n");
  const header = JSON.parse(head);
  const cases: Array<[string, string, RegExp]> = [
    ["not a pack", "apps,windows\n1,2\n", /^this is not a choto memory pack/],
    [
      "a newer format",
      [JSON.stringify({ ...header, version: 2, choto: "9.0.0" }), ...rest].join("\n"),
      /^the pack is format 2, written by choto 9\.0\.0; this choto \(\S+\) reads formats up to 1\. Upgrade choto here/,
    ],
    [
      "cut off",
      pack.slice(0, Math.floor(pack.length * 0.6)),
      /^the pack is cut off: its header promises \d+ bytes/,
    ],
    ["cut inside the header", pack.slice(0, 40), /^the pack ends inside its header/],
    [
      "edited",
      pack.replace('"Preferences"', '"Preferencez"'),
      /^the pack's content does not match its checksum/,
    ],
    [
      "resealed with a bad shape",
      reseal(header, rest[0].replace('"seen_count":', '"seen_count":-')),
      /^the pack's content does not have the shape of format 1: windows\.\d+\.seen_count/,
    ],
  ];
  for (const [what, text, message] of cases) {
    const r = importMemory(b, bytes(text), policy, NOW);
    assert(!r.ok, `${what}: ${r.text}`);
    assertMatch(r.text, message, what);
    assertMatch(r.text, /Nothing was imported\.$/, what);
    unchanged();
  }
});

/** A pack with `content` and a header whose length and checksum fit it. */
function reseal(header: Record<string, unknown>, content: string): string {
  const data = new TextEncoder().encode(content);
  const hash = createHash("sha256").update(data).digest("hex");
  return `${JSON.stringify({ ...header, bytes: data.length, sha256: hash })}\n${content}\n`;
}

Deno.test("merging: one node per window, this machine's sighting stays, a second import changes nothing", () => {
  using a = tempStore();
  const aMain = see(a, "Mousepad", "Untitled 1 - Mousepad", ["File", "Edit", "from A"], NOW - HOUR);
  const aFind = see(a, "Mousepad", "Find", ["Search for", "Close"], NOW - 3 * HOUR, "dialog");
  go(a, aMain, "Find", aFind, NOW - 3 * HOUR, "chrome", "Search");
  const pack = exported(a);

  using b = tempStore();
  // B saw the editor earlier than A (A's is newer) and the Find dialog later (B's is newer): B keeps both.
  see(b, "Mousepad", "Untitled 7 - Mousepad", ["File", "Edit", "from B"], NOW - 2 * HOUR);
  see(b, "Mousepad", "Find", ["Search for", "Replace", "Close"], NOW - 30 * 60_000, "dialog");
  const r = importMemory(b, bytes(pack), policy, NOW);
  assert(r.ok, r.text);
  assertMatch(r.text, /apps: 0 new, 1 merged/);
  assertMatch(r.text, /windows: 0 new, 2 known here kept as this machine saw them/);

  const app = gatherRecall(b, { app: "mousepad", now: NOW });
  assert(app.ok);
  assertEquals(app.data.windows!.total, 2, "one node per identity");
  const editor = gatherRecall(b, { app: "mousepad", window: "Mousepad", now: NOW });
  assert(editor.ok);
  assertEquals(
    editor.data.window!.window.title,
    "Untitled 7 - Mousepad",
    "B's own title, though A's is newer",
  );
  assertEquals(editor.data.window!.elements.items, ["File", "Edit", "from B"], "B's own texts");
  assertEquals(editor.data.window!.window.seen_count, 1);
  const find = gatherRecall(b, { app: "mousepad", window: "Find", now: NOW });
  assert(find.ok);
  assertEquals(find.data.window!.elements.items, ["Search for", "Replace", "Close"], "B's newer texts stay");
  assertEquals(find.data.window!.ways_in.total, 1, "the route A walked leads into B's node");

  const again = importMemory(b, bytes(pack), policy, NOW);
  assert(again.ok, again.text);
  assertMatch(again.text, /apps: 0 new, 1 merged/);
  assertMatch(again.text, /windows: 0 new, 2 known here/);
  assertMatch(again.text, /transitions: 0 new, 1 known here already/);
  const twice = gatherRecall(b, { app: "mousepad", window: "Find", now: NOW });
  assert(twice.ok);
  assertEquals(twice.data.window!.ways_in.items[0].text, "Find");
  assertEquals(
    b.all<{ count: number }>("recall_transitions_into", { window_id: twice.data.window!.window.id })[0].count,
    1,
    "a repeated import does not count a walk twice",
  );
});

Deno.test("a pack never renames an icon named here; its names are stored and shown as from a pack", () => {
  using a = tempStore();
  learnedMachine(a);
  using b = tempStore();
  const main = geanyWindow("untitled - Geany");
  const seen = recordSighting(b, "Geany", main, words, NOW - 4 * HOUR, "2.0", iconsOf(main));
  const saveHere = seen.icons.find((i) => Math.abs(i.cx - 453) <= 3 && Math.abs(i.cy - 210) <= 3)!;
  // B's model called it "Save" before A's tooltip said "Save the current file": B's name stays all the same.
  nameGlyphs(b, [{ glyphId: saveHere.glyphId, label: "Save" }], "model", NOW - 5 * HOUR);
  const r = importMemory(b, bytes(exported(a)), policy, NOW);
  assert(r.ok, r.text);
  assertMatch(r.text, /1 label conflict\b/);
  assertMatch(
    r.text,
    /Geany icon [0-9a-f]{8}: kept "Save" \(this machine's, from a model, named .*\); the pack's name "Save the current file" \(the pack's, named .*\) was not taken/,
  );
  const glyph = () =>
    b.all<{ id: number; label: string | null; label_from: string | null }>("pack_glyphs_of_app", {
      app_id: seen.appId,
    }).find((g) => g.id === saveHere.glyphId)!;
  assertEquals([glyph().label, glyph().label_from], ["Save", "model"]);

  // On a machine that never named it, the pack's name fills it, stored as from a pack, not from a tooltip.
  using c = tempStore();
  const seenC = recordSighting(c, "Geany", main, words, NOW - 4 * HOUR, "2.0", iconsOf(main));
  const filled = importMemory(c, bytes(exported(a)), policy, NOW);
  assert(filled.ok, filled.text);
  assertMatch(
    filled.text,
    /icon names from the pack are marked as from a pack; a click on one asks the user first/,
  );
  const named = c.all<{ label: string | null; label_from: string | null }>("pack_glyphs_of_app", {
    app_id: seenC.appId,
  }).filter((g) => g.label !== null).map((g) => [g.label, g.label_from]);
  assertEquals(named, [["Save the current file", "pack"]]);
  // The next sighting names it as a pack's, and the listing shows it so.
  const again = recordSighting(c, "Geany", main, words, NOW, "2.0", iconsOf(main));
  const icon = iconElements(again.icons);
  assertEquals(icon.map((e) => [e.text, e.packName]), [["Save the current file", true]]);
  assertEquals(elementText(icon[0]), "Save the current file [icon, name from a pack]");
  const win = gatherRecall(c, { app: "geany", window: "untitled", now: NOW });
  assert(win.ok);
  assertEquals(win.data.window!.icons.named, ["Save the current file (name from a pack)"]);
  const hit = gatherRecall(c, { query: "Save the current file", now: NOW });
  assert(hit.ok);
  assertEquals(
    hit.data.hits!.items.filter((h) => h.kind === "icon").map((h) => h.text),
    ["Save the current file (name from a pack)"],
  );
});

Deno.test("recipes travel when asked, never one that types, and arrive as a closed record, once per pack", () => {
  using a = tempStore();
  const calc = see(a, "galculator", "galculator", ["7", "8", "+", "="], NOW - HOUR);
  const started = startMission(a, "sums", [
    { title: "add 7 and 8", intent: "the calculator adds", acceptance: "the display shows 15" },
    { title: "type a note", intent: "the editor keeps text", acceptance: "the note is there" },
  ], NOW - HOUR);
  assert(started.ok);
  const [add, note] = started.mission.items;
  const world = {
    app: "galculator",
    appBuild: "2.1.4",
    llmVersionTag: "model-a",
    screen: { width: 1440, height: 900 },
    window: { identity: "window|galculator", title: "galculator" },
    windowSize: { width: 300, height: 400 },
  };
  const route = [{ node: calc, app: "galculator", title: "galculator" }];
  const adding = {
    steps: [{ action: "click", target: { text: "7" } }, { action: "click", target: { text: "=" } }],
  };
  const typing = { steps: [{ action: "type", text: "dear diary" }] };
  for (const [item, plan] of [[add, adding], [note, typing]] as const) {
    recordRun(a, {
      itemId: item.id,
      kind: "plan",
      outcome: "success",
      reason: null,
      llmVersionTag: "model-a",
      route,
      startedAt: NOW - HOUR,
      finishedAt: NOW - HOUR,
      recipe: { plan, fingerprint: world },
    }, NOW - HOUR);
  }
  assert(!exported(a).includes("add 7 and 8"), "no recipes unless asked");
  const r = exportMemory(a, { apps: [], recipes: true, policy, now: NOW });
  assert(r.ok);
  assertMatch(r.text, /recipes: 1; 1 recipe left out because they type text/);
  assert(!r.pack.includes("dear diary"));

  using b = tempStore();
  const im = importMemory(b, bytes(r.pack), policy, NOW);
  assert(im.ok, im.text);
  assertMatch(
    im.text,
    /recipes: 1 filed as closed mission \d+, a record from the pack, never the active mission/,
  );
  assertEquals(activeMission(b), null, "a pack never makes the active mission");
  const missionId = Number(/closed mission (\d+)/.exec(im.text)![1]);
  const mission = missionById(b, missionId)!;
  assertEquals(mission.status, "done");
  assertMatch(
    mission.goal,
    /^Recipes from a memory pack \(untrusted: the pack author's words, not the user's; replay only when asked\): sums$/,
  );
  assertEquals(mission.items.map((i) => [i.title, i.status, i.hasRecipe]), [[
    "add 7 and 8",
    "pending",
    true,
  ]]);
  const recipe = recipeOf(b, mission.items[0].id)!;
  assertEquals(recipe.plan, adding);
  assertEquals(recipe.fingerprint, world);
  const node = gatherRecall(b, { app: "galculator", now: NOW });
  assert(node.ok);
  assertEquals(recipe.route, [{
    node: node.data.windows!.items[0].id,
    app: "galculator",
    title: "galculator",
  }]);

  // The same pack again: the graph merges as before, its recipes were filed once.
  const again = importMemory(b, bytes(r.pack), policy, NOW);
  assert(again.ok);
  assertMatch(
    again.text,
    /recipes: none imported: this pack was imported before, and its recipes were filed then/,
  );
  assertEquals(listMissions(b).length, 1);
});
