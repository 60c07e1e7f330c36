/**
 * Reading with libtesseract through FFI: it reads what tesseract.js reads,
 * the engine prefers it and says so, falls back to tesseract.js workers when
 * the library is missing or turned off, and a recogniser ends only after
 * the read in flight. Without the library these tests are skipped on a
 * developer's machine; in CI (`tesseract-ocr` is installed) they must run.
 */

import { assert, assertEquals, assertMatch, assertRejects } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { greyOf, type RgbaImage, rgbaOf } from "../src/image/pixels.ts";

import { nativeTesseract, startNativeRecogniser } from "../src/ocr/engines/native_tesseract.ts";
import { modelFile } from "../src/ocr/engines/language_data.ts";
import { wordsOfTsv } from "../src/ocr/engines/tsv.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const ompBefore = Deno.env.get("OMP_THREAD_LIMIT");
const opened = nativeTesseract();
const missing = "error" in opened;
if (missing && Deno.env.get("CI")) throw new Error(`CI must have libtesseract: ${opened.error}`);
const ignore = missing;

/** Where the question's text sits in the zenity fixture. */
const DIALOG = { x: 290, y: 140, width: 420, height: 160 };
const dialog = (frame: RgbaImage): RgbaImage => rgbaOf(greyOf(frame, DIALOG));

const words = (ws: OcrWord[]) => ws.map((w) => `${w.text}@${w.x},${w.y},${w.w},${w.h}`).sort();

Deno.test("TSV rows become words: word rows with text only, confidence 0..1", () => {
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "1\t1\t0\t0\t0\t0\t0\t0\t300\t40\t-1\t",
    "4\t1\t1\t1\t1\t0\t10\t5\t120\t20\t-1\t",
    "5\t1\t1\t1\t1\t1\t10\t5\t50\t20\t96.5\tSave",
    "5\t1\t1\t1\t1\t2\t70\t5\t60\t20\t12.25\tAs…",
    "5\t1\t1\t1\t1\t3\t140\t5\t4\t20\t95\t ",
  ].join("\n");
  assertEquals(wordsOfTsv(tsv), [
    { text: "Save", x: 10, y: 5, w: 50, h: 20, conf: 0.965 },
    { text: "As…", x: 70, y: 5, w: 60, h: 20, conf: 0.1225 },
  ]);
});

Deno.test({
  name: "libtesseract reads a screen exactly as tesseract.js workers do, and the engine says which it used",
  ignore,
  async fn() {
    const [f] = await loadFixtures((n) => n === "apps/menu_geany_edit");
    const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
    const native = new TesseractEngine(2, { native: true });
    const workers = new TesseractEngine(2, { inProcess: false });
    try {
      const a = await new ScreenPipeline(native).run(f.frame, full);
      const b = await new ScreenPipeline(workers).run(f.frame, full);
      assertEquals(native.backend().name, "native");
      assertMatch(native.backend().why, /^libtesseract 5\.\d+\.\d+ through FFI$/);
      assertEquals(workers.backend().name, "workers");
      assert(a.words.length > 10, `only ${a.words.length} words`);
      assertEquals(words(a.words), words(b.words));
      // OpenMP would otherwise run each read on every core, fighting the other recogniser; the
      // variable that limits it is put back, so apps choto launches do not inherit it.
      assert(!("error" in opened) && (opened.threadLimit === null || opened.threadLimit === 1));
      assertEquals(Deno.env.get("OMP_THREAD_LIMIT"), ompBefore);
    } finally {
      await Promise.all([native.close(), workers.close()]);
    }
  },
});

Deno.test("without libtesseract the engine reads with tesseract.js workers and says why", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const engine = new TesseractEngine(1, { native: true, libraryPaths: ["/nonexistent/libtesseract.so.5"] });
  try {
    const found = (await engine.recognize(dialog(f.frame), "sparse")).map((w) => w.text);
    assert(found.includes("permanently?"), found.join(" "));
    const b = engine.backend();
    assertEquals(b.name, "workers");
    assertMatch(b.why, /^libtesseract not used: libtesseract is not installed \(.*nonexistent/);
  } finally {
    await engine.close();
  }
});

Deno.test("CHOTO_OCR_NATIVE=0 turns libtesseract off", async () => {
  const before = Deno.env.get("CHOTO_OCR_NATIVE");
  Deno.env.set("CHOTO_OCR_NATIVE", "0");
  try {
    const engine = new TesseractEngine(1);
    // tesseract.js: in workers, or in-process when CHOTO_OCR_WORKERS=0 as well.
    assert(engine.backend().name !== "native");
    await engine.close();
  } finally {
    if (before === undefined) Deno.env.delete("CHOTO_OCR_NATIVE");
    else Deno.env.set("CHOTO_OCR_NATIVE", before);
  }
});

Deno.test({
  name: "a native recogniser ends after the read in flight, and refuses reads once ended",
  ignore,
  async fn() {
    const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
    const grey = greyOf(f.frame, DIALOG);
    const eng = await modelFile("eng");
    const r = await startNativeRecogniser(eng);
    await r.setParameters({ tessedit_pageseg_mode: "11", user_defined_dpi: "300" });
    const reading = r.read(grey);
    const ending = r.terminate();
    assertEquals(r.alive(), false);
    const found = (await reading).map((w) => w.text);
    assert(found.includes("permanently?"), found.join(" "));
    await ending;
    await assertRejects(() => r.read(grey), /terminated/);
    const other = await startNativeRecogniser(eng);
    try {
      await assertRejects(
        () => other.setParameters({ no_such_parameter: "1" }),
        /has no parameter no_such_parameter/,
      );
    } finally {
      await other.terminate();
    }
  },
});
