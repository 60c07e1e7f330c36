import { assert, assertEquals } from "./support/assert.ts";
import { elementRows, parseRow, ROW_SLACK } from "../src/render/element_rows.ts";
import type { Element } from "../src/ocr/types.ts";
import { groupWords } from "../src/ocr/group.ts";

const el = (text: string, cx: number, cy: number, conf = 0.95, h = 14): Element => ({
  text,
  x: cx - text.length * 4,
  y: cy - h / 2,
  w: text.length * 8,
  h,
  cx,
  cy,
  conf,
});

Deno.test("a menu bar is one row, its y said once, confidence only when low", () => {
  const rows = elementRows([el("File", 420, 229), el("Edit", 460, 230), el("Hlep", 695, 229, 0.41)]);
  assertEquals(rows, ["  y229: File@420 Edit@460 Hlep@695~0.41"]);
});

Deno.test("an element off its row's line carries its own y", () => {
  const rows = elementRows([el("Name", 100, 200, 0.9, 20), el("Ctrl+S", 300, 206, 0.9, 20)]);
  assertEquals(rows, ["  y200: Name@100 Ctrl+S@300,206"]);
});

Deno.test("every element reads back from the listing with its text and centre", () => {
  // Words laid out like a text editor: ragged rows, some words slightly lower (descenders).
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = [];
  for (let row = 0; row < 40; row++) {
    let x = 10;
    for (let i = 0; i < 2 + Math.floor(rnd() * 6); i++) {
      const text =
        ["a", "word", "Save As", "x@1", "12", "Ctrl+Shift+Z", "e-mail@host"][Math.floor(rnd() * 7)];
      const w = text.length * 8;
      words.push({ text, x, y: 20 + row * 18 + Math.floor(rnd() * 3), w, h: 11, conf: rnd() });
      // Gaps of two cells or more (8 px a character): separate elements, as a fixed-pitch word space would not be.
      x += w + 14 + Math.floor(rnd() * 30);
    }
  }
  const elements = groupWords(words);
  const listed = elementRows(elements).flatMap(parseRow);
  assertEquals(listed.length, elements.length);
  elements.forEach((e, i) => {
    assertEquals(listed[i].text, e.text);
    assertEquals(listed[i].cx, e.cx);
    assert(Math.abs(listed[i].cy - e.cy) <= ROW_SLACK, `${e.text}: ${listed[i].cy} vs ${e.cy}`);
  });
});
