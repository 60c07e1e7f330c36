/**
 * annotate_icons and submit_icon_labels on a real SQLite file holding the
 * real glyphs of two fixture frames (geany and mousepad toolbars): the sheet
 * stays within its size limits and its keys name the cells; submitting is
 * all or nothing and refuses what it cannot write in one sentence.
 */

import { z } from "zod";
import { loadIconFixtures } from "../bench/icon_score.ts";
import { findApp, glyphsByKey, MAX_GLYPH_NAME, nameGlyphs } from "../src/graph/glyphs.ts";
import type { WindowInfo } from "../src/desktop/types.ts";
import { recordSighting } from "../src/graph/record.ts";
import { findIcons } from "../src/perceive/icons.ts";
import { decodeImage } from "../src/image/codec.ts";
import { createServices } from "../src/services.ts";
import { annotateIconsTool } from "../src/tools/annotate_icons.ts";
import { submitIconLabelsTool } from "../src/tools/submit_icon_labels.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { NOW, tempStore } from "./graph_fixture.ts";

const fixtures = await loadIconFixtures((n) => n === "geany_light" || n === "mousepad_light");
const call = { signal: new AbortController().signal };

function seed() {
  const store = tempStore();
  for (const f of fixtures) {
    const app = f.name.startsWith("geany") ? "Geany" : "Mousepad";
    const b = f.windows[0];
    const win: WindowInfo = {
      id: app,
      app,
      pid: null,
      title: `${app} main`,
      bounds: b,
      kind: "normal",
      transient: false,
    };
    const state = {
      screen: { widthPx: 1440, heightPx: 900, widthPt: 1440, heightPt: 900, scale: 1 },
      windows: [win],
      chrome: [],
      focusWindowId: app,
      frontmostApp: app,
    };
    recordSighting(store, app, win, [], NOW, null, findIcons(f.frame, state, win, []));
  }
  const services = createServices({
    store,
    openDesktop: () => {
      throw new Error("the icon sheet tools never touch the desktop");
    },
    openReader: () => {
      throw new Error("the icon sheet tools never read the screen");
    },
  });
  return { store, services };
}

type Cells = { app: string; cells: Array<{ n: number; key: string; where: string }>; remaining: number };

Deno.test("annotate_icons returns one sheet within the size limits, a legend line per cell, and stable keys", async () => {
  const { store, services } = seed();
  using _ = store;
  const r = await annotateIconsTool.run({ app_name: "mousepad" }, services, call);
  assert(r.ok, r.text);
  const out = r.structured as Cells;
  assertEquals(out.app, "Mousepad");
  assert(out.cells.length >= 15, r.text);
  assertEquals(r.images?.length, 1);
  const png = r.images![0];
  assert(png.length < 1_000_000);
  const sheet = await decodeImage(png);
  assert(Math.max(sheet.width, sheet.height) <= 1568, `${sheet.width}x${sheet.height}`);
  for (const c of out.cells) {
    assertMatch(r.text, new RegExp(`^${c.n}\\. key ${c.key}: "Mousepad main", `, "m"));
  }
  assert(out.cells.some((c) => c.where.startsWith("toolbar strip")), r.text);
  assert(out.cells.some((c) => c.where.startsWith("title bar")), r.text);
  const again = await annotateIconsTool.run({ app_name: "Mousepad" }, services, call);
  assertEquals((again.structured as Cells).cells.map((c) => c.key), out.cells.map((c) => c.key));
});

