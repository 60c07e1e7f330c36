/**
 * OCR without workers: the in-process recogniser reads what the workers
 * read, an engine whose worker cannot start falls back to it and keeps
 * working, and engines sharing the in-process core keep their own settings.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { TesseractEngine, type TesseractOptions } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import type { OcrWord } from "../src/ocr/types.ts";

/** The dialog's text block, cut out of a fixture frame. */
function crop(frame: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const s = ((y + row) * frame.width + x) * 4;
    data.set(frame.data.subarray(s, s + width * 4), row * width * 4);
  }
  return { width, height, data };
}

/** A worker script that fails as it loads (see the file for why not simply a path to no file). */
const UNSTARTABLE_WORKER = new URL("./support/unstartable_ocr_worker.cjs", import.meta.url).pathname;

const words = (ws: OcrWord[]) => ws.map((w) => `${w.text}@${w.x},${w.y},${w.w},${w.h}`).sort();

Deno.test("in-process recognition reads the same words as the workers", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  const workers = new TesseractEngine(2, { inProcess: false });
  const inProcess = new TesseractEngine(2, { inProcess: true });
  try {
    const a = await new ScreenPipeline(workers).run(f.frame, full);
    const b = await new ScreenPipeline(inProcess).run(f.frame, full);
    assertEquals(workers.backend().name, "workers");
    assertEquals(inProcess.backend(), { name: "in-process", why: "asked for in-process" });
    assert(a.words.length > 10);
    assertEquals(words(b.words), words(a.words));
  } finally {
    await Promise.all([workers.close(), inProcess.close()]);
  }
});

Deno.test("an engine whose worker cannot start falls back to in-process and reads", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const engine = new TesseractEngine(2, {
    inProcess: false,
    workerScript: UNSTARTABLE_WORKER,
  });
  try {
    const r = await new ScreenPipeline(engine).run(f.frame, {
      x: 0,
      y: 0,
      width: f.frame.width,
      height: f.frame.height,
    });
    assert(r.words.some((w) => w.text === "Yes"), r.words.map((w) => w.text).join(" "));
    const backend = engine.backend();
    assertEquals(backend.name, "in-process");
    assert(backend.why.startsWith("a worker did not start: OCR worker"), backend.why);
  } finally {
    await engine.close();
  }
});

Deno.test("engines sharing the in-process core keep their own page mode and characters", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const line = crop(f.frame, 290, 140, 420, 160);
  const a = new TesseractEngine(1, { inProcess: true });
  const b = new TesseractEngine(1, { inProcess: true });
  try {
    const alone = words(await b.recognize(line, "sparse"));
    assert(alone.length > 2, alone.join(" "));
    const grey = greyOf(line, { x: 0, y: 0, width: line.width, height: line.height });
    const digitsOnly = await a.recognizeGrey(grey, "line", "0123456789");
    assert(digitsOnly.every((w) => /^[0-9]+$/.test(w.text)), digitsOnly.map((w) => w.text).join(" "));
    assertEquals(words(await b.recognize(line, "sparse")), alone);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

/**
 * Runs `fn` on a one-recogniser engine whose worker is the test script
 * `script`, which misbehaves on its first read while the marker file named
 * by the variable `marker` does not exist yet; `fn` gets the zenity dialog's crop.
 */
async function withFaultyWorker(
  script: string,
  marker: string,
  options: TesseractOptions,
  fn: (engine: TesseractEngine, dialog: RgbaImage) => Promise<void>,
): Promise<void> {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const dir = await Deno.makeTempDir({ prefix: "choto-ocr-" });
  Deno.env.set(marker, `${dir}/marker`);
  const workerScript = new URL(`./support/${script}`, import.meta.url).pathname;
  const engine = new TesseractEngine(1, { ...options, inProcess: false, workerScript });
  try {
    await engine.warm();
    await fn(engine, crop(f.frame, 290, 140, 420, 160));
  } finally {
    await engine.close();
    Deno.env.delete(marker);
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a worker that dies during a read fails that read only; the next read starts a new one", async () => {
  await withFaultyWorker("dying_ocr_worker.cjs", "CHOTO_TEST_DIE_ONCE", {}, async (engine, dialog) => {
    let failed = "";
    await engine.recognize(dialog, "sparse").catch((e) => (failed = e.message));
    assert(/OCR worker (exited|failed)/.test(failed), failed);
    const words = await engine.recognize(dialog, "sparse");
    assert(words.some((w) => w.text === "Yes"), words.map((w) => w.text).join(" "));
    assertEquals(engine.backend().name, "workers");
  });
});

Deno.test("a worker that stops answering is stopped after the read timeout; the next read starts a new one", async () => {
  // The limit also bounds the real read that follows, so it leaves a loaded machine (a parallel unit run on
  // two cores) ample time for it: that read takes well under a second.
  const options = { readTimeoutMs: 5000 };
  await withFaultyWorker(
    "stalling_ocr_worker.cjs",
    "CHOTO_TEST_STALL_ONCE",
    options,
    async (engine, dialog) => {
      let failed = "";
      await engine.recognize(dialog, "sparse").catch((e) => (failed = e.message));
      assert(/gave no answer to recognize within 5 s and was stopped/.test(failed), failed);
      const words = await engine.recognize(dialog, "sparse");
      assert(words.some((w) => w.text === "Yes"), words.map((w) => w.text).join(" "));
      assertEquals(engine.started, 2);
    },
  );
});

Deno.test("a warm start whose workers cannot start settles on one in-process recogniser and reads", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const engine = new TesseractEngine(2, {
    inProcess: false,
    workerScript: UNSTARTABLE_WORKER,
  });
  try {
    await engine.warm();
    // The first recogniser starts alone and fell back: in-process there is one, so no other was started.
    assertEquals(engine.started, 1);
    assertEquals(engine.backend().name, "in-process");
    const dialog = crop(f.frame, 290, 140, 420, 160);
    const [a, b] = await Promise.all([
      engine.recognize(dialog, "sparse"),
      engine.recognize(dialog, "sparse"),
    ]);
    assertEquals(a.map((w) => w.text), b.map((w) => w.text));
    assertEquals(engine.started, 1);
  } finally {
    await engine.close();
  }
});
