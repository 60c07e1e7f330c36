/**
 * What choto typed never enters the graph: a password sentence, a PIN and a
 * card number typed through a plan on the fake desktop, then observed into a
 * real SQLite file, are in none of the graph's tables, nor in `choto memory
 * export` or `choto map`; the window's own words stay. Secret fields told by
 * their labels are left out too, and the words are cut as typing and reading
 * both cut them.
 */

import config from "../deno.json" with { type: "json" };
import { assert, assertEquals } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";
import { FakeDesktop, fakeReader, text } from "./support/fake_desktop.ts";
import { EDITOR } from "./support/plan_run.ts";
import { Store } from "../src/db/store.ts";
import { createServices } from "../src/services.ts";
import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { observeScreen } from "../src/look/observe.ts";
import { redactTyped, typedPieces } from "../src/common/typed_tokens.ts";
import { secretLabel } from "../src/common/secret_labels.ts";
import { withoutSecretFields } from "../src/graph/secret_fields.ts";
import { storedReadMemory } from "../src/db/read_memory.ts";
import { TypedWords } from "../src/db/typed_words.ts";
import { see } from "./graph_fixture.ts";
import { recordSighting } from "../src/graph/record.ts";
import { recordClick, recordTransition } from "../src/graph/transitions.ts";

const FLAGS = config.tasks.memory.split(" ").filter((w) => w.startsWith("--allow-"));

const SENTENCE = "my password is hunter2 and PIN 4711";
const CARD = "4929 1234 5678 9012";
/** What must not be found anywhere once typed. */
const SECRETS = ["hunter2", "4711", "4929", "1234", "5678", "9012", "password"];

/** Every text of the graph's tables (and the read memory), as one string. */
function graphText(path: string): string {
  const store = new Store(path);
  try {
    const parts: string[] = [];
    const dump = (sql: string) => {
      for (const row of store.db.prepare(sql).all()) parts.push(JSON.stringify(row));
    };
    dump("SELECT text FROM elements");
    dump("SELECT title, identity FROM windows");
    dump("SELECT text FROM search");
    dump("SELECT words FROM read_memory");
    dump("SELECT near FROM glyph_sightings");
    return parts.join("\n");
  } finally {
    store.close();
  }
}

Deno.test("typed words and digit runs are cut the same when typed and when read", () => {
  assertEquals(typedPieces(SENTENCE).sort(), ["4711", "and", "hunter2", "password", "pin"]);
  assert(typedPieces(CARD).includes("4929123456789012"), "the card number joined");
  const typed = new Set([...typedPieces(SENTENCE), ...typedPieces(CARD)]);
  const is = (p: string) => typed.has(p);
  // Wholly typed: dropped, what is left ("my", "is") says nothing.
  assertEquals(redactTyped("My Password is HUNTER2,", is).text, null);
  assertEquals(redactTyped("4929123456789012", is).text, null);
  assertEquals(redactTyped("4929 1234", is).text, null);
  // The window's own words around a typed one stay.
  assertEquals(redactTyped("Saved notes: hunter2 (draft)", is).text, "Saved notes: [typed] (draft)");
  assertEquals(redactTyped("File Edit Search", is).text, "File Edit Search");
  // Short words and digits are everywhere and never count.
  assertEquals(redactTyped("is 12", is).matched, []);
});

Deno.test("a secret field's text is left out by its label, in the UI languages", () => {
  assertEquals(secretLabel("Password:")?.label, "Password:");
  assertEquals(secretLabel("Neues Passwort")?.label, "Neues Passwort");
  assertEquals(secretLabel("Mot de passe :")?.rest, "");
  assertEquals(secretLabel("PIN: 4711"), { label: "PIN:", rest: " 4711" });
  assertEquals(secretLabel("パスワード")?.label, "パスワード");
  assertEquals(secretLabel("Print preview"), null);
  assertEquals(secretLabel("my password is long and safe"), null);
  const kept = withoutSecretFields([
    text("Card number", 60, 40),
    text("4000 0000 0000 0002", 200, 40),
    text("CVV: 123", 60, 80),
    text("Contraseña", 60, 120),
    text("s3cr3t-value", 64, 140),
    text("Name", 60, 200),
    text("Ada Lovelace", 200, 200),
  ]).map((e) => e.text);
  assertEquals(kept, ["Card number", "CVV:", "Contraseña", "Name", "Ada Lovelace"]);
  // A terminal's `PIN: 4711`, one element joined on its font's pitch, keeps its segments as read: they go too.
  const joined = { ...text("PIN: 4711", 60, 40), segments: [text("PIN:", 60, 40), text("4711", 110, 40)] };
  assertEquals(JSON.stringify(withoutSecretFields([joined])).includes("4711"), false);
});

