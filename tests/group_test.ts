/** Grouping words into elements. */

import { assert, assertEquals } from "./support/assert.ts";
import { groupWords } from "../src/ocr/group.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const w = (text: string, x: number, y: number, width: number, h = 11, conf = 0.9): OcrWord => ({
  text,
  x,
  y,
  w: width,
  h,
  conf,
});

Deno.test("a menu label and its shortcut on one row are two elements", () => {
  const els = groupWords([
    w("Save", 109, 264, 33),
    w("As…", 145, 264, 29),
    w("Shift+Ctrl+S", 294, 262, 83, 13),
  ]);
  assertEquals(els.map((e) => e.text), ["Save As…", "Shift+Ctrl+S"]);
  assertEquals([els[0].x, els[0].w, els[0].cx], [109, 65, 142]);
});

Deno.test("a sentence stays one element with centre, box and confidence", () => {
  const words = ["Delete", "the", "selected", "files", "permanently?"];
  const xs = [373, 421, 447, 504, 537];
  const ws = [43, 20, 53, 27, 88];
  const els = groupWords(words.map((t, i) => w(t, xs[i], 184, ws[i], 11, 0.8 + i * 0.02)));
  assertEquals(els.length, 1);
  const e = els[0];
  assertEquals(e.text, "Delete the selected files permanently?");
  assertEquals([e.x, e.y, e.w, e.h, e.cx, e.cy], [373, 184, 252, 11, 499, 190]);
  assert(Math.abs(e.conf - 0.84) < 0.01);
});

Deno.test("a word marked alone is an element of its own; one marked apart only starts one", () => {
  const row = ["untied", "the", "bc", "and", "so"].map((t, i) => w(t, 10 + i * 40, 40, 34));
  row[2] = { ...row[2], conf: 0.5, alone: true };
  assertEquals(groupWords(row).map((e) => [e.text, e.conf]), [["untied the", 0.9], ["bc", 0.5], [
    "and so",
    0.9,
  ]]);
  row[2] = { ...row[2], alone: undefined, apart: true };
  assertEquals(groupWords(row).map((e) => e.text), ["untied the", "bc and so"]);
});

Deno.test("rows and columns split; descenders do not start a new row", () => {
  const els = groupWords([
    w("Apple", 317, 235, 39, 16),
    w("Red", 392, 235, 25, 13),
    w("Banana", 318, 260, 49, 11),
    w("Yellow", 391, 258, 42, 13),
  ]);
  // Reading order: rows by their centre, then left to right.
  assertEquals(els.map((e) => e.text), ["Apple", "Red", "Banana", "Yellow"]);
});

Deno.test("a fixed-pitch line's words a cell apart are one element; two cells apart, two", () => {
  // Mousepad's monospace line as read: no descender, so the one-cell word space (11 px) is wider than 0.9 of the height.
  const line = [w("second", 404, 290, 52), w("line", 467, 290, 34), w("here", 512, 290, 34)];
  assertEquals(groupWords(line).map((e) => e.text), ["second line here"]);
  // Two spaces (a second cell) between words: a column, kept apart.
  const columns = [w("second", 404, 290, 52), w("line", 476, 290, 34)];
  assertEquals(groupWords(columns).map((e) => e.text), ["second", "line"]);
  // Proportional words of unlike widths per character keep the height rule.
  assertEquals(groupWords([w("Edit", 10, 5, 22), w("Wolfram", 43, 5, 60)]).map((e) => e.text), [
    "Edit",
    "Wolfram",
  ]);
});
