/**
 * The coverage counters (migration 0003) against a count from scratch:
 * after random sightings, clicks, transitions, deletions and hand edits,
 * and after the migration fills them for a graph recorded before it.
 */

import { random } from "./support/random.ts";
import { DatabaseSync } from "node:sqlite";
import { readCoverage } from "../src/graph/coverage.ts";
import { recountCoverage, testQuery, windowCounterMismatches } from "./support/coverage_checks.ts";
import { Store } from "../src/db/store.ts";
import { loadMigrations, loadQueries } from "../src/db/sql_files.ts";
import { recordClick, recordTransition } from "../src/graph/transitions.ts";
import { assertEquals } from "./support/assert.ts";
import { go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";
import type { Surface } from "../src/perceive/surfaces.ts";

const APPS = ["Mousepad", "Galculator", "Thunar"];
const TITLES = ["Main", "Preferences", "Find", "About", "Save As"];
// Few texts, so clicks and transitions often name a control a window shows.
const TEXTS = ["File", "Edit", "OK", "Cancel", "Help", "Open", "Save", "Elsewhere"];

interface Row {
  kind: "app" | "window" | "element" | "click" | "transition";
  id: number;
  text: string | null;
  scope: Surface | null;
  ref: number | null;
}

/** Every app's counters, and the total, must equal a count from scratch. */
function assertCountersAgree(store: Store, context: string): void {
  assertEquals(readCoverage(store, null), recountCoverage(store, null), `${context}: all apps`);
  for (const app of rows(store, "app")) {
    assertEquals(readCoverage(store, app.id), recountCoverage(store, app.id), `${context}: app ${app.id}`);
  }
  assertEquals(windowCounterMismatches(store), [], `${context}: per-window counters`);
}

function rows(store: Store, kind: Row["kind"]): Row[] {
  return (testQuery(store, "random_rows").all() as unknown as Row[]).filter((r) => r.kind === kind);
}

/** One random change to the graph, through recording or through an edit. */
function randomStep(store: Store, rand: () => number, at: number): void {
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(rand() * list.length)];
  const text = () => pick(TEXTS)!;
  const scope = (): Surface => rand() < 0.7 ? "window" : "chrome";
  const nodeId = () => pick(rows(store, "window"))?.id;
  const r = rand();
  if (r < 0.3) {
    // Repeats in one sighting become nth 1, 2, ...; a re-sighting drops what it no longer shows.
    const texts = Array.from({ length: Math.floor(rand() * 7) }, text);
    see(store, pick(APPS)!, pick(TITLES)!, texts, at, rand() < 0.2 ? "dialog" : "normal");
    return;
  }
  const from = nodeId();
  if (from === undefined) return;
  if (r < 0.45) {
    recordClick(store, { node: from, text: text(), surface: scope(), now: at });
  } else if (r < 0.62) {
    const to = nodeId()!;
    recordTransition(store, {
      from,
      to,
      action: "click",
      text: text(),
      surface: scope(),
      now: at,
    });
  } else if (r < 0.67) {
    const el = pick(rows(store, "element"));
    if (el) testQuery(store, "forget_element").run({ id: el.id });
  } else if (r < 0.71) {
    const c = pick(rows(store, "click"));
    if (c) testQuery(store, "forget_click").run({ window_id: c.id, text: c.text, scope: c.scope });
  } else if (r < 0.75) {
    const t = pick(rows(store, "transition"));
    if (t) testQuery(store, "forget_transition").run({ id: t.id });
  } else if (r < 0.79) {
    testQuery(store, "forget_window").run({ id: from });
  } else if (r < 0.8) {
    const app = pick(rows(store, "app"));
    if (app) testQuery(store, "forget_app").run({ id: app.id });
  } else if (r < 0.84) {
    const app = pick(rows(store, "app"));
    if (app) testQuery(store, "move_window").run({ id: from, app_id: app.id });
  } else if (r < 0.88) {
    const el = pick(rows(store, "element"));
    if (el) testQuery(store, "rename_element").run({ id: el.id, text: text() });
  } else if (r < 0.91) {
    const el = pick(rows(store, "element"));
    if (el) testQuery(store, "move_element").run({ id: el.id, window_id: from });
  } else if (r < 0.95) {
    const c = pick(rows(store, "click"));
    if (c) {
      testQuery(store, "move_click").run({
        window_id: c.id,
        text: c.text,
        scope: c.scope,
        to_window: rand() < 0.5 ? c.id : from,
        to_text: rand() < 0.5 ? c.text : text(),
        to_scope: scope(),
      });
    }
  } else {
    const t = pick(rows(store, "transition"));
    if (t) {
      testQuery(store, "move_transition").run({
        id: t.id,
        from_window: rand() < 0.5 ? t.ref : nodeId()!,
        to_window: nodeId()!,
        text: rand() < 0.7 ? t.text : text(),
        scope: scope(),
      });
    }
  }
}

