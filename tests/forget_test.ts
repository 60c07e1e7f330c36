/** Privacy at rest: private file modes, and `choto forget` deleting from the graph for good. */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { forgetApp, forgetBefore } from "../src/graph/forget.ts";
import { DAY, NOW, see } from "./graph_fixture.ts";
import { recordSighting } from "../src/graph/record.ts";
import { nameGlyphs } from "../src/graph/glyphs.ts";
import { activeItem, activeMission, recipeOf, recordRun, startMission } from "../src/mission/store.ts";
import { ROOT } from "./support/mcp.ts";

Deno.test({
  name:
    "a database choto creates is 0600 in a 0700 folder; one it did not create keeps its mode, with a warning",
  ignore: Deno.build.os === "windows",
  fn() {
    const home = Deno.makeTempDirSync();
    try {
      const warned: string[] = [];
      const warn = (line: string) => warned.push(line);
      const path = `${home}/share/choto/choto.db`;
      const store = new Store(path, { warn });
      store.db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
      store.close();
      assertEquals(Deno.statSync(`${home}/share/choto`).mode! & 0o777, 0o700);
      assertEquals(Deno.statSync(path).mode! & 0o777, 0o600);
      assertEquals(warned, []);
      // A folder and a database left readable by their owner stay as they are: choto says so instead.
      Deno.chmodSync(`${home}/share/choto`, 0o755);
      Deno.chmodSync(path, 0o644);
      new Store(path, { warn }).close();
      assertEquals(Deno.statSync(`${home}/share/choto`).mode! & 0o777, 0o755);
      assertEquals(Deno.statSync(path).mode! & 0o777, 0o644);
      assertEquals(warned.length, 1);
      assertMatch(warned[0], /choto\.db can be read by other users \(mode 644\).*chmod 600/);
      // A file that is not a database is refused and left untouched, mode included.
      const other = `${home}/notes.txt`;
      Deno.writeTextFileSync(other, "my notes, not a database\n");
      Deno.chmodSync(other, 0o640);
      let refused = "";
      try {
        new Store(other, { warn: () => {} }).close();
      } catch (err) {
        refused = (err as Error).message;
      }
      assertMatch(refused, /not a database/);
      assertEquals(Deno.statSync(other).mode! & 0o777, 0o640);
      assertEquals(Deno.readTextFileSync(other), "my notes, not a database\n");
    } finally {
      Deno.removeSync(home, { recursive: true });
    }
  },
});

Deno.test("forget --app deletes the app's windows and texts, and they leave the file", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/choto.db`;
    const store = new Store(path);
    see(store, "Mousepad", "diary.txt - Mousepad", ["PRIVATE-DIARY-LINE"], NOW);
    see(store, "Galculator", "Galculator", ["7 8 9"], NOW);
    const r = forgetApp(store, "mouse");
    assert(r.ok, r.text);
    assertMatch(r.text, /forgot Mousepad: 1 window/);
    assertEquals(store.all("forget_app_names").length, 1);
    store.close();
    const raw = new TextDecoder("latin1").decode(Deno.readFileSync(path));
    assert(!raw.includes("PRIVATE-DIARY-LINE"), "the forgotten text is still in the file");
    const again = new Store(path);
    assertMatch(forgetApp(again, "Safari").text, /knows no app called "Safari"/);
    again.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("forget --older-than keeps what was seen since", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const store = new Store(`${dir}/choto.db`);
    see(store, "Mousepad", "Find and Replace", ["old words"], NOW - 40 * DAY, "dialog");
    see(store, "Mousepad", "new.txt - Mousepad", ["new words"], NOW);
    see(store, "Geany", "ancient", ["gone"], NOW - 90 * DAY);
    const r = forgetBefore(store, NOW - 30 * DAY);
    assertMatch(r.text, /2 elements, .* 2 windows, 1 apps/);
    const titles = store.db.prepare("SELECT title FROM windows").all().map((w) => w.title);
    assertEquals(titles, ["new.txt - Mousepad"]);
    assertEquals(store.all<{ name: string }>("forget_app_names").map((a) => a.name), ["Mousepad"]);
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("choto forget needs exactly one of --app or --older-than", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/main.ts`, "forget", "--db", ":memory:"],
    stderr: "piped",
  }).output();
  assertEquals(out.code, 2);
  assertMatch(new TextDecoder().decode(out.stderr), /exactly one of --app NAME or --older-than/);
});

