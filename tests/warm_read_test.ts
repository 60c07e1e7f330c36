/**
 * The read warmed ahead of a first look (perceive/warm_read.ts): it reads the
 * made-up window with the recognisers, gives way to calls, and leaves
 * nothing a later read could start from.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { warmRead, type WarmTurns } from "../src/perceive/warm_read.ts";
import { warmPage } from "../src/perceive/warm_page.ts";

/** Counts the engine's recogniser calls (each still goes to the recogniser). */
function counted(engine: TesseractEngine): () => number {
  let calls = 0;
  const recognizeGrey = engine.recognizeGrey.bind(engine);
  engine.recognizeGrey = (...args) => (calls++, recognizeGrey(...args));
  return () => calls;
}

/** Turns with no call ever made; `each` runs at every round's start. */
const noCalls = (each: () => void = () => {}): WarmTurns => ({
  idle: () => (each(), Promise.resolve()),
  busy: false,
  called: () => false,
});

Deno.test("the warm read reads the made-up window with the recognisers once, its variant's changed lines, then from its caches", async () => {
  const engine = new TesseractEngine(2);
  const calls = counted(engine);
  try {
    const at: number[] = [];
    await warmRead(engine, 3, noCalls(() => at.push(calls())));
    const rounds = [...at.slice(1), calls()].map((n, i) => n - at[i]);
    assert(rounds[0] > 0, "the made-up window went to no recogniser");
    assert(rounds[1] > 0 && rounds[1] < rounds[0], `the variant's reads: ${rounds}`);
    assertEquals(rounds[2], 0);
  } finally {
    await engine.close();
  }
});

Deno.test("the warm read waits while a call runs, and stops at its next read once a call has read", async () => {
  const engine = new TesseractEngine(2);
  const calls = counted(engine);
  const full = new TesseractEngine(2);
  const fullCalls = counted(full);
  try {
    await warmRead(full, 1, noCalls());
    // A call begins after the round's third read and reads: the round waits for it to end, then stops.
    let ended: () => void = () => {};
    const callEnds = new Promise<void>((resolve) => ended = resolve);
    let busy = false, read = false, waited = 0;
    const turns: WarmTurns = {
      idle: async () => {
        if (busy) waited++;
        await (busy ? callEnds : Promise.resolve());
      },
      get busy() {
        if (calls() >= 3 && !read) busy = true;
        return busy;
      },
      called: () => read,
    };
    const warming = warmRead(engine, 2, turns);
    while (!busy) await new Promise((r) => setTimeout(r, 5));
    const during = calls();
    await new Promise((r) => setTimeout(r, 300));
    // Nothing more went to the recognisers while the call ran (two were at them already at most).
    assert(calls() - during <= 2, `${calls() - during} reads while the call ran`);
    read = true;
    busy = false;
    ended();
    await warming;
    assert(waited > 0);
    assert(calls() < fullCalls(), `${calls()} reads against a round's ${fullCalls()}`);
  } finally {
    await engine.close();
    await full.close();
  }
});

Deno.test("a read after the warm read finds nothing of it in its caches", async () => {
  const engine = new TesseractEngine(2);
  const calls = counted(engine);
  const reader = createScreenReader(engine);
  try {
    await warmRead(engine, 2, noCalls());
    const warmed = calls();
    const { frame, window } = warmPage(0);
    await reader.read(frame, window);
    assert(calls() > warmed, "the made-up window was read from what warming saw");
  } finally {
    await reader.close();
  }
});