for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
  Deno.test(`counters agree with a count from scratch after random changes (seed ${seed})`, () => {
    using store = tempStore();
    const rand = random(seed);
    for (let step = 1; step <= 400; step++) {
      randomStep(store, rand, NOW - (400 - step) * 60_000);
      if (step % 20 === 0) assertCountersAgree(store, `seed ${seed}, step ${step}`);
    }
    assertCountersAgree(store, `seed ${seed}, end`);
  });
}

Deno.test("counters: a control shown twice counts once; it stops counting with its last element", () => {
  using store = tempStore();
  const main = see(store, "Mousepad", "Main", ["File", "File", "Edit"], NOW - 3 * HOUR);
  const prefs = see(store, "Mousepad", "Preferences", ["General"], NOW - 2 * HOUR, "dialog");
  go(store, main, "File", prefs, NOW - 2 * HOUR);
  assertEquals(readCoverage(store, null), {
    windows: 2,
    seen_once: 2,
    never_acted_in: 1,
    no_way_in: 1,
    controls_known: 4,
    controls_acted: 1,
  });
  // The window no longer shows "File": the click stays recorded but no known control is clicked.
  see(store, "Mousepad", "Main", ["Edit"], NOW - HOUR);
  const after = readCoverage(store, null);
  assertEquals([after.seen_once, after.controls_known, after.controls_acted], [1, 2, 0]);
  // Forgetting the target frees nothing else; forgetting the source leaves one window nobody reaches.
  testQuery(store, "forget_window").run({ id: main });
  assertEquals(readCoverage(store, null), {
    windows: 1,
    seen_once: 1,
    never_acted_in: 1,
    no_way_in: 1,
    controls_known: 1,
    controls_acted: 0,
  });
  assertCountersAgree(store, "after forgetting");
});

Deno.test("migration 0003 fills the counters for a graph recorded before it", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-coverage-" });
  const path = `${dir}/old.db`;
  try {
    // A database as the previous release left it: migrations up to 0002 only.
    const db = new DatabaseSync(path);
    for (const m of loadMigrations().filter((m) => m.version <= 2)) {
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${m.version}`);
    }
    const sql = loadQueries();
    const q = (name: string) => db.prepare(sql.get(name)!);
    const rand = random(99);
    const windows: number[] = [];
    for (const [a, name] of APPS.entries()) {
      const app = q("upsert_app").get({ name, now: NOW }) as { id: number };
      for (let w = 0; w < 6; w++) {
        const row = q("insert_window").get({
          app_id: app.id,
          identity: `${a}/${w}`,
          title: `Window ${w}`,
          kind: "normal",
          width: 800,
          height: 600,
          app_version: null,
          now: NOW,
        }) as { id: number };
        windows.push(row.id);
        if (rand() < 0.5) {
          q("touch_window").run({
            id: row.id,
            title: `Window ${w}`,
            width: 800,
            height: 600,
            app_version: null,
            now: NOW,
          });
        }
        for (let e = 0; e < 5; e++) {
          q("upsert_element").run({
            window_id: row.id,
            text: TEXTS[Math.floor(rand() * TEXTS.length)],
            nth: e,
            x: 0,
            y: e * 20,
            w: 40,
            h: 16,
            conf: 0.9,
            now: NOW,
          });
        }
      }
    }
    for (let i = 0; i < 40; i++) {
      const from = windows[Math.floor(rand() * windows.length)];
      const to = windows[Math.floor(rand() * windows.length)];
      const text = TEXTS[Math.floor(rand() * TEXTS.length)];
      const scope = rand() < 0.7 ? "window" : "chrome";
      if (from !== to) {
        q("upsert_transition").get({
          from_window: from,
          to_window: to,
          action: "click",
          text,
          scope,
          now: NOW,
        });
      }
      if (rand() < 0.5) q("upsert_click").get({ window_id: from, text, scope, now: NOW });
    }
    db.close();
    const store = new Store(path);
    try {
      assertCountersAgree(store, "after migrating");
      assertEquals(readCoverage(store, null).windows, 18);
    } finally {
      store.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
