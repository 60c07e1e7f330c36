/**
 * German, French and Spanish screens: the language's model reads alone, and
 * English reads again the words it was unsure of and the ink it left
 * without a word. English's reading takes a word's place only when it adds
 * to it (a shortcut, an ellipsis the model cut short, a dropped word), never
 * when it respells it without the language's letters; on the labelled menu
 * frames the shortcuts come out exact.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { languageEntries, loadFixture } from "../bench/ocr_score.ts";
import { replaceUnsure, UNSURE_CONF, unsureSpans } from "../src/ocr/fixes/latin_runs.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { tesseractModels } from "../src/ocr/engines/platform.ts";
import { chooseLanguages } from "../src/common/languages.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import type { Blob, TextLine } from "../src/ocr/lines/find.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const word = (text: string, x: number, w: number, conf = 0.9): OcrWord => ({ text, x, y: 0, w, h: 14, conf });
const blob = (x: number, w: number): Blob => ({ x, y: 0, w, h: 14, mass: w * 14 });
/** A line at the origin whose ink is `blobs`. */
const line = (w: number, blobs: Blob[]): TextLine => ({ x: 0, y: 0, w, h: 14, blobs });

Deno.test("the spans read again: words below the confidence, and ink a text height wide with no word", () => {
  const words = [word("Öffnen", 0, 50), word("Strg+0O", 100, 48, UNSURE_CONF - 0.1)];
  const ink = [blob(0, 50), blob(100, 48), blob(200, 30), blob(260, 6)];
  // The sure word is left alone; the 6 px speck is no word.
  assertEquals(unsureSpans(words, line(270, ink), 14), [{ x0: 100, x1: 148 }, { x0: 200, x1: 230 }]);
  assertEquals(unsureSpans([word("Öffnen", 0, 50)], line(50, [blob(0, 50)]), 14), []);
});

Deno.test("English's reading adds to an unsure word, never respells it without the language's letters", () => {
  const span = (x: number, w: number): TextLine => ({ x, y: 0, w, h: 14, blobs: [] });
  const whole = line(300, []);
  const replaced = (was: OcrWord, read: OcrWord[]) =>
    replaceUnsure([word("Datei", 0, 40), was], whole, span(was.x, was.w), read).map((w) => w.text);
  // A shortcut for a misread one, even at less confidence.
  assertEquals(replaced(word("Umschalt+Strg+0O", 100, 120, 0.44), [word("Umschalt+Strg+O", 0, 118, 0.4)]), [
    "Datei",
    "Umschalt+Strg+O",
  ]);
  // An ellipsis the first model cut short, read surer.
  assertEquals(replaced(word("Ouvrir.", 100, 60, 0.43), [word("Ouvrir...", 0, 60, 0.85)]), [
    "Datei",
    "Ouvrir...",
  ]);
  // The same length is a respelling: the first model's letters stay, however sure English is.
  assertEquals(replaced(word("Réunion", 100, 60, 0.5), [word("Reunion", 0, 60, 0.9)]), ["Datei", "Réunion"]);
  assertEquals(replaced(word("l'indentation", 100, 90, 0.48), [word("I'indentation", 0, 90, 0.67)]), [
    "Datei",
    "l'indentation",
  ]);
  // Less sure than the first model: no change.
  assertEquals(replaced(word("Ouvrir.", 100, 60, 0.5), [word("Ouvrir...", 0, 60, 0.4)]), [
    "Datei",
    "Ouvrir.",
  ]);
  // Ink without a word takes English's reading when it is sure of it, or a shortcut.
  const bare = (read: OcrWord[]) =>
    replaceUnsure([word("Öffnen", 0, 50)], whole, span(200, 50), read).map((w) => w.text);
  assertEquals(bare([word("Ctrl+O", 0, 50, 0.25)]), ["Öffnen", "Ctrl+O"]);
  assertEquals(bare([word("sous...", 0, 50, 0.8)]), ["Öffnen", "sous..."]);
  assertEquals(bare([word("ii", 0, 50, 0.3)]), ["Öffnen"]);
});

/** The shortcuts of each language's menu frames, which its model alone misread or dropped. */
const SHORTCUTS: Record<string, { frame: string; shortcuts: string[] }> = {
  de: { frame: "menu_geany_file", shortcuts: ["Strg+O", "Umschalt+Strg+O", "Umschalt+Strg+S", "Strg+Q"] },
  fr: { frame: "menu_geany_file", shortcuts: ["Ctrl+O", "Maj+Ctrl+O", "Ctrl+Q"] },
  es: { frame: "menu_geany_file", shortcuts: ["Ctrl+O", "Ctrl+R", "Mayús+Ctrl+S"] },
};

for (const [code, { frame, shortcuts }] of Object.entries(SHORTCUTS)) {
  Deno.test(`${code}: the menu's shortcuts read exactly, with English reading again what the model was unsure of`, async () => {
    const entry = languageEntries(code).find((e) => e.name.endsWith(`/${frame}`));
    assert(entry, `no ${code} ${frame} frame`);
    const f = await loadFixture(entry);
    const folder = await Deno.makeTempDir({ prefix: "choto-unsure-" });
    const plan = tesseractModels(chooseLanguages({ override: code }).languages);
    const reader = createScreenReader(new TesseractEngine(2, { ...plan, modelFolder: folder }));
    try {
      const read = await reader.read(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
      const texts = read.elements.flatMap((e) => [e.text, ...e.text.split(" ")]).map((t) =>
        t.normalize("NFC")
      );
      const missing = shortcuts.filter((s) => !texts.includes(s));
      assertEquals(missing, [], texts.join(" | "));
    } finally {
      await reader.close();
      await Deno.remove(folder, { recursive: true });
    }
  });
}
