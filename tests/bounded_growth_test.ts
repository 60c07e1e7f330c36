/**
 * Every table that grows with what the screen shows stays bounded as it
 * grows, not only when pruned: many synthetic sightings through the real
 * record path (new windows, new drawings each time), readings saved, audit
 * rows written, on a real SQLite file; the row counts stop at their caps.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { MAX_APPS, MAX_WINDOWS_PER_APP, recordSighting } from "../src/graph/record.ts";
import { MAX_GLYPHS_PER_APP, nameGlyphs } from "../src/graph/glyphs.ts";
import type { SeenIcon } from "../src/perceive/icons.ts";
import { storedReadMemory, trimSlack } from "../src/db/read_memory.ts";
import { AuditLog, auditSince } from "../src/db/audit.ts";
import { iconsBesideText } from "../src/perceive/icon_boxes.ts";

/** A small deterministic generator, so each run draws the same "random" drawings. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function icon(rand: () => number, x: number): SeenIcon {
  const hash = Array.from({ length: 16 }, () => Math.floor(rand() * 16).toString(16)).join("");
  const w = 12 + Math.floor(rand() * 8);
  const crop = { width: w, height: w, data: new Uint8Array(w * w * 4).fill(200) };
  return { x, y: 40, w, h: w, cx: x + w / 2, cy: 40 + w / 2, hash, near: ["Open"], crop };
}

const count = (store: Store, table: string) =>
  (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

Deno.test("glyphs, their places, windows and texts stop growing at their caps", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-bounded-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    const rand = prng(7);
    const counts: Array<Record<string, number>> = [];
    let named = -1;
    for (let i = 0; i < 2 * MAX_WINDOWS_PER_APP; i++) {
      const title = `Report ${"abcdefghij"[i % 10]}${Math.floor(i / 10)} — Viewer`;
      const window = {
        id: "w",
        app: "Viewer",
        pid: null,
        title: title.replace(/\d/g, (d) => "klmnopqrst"[Number(d)]),
        bounds: { x: 0, y: 0, width: 800, height: 600 },
        kind: "normal" as const,
        transient: false,
      };
      const texts = Array.from({ length: 5 }, (_, k) => ({
        text: `line ${k} of sighting ${i}`,
        x: 10,
        y: 80 + 20 * k,
        w: 100,
        h: 14,
        cx: 60,
        cy: 87 + 20 * k,
        conf: 0.9,
      }));
      const icons = [icon(rand, 10), icon(rand, 40)];
      const seen = recordSighting(store, "Viewer", window, texts, 1_000 + i, null, icons);
      // One drawing is named early on: named glyphs outlast unnamed ones.
      if (i === 3) {
        named = seen.icons[0].glyphId;
        nameGlyphs(store, [{ glyphId: named, label: "Open file" }], "model", 2_000);
      }
      if (i % 50 === 49) {
        counts.push({
          windows: count(store, "windows"),
          elements: count(store, "elements"),
          glyphs: count(store, "glyphs"),
          places: count(store, "glyph_sightings"),
        });
      }
    }
    const last = counts[counts.length - 1];
    assertEquals(last.windows, MAX_WINDOWS_PER_APP);
    assertEquals(last.elements, 5 * MAX_WINDOWS_PER_APP);
    assertEquals(last.glyphs, MAX_GLYPHS_PER_APP);
    // Flat once full: every count after the caps were reached is the same; a place goes with its glyph.
    const full = counts.filter((c) => c.windows === MAX_WINDOWS_PER_APP);
    assert(full.length >= 3, JSON.stringify(counts));
    for (const c of full) {
      assertEquals([c.windows, c.elements, c.glyphs], [last.windows, last.elements, last.glyphs]);
      assert(c.places <= MAX_GLYPHS_PER_APP, `places: ${c.places}`);
    }
    const kept = store.db.prepare("SELECT label FROM glyphs WHERE id = ?").get(named) as
      | { label: string }
      | undefined;
    assertEquals(kept?.label, "Open file");
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("apps stop growing at their cap: a new app pushes out the one seen longest ago, with its windows", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-bounded-apps-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    const see = (app: string, at: number) =>
      recordSighting(
        store,
        app,
        {
          id: "w",
          app,
          pid: null,
          title: `${app} main`,
          bounds: { x: 0, y: 0, width: 800, height: 600 },
          kind: "normal" as const,
          transient: false,
        },
        [{ text: "Open", x: 10, y: 10, w: 40, h: 14, cx: 30, cy: 17, conf: 0.9 }],
        at,
      );
    for (let i = 0; i < MAX_APPS + 20; i++) {
      see(`App ${i}`, 1_000 + i);
      // The first app is seen again and again: the one seen longest ago goes, not the first made.
      if (i % 100 === 99) see("App 0", 1_000 + i);
    }
    assertEquals(count(store, "apps"), MAX_APPS);
    assertEquals(count(store, "windows"), MAX_APPS);
    const names = (store.db.prepare("SELECT name FROM apps").all() as Array<{ name: string }>).map((a) =>
      a.name
    );
    assert(names.includes("App 0"), "the app seen lately stays");
    assert(!names.includes("App 1"), "the app seen longest ago goes");
    assert(names.includes(`App ${MAX_APPS + 19}`), "the newest app is kept");
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the read memory is trimmed by the save that takes it past its size", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-bounded-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    let t = 0;
    const memory = storedReadMemory(store, () => ++t);
    const limit = 200;
    memory.load("line", limit);
    const sizes: number[] = [];
    for (let i = 0; i < 3000; i++) {
      memory.save([{
        kind: "line",
        key: `k${i}`,
        words: [{ text: `word${i}`, x: 0, y: 0, w: 9, h: 9, conf: 1 }],
      }]);
      sizes.push(count(store, "read_memory"));
    }
    assertEquals(Math.max(...sizes), limit + trimSlack(limit));
    // The newest are the ones kept.
    assertEquals(memory.load("line", limit)[0].key, "k2999");
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the audit log keeps to its rows and bytes, oldest first, and says so in a row", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-bounded-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    let t = 0;
    const log = new AuditLog(store, { keepText: true, retentionDays: 30, now: () => ++t, maxRows: 100 });
    const rows: number[] = [];
    for (let i = 0; i < 1000; i++) {
      log.record({ kind: "input", action: "click", target: `button ${i}`, x: i, y: 0 });
      rows.push(count(store, "audit_events"));
    }
    assert(Math.max(...rows) <= 101, `rows: ${Math.max(...rows)}`);
    const all = auditSince(store, 0);
    assertEquals(all[all.length - 1].target, "button 999");
    const notes = all.filter((r) => r.kind === "note");
    assert(notes.length >= 1, "no row says the log was trimmed");
    assertMatch(notes[0].outcome ?? "", /^dropped the \d+ oldest row\(s\) to keep the log within 100 rows/);

    // Bytes: long kept texts fill the byte bound long before the row bound.
    const wordy = new AuditLog(store, {
      keepText: true,
      retentionDays: 30,
      now: () => ++t,
      maxBytes: 20_000,
    });
    const sizes: number[] = [];
    for (let i = 0; i < 300; i++) {
      wordy.record({ kind: "input", action: "type", typed: `${i} ${"x".repeat(500)}` });
      sizes.push(
        (store.db.prepare("SELECT sum(length(text)) AS n FROM audit_events").get() as { n: number }).n,
      );
    }
    assert(Math.max(...sizes) <= 20_000, `bytes: ${Math.max(...sizes)}`);
    assert(auditSince(store, 0).some((r) => r.text?.startsWith("299 ")), "the newest row is kept");
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("pieces of a text line are no icons; an icon beside its label is", () => {
  const words = [
    { x: 100, y: 50, w: 60, h: 14 },
    { x: 200, y: 50, w: 40, h: 14 },
    { x: 40, y: 200, w: 50, h: 12 },
  ];
  const shapes = [
    // "oo" of a word OCR dropped, a word space after "…" on the first line: text.
    { x: 166, y: 54, w: 12, h: 8 },
    // A letter left of the second word, as tall as the line: text.
    { x: 188, y: 51, w: 9, h: 12 },
    // A toolbar icon taller than the label beside it: an icon.
    { x: 16, y: 196, w: 18, h: 18 },
    // An icon of text height, further than a word space from any word: an icon.
    { x: 330, y: 50, w: 14, h: 14 },
  ];
  assertEquals(iconsBesideText(shapes, words), [shapes[3], shapes[2]]);
});
