/**
 * Icons read as letters (perceive/icon_letters.ts): unsure one- or two-letter
 * words over icon-sized drawings become icons; confident words, labels,
 * digits, common short words, a keypad's keys and letters inside a line of
 * text stay text. Boxes are those FeatherPad's find and replace bars gave.
 */

import type { Box } from "../src/common/rect.ts";
import type { Element } from "../src/ocr/types.ts";
import { iconLetters, withoutIconLetters } from "../src/perceive/icon_letters.ts";
import { iconsBesideText } from "../src/perceive/icon_boxes.ts";
import { assert, assertEquals } from "./support/assert.ts";

function el(text: string, x: number, y: number, w: number, h: number, conf: number): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

const texts = (els: Iterable<Element>) => [...els].map((e) => e.text).sort();

// FeatherPad's replacement dock: two labels with their entries, and three flat icon buttons at the right.
const findLabel = el("Find:", 402, 629, 34, 14, 0.95);
const placeholder = el("To be replaced", 470, 629, 95, 14, 0.91);
const replaceLabel = el("Replace with: Replacing text", 376, 654, 190, 14, 0.9);
const previous = el("A", 1021, 632, 12, 7, 0.57);
const next = el("v", 1020, 656, 14, 10, 0.39);
const replaceAll = el("v", 1049, 654, 14, 14, 0.39);
const dockShapes: Box[] = [
  { x: 1020, y: 631, w: 14, h: 9 },
  { x: 1020, y: 656, w: 14, h: 10 },
  { x: 1049, y: 654, w: 14, h: 14 },
  { x: 467, y: 627, w: 18, h: 20 },
];
const dock = [findLabel, placeholder, previous, replaceLabel, next, replaceAll];

Deno.test("a find bar's chevrons read as unsure letters are icons, and its labels stay text", () => {
  const { text, drawn } = withoutIconLetters(dock, dockShapes);
  assertEquals(texts(drawn), ["A", "v", "v"]);
  assertEquals(texts(text), texts([findLabel, placeholder, replaceLabel]));
});

Deno.test("once the letters are left out the chevrons' drawings are found as icons; before, they were hidden", () => {
  const words = withoutIconLetters(dock, dockShapes).text;
  const icons = iconsBesideText(dockShapes, words);
  for (const chevron of dockShapes.slice(0, 3)) {
    assert(icons.some((i) => i.x === chevron.x && i.y === chevron.y));
  }
  const hidden = iconsBesideText(dockShapes, dock);
  assert(!hidden.some((i) => i.x === 1020 && i.y === 656), JSON.stringify(hidden));
});

Deno.test("toolbar glyphs read as two letters, one word over two drawings, are icons", () => {
  const newOpen = el("CB", 382, 240, 52, 19, 0.44);
  const reload = el("Cc", 557, 240, 18, 18, 0.45);
  const menu = el("File", 372, 211, 26, 14, 0.96);
  const shapes = [
    { x: 381, y: 239, w: 20, h: 21 },
    { x: 414, y: 239, w: 21, h: 21 },
    { x: 556, y: 239, w: 21, h: 20 },
  ];
  assertEquals(texts(iconLetters([menu, newOpen, reload], shapes)), ["CB", "Cc"]);
});

Deno.test("three letters over three drawings in a row are three icons; a three-letter word over one is text", () => {
  const row = el("Aww", 723, 350, 92, 14, 0.44);
  const label = el("Replace with:", 400, 350, 90, 14, 0.93);
  const chevrons = [723, 753, 783].map((x) => ({ x, y: 351, w: 16, h: 12 }));
  assertEquals(texts(iconLetters([label, row], chevrons)), ["Aww"]);
  const icons = iconsBesideText(chevrons, withoutIconLetters([label, row], chevrons).text);
  assertEquals(icons.length, 3);
  const add = el("Add", 600, 350, 30, 14, 0.6);
  assertEquals(texts(iconLetters([add], [{ x: 600, y: 350, w: 11, h: 14 }])), []);
});

Deno.test("a letter held in an icon-sized button's outline is an icon even with text close by", () => {
  const regex = el("Re", 1050, 580, 12, 12, 0.54);
  const word = el("Whole", 1068, 580, 40, 12, 0.93);
  const shapes = [{ x: 1049, y: 579, w: 15, h: 14 }, { x: 1043, y: 574, w: 26, h: 25 }];
  assertEquals(texts(iconLetters([regex, word], shapes)), ["Re"]);
});

Deno.test("what stays text: confident letters, labels, digits, short words, undrawn letters", () => {
  const shape = (e: Element): Box => ({ x: e.x - 1, y: e.y - 1, w: e.w + 2, h: e.h + 2 });
  const cases = [
    el("A", 100, 100, 12, 12, 0.93), // read surely: a one-letter label
    el("A:", 200, 100, 18, 12, 0.6), // a label with its colon
    el("4", 300, 100, 9, 14, 0.55), // a digit
    el("OK", 400, 100, 20, 12, 0.5), // a button's word
    el("×", 500, 100, 12, 12, 0.5), // a symbol
  ];
  assertEquals(texts(iconLetters(cases, cases.map(shape))), []);
  // No drawing of icon size under it (a small letter): nothing shows it is a drawing.
  assertEquals(texts(iconLetters([el("v", 600, 100, 6, 7, 0.4)], [])), []);
  // A form control's label is its text whatever the confidence.
  const labelled = {
    ...el("On", 700, 100, 16, 12, 0.5),
    control: { kind: "switch" as const, state: "on", x: 0, y: 0, w: 1, h: 1 },
  };
  assertEquals(texts(iconLetters([labelled], [shape(labelled)])), []);
});

Deno.test("an unsure letter inside a line of words stays text", () => {
  const take = el("Take", 100, 300, 34, 14, 0.95);
  const a = el("a", 138, 300, 10, 14, 0.5);
  const brk = el("break", 152, 300, 40, 14, 0.94);
  assertEquals(texts(iconLetters([take, a, brk], [{ x: 137, y: 299, w: 12, h: 16 }])), []);
});

Deno.test("an unsure letter on a keypad's key stays text: the keypad's grid says it is a key", () => {
  const keys: Element[] = [];
  const labels = [["7", "8", "9", "x"], ["4", "5", "6", "C"], ["1", "2", "3", "e"]];
  labels.forEach((row, r) =>
    row.forEach((t, c) => keys.push(el(t, 100 + c * 40, 300 + r * 36, 10, 13, /\d/.test(t) ? 0.95 : 0.5)))
  );
  const shapes = keys.map((k) => ({ x: k.x - 1, y: k.y - 1, w: 12, h: 15 }));
  assertEquals(texts(iconLetters(keys, shapes)), []);
});

Deno.test("a lone chevron told by its shape is a button's icon however sure; one after a select's text stays", () => {
  // The same dock once the shape rules read its chevrons: ˄ and ˅ at 0.9.
  const up = { ...previous, text: "˄", conf: 0.9 };
  const down = { ...next, text: "˅", conf: 0.9 };
  assertEquals(texts(iconLetters([findLabel, placeholder, up, replaceLabel, down], dockShapes)), ["˄", "˅"]);
  // A drop-down's chevron a few pixels after its option's text is part of the select's row, not an icon.
  const option = el("MS Sans", 1000, 656, 16, 10, 0.95);
  assertEquals(texts(iconLetters([option, down], dockShapes)), []);
});
