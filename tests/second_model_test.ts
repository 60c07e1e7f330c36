/**
 * English read by Debian's fast model first, and again by best_int where the
 * fast one reads poorly: which words go to the larger model, when its
 * reading takes the fast one's place, and, with the real recognisers on
 * fixture frames, the shortcuts and line numbers the fast model alone
 * misreads coming out exact.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { fastModelFile } from "../src/ocr/engines/engine_choice.ts";
import { nativeTesseract } from "../src/ocr/engines/native_tesseract.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { readShortcut } from "../src/ocr/fixes/accelerators.ts";
import {
  largerModel,
  needsRecheck,
  RECHECK_CONF,
  recheckSpans,
  replaceRechecked,
} from "../src/ocr/fixes/second_model.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Blob, TextLine } from "../src/ocr/lines/find.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const word = (text: string, x: number, w: number, conf = 0.95): OcrWord => ({
  text,
  x,
  y: 0,
  w,
  h: 14,
  conf,
});
const blob = (x: number, w: number): Blob => ({ x, y: 0, w, h: 14, mass: w * 14 });
const line = (w: number, blobs: Blob[] = []): TextLine => ({ x: 0, y: 0, w, h: 14, blobs });
const span = (x: number, w: number): TextLine => ({ x, y: 0, w, h: 14, blobs: [] });

Deno.test("the larger model reads unsure words, shortcuts, digits among other characters and bare ink", () => {
  assert(needsRecheck(word("Fruitl?7", 0, 50, 0.63)));
  assert(needsRecheck(word("Ctrl+T", 0, 40)), "a sure shortcut still");
  assert(needsRecheck(word("@2", 0, 14, 0.83)), "a line number read with a symbol");
  assertEquals(needsRecheck(word("document", 0, 60, RECHECK_CONF)), false);
  assertEquals(needsRecheck(word("23", 0, 14)), false, "digits alone");
  const words = [word("Open", 0, 30), word("Ctrl+O", 100, 40)];
  const ink = [blob(0, 30), blob(100, 40), blob(200, 30)];
  assertEquals(recheckSpans(words, line(240, ink), 14), [{ x0: 100, x1: 140 }, { x0: 200, x1: 230 }]);
  assertEquals(recheckSpans([word("Open", 0, 30)], line(30, [blob(0, 30)]), 14), []);
});

Deno.test("the larger model's reading replaces the fast one's when surer, or a shortcut; nothing read keeps it", () => {
  const replaced = (was: OcrWord, read: OcrWord[]) =>
    replaceRechecked([word("Edit", 0, 30), was], line(300), span(was.x, was.w), read).map((w) => w.text);
  // Surer, of the same length: unlike another language's model, this one knows the same letters better.
  assertEquals(replaced(word("lvanov", 100, 50, 0.7), [word("Ivanov", 0, 50, 0.9)]), ["Edit", "Ivanov"]);
  assertEquals(replaced(word("Fruitl?7", 100, 50, 0.63), [word("Fruit17", 0, 50, 0.8)]), ["Edit", "Fruit17"]);
  // Less sure: the fast reading stays.
  assertEquals(replaced(word("Fruit17", 100, 50, 0.7), [word("Fruitl7", 0, 50, 0.6)]), ["Edit", "Fruit17"]);
  // A shortcut replaces however faint; read nothing, the fast reading stays.
  assertEquals(replaced(word("Ctrl+T", 100, 40, 0.9), [word("Ctrl+I", 0, 40, 0.3)]), ["Edit", "Ctrl+I"]);
  assertEquals(replaced(word("Ctrl+T", 100, 40, 0.9), []), ["Edit", "Ctrl+T"]);
  // Bare ink takes a reading at least fairly sure, or a shortcut.
  const bare = (read: OcrWord[]) => replaceRechecked([word("Edit", 0, 30)], line(300), span(200, 40), read);
  assertEquals(bare([word("Paste", 0, 40, 0.7)]).map((w) => w.text), ["Edit", "Paste"]);
  assertEquals(bare([word("ii", 0, 40, 0.3)]).map((w) => w.text), ["Edit"]);
  assertEquals(bare([word("Ctrl+V", 0, 40, 0.2)]).map((w) => w.text), ["Edit", "Ctrl+V"]);
});

Deno.test("only a second engine of the same models is a larger model", () => {
  const fastBest = new TesseractEngine(1, { latinModels: ["eng"] });
  const german = new TesseractEngine(1, { models: ["deu"], latinModels: ["eng"] });
  try {
    assert(largerModel(fastBest) === fastBest.latin);
    assertEquals(largerModel(german), null);
    assertEquals(largerModel(new TesseractEngine(1)), null);
  } finally {
    // None has started a recogniser: closing is bookkeeping.
    void fastBest.close(), void german.close();
  }
});

const fast = fastModelFile();
const native = !("error" in nativeTesseract()) && Deno.env.get("CHOTO_OCR_NATIVE") !== "0" &&
  Deno.env.get("CHOTO_OCR_WORKERS") !== "0";

/** A frame read whole by a fresh pipeline (empty caches), as a never-seen screen. */
async function readWhole(engine: TesseractEngine, frame: RgbaImage): Promise<OcrWord[]> {
  return (await new ScreenPipeline(engine).run(frame, {
    x: 0,
    y: 0,
    width: frame.width,
    height: frame.height,
  }))
    .words;
}

