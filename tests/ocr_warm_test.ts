/**
 * Warm start: the server starts the recognisers in the background, and a
 * read that arrives before they are ready waits for them instead of
 * starting more.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { type CountedRead, countedWarmServices } from "./support/counted_warm.ts";

Deno.test("a read during the warm start shares the recogniser being started", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const engine = new TesseractEngine(1);
  try {
    const warming = engine.warm();
    const words = await engine.recognize(f.frame, "sparse");
    await warming;
    assert(words.length > 5, `read ${words.length} words`);
    assertEquals(engine.started, 1);
  } finally {
    await engine.close();
  }
});

Deno.test("a warm start starts the first recogniser alone and the others once it is up", async () => {
  const engine = new TesseractEngine(2);
  try {
    const warming = engine.warm();
    // Two loads at once would slow the first, which a first look waits for.
    assertEquals(engine.started, 1);
    await warming;
    // In-process (CHOTO_OCR_WORKERS=0) there is one recogniser whatever the pool's size.
    assertEquals(engine.started, engine.backend().name === "in-process" ? 1 : 2);
  } finally {
    await engine.close();
  }
});

Deno.test("services.warm builds the reader once and starts its engine before its first await", async () => {
  let built = 0;
  const engine = new TesseractEngine(1);
  const services = createServices({
    store: new Store(":memory:"),
    // No display: warm still starts the engine and ends quietly.
    openDesktop: () => {
      throw new Error("no display");
    },
    openReader: () => {
      built++;
      return createScreenReader(engine);
    },
  });
  try {
    const warming = services.warm();
    assertEquals(built, 1);
    assertEquals(engine.started, 1);
    await warming;
    // The first read takes the same reader and the recogniser already starting.
    const reader = services.reader();
    assertEquals(built, 1);
    const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
    const read = await reader.read(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
    assert(read.elements.length > 5);
    assertEquals(engine.started, 1);
  } finally {
    await services.close();
  }
});

Deno.test("services.warm reads its primed frame once more, from the caches, for the passes that need text, then a made-up window", async () => {
  const reads: CountedRead[] = [];
  const { services, frame, recognised } = await countedWarmServices({ onRead: (read) => reads.push(read) });
  try {
    await services.warm();
    assertEquals(reads.map((r) => r.region), [{ x: 0, y: 0, width: frame.width, height: frame.height }]);
    // Read after the priming read was done, and from its caches: no recogniser call of its own.
    assert(reads[0].before > 0);
    assertEquals(reads[0].after, reads[0].before);
    // Then the made-up window, read through a pipeline of its own (perceive/warm_read.ts).
    assert(recognised() > reads[0].before);
  } finally {
    await services.close();
  }
});

Deno.test("a read after a priming read of the same frame recognises nothing again", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const engine = new TesseractEngine(2);
  const reader = createScreenReader(engine);
  let calls = 0;
  const recognize = engine.recognize.bind(engine);
  const recognizeGrey = engine.recognizeGrey.bind(engine);
  engine.recognize = (...args) => (calls++, recognize(...args));
  engine.recognizeGrey = (...args) => (calls++, recognizeGrey(...args));
  try {
    const priming = reader.prime!(f.frame);
    // Asked before the priming read is done: it waits for it instead of reading the lines twice.
    const read = await reader.read(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
    await priming;
    const primed = calls;
    assert(primed > 0);
    assert(read.elements.length > 5);
    const again = await reader.read(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
    assertEquals(calls, primed);
    assertEquals(again.elements.map((e) => e.text), read.elements.map((e) => e.text));
  } finally {
    await reader.close();
  }
});

/** Counts the engine's recogniser calls. */
function counted(engine: TesseractEngine): () => number {
  let calls = 0;
  const recognize = engine.recognize.bind(engine);
  const recognizeGrey = engine.recognizeGrey.bind(engine);
  engine.recognize = (...args) => (calls++, recognize(...args));
  engine.recognizeGrey = (...args) => (calls++, recognizeGrey(...args));
  return () => calls;
}

Deno.test("a read of a changed frame asked during the priming read reads only what the priming read did not", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const whole = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  // The same screen with its lower half blanked: nothing on it is new.
  const changed = { ...f.frame, data: new Uint8Array(f.frame.data) };
  changed.data.fill(255, changed.data.length >> 1);
  // One after the other: the second read finds every line cached.
  const alone = new TesseractEngine(2);
  const aloneCalls = counted(alone);
  const first = createScreenReader(alone);
  let expected: string[];
  try {
    await first.read(f.frame, whole);
    expected = (await first.read(changed, whole)).elements.map((e) => e.text);
  } finally {
    await first.close();
  }
  const engine = new TesseractEngine(2);
  const calls = counted(engine);
  const reader = createScreenReader(engine);
  try {
    const priming = reader.prime!(f.frame);
    // Asked at once: its lines are found while the priming read runs, and looked up once it is done.
    const read = await reader.read(changed, whole);
    await priming;
    assertEquals(calls(), aloneCalls());
    assertEquals(read.elements.map((e) => e.text), expected);
  } finally {
    await reader.close();
  }
});

Deno.test("reads queued before any recogniser has started spread over the pool once one has", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const engine = new TesseractEngine(2);
  try {
    // No warm start (a one-shot command): the first read starts a recogniser and the others wait for it.
    const reads = await Promise.all([1, 2, 3, 4].map(() => engine.recognize(f.frame, "sparse")));
    assert(reads.every((words) => words.length > 5), reads.map((w) => w.length).join(" "));
    // In-process (CHOTO_OCR_WORKERS=0) there is one recogniser whatever the pool's size.
    assertEquals(engine.started, engine.backend().name === "in-process" ? 1 : 2);
  } finally {
    await engine.close();
  }
});

Deno.test("a call that comes first reads alone: warming then reads nothing", async () => {
  const reads: string[] = [];
  const { services, frame } = await countedWarmServices({
    onRead: () => reads.push("read"),
    onPrime: () => reads.push("prime"),
  });
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  try {
    assertEquals(services.engineWait(0), null);
    // The server has loaded and a call came at once: it holds the gate while it reads.
    const ended = services.callBegan();
    const warming = services.warm(Promise.resolve());
    const read = await services.reader().read(frame, whole);
    // Asked of a call that began when this process did, and of one that begins far later.
    const waited = services.engineWait(0);
    ended();
    await warming;
    assert(read.elements.length > 5);
    // Only the call's read: warming saw that a call came first and left the priming read and its passes out.
    assertEquals(reads, ["read"]);
    // A call that began before the recognisers started waited for them; one that begins after they are up does not.
    assert(waited !== null && waited > 0, `waited ${waited}`);
    assertEquals(services.engineWait(Number.MAX_VALUE), 0);
  } finally {
    await services.close();
  }
});