Deno.test("submit_icon_labels writes a whole batch or nothing, and says what to fix", async () => {
  const { store, services } = seed();
  using _ = store;
  const sheet = (await annotateIconsTool.run({ app_name: "Geany" }, services, call)).structured as Cells;
  const [a, b] = sheet.cells;

  const unknown = await submitIconLabelsTool.run(
    { app_name: "Geany", labels: { [a.key]: "Save", "deadbeef": "Nope" } },
    services,
    call,
  );
  assert(!unknown.ok);
  assertMatch(unknown.text, /^"deadbeef" is not a key of "Geany"'s icons .*Nothing was written\.$/);
  const blank = await submitIconLabelsTool.run(
    { app_name: "Geany", labels: { [a.key]: "Save", [b.key]: "  " } },
    services,
    call,
  );
  assert(!blank.ok);
  assertMatch(blank.text, new RegExp(`the name for "${b.key}" is blank`));
  const noApp = await submitIconLabelsTool.run(
    { app_name: "Gimp", labels: { [a.key]: "Save" } },
    services,
    call,
  );
  assert(!noApp.ok);
  assertMatch(noApp.text, /no app called "Gimp" has been seen/);
  const unchanged = (await annotateIconsTool.run({ app_name: "Geany" }, services, call)).structured as Cells;
  assertEquals(unchanged.cells.length, sheet.cells.length);

  const ok = await submitIconLabelsTool.run(
    { app_name: "geany", labels: { [a.key]: "Save", [b.key]: "Open" } },
    services,
    call,
  );
  assert(ok.ok, ok.text);
  assertEquals(ok.structured, {
    app: "Geany",
    glyphs_named: 2,
    places_named: (ok.structured as { places_named: number }).places_named,
    renamed: [],
    still_unnamed: sheet.cells.length + sheet.remaining - 2,
  });
  assertMatch(ok.text, /named 2 icon drawing\(s\) at \d+ place\(s\) in "Geany": "Save", "Open"\./);
  const after = (await annotateIconsTool.run({ app_name: "Geany" }, services, call)).structured as Cells;
  assertEquals(after.cells.length, sheet.cells.length - 2);
});

Deno.test("annotate_icons says plainly when every icon has a name, and refuses an unknown app", async () => {
  const { store, services } = seed();
  using _ = store;
  const sheet = (await annotateIconsTool.run({ app_name: "Mousepad" }, services, call)).structured as Cells;
  const labels = Object.fromEntries(sheet.cells.map((c) => [c.key, `control ${c.n}`]));
  assert((await submitIconLabelsTool.run({ app_name: "Mousepad", labels }, services, call)).ok);
  const done = await annotateIconsTool.run({ app_name: "Mousepad" }, services, call);
  assert(done.ok);
  assertMatch(done.text, /^every icon of "Mousepad" already has a name/);
  assertEquals(done.images ?? [], []);
  const unknown = await annotateIconsTool.run({ app_name: "Gimp" }, services, call);
  assert(!unknown.ok);
  assertMatch(unknown.text, /no app called "Gimp" has been seen/);
  // Without app_name the app with unnamed icons left is chosen and named.
  const chosen = await annotateIconsTool.run({}, services, call);
  assertMatch(chosen.text, /of "Geany" \(chosen/);
});

Deno.test("submit_icon_labels renames a tooltip's name and says so; a name over 80 characters is refused", async () => {
  const { store, services } = seed();
  using _ = store;
  const sheet = (await annotateIconsTool.run({ app_name: "gea" }, services, call)).structured as Cells;
  assertEquals(sheet.app, "Geany", "app_name matches as focus_app and recall match it");
  const key = sheet.cells[0].key;
  const app = findApp(store, "Geany");
  assert(app.kind === "found");
  nameGlyphs(
    store,
    [{ glyphId: glyphsByKey(store, app.item.id, key)[0].id, label: "Save the file" }],
    "tooltip",
  );

  const input = z.object(submitIconLabelsTool.inputSchema);
  const long = input.safeParse({ app_name: "Geany", labels: { [key]: "x".repeat(MAX_GLYPH_NAME + 1) } });
  assert(!long.success);
  assertMatch(long.error.issues[0].message, /a name is at most 80 characters: shorten it/);
  assert(input.safeParse({ app_name: "Geany", labels: { [key]: "x".repeat(MAX_GLYPH_NAME) } }).success);

  const r = await submitIconLabelsTool.run({ app_name: "Geany", labels: { [key]: "Save" } }, services, call);
  assert(r.ok, r.text);
  assertEquals((r.structured as { renamed: unknown[] }).renamed, [{
    key,
    was: "Save the file",
    was_from: "tooltip",
  }]);
  assertMatch(
    r.text,
    new RegExp(`renamed "${key}": it was "Save the file" \\(read from its tooltip\\), now "Save"\\.`),
  );
});

Deno.test("annotate_icons: more icons than a sheet's 40 cells come on a second sheet within the same limits", async () => {
  // Both fixture toolbars recorded as one app's windows: more unnamed icons than one sheet's cells.
  const store = tempStore();
  using _ = store;
  for (const [i, f] of fixtures.entries()) {
    const b = f.windows[0];
    const win: WindowInfo = {
      id: `w${i}`,
      app: "Both",
      pid: null,
      title: `window ${i}`,
      bounds: b,
      kind: "normal",
      transient: false,
    };
    const state = {
      screen: { widthPx: 1440, heightPx: 900, widthPt: 1440, heightPt: 900, scale: 1 },
      windows: [win],
      chrome: [],
      focusWindowId: win.id,
      frontmostApp: "Both",
    };
    recordSighting(store, "Both", win, [], NOW, null, findIcons(f.frame, state, win, []));
  }
  const services = createServices({
    store,
    openDesktop: () => {
      throw new Error("the icon sheet tools never touch the desktop");
    },
    openReader: () => {
      throw new Error("the icon sheet tools never read the screen");
    },
  });
  const r = await annotateIconsTool.run({ app_name: "Both" }, services, call);
  assert(r.ok, r.text);
  const out = r.structured as Cells;
  assert(out.cells.length > 40 && out.cells.length <= 80, `${out.cells.length} cells`);
  assertEquals(r.images?.length, 2);
  for (const png of r.images!) {
    const sheet = await decodeImage(png);
    assert(Math.max(sheet.width, sheet.height) <= 1568, `${sheet.width}x${sheet.height}`);
  }
  assertEquals(out.remaining, 0);
});
