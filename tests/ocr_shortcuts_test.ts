/**
 * Menu shortcuts: the grammar folds the recogniser's spellings to the
 * canonical one, and on the hand-labelled menu frames (grey items,
 * submenus, Shift+Ctrl and Alt combos from mousepad, geany and galculator)
 * every shortcut is read exactly, case and all.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Fixture, languageEntries, loadFixture, loadFixtures } from "../bench/ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import {
  barOrDigit,
  foldShortcut,
  letterOOrZero,
  letterSOrFive,
  readShortcut,
} from "../src/ocr/fixes/accelerators.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import type { Grey } from "../src/image/pixels.ts";

Deno.test("shortcut spellings fold to one canonical form", () => {
  const cases: Array<[string, string]> = [
    ["Ctri+z", "Ctrl+Z"],
    ["ctri+A", "Ctrl+A"],
    ["Ctr1+Y", "Ctrl+Y"],
    ["Ctrl+Xx", "Ctrl+X"],
    ["Shif1+Ctrl+Delete", "Shift+Ctrl+Delete"],
    ["shift+ctrl+page_up", "Shift+Ctrl+Page Up"],
    ["AIt+F4", "Alt+F4"],
    ["Ctrl+F1O", "Ctrl+F10"],
    ["Super+e", "Super+E"],
    ["Ctrl++", "Ctrl++"],
    ["Ctrl+-", "Ctrl+-"],
    ["⌘⇧s", "⌘⇧S"],
  ];
  for (const [read, canonical] of cases) assertEquals(readShortcut(read), canonical, read);
});

Deno.test("localized modifier and key names are shortcuts, kept in the language printed", () => {
  const cases: Array<[string, string]> = [
    ["Strg+O", "Strg+O"],
    ["Strg+o", "Strg+O"],
    ["Umschalt+Strg+S", "Umschalt+Strg+S"],
    ["Umschalt+Strg+Entf", "Umschalt+Strg+Entf"],
    ["Strg+Bild_auf", "Strg+Bild auf"],
    ["Maj+Ctrl+Suppr", "Maj+Ctrl+Suppr"],
    ["Mayús+Ctrl+Supr", "Mayús+Ctrl+Supr"],
    ["Mayus+Ctrl+S", "Mayús+Ctrl+S"],
    ["Ctrl+Av_Pág", "Ctrl+Av Pág"],
  ];
  for (const [read, canonical] of cases) assertEquals(readShortcut(read), canonical, read);
  for (const text of ["Strg", "Maj+Datei", "Strasse+1x", "Mayús"]) {
    assertEquals(readShortcut(text), null, text);
  }
});

Deno.test("words that are not shortcuts pass unchanged", () => {
  for (const text of ["C++", "+/-", "M+", "Ctrl", "1+2", "Save+Close", "Ctrl+Save", "Fruit+"]) {
    assertEquals(readShortcut(text), null, text);
    assertEquals(foldShortcut(text), text);
  }
});

/** A 12x14 grey box with dark ink drawn by `ink(x, y)`. */
function glyph(ink: (x: number, y: number) => boolean): Grey {
  const width = 12, height = 14;
  const data = new Uint8Array(width * height).fill(250);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (ink(x, y)) data[y * width + x] = 40;
  return { width, height, data };
}

Deno.test("a plain bar is the letter I, a bar with a flag and a foot the digit 1", () => {
  const bar = glyph((x, y) => x === 6 && y >= 2 && y <= 12);
  const one = glyph((x, y) =>
    (x === 6 && y >= 2 && y <= 12) || (y === 12 && x >= 4 && x <= 8) || (y === 3 && x === 5)
  );
  const box = { x: 0, y: 0, w: 12, h: 14 };
  assertEquals(barOrDigit(bar, box), "I");
  assertEquals(barOrDigit(one, box), "1");
});

Deno.test("a round key as wide as it is tall is the letter O, an upright oval the digit 0", () => {
  // Ellipse outlines 11 px tall: the letter 10 px wide, the digit 7.
  const ring = (rx: number) =>
    glyph((x, y) => {
      const d = ((x - 6) / rx) ** 2 + ((y - 7) / 5.5) ** 2;
      return d <= 1 && d >= 0.45;
    });
  const box = { x: 0, y: 0, w: 12, h: 14 };
  assertEquals(letterOOrZero(ring(5), box), "O");
  assertEquals(letterOOrZero(ring(3.5), box), "0");
});

