/**
 * The memory map as a person sees it: `choto map` written under the flags of
 * `deno task map`, loaded in headless Chromium, its nodes and edges held to
 * the windows and transitions recorded in the database, a search finding
 * its window and highlighting the route to it with recall's matcher (a
 * synonym included), untrusted screen text kept as text, the deny list and
 * `--app` honoured; and a screenshot of it, the one the README shows.
 */

import config from "../deno.json" with { type: "json" };
import { MATCHER_FILE, matcherModule } from "../build/map_matcher.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { Store } from "../src/db/store.ts";
import { readMap } from "../src/graph/map_data.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { chromiumPath, headless } from "./support/chromium.ts";
import { runChoto } from "./support/cli.ts";
import { ROOT } from "./support/mcp.ts";
import { DAY, go, HOUR, NOW, see } from "./graph_fixture.ts";

const FLAGS = config.tasks.map.split(" ").filter((w) => w.startsWith("--allow-"));
const CHROMIUM = chromiumPath() !== null;
if (!CHROMIUM && Deno.env.get("CI")) {
  throw new Error("CI needs chromium for the map tests (apt-get install chromium)");
}
const HOSTILE = '</script><img src=x onerror="document.title=1">';

interface Learned {
  main: number;
  prefs: number;
  open: number;
  old: number;
  pad: number;
}

/** geany with a route through its Edit menu to Preferences, a window with no way in, a STALE one; mousepad. */
function learn(db: string, now: number): Learned {
  const store = new Store(db);
  try {
    const main = see(store, "Geany", "untitled - Geany", ["File", "Edit", "Search", HOSTILE], now - 2 * HOUR);
    const prefs = see(
      store,
      "Geany",
      "Preferences",
      ["General", "Interface", "Toolbar", "OK"],
      now - HOUR,
      "dialog",
    );
    go(store, main, "Preferences", prefs, now - HOUR, "chrome", "Edit");
    go(store, prefs, "OK", main, now - HOUR + 1000);
    const open = see(store, "Geany", "Open File", ["Cancel", "Open"], now - 30 * 60_000, "dialog");
    const old = see(store, "Geany", "Find", ["Search for", "Next"], now - 10 * DAY, "dialog");
    see(store, "Geany", "untitled - Geany", ["File", "Edit", "Search", HOSTILE], now - 10 * 60_000);
    const pad = see(store, "Mousepad", "Untitled 1 - Mousepad", ["File"], now - HOUR);
    see(store, "KeePassXC", "Passwords - KeePassXC", ["secret entry"], now - HOUR);
    return { main, prefs, open, old, pad };
  } finally {
    store.close();
  }
}

/** The attribute values of every element of a class in a dumped DOM. */
function attrsOf(dom: string, cls: string, attr: string): string[] {
  const out: string[] = [];
  for (const m of dom.matchAll(/<g ([^>]*)>/g)) {
    const classes = /class="([^"]*)"/.exec(m[1])?.[1].split(" ") ?? [];
    const value = new RegExp(`${attr}="([^"]*)"`).exec(m[1])?.[1];
    if (classes.includes(cls) && value !== undefined) out.push(value);
  }
  return out;
}

async function writeMap(dir: string, args: string[] = []): Promise<string> {
  const r = await runChoto(["map", "--db", `${dir}/choto.db`, ...args], { flags: FLAGS });
  assertEquals(r.code, 0, r.stderr);
  const file = `${dir}/map${args.length}.html`;
  await Deno.writeTextFile(file, r.stdout);
  return file;
}

