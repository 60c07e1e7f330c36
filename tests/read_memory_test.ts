/**
 * The reader's memory across restarts: what one server read, the next reads
 * from the database without the recogniser; the memory stays bounded, and
 * `choto forget` deletes it, leaving no trace in the file.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { Store } from "../src/db/store.ts";
import { storedReadMemory } from "../src/db/read_memory.ts";
import { forgetApp, forgetBefore } from "../src/graph/forget.ts";
import { DAY, NOW, see } from "./graph_fixture.ts";
import { countingEngine } from "./support/counting_engine.ts";
import { decodeImage } from "../src/image/codec.ts";

const words = (r: { words: Array<{ text: string; x: number; y: number }> }) =>
  r.words.map((w) => `${w.text}@${w.x},${w.y}`);

Deno.test("a restarted reader reads a screen the last one read without the recogniser", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const dir = Deno.makeTempDirSync();
  const engine = new TesseractEngine(2);
  try {
    const before = new Store(`${dir}/choto.db`);
    const first = await new ScreenPipeline(engine, undefined, 2, storedReadMemory(before)).run(f.frame, full);
    assert(first.recognised > 5, `recognised ${first.recognised}`);
    before.close();

    // A new server: a new store on the same file, new caches.
    const after = new Store(`${dir}/choto.db`);
    const again = await new ScreenPipeline(engine, undefined, 2, storedReadMemory(after)).run(f.frame, full);
    assertEquals(again.recognised, 0);
    assertEquals(words(again), words(first));
    after.close();
  } finally {
    await engine.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a restarted reader spells a never-seen editor screen from the characters the last one read", async () => {
  const screen = async (name: string) =>
    await decodeImage(await Deno.readFile(new URL(`../fixtures/screens/${name}.png`, import.meta.url)));
  const prose = await screen("mousepad_prose"), forty = await screen("mousepad_forty_lines");
  const full = { x: 0, y: 0, width: forty.width, height: forty.height };
  const dir = Deno.makeTempDirSync();
  const engine = new TesseractEngine(2);
  // The editor's text (the title's new path is read as a piece alone, by the word cache, either way).
  const texts = (r: { words: Array<{ text: string; x: number; y: number }> }) =>
    r.words.filter((w) => w.y > 262).sort((a, b) => a.y - b.y || a.x - b.x).map((w) => w.text);
  try {
    const before = new Store(`${dir}/choto.db`);
    await new ScreenPipeline(engine, undefined, 2, storedReadMemory(before)).run(prose, full);
    before.close();

    // The forty-line file, in the same font, read by a server with no memory and by one restarted on the file.
    const fresh = countingEngine(engine);
    const first = await new ScreenPipeline(fresh).run(forty, full);
    const after = new Store(`${dir}/choto.db`);
    const restarted = countingEngine(engine);
    const again = await new ScreenPipeline(restarted, undefined, 2, storedReadMemory(after)).run(forty, full);
    after.close();
    assertEquals(texts(again), texts(first));
    assert(restarted.pixels < fresh.pixels * 0.7, `${restarted.pixels} of ${fresh.pixels} pixels`);
  } finally {
    await engine.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("readings are remembered per set of models: a German reader does not take the English reading", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const store = new Store(":memory:");
  const english = new TesseractEngine(2);
  const german = new TesseractEngine(2, { models: ["deu", "eng"] });
  try {
    const first = await new ScreenPipeline(english, undefined, 2, storedReadMemory(store)).run(f.frame, full);
    assert(first.recognised > 5, `recognised ${first.recognised}`);
    const other = await new ScreenPipeline(german, undefined, 2, storedReadMemory(store)).run(f.frame, full);
    assertEquals(other.recognised, first.recognised, "the German reader read every line itself");
    // Each set of models finds its own readings again.
    for (const engine of [english, german]) {
      assertEquals(
        (await new ScreenPipeline(engine, undefined, 2, storedReadMemory(store)).run(f.frame, full))
          .recognised,
        0,
      );
    }
  } finally {
    await english.close();
    await german.close();
    store.close();
  }
});

Deno.test("the memory keeps only the newest readings of each kind", () => {
  const store = new Store(":memory:");
  let now = NOW;
  const memory = storedReadMemory(store, () => now++);
  for (let i = 0; i < 10; i++) {
    memory.save([{
      kind: "line",
      key: `l${i}`,
      words: [{ text: `line ${i}`, x: 0, y: 0, w: 5, h: 5, conf: 1 }],
    }]);
  }
  memory.save([{ kind: "piece", key: "p", words: [] }]);
  assertEquals(memory.load("line", 3).map((r) => r.key), ["l9", "l8", "l7"]);
  // The load dropped the older lines for good; pieces are counted apart.
  assertEquals(memory.load("line", 100).length, 3);
  assertEquals(memory.load("piece", 100).map((r) => r.words), [[]]);
  store.close();
});

Deno.test("forget deletes remembered readings: by age, and all of them with an app", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/choto.db`;
    const store = new Store(path);
    let now = NOW - 40 * DAY;
    const memory = storedReadMemory(store, () => now);
    const secret = (text: string) => [{ text, x: 0, y: 0, w: 5, h: 5, conf: 1 }];
    memory.save([{ kind: "line", key: "old", words: secret("OLD-READING-TEXT") }]);
    now = NOW;
    memory.save([{ kind: "line", key: "new", words: secret("NEW-READING-TEXT") }]);
    assertMatch(forgetBefore(store, NOW - 30 * DAY).text, /1 screen readings/);
    assertEquals(memory.load("line", 10).map((r) => r.key), ["new"]);
    see(store, "Mousepad", "diary.txt - Mousepad", ["x"], NOW);
    assertMatch(forgetApp(store, "Mousepad").text, /all 1 remembered screen reading/);
    assertEquals(memory.load("line", 10), []);
    store.close();
    const raw = new TextDecoder("latin1").decode(Deno.readFileSync(path));
    assert(!raw.includes("READING-TEXT"), "a forgotten reading is still in the file");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a memory that cannot save costs nothing but the next start's speed: the read stands", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const engine = new TesseractEngine(2);
  try {
    let tried = 0;
    const broken = {
      load: () => [],
      save: () => {
        tried++;
        throw new Error("database is locked");
      },
    };
    const read = await new ScreenPipeline(engine, undefined, 2, broken).run(f.frame, full);
    const plain = await new ScreenPipeline(engine).run(f.frame, full);
    assert(tried > 0, "the memory was never asked to save");
    assertEquals(words(read), words(plain));
  } finally {
    await engine.close();
  }
});
