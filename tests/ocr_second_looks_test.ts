/**
 * Second looks of the screen pipeline, on the fixture frames' own pixels
 * with the real recogniser: an unsure word read again larger, and the whole
 * English fixture set's recall and precision floors they hold.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures, scoreWords } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { isUnsure, rereadUnsure } from "../src/ocr/fixes/unsure.ts";

Deno.test("an unsure word is read again larger; a sure one and a shortcut are left alone", async () => {
  const word = (text: string, conf: number) => ({ text, conf, x: 28, y: 54, w: 81, h: 14 });
  assert(isUnsure(word("yyyy/mmj/dd", 0.53)));
  assertEquals(isUnsure(word("yyyy/mm/dd", 0.9)), false);
  assertEquals(isUnsure(word("Ctrl+W", 0.13)), false);
  assertEquals(isUnsure(word("of", 0.4)), false);
  // A path in a title bar: no word, and the costliest line to read again.
  assertEquals(isUnsure(word("/tmp/tmp.UUfWohMItn/notes.txt", 0.41)), false);
  const [f] = await loadFixtures((n) => n === "apps/menu_geany_insert_date");
  const grey = greyOf(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
  const engine = new TesseractEngine(1);
  try {
    // The stack read this item `yyyy/mmj/dd` at 0.53; the box is its word's, on its line's rows.
    const box = { x: 26, y: 53, w: 85, h: 16 };
    assertEquals(await rereadUnsure(engine, grey, box, word("yyyy/mmj/dd", 0.53), 16, 255), "yyyy/mm/dd");
    // A second reading no surer than the first is not taken.
    assertEquals(await rereadUnsure(engine, grey, box, word("yyyy/mmj/dd", 0.8), 16, 255), null);
  } finally {
    await engine.close();
  }
});

/** A frame read whole by a fresh pipeline (empty caches), as a never-seen screen. */
function readWhole(engine: TesseractEngine, frame: RgbaImage) {
  return new ScreenPipeline(engine).run(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
}

// CI also runs the OCR tests on tesseract.js (CHOTO_OCR_NATIVE=0, CHOTO_OCR_WORKERS=0), the fallback when
// libtesseract is missing: its own build reads the stacked menu with other confidences, and the whole-menu
// figures below are the default engine's.
const forcedFallback = Deno.env.get("CHOTO_OCR_NATIVE") === "0" || Deno.env.get("CHOTO_OCR_WORKERS") === "0";

Deno.test({
  name: "the date formats of a menu are read exactly; a list's digits survive the larger reading",
  ignore: forcedFallback,
}, async () => {
  const frames = await loadFixtures((n) =>
    n === "apps/menu_geany_insert_date" || n === "apps/zenity_longlist_top"
  );
  const engine = new TesseractEngine(2);
  try {
    for (const f of frames) {
      const r = await readWhole(engine, f.frame);
      const texts = r.words.map((w) => w.text);
      if (f.name.endsWith("insert_date")) {
        assertEquals(texts.filter((t) => t === "yyyy/mm/dd").length, 2, texts.join(" "));
      } // `Fruit16`, read unsure, is read `Fruitle` larger: the digits' second look still makes it `Fruit16`.
      else assert(texts.includes("Fruit16"), texts.join(" "));
    }
  } finally {
    await engine.close();
  }
});

Deno.test("the English fixture set reads at recall 0.99 and precision 0.97 or better", async () => {
  const frames = await loadFixtures();
  assert(frames.length >= 37, `only ${frames.length} frames`);
  const engine = new TesseractEngine(2);
  let truth = 0, found = 0, read = 0;
  const missed: string[] = [];
  try {
    for (const f of frames) {
      const r = await readWhole(engine, f.frame);
      const s = scoreWords(f.words, r.words);
      truth += s.truth, found += s.found, read += s.ocr;
      missed.push(...s.missed.map((m) => `${f.name}: ${m}`));
    }
  } finally {
    await engine.close();
  }
  assert(found / truth >= 0.99, `recall ${(found / truth).toFixed(4)}, missed ${missed.join(", ")}`);
  assert(found / read >= 0.97, `precision ${(found / read).toFixed(4)}`);
});