/** The shortcuts of `frames` that `engine` did not read exactly, and how many there were. */
async function misreadShortcuts(
  engine: TesseractEngine,
  frames: Fixture[],
): Promise<{ wrong: string[]; shortcuts: number }> {
  const wrong: string[] = [];
  let shortcuts = 0;
  for (const f of frames) {
    const { words } = await new ScreenPipeline(engine).run(f.frame, {
      x: 0,
      y: 0,
      width: f.frame.width,
      height: f.frame.height,
    });
    for (const t of f.words.filter((t) => readShortcut(t.text) !== null)) {
      shortcuts++;
      const cx = t.x + t.w / 2, cy = t.y + t.h / 2;
      const read = words.find((w) => Math.abs(w.x + w.w / 2 - cx) <= 6 && Math.abs(w.y + w.h / 2 - cy) <= 4);
      if (read?.text !== t.text) wrong.push(`${f.name}: ${t.text} read as ${read?.text ?? "nothing"}`);
    }
  }
  return { wrong, shortcuts };
}

Deno.test("a key that starts with a curve is the letter S, with a square corner the digit 5", async () => {
  const grey = async (name: string) => {
    const frame = await decodeImage(await Deno.readFile(new URL(`../fixtures/${name}.png`, import.meta.url)));
    return greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  };
  // `Ctrl+S` in a small grey menu font, which the recogniser reads `Ctrl+5`, and `Shift+Ctrl+S` at full size.
  assertEquals(
    letterSOrFive(await grey("apps/mousepad_file_menu_small"), { x: 308, y: 233, w: 35, h: 9 }),
    "S",
  );
  assertEquals(
    letterSOrFive(await grey("apps/mousepad_file_menu_light"), { x: 294, y: 262, w: 83, h: 13 }),
    "S",
  );
  // Real fives: a code editor's line number (light on dark) and a calculator key.
  assertEquals(letterSOrFive(await grey("web/code_dark_13"), { x: 48, y: 132, w: 8, h: 15 }), "5");
  assertEquals(
    letterSOrFive(await grey("apps/galculator_basic_light"), { x: 297, y: 374, w: 8, h: 11 }),
    "5",
  );
});

Deno.test("every shortcut on the labelled menu frames is read exactly", async () => {
  const frames = await loadFixtures((n) => n.startsWith("apps/menu_"));
  assert(frames.length >= 5, `only ${frames.length} menu frames`);
  const engine = new TesseractEngine(2);
  try {
    const { wrong, shortcuts } = await misreadShortcuts(engine, frames);
    assert(shortcuts >= 25, `only ${shortcuts} shortcuts labelled`);
    assertEquals(wrong, []);
  } finally {
    await engine.close();
  }
});

Deno.test("every shortcut on the German menu frames is read exactly, Strg+O as the letter", async () => {
  const entries = languageEntries("de").filter((e) => /menu/.test(e.name));
  const frames = await Promise.all(entries.map(loadFixture));
  assert(frames.length >= 3, `only ${frames.length} German menu frames`);
  const engine = new TesseractEngine(2, { models: ["deu", "eng"] });
  try {
    const { wrong, shortcuts } = await misreadShortcuts(engine, frames);
    assert(shortcuts >= 25, `only ${shortcuts} shortcuts labelled`);
    assertEquals(wrong, []);
  } finally {
    await engine.close();
  }
});

Deno.test("every shortcut on the file menu frames is read exactly, the faint and the small ones too", async () => {
  // A grey `Shift+Ctrl+S` the stack reads below the floor; `Ctrl+S` in a small font read `Ctrl+5`.
  const frames = await loadFixtures((n) => /^apps\/mousepad_file_menu_/.test(n));
  assertEquals(frames.length, 2);
  const engine = new TesseractEngine(2);
  try {
    const { wrong, shortcuts } = await misreadShortcuts(engine, frames);
    assert(shortcuts >= 20, `only ${shortcuts} shortcuts labelled`);
    assertEquals(wrong, []);
  } finally {
    await engine.close();
  }
});