Deno.test("typed secrets are in no graph table, no memory export and no map; the window's words are", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-typed-" });
  try {
    const path = `${dir}/choto.db`;
    const d = new FakeDesktop();
    d.windowList = [EDITOR];
    d.focusWindowId = "ed";
    d.texts = [text("File", 30, 20), text("Edit", 70, 20), text("Search", 115, 20)];
    // The editor shows what is typed, one line each; the reader gets it back in pieces, as OCR might.
    let row = 60;
    d.onType = (t, desk) => {
      for (const line of t.split("\n").filter(Boolean)) {
        desk.texts.push(text(line, 180, row));
        row += 20;
      }
      if (t.startsWith(CARD)) {
        desk.texts.push(text("hunter2", 300, 250), text("4711", 340, 250), text("49291234", 40, 270));
      }
    };
    let epoch = 1_700_000_000_000;
    const svc = createServices({
      store: new Store(path),
      openDesktop: () => d,
      openReader: () => fakeReader(d),
      now: () => (epoch += 1000),
    });
    // The window was read once before anything was typed: its words are its own.
    await observeScreen(svc);
    const plan = planSchema.parse({
      steps: [{ action: "type", text: `${SENTENCE}\n` }, { action: "type", text: `${CARD}\n` }],
    });
    const result = await executePlan(svc, plan, d.clock);
    assert(result.reports.every((r) => r.outcome === "done"), JSON.stringify(result.reports));
    const seen = await observeScreen(svc);
    assert(seen.sighting !== null, "the editor was recorded");
    // The reader's memory across restarts keeps no typed line either.
    storedReadMemory(svc.store).save([
      { kind: "line", key: "k1", words: [{ text: "hunter2", x: 0, y: 0, w: 10, h: 10, conf: 0.9 }] },
      { kind: "line", key: "k2", words: [{ text: "Search", x: 0, y: 0, w: 10, h: 10, conf: 0.9 }] },
    ]);
    await svc.close();

    const stored = graphText(path);
    for (const s of SECRETS) assert(!stored.toLowerCase().includes(s), `"${s}" is in the graph:\n${stored}`);
    for (const own of ["File", "Edit", "Search"]) {
      assert(stored.includes(own), `"${own}" is gone:\n${stored}`);
    }

    const ex = await runChoto(["memory", "export", "--db", path], { flags: FLAGS });
    assertEquals(ex.code, 0, ex.stderr);
    const map = await runChoto(["map", "--db", path], { flags: FLAGS });
    assertEquals(map.code, 0, map.stderr);
    for (const [what, out] of [["export", ex.stdout], ["map", map.stdout]]) {
      for (const s of SECRETS) assert(!out.toLowerCase().includes(s), `"${s}" is in the ${what}`);
      for (const own of ["File", "Edit", "Search"]) {
        assert(out.includes(own), `"${own}" is not in the ${what}`);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a word the window showed before it was typed stays; one typed first does not", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-typed-own-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    see(store, "Editor", "notes - Editor", ["Find", "Replace"], 1_000);
    new TypedWords(store).remember("find the invoice", 2_000);
    see(store, "Editor", "notes - Editor", ["Find", "Replace", "find the invoice"], 3_000);
    see(store, "Editor", "Search - Editor", ["Find", "invoice 2024 draft"], 3_000, "dialog");
    const texts = (title: string) =>
      store.db.prepare(
        "SELECT e.text FROM elements e JOIN windows w ON w.id = e.window_id WHERE w.title = ? ORDER BY e.y",
      )
        .all(title).map((r) => (r as { text: string }).text);
    assertEquals(texts("notes - Editor"), ["Find", "Replace"]);
    assertEquals(texts("Search - Editor"), ["[typed] 2024 draft"]);
    // The texts kept beside an icon are held to the same rule.
    const notes = recordSighting(
      store,
      "Editor",
      {
        id: "w",
        app: "Editor",
        pid: null,
        title: "notes - Editor",
        bounds: { x: 0, y: 0, width: 800, height: 600 },
        kind: "normal",
        transient: false,
      },
      [],
      4_000,
      null,
      [{
        x: 5,
        y: 5,
        w: 16,
        h: 16,
        cx: 13,
        cy: 13,
        hash: "00ff00ff00ff00ff",
        near: ["Find", "the invoice", "invoice due"],
        crop: { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4) },
      }],
    );
    assertEquals(notes.icons.map((i) => i.near), [["Find", "[typed] due"]]);
    // Fingerprints only: the typed words themselves are nowhere in the file.
    store.close();
    const raw = new TextDecoder("latin1").decode(Deno.readFileSync(`${dir}/choto.db`));
    assert(!raw.includes("invoice"), "a typed word is in the file");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a click or a way between windows named by a typed text is not kept; one on the window's own is", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-typed-acted-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    const main = see(store, "Editor", "notes - Editor", ["File", "Replace"], 1_000);
    const other = see(store, "Editor", "Find - Editor", ["Find"], 1_000, "dialog");
    new TypedWords(store).remember("replace hunter2", 2_000);
    assertEquals(recordClick(store, { node: main, text: "hunter2", surface: "window", now: 3_000 }), 0);
    assertEquals(
      recordTransition(store, {
        from: main,
        to: other,
        action: "click",
        text: "hunter2",
        surface: "window",
        now: 3_000,
      }),
      null,
    );
    assertEquals(recordClick(store, { node: main, text: "Replace", surface: "window", now: 3_000 }), 1);
    assert(
      recordTransition(store, {
        from: main,
        to: other,
        action: "click",
        text: "File",
        surface: "window",
        now: 3_000,
      }),
      "the window's own word",
    );
    const texts = store.db.prepare("SELECT text FROM clicks UNION ALL SELECT text FROM transitions").all()
      .map((r) => (r as { text: string }).text);
    assertEquals(texts.sort(), ["File", "Replace"]);
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a file name choto typed leaves the title, and the saved document is the same window as the unsaved one", () => {
  const dir = Deno.makeTempDirSync({ prefix: "choto-typed-title-" });
  try {
    const store = new Store(`${dir}/choto.db`);
    const unsaved = see(store, "Mousepad", "Untitled 1 - Mousepad", ["File"], 1_000);
    // "window" and "doc" typed too: the identity's own parts stay as they are.
    new TypedWords(store).remember("quarterly-salaries.txt in a window doc", 2_000);
    const saved = see(store, "Mousepad", "quarterly-salaries.txt - Mousepad", ["File"], 3_000);
    assertEquals(saved, unsaved);
    const row = store.db.prepare("SELECT title, identity FROM windows WHERE id = ?").get(saved) as {
      title: string;
      identity: string;
    };
    assertEquals({ ...row }, { title: "[typed] - Mousepad", identity: "window|<doc> - mousepad" });
    store.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
