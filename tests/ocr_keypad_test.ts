/**
 * Keypads read as grids, without a recogniser: bold digit keys as dense as
 * icons are kept as lines where a grid of keys holds them (GNOME Calculator's
 * 6, SpeedCrunch's 9 6 3), a lone dense square outside a grid is still an icon,
 * a cross on a keypad key is `×` only when drawn at a `×`'s share of its row,
 * a letter `x` on a key is marked unsure, a key two rows tall is a key, and
 * the spellings of a symbol find each other.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import { findTextLines, keptGlyphs, type TextLine } from "../src/ocr/lines/find.ts";
import { isCross } from "../src/ocr/fixes/shapes.ts";
import { keypadSign, markKeypadLetters, UNSURE_KEY_CONF } from "../src/ocr/fixes/keypad_signs.ts";
import { lineGround } from "../src/ocr/lines/ground.ts";
import { ringLevel } from "../src/ocr/lines/prepare.ts";
import { matchText } from "../src/common/match.ts";
import { symbolOf } from "../src/common/symbols.ts";
import { isKeypadKey } from "../src/perceive/element_kinds.ts";
import type { Element, OcrWord } from "../src/ocr/types.ts";

async function view(name: string): Promise<Grey> {
  const img = await decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
  return greyOf(img, { x: 0, y: 0, width: img.width, height: img.height });
}

/** The found line whose box holds the point (x, y). */
const lineAt = (lines: TextLine[], x: number, y: number) =>
  lines.find((l) => x >= l.x && x <= l.x + l.w && y >= l.y && y <= l.y + l.h);

const groundOf = (g: Grey) => (l: TextLine) => lineGround(l, g) ?? ringLevel(g, l);

Deno.test("GNOME Calculator's bold 6 key is a line: it stands in the keypad's grid", async () => {
  const g = await view("gnome_calculator_keypad.png");
  const lines = findTextLines(g);
  for (const [x, y] of [[44, 372], [111, 372], [183, 372], [183, 324], [183, 420]]) {
    assert(lineAt(lines, x, y), `no line at ${x},${y}`);
  }
});

Deno.test("SpeedCrunch's bold 9, 6 and 3 keys, one column of dense glyphs, are lines", async () => {
  const g = await view("speedcrunch_keypad.png");
  const lines = findTextLines(g);
  for (const y of [42, 72, 102]) assert(lineAt(lines, 185, y), `no line at 185,${y}`);
});

/** A line of one blob as dense as an icon (a filled 12x14 square), or a thin one (a letter). */
function line(x: number, y: number, dense: boolean, w = 12, h = 14): TextLine {
  const mass = dense ? w * h : Math.round(w * h * 0.4);
  return { x, y, w, h, blobs: [{ x, y, w, h, mass }] };
}

Deno.test("a dense square with no grid of keys around it stays an icon", () => {
  const icon = line(100, 100, true);
  const word = line(140, 100, false);
  assertEquals(keptGlyphs([icon, word], false), [word]);
  // In a grid (a key on its row, one in its column) it is a key's label.
  const below = line(100, 150, false);
  assertEquals(keptGlyphs([icon, word, below], false).length, 3);
});

Deno.test("a cross on a keypad key is × at a ×'s height, and a letter x on one is unsure", async () => {
  const gnome = await view("gnome_calculator_keypad.png");
  const lines = findTextLines(gnome);
  const times = lineAt(lines, 249, 373)!;
  assert(isCross(gnome, times, groundOf(gnome)(times)), "GNOME's × is not a cross");
  assertEquals(keypadSign(gnome, times, lines, groundOf(gnome)), "×");
  // The same cross with no keys around it is no ×: the shape alone is a letter x as well.
  assertEquals(keypadSign(gnome, times, [times], groundOf(gnome)), null);
  // A digit is no cross.
  const six = lineAt(lines, 183, 372)!;
  assertEquals(isCross(gnome, six, groundOf(gnome)(six)), false);

  const words: OcrWord[] = [
    { text: "X", conf: 0.8, x: 1000 + times.x, y: 2000 + times.y, w: times.w, h: times.h },
    { text: "Y", conf: 0.8, x: 1000 + times.x, y: 2000 + times.y, w: times.w, h: times.h },
  ];
  markKeypadLetters(words, [times], { x: 1000, y: 2000 });
  assertEquals(words.map((w) => w.conf), [UNSURE_KEY_CONF, 0.8]);
});

Deno.test("a symbol's spellings find each other, and nothing else", () => {
  for (
    const [a, b] of [["*", "×"], ["x", "×"], ["X", "×"], ["/", "÷"], ["-", "−"], ["sqrt", "√"], ["<-", "←"]]
  ) {
    assertEquals(matchText(a, b)?.stage, "fuzzy", `${a} ${b}`);
    assertEquals(matchText(b, a)?.stage, "fuzzy", `${b} ${a}`);
  }
  for (const [a, b] of [["*", "÷"], ["x", "y"], ["-", "+"], ["5", "×"], ["xx", "×"]]) {
    assertEquals(matchText(a, b), null, `${a} ${b}`);
  }
  assertEquals(matchText("×", "×")?.stage, "exact");
  assertEquals(symbolOf("Save"), null);
  assertEquals(symbolOf(" ÷ "), "÷");
});

/** An element of text `t` centred at (cx, cy), `h` pixels tall. */
function el(t: string, cx: number, cy: number, h = 12): Element {
  return { text: t, x: cx - 5, y: cy - h / 2, w: 10, h, cx, cy, conf: 0.95 };
}

Deno.test("a key two rows tall is a key; a larger readout above the keypad is not", () => {
  const keys: Element[] = [];
  const rows = [100, 148, 196, 244];
  rows.forEach((cy, r) =>
    [0, 1, 2, 3].forEach((c) => keys.push(el(String((r * 4 + c) % 10), 50 + c * 65, cy)))
  );
  // The `=` key spans the last two rows of a fifth column.
  const column = rows.slice(0, 2).map((cy) => el("%", 310, cy));
  const equals = el("=", 310, 220, 5);
  const display = el("=", 310, 30, 30);
  const all = [...keys, ...column, equals, display];
  assert(isKeypadKey(equals, all), "the tall = key is not a key");
  assertEquals(isKeypadKey(display, all), false);
});