Deno.test("forget --app takes the app's icon names and the missions' recipes and routes through it", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/choto.db`;
    const store = new Store(path);
    const pad = recordSighting(
      store,
      "Mousepad",
      {
        id: "w",
        app: "Mousepad",
        pid: null,
        title: "Diary-Window-Title",
        bounds,
        kind: "normal",
        transient: false,
      },
      [],
      NOW,
      null,
      [{ x: 20, y: 20, w: 16, h: 16, cx: 28, cy: 28, hash: "0f0f0f0f0f0f0f0f", near: [], crop }],
    );
    nameGlyphs(store, [{ glyphId: pad.icons[0].glyphId, label: "SECRET-ICON-NAME" }], "model", NOW);
    see(store, "Galculator", "Galculator", ["7 8 9"], NOW);
    assert(startMission(store, "notes and sums", ITEMS, NOW).ok);
    const plan = { steps: [{ action: "click", target: { text: "File" } }] };
    const file = (n: number, title: string, app: string, routeApps: string[]) => {
      const item = activeItem(store, n, "execute_plan");
      assert(item.ok);
      assertEquals(item.item.title, title);
      recordRun(store, {
        itemId: item.item.id,
        kind: "plan",
        outcome: "success",
        reason: null,
        llmVersionTag: null,
        route: routeApps.map((a) => ({ node: null, app: a, title: `${a} main window` })),
        startedAt: NOW,
        finishedAt: NOW,
        recipe: {
          plan,
          fingerprint: {
            app,
            appBuild: null,
            llmVersionTag: null,
            screen: { width: 800, height: 600 },
            window: { identity: "window|x", title: app === "Mousepad" ? "Diary-Window-Title" : "Galculator" },
            windowSize: { width: 800, height: 600 },
          },
        },
      }, NOW);
      return item.item.id;
    };
    const inPad = file(1, "write", "Mousepad", ["Mousepad"]);
    const through = file(2, "sum", "Galculator", ["Mousepad", "Galculator"]);
    const calc = file(3, "check", "Galculator", ["Galculator"]);

    const r = forgetApp(store, "Mousepad");
    assert(r.ok, r.text);
    assertMatch(r.text, /2 mission recipe\(s\) and 3 window\(s\) of mission runs' routes/);
    assertEquals([recipeOf(store, inPad), recipeOf(store, through)], [null, null]);
    assertEquals(recipeOf(store, calc)?.route.map((w) => w.app), ["Galculator"]);
    // The mission keeps its items, passed as they were.
    assertEquals(activeMission(store)!.items.map((i) => i.status), ["passed", "passed", "passed"]);
    assertEquals(store.all("forget_app_names").length, 1);
    store.close();
    const raw = new TextDecoder("latin1").decode(Deno.readFileSync(path));
    for (const gone of ["SECRET-ICON-NAME", "Diary-Window-Title", "Mousepad main window"]) {
      assert(!raw.includes(gone), `"${gone}" is still in the file`);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

const bounds = { x: 0, y: 0, width: 800, height: 600 };
const crop = { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4).fill(90) };
const ITEMS = [
  { title: "write", intent: "the editor keeps text", acceptance: "the note is on screen" },
  { title: "sum", intent: "the calculator adds", acceptance: "the display shows 15" },
  { title: "check", intent: "the sum holds", acceptance: "15 is still there" },
];