Deno.test({
  name:
    "the map in Chromium: nodes and edges as recorded, a search highlights the route, screen text stays text",
  ignore: !CHROMIUM,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "choto-map-" });
    try {
      const w = learn(`${dir}/choto.db`, Date.now());
      const file = await writeMap(dir);
      const page = await Deno.readTextFile(file);
      assert(!/src=["']?(https?:)?\/\//.test(page), "the page loads nothing from a network");
      assert(!page.includes("KeePassXC") && !page.includes("secret entry"), "a denied app is not drawn");

      const dom = await headless(`file://${file}#search=Toolbar`, { dumpDom: true });
      const nodes = attrsOf(dom, "node", "data-window").map(Number).sort((a, b) => a - b);
      assertEquals(nodes, [w.main, w.prefs, w.open, w.old, w.pad].sort((a, b) => a - b));
      const edges = attrsOf(dom, "edge", "data-from").map((f, i) =>
        `${f}>${attrsOf(dom, "edge", "data-to")[i]}`
      );
      assertEquals(edges.sort(), [`${w.main}>${w.prefs}`, `${w.prefs}>${w.main}`].sort());
      assertMatch(dom, /"Edit" then click "Preferences" \(menu\)/);

      // The search found Toolbar in Preferences and lit the one edge that leads there from the main window.
      assertMatch(dom, new RegExp(`id="search-status"[^>]*>\\d+ match(es)? ?; best in #${w.prefs}<`));
      assertEquals(attrsOf(dom, "route", "data-edge").length, 1);
      assertEquals(attrsOf(dom, "route", "data-from"), [String(w.main)]);
      assertEquals(attrsOf(dom, "selected", "data-window"), [String(w.prefs)]);
      assertMatch(dom, /<li>in #\d+ "Edit" then click "Preferences" \(menu\) → #\d+<\/li>/);
      assertMatch(dom, /<li>Toolbar<\/li>/);

      // Coverage is drawn: marks on the nodes and one bar per figure.
      assert(attrsOf(dom, "no-way-in", "data-window").includes(String(w.open)));
      assert(!attrsOf(dom, "no-way-in", "data-window").includes(String(w.prefs)));
      assert(attrsOf(dom, "seen-once", "data-window").includes(String(w.open)));
      assert(attrsOf(dom, "never-acted-in", "data-window").includes(String(w.open)));
      assertEquals(attrsOf(dom, "fresh-stale", "data-window"), [String(w.old)]);
      assertMatch(dom, />STALE</);
      // Geany: Open File and Find have no way in (recall's counters say the same).
      assertMatch(
        dom,
        /data-app="Geany".*?data-figure="no-way-in"[^>]*>.*?<text[^>]*class="figure"[^>]*>2<\/text>/s,
      );

      // A hostile screen text is shown as text when its window is selected: no element came of it.
      const main = await headless(`file://${file}#window=${w.main}`, { dumpDom: true });
      assertEquals(attrsOf(main, "selected", "data-window"), [String(w.main)]);
      assert(!/<img/i.test(main), "screen text became markup");
      assert(main.includes("<li>&lt;/script&gt;&lt;img src=x"), "the hostile text is not shown as text");

      // recall's matcher: "settings" finds Preferences as a synonym.
      const dom2 = await headless(`file://${file}#search=settings`, { dumpDom: true });
      assertMatch(dom2, new RegExp(`best in #${w.prefs}<`));
      const none = await headless(`file://${file}#search=zzqx`, { dumpDom: true });
      assertMatch(none, /never seen: nothing in memory matches/);

      // --app narrows the map to one app.
      const narrow = await headless(`file://${await writeMap(dir, ["--app", "mousepad"])}`, {
        dumpDom: true,
      });
      assertEquals(attrsOf(narrow, "node", "data-window"), [String(w.pad)]);

      const shot = `${dir}/map.png`;
      await headless(`file://${file}#search=Toolbar`, { screenshot: shot, width: 1280, height: 820 });
      const png = await Deno.readFile(shot);
      assertEquals([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(""), "PNG");
      if (Deno.env.get("UPDATE_SNAPSHOT")) await Deno.copyFile(shot, `${ROOT}/docs/images/memory_map.png`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("the map leaves out a denied app and refuses an unknown one in words", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-map-" });
  try {
    learn(`${dir}/choto.db`, NOW);
    const store = new Store(`${dir}/choto.db`);
    try {
      const policy = buildPolicy({ deny_apps: ["mousepad"] }, "test", () => undefined);
      const r = readMap(store, { apps: [], policy, now: NOW });
      assert(r.ok);
      assertEquals(r.map.apps.map((a) => a.name), ["Geany"]);
      assert(r.map.left_out.some((l) => l.app === "Mousepad"));
      const unknown = readMap(store, { apps: ["gimp"], policy, now: NOW });
      assert(!unknown.ok);
      assertMatch(unknown.text, /no app named "gimp" in memory; known apps: /);
    } finally {
      store.close();
    }
    const cli = await runChoto(["map", "--db", `${dir}/choto.db`, "--app", "gimp"], { flags: FLAGS });
    assertEquals(cli.code, 1);
    assertMatch(cli.stderr, /^choto: no app named "gimp" in memory/);
    assertEquals(cli.stdout, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the page searches with the matcher recall's query uses, bundled from the same source", async () => {
  assertEquals(
    await matcherModule(),
    await Deno.readTextFile(`${ROOT}/${MATCHER_FILE}`),
    `run deno task map:matcher`,
  );
});
