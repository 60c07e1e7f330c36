/** Grouping words into elements. */

import { assert, assertEquals } from "./support/assert.ts";
import { asSegments, groupWords } from "../src/ocr/group.ts";
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

Deno.test("in a fixed-pitch line, short words and numbers join on the pitch of the words around them", () => {
  // Mousepad's prose line as read: `in`, `a` and `1987.` tell no pitch themselves, and their one-cell spaces
  // (10-11 px) are wider than 0.9 of the 11 px height.
  const line = [
    w("Nobody", 404, 326, 53, 14),
    w("in", 467, 326, 16),
    w("the", 494, 326, 26),
    w("village", 530, 326, 62, 14),
    w("remembered", 603, 326, 87),
    w("a", 701, 329, 7, 8),
    w("storm", 719, 327, 44, 10),
    w("like", 773, 326, 35),
    w("the", 818, 326, 26),
    w("one", 854, 329, 26, 8),
    w("in", 890, 326, 16),
    w("October", 916, 326, 63),
    w("1987.", 990, 326, 40),
  ];
  const [joined, ...others] = groupWords(line);
  assertEquals([joined.text, others.length], [
    "Nobody in the village remembered a storm like the one in October 1987.",
    0,
  ]);
  // The segments it joined, as the height rule alone groups them: what the text's height is judged on.
  assertEquals(asSegments([joined]).map((e) => [e.text, e.h]), [
    ["Nobody in", 14],
    ["the village remembered", 14],
    ["a", 8],
    ["storm like the one", 11],
    ["in", 11],
    ["October", 11],
    ["1987.", 11],
  ]);
  // Words with a mark after their letters tell the pitch too.
  const marked = [
    w("Her", 404, 344, 26),
    w("grandfather", 440, 344, 98, 14),
    w("kept", 548, 344, 33, 14),
    w("a", 593, 347, 7, 8),
    w("logbook:", 611, 344, 68, 14),
    w("dates,", 692, 344, 50, 13),
    w("pressures,", 755, 347, 86),
    w("and", 854, 344, 25),
  ];
  assertEquals(groupWords(marked).map((e) => e.text), [
    "Her grandfather kept a logbook: dates, pressures, and",
  ]);
  // Two cells between a number and the next word: a column, kept apart.
  const columns = [w("total", 404, 40, 44), w("1987", 457, 40, 35), w("items", 510, 40, 44)];
  assertEquals(groupWords(columns).map((e) => e.text), ["total 1987", "items"]);
  // An unsure word (`he` for `The`, its first letter lost to the caret) stays apart from the sure ones.
  const caret = [w("he", 413, 272, 17, 11, 0.5), w("harbour", 440, 272, 61), w("was", 511, 272, 26)];
  assertEquals(groupWords(caret).map((e) => e.text), ["he", "harbour was"]);
  // A border read as a mark between a label and a select's text joins neither to it (Chromium's `Bean | Arabica`).
  const border = [w("Bean", 66, 263, 34), w("|", 113, 262, 3, 14), w("Arabica", 120, 263, 57)];
  assertEquals(groupWords(border).map((e) => e.text), ["Bean", "| Arabica"]);
  // Proportional text keeps the height rule: its letters are too narrow for a cell gap to reach past it.
  const prose = [w("Open", 10, 5, 30), w("in", 52, 5, 10), w("new", 74, 5, 25)];
  assertEquals(groupWords(prose).map((e) => e.text), ["Open", "in", "new"]);
});

Deno.test("an icon read as a sure letter a cell and more after fixed-pitch words stays apart from them", () => {
  // A close button's 18 px drawing read as `X` (0.92), after words of 11 px text 8.8 px apart per character.
  const row = [w("notes", 404, 40, 44), w("draft", 457, 40, 44), w("X", 518, 36, 18, 18, 0.92)];
  assertEquals(groupWords(row).map((e) => e.text), ["notes draft", "X"]);
  // A letter of the text's own size as far on is the next word.
  const word = [w("notes", 404, 40, 44), w("draft", 457, 40, 44), w("x", 514, 40, 9)];
  assertEquals(groupWords(word).map((e) => e.text), ["notes draft x"]);
});
