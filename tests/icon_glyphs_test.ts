/**
 * Symbolic icons read as glyphs (perceive/icon_glyphs.ts, icon_letters.ts):
 * GTK4's header-bar buttons, read surely as `+`, `®`, `Q`, `=`, are icons by
 * their size beside the window's text; a font's digits and signs, `Lines: 4`,
 * a spin button's `1` and a keypad's keys stay text. The frame is a real one
 * of tests/support/gtk4_icons.py under Xvfb (fixtures/views/gtk4_icon_list.png).
 */

import type { Box } from "../src/common/rect.ts";
import { decodeImage } from "../src/image/codec.ts";
import { groupWords } from "../src/ocr/group.ts";
import type { Element } from "../src/ocr/types.ts";
import { iconShapes } from "../src/perceive/icon_boxes.ts";
import { drawnAsIcon, textHeight } from "../src/perceive/icon_glyphs.ts";
import { iconLetters, withoutIconLetters } from "../src/perceive/icon_letters.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { assert, assertEquals } from "./support/assert.ts";

function el(text: string, x: number, y: number, w: number, h: number, conf: number): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

const texts = (els: Iterable<Element>) => [...els].map((e) => e.text).sort();

Deno.test("a GTK4 header bar's symbolic buttons, read as +, Q, =, are icons; its title and the list stay text", async () => {
  // The window's inside, as perceive reads it: (440,240) 560x420 less its border.
  const region = { x: 442, y: 242, width: 556, height: 416 };
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/views/gtk4_icon_list.png", import.meta.url)),
  );
  const elements = groupWords(await readFixtureRegion("views/gtk4_icon_list.png", region));
  const shapes = iconShapes(frame, region);
  const { text, drawn, shapes: drawings } = withoutIconLetters(elements, shapes);
  // The header bar's six buttons (add, delete, search, refresh, save, menu) at their centres' x.
  const header = drawn.filter((e) => e.cy < 285).map((e) => e.cx).sort((a, b) => a - b);
  for (const x of [468, 508, 738, 778, 818, 858]) {
    assert(header.some((cx) => Math.abs(cx - x) <= 4), `no icon at x ${x}: ${JSON.stringify(drawn)}`);
  }
  const kept = text.map((e) => e.text);
  for (
    const t of ["GTK Icon List", "Reorder the selected row", "Rows: 2", "Item number 1", "Item number 2"]
  ) {
    assert(kept.includes(t), `${t} not kept as text: ${kept.join(" | ")}`);
  }
  // The window's own minimise and close buttons are no content icon of this rule: they stay as read.
  assert(!drawn.some((e) => e.cx > 880), JSON.stringify(drawn));
  // Each icon has a drawing to be listed and hovered by, the menu's three thin bars too.
  for (const e of drawn) {
    assert(
      drawings.some((d) => d.x <= e.cx && e.cx <= d.x + d.w && d.y <= e.cy && e.cy <= d.y + d.h),
      e.text,
    );
  }
});

Deno.test("a glyph drawn as a font draws it stays text: digits, signs and letters of the text's size", () => {
  const line = el("Reorder the selected row", 552, 317, 160, 12, 0.96);
  const lineH = textHeight([line]);
  assertEquals(lineH, 12);
  assert(drawnAsIcon(el("+", 461, 261, 14, 14, 0.9), lineH), "a 14 px symbolic plus");
  assert(drawnAsIcon(el("=", 851, 262, 14, 12, 0.89), lineH), "a 14x12 symbolic menu");
  assert(!drawnAsIcon(el("+", 461, 263, 8, 8, 0.9), lineH), "a font's plus");
  assert(!drawnAsIcon(el("4", 461, 263, 7, 10, 0.95), lineH), "a font's digit");
  assert(
    !drawnAsIcon(el("0", 461, 263, 20, 30, 0.95), lineH),
    "a readout's large digit is narrower than tall",
  );
  assert(!drawnAsIcon(el("-", 894, 270, 8, 2, 0.91), lineH), "a flat minus");
  assert(!drawnAsIcon(el("W", 461, 263, 13, 9, 0.95), lineH), "a wide capital of the text's height");
  // A readout's two-character number is as wide as it is tall: `0%`, `10` and `5.` stay text.
  for (const n of ["0%", "10", "5."]) assert(!drawnAsIcon(el(n, 461, 263, 16, 14, 0.95), lineH), n);
  assert(drawnAsIcon(el("LL", 461, 263, 16, 14, 0.9), lineH), "a symbolic refresh read as two letters");
  // Nothing to compare with: no evidence either way, the reading stands.
  assert(!drawnAsIcon(el("+", 461, 261, 14, 14, 0.9), textHeight([])));
});

Deno.test("digits and signs in a line or on a keypad stay text however large they are drawn", () => {
  const line = el("Reorder the selected row", 552, 500, 160, 12, 0.96);
  // FeatherPad's status bar: a digit right after its label is part of the line.
  const lines = el("Lines:", 100, 300, 40, 12, 0.95);
  const four = el("4", 144, 299, 14, 14, 0.9);
  assertEquals(texts(iconLetters([line, lines, four], [])), []);
  // A keypad of large keys, + among them: the grid says they are keys.
  const keys: Element[] = [];
  [["7", "8", "9", "+"], ["4", "5", "6", "="], ["1", "2", "3", "%"]].forEach((row, r) =>
    row.forEach((t, c) => keys.push(el(t, 100 + c * 60, 300 + r * 50, 16, 16, 0.95)))
  );
  assertEquals(texts(iconLetters([line, ...keys], [])), []);
  // A spin button's value: a digit is narrower than tall, whatever box holds it.
  const spin = el("1", 300, 600, 7, 12, 0.95);
  const entry: Box = { x: 290, y: 594, w: 60, h: 24 };
  assertEquals(texts(iconLetters([line, spin], [entry])), []);
});

Deno.test("a symbolic icon alone in the header bar is an icon; one with text at its side stays what was read", () => {
  const title = el("GTK Icon List", 606, 263, 97, 11, 0.92);
  const body = el("Item number 1", 464, 378, 94, 12, 0.95);
  const add = el("+", 461, 261, 14, 14, 0.9);
  assertEquals(texts(iconLetters([title, body, add], [])), ["+"]);
  // A large + right before a word is that word's sign (a "+ Add" label drawn big), not a lone button.
  const word = el("Add", 479, 261, 30, 14, 0.95);
  assertEquals(texts(iconLetters([title, body, add, word], [])), []);
});

Deno.test("GNOME Calculator's menu button, read as three dashes one above another, is one icon; a lone dash is not", () => {
  // Its header bar as read (gnome-calculator 46, Adwaita): the menu's bars at x 753, the window's minimise at 796.
  const undo = el("Undo", 580, 237, 38, 10, 0.96);
  const basic = el("Basic ¥", 657, 237, 56, 10, 0.89);
  const bars = [236, 241, 246].map((y) => el("—", 753, y, 14, 2, 0.76));
  const minimise = el("-", 796, 244, 8, 2, 0.91);
  const all = [undo, basic, ...bars, minimise];
  const { text, drawn, shapes } = withoutIconLetters(all, []);
  assertEquals(texts(drawn), ["—", "—", "—"]);
  assertEquals(texts(text), ["-", "Basic ¥", "Undo"]);
  // One drawing over the three bars, to be listed and hovered as one icon.
  assertEquals(shapes, [{ x: 752, y: 235, w: 16, h: 14 }]);
  // Two dashes or one are what they read: a minus, a rule.
  assertEquals(texts(iconLetters([undo, basic, bars[0], bars[1], minimise], [])), []);
});