Deno.test({
  name:
    "menus: the shortcuts the fast model alone misreads come out exact with best_int again, arrowheads dropped",
  // The fast model is libtesseract's alone.
  ignore: !fast || !native,
  fn: async () => {
    const frames = await loadFixtures((n) =>
      n === "apps/menu_mousepad_edit_disabled" || n === "apps/menu_mousepad_search_dark"
    );
    const alone = new TesseractEngine(2, { modelFile: fast!, targetHeight: 24 });
    const twice = new TesseractEngine(2, { modelFile: fast!, targetHeight: 24, latinModels: ["eng"] });
    try {
      for (const f of frames) {
        const truth = f.words.filter((w) => readShortcut(w.text) !== null).map((w) => w.text).sort();
        const shortcuts = (ws: OcrWord[]) =>
          ws.filter((w) => readShortcut(w.text) !== null).map((w) => w.text).sort();
        const first = await readWhole(alone, f.frame);
        // What the fast model alone reads: a shortcut wrong (`Ctrl+T` for `Ctrl+I`, `Ctrl+B` for `Ctrl+L`).
        assert(shortcuts(first).join() !== truth.join(), `${f.name}: ${shortcuts(first).join(" ")}`);
        const both = await readWhole(twice, f.frame);
        assertEquals(shortcuts(both), truth, f.name);
        // The fast model reads a submenu's arrowhead, a lone character, as `>`, sure of it.
        const arrows = both.filter((w) => w.text === ">").length;
        assertEquals(arrows, 0, `${f.name}: a submenu's arrowhead read as text`);
      }
    } finally {
      await alone.close();
      await twice.close();
    }
  },
});

Deno.test({
  name: "an editor's line numbers the fast model reads as `@2` read as digits with best_int again",
  ignore: !fast || !native,
  fn: async () => {
    const frame = await decodeImage(
      await Deno.readFile(new URL("../fixtures/screens/mousepad_forty_lines.png", import.meta.url)),
    );
    const twice = new TesseractEngine(2, { modelFile: fast!, targetHeight: 24, latinModels: ["eng"] });
    try {
      const texts = (await readWhole(twice, frame)).map((w) => w.text);
      assert(texts.includes("02") && texts.includes("03"), texts.join(" "));
      assertEquals(texts.filter((t) => /^@\d/.test(t)), []);
    } finally {
      await twice.close();
    }
  },
});
