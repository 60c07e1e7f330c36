/**
 * How long a look says it waited for the OCR engine is what its reads
 * waited: a recogniser that came up while the thread was busy with the
 * look's own work (its passes, loading modules) is no wait, though the
 * thread learns of it only when the read begins.
 *
 * Timed, so not part of `deno task test:unit`: the thread is held for
 * `BUSY_MS`, many times the recogniser's start (0.1-0.5 s measured, with
 * both cores busy), and the wait asserted is under half of it.
 */

import { assert } from "./support/assert.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { sleep } from "../src/common/time.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { createScreenReader } from "../src/ocr/reader.ts";

/** How long the thread is held while the recogniser starts. */
const BUSY_MS = 4000;

Deno.test("a recogniser that came up while the thread was busy is no wait for the read after", async () => {
  const engine = new TesseractEngine(2);
  const services = createServices({
    store: new Store(":memory:"),
    openDesktop: () => {
      throw new Error("no desktop here");
    },
    openReader: () => createScreenReader(engine),
  });
  try {
    let seenUp: number | null = null;
    services.startEngine();
    void engine.oneUp().then(() => seenUp = performance.now());
    // The models are found, and the first start handed to its own thread, before the thread is held.
    await engine.modelsFound();
    await sleep(50);
    const since = performance.now();
    while (performance.now() - since < BUSY_MS) { /* the look's passes */ }
    const image = { width: 60, height: 30, data: new Uint8Array(60 * 30).fill(255) };
    await services.reader().engine.recognizeGrey!(image, "block");
    // The thread heard of the start only once it was free: as late as the busy stretch.
    assert(seenUp !== null && seenUp - since >= BUSY_MS, `seen up ${seenUp! - since} ms after`);
    const waited = services.engineWait(since);
    assert(waited !== null && waited < BUSY_MS / 2, `waited ${waited} ms`);
  } finally {
    await services.close();
  }
});
