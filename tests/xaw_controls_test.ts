/**
 * Athena (Xaw) widgets on real pixels (fixtures/views/xaw_form*.png, captures
 * of tests/support/xaw_form.c; xedit_buttons.png, xedit's button row): a
 * Toggle drawn in reverse is checked beside its plain row-mates, a row of
 * plain buttons says nothing, a dark button whose plain look the window does
 * not show says nothing; the empty Text entry with its hollow caret is named
 * by its label; buttons in boxes side by side are lines, and elements, of
 * their own, and a button's sides are no letters of its label.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { attachControls } from "../src/perceive/controls.ts";
import { elementText } from "../src/render/element_rows.ts";
import type { Element, OcrWord } from "../src/ocr/types.ts";
import { findTextLines } from "../src/ocr/lines/find.ts";
import type { Blob, TextLine } from "../src/ocr/lines/find.ts";
import { boxSides, splitAtBoxSides, withoutLoneSides } from "../src/ocr/lines/box_sides.ts";
import { groupWords } from "../src/ocr/group.ts";
import { paint, whiteFrame } from "./support/drawn.ts";

async function view(name: string): Promise<RgbaImage> {
  return decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
}

/** A label as the reader gave it (boxes read off the fixture). */
function el(text: string, x: number, y: number, w: number, h: number, conf = 0.95): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

/** The form's labels as read; `large` is how the reader gave the Large toggle. */
const labels = (large: Element, small = "Small") => [
  el("Full name 0", 16, 8, 99, 28, 0.77),
  el("Extras", 16, 52, 45, 14),
  el("Gift wrap", 80, 53, 74, 16),
  el("Paper receipt", 175, 53, 109, 16),
  el("Size", 15, 89, 29, 14),
  el(small, 63, 90, 41, 14, 0.34),
  el("Medium", 125, 90, 65, 14),
  large,
  el("Quit", 17, 127, 33, 14),
  el("Save", 70, 127, 38, 14),
];

async function said(fixture: string, large: Element, small?: string): Promise<string[]> {
  const img = await view(fixture);
  return attachControls(img, labels(large, small), { x: 0, y: 0, width: img.width, height: img.height }).map(
    elementText,
  );
}

Deno.test("Xaw: toggles drawn in reverse are checked, their plain row-mates unchecked, plain buttons alone no toggles", async () => {
  assertEquals(await said("xaw_form.png", el("Large", 211, 90, 44, 16)), [
    "Full name [entry empty]",
    "Extras",
    "Gift wrap [toggle checked]",
    "Paper receipt [toggle unchecked]",
    "Size",
    "Small [toggle unchecked]",
    "Medium [toggle checked]",
    "Large [toggle unchecked]",
    "Quit",
    "Save",
  ]);
});

Deno.test("Xaw: after a click a hovered toggle drawn in reverse is checked, its outline's token off its label", async () => {
  // Paper receipt and Large were set; Large is under the pointer, its inner outline read as `|`.
  // Small's box side was read into its first letter.
  assertEquals(await said("xaw_form_changed.png", el("Large |", 211, 83, 50, 27, 0.9), "[Small"), [
    "Full name [entry empty]",
    "Extras",
    "Gift wrap [toggle checked]",
    "Paper receipt [toggle checked]",
    "Size",
    "Small [toggle unchecked]",
    "Medium [toggle unchecked]",
    "Large [toggle checked]",
    "Quit",
    "Save",
  ]);
});

/** A 1-pixel outline from (x, y), `w` by `h`, filled with `fill` when given. */
function button(img: RgbaImage, x: number, y: number, w: number, h: number, edge: number[], fill?: number[]) {
  for (let i = 0; i < w; i++) {
    for (let j = 0; j < h; j++) {
      const side = i === 0 || j === 0 || i === w - 1 || j === h - 1;
      if (side) paint(img, x + i, y + j, edge);
      else if (fill) paint(img, x + i, y + j, fill);
    }
  }
  // The label: light strokes on a dark fill, dark ones on none.
  for (let i = x + 6; i < x + w - 6; i += 3) {
    for (let j = y + 6; j < y + h - 6; j++) paint(img, i, j, fill ? [255, 255, 255] : [0, 0, 0]);
  }
}

Deno.test("Xaw: dark buttons whose plain look the window does not show are no toggles", () => {
  const img = whiteFrame(300, 80);
  // Two dark buttons and a plain one outlined in grey: not the dark fill drawn as an outline.
  button(img, 20, 20, 60, 26, [20, 20, 20], [20, 20, 20]);
  button(img, 90, 20, 60, 26, [150, 150, 150]);
  button(img, 160, 20, 60, 26, [20, 20, 20], [20, 20, 20]);
  const found = attachControls(img, [
    el("Sign in", 26, 26, 48, 14),
    el("Help me", 96, 26, 48, 14),
    el("Register", 166, 26, 48, 14),
  ], { x: 0, y: 0, width: 300, height: 80 });
  assert(found.every((e) => !e.control), found.map(elementText).join(", "));
  // The same row with the plain one outlined in the dark fill's colour: the reversed ones are set.
  button(img, 90, 20, 60, 26, [20, 20, 20]);
  const now = attachControls(img, [
    el("Sign in", 26, 26, 48, 14),
    el("Help me", 96, 26, 48, 14),
    el("Register", 166, 26, 48, 14),
  ], { x: 0, y: 0, width: 300, height: 80 });
  assertEquals(now.map(elementText), [
    "Sign in [toggle checked]",
    "Help me [toggle unchecked]",
    "Register [toggle checked]",
  ]);
});

Deno.test("xedit: buttons in boxes side by side are lines of their own", async () => {
  const img = await view("xedit_buttons.png");
  const lines = findTextLines(greyOf(img, { x: 0, y: 0, width: img.width, height: img.height }));
  const spans = lines.map((l) => [l.x, l.x + l.w]);
  // Quit (5..39) and Save (47..87) are apart, the box side between them in neither.
  assert(spans.some(([a, b]) => a <= 6 && b >= 38 && b < 42), JSON.stringify(spans));
  assert(spans.some(([a, b]) => a >= 44 && a <= 48 && b >= 86 && b < 90), JSON.stringify(spans));
});

const blob = (x: number, y: number, w: number, h: number): Blob => ({ x, y, w, h, mass: w * h });

Deno.test("a line is cut at a box's side standing between words, not at a letter's stroke", () => {
  const words = [blob(5, 5, 34, 15), blob(47, 5, 40, 15)];
  const line = { x: 5, y: 5, w: 82, h: 15, blobs: words };
  const pieces = (l: TextLine[]) => l.map((p) => [p.x, p.w, p.afterSide ?? false]);
  // One side: a label and the field after it, left one line.
  assertEquals(splitAtBoxSides(line, boxSides([blob(42, 0, 3, 26)])), [line]);
  // One side, then the next button drawn in reverse (its outline one component round its label).
  const reversed = { x: 5, y: 0, w: 100, h: 26, blobs: [words[0], blob(47, 0, 58, 26)] };
  assertEquals(pieces(splitAtBoxSides(reversed, boxSides([blob(42, 0, 3, 26)]))), [[5, 34, false], [
    47,
    58,
    true,
  ]]);
  // Two sides between them: two buttons, each an element of its own.
  assertEquals(
    pieces(splitAtBoxSides(line, boxSides([blob(40, 0, 3, 26), blob(44, 0, 3, 26)]))),
    [[5, 34, false], [47, 40, true]],
  );
  // A row cut twice (xedit's boxes share their sides): every button its own element.
  const row = { x: 5, y: 5, w: 130, h: 15, blobs: [...words, blob(96, 5, 41, 15)] };
  assertEquals(
    pieces(splitAtBoxSides(row, boxSides([blob(42, 0, 3, 26), blob(90, 0, 3, 26)]))),
    [[5, 34, false], [47, 40, true], [96, 41, true]],
  );
  // A stroke no taller than the letters (an `l`, a `|` of the text) cuts nothing.
  assertEquals(splitAtBoxSides(line, boxSides([blob(42, 4, 2, 17)])), [line]);
});

Deno.test("a label and the lone button after it are cut apart; a field after its label is not", () => {
  // "Alerts [Email me]": the Toggle's sides at 60 and 137, its label 5 pixels in from each.
  const alerts = blob(5, 10, 45, 15), email = blob(68, 11, 42, 15), me = blob(115, 15, 17, 11);
  const line = { x: 5, y: 10, w: 127, h: 16, blobs: [alerts, email, me] };
  const pieces = (l: TextLine[]) => l.map((p) => [p.x, p.w, p.afterSide ?? false]);
  const left = blob(60, 4, 3, 27), right = blob(137, 4, 3, 27);
  assertEquals(pieces(splitAtBoxSides(line, boxSides([left, right]))), [[5, 45, false], [68, 64, true]]);
  // An entry's text leaves its box's far side away from it: one line, as before.
  assertEquals(splitAtBoxSides(line, boxSides([left, blob(190, 4, 3, 27)])), [line]);
  // A select ends in its chevron, a small mark above the baseline: the select's reading wants one line.
  const chevron = blob(120, 16, 9, 5);
  const select = { x: 5, y: 10, w: 124, h: 16, blobs: [alerts, email, chevron] };
  assertEquals(splitAtBoxSides(select, boxSides([left, blob(134, 4, 3, 27)])), [select]);
  // A side of another height (a frame round the row, not the button's) cuts nothing either.
  assertEquals(splitAtBoxSides(line, boxSides([left, blob(137, 0, 3, 40)])), [line]);
});

Deno.test("a box's side left alone beside a label is no line; a `|` of the text is", () => {
  const line = (x: number, y: number, w: number, h: number) => ({ x, y, w, h, blobs: [blob(x, y, w, h)] });
  // A hovered Toggle drawn in reverse: its label, and its outline's right side 5 wide standing apart.
  const label = line(68, 11, 74, 15), side = line(146, 5, 5, 27);
  assertEquals(withoutLoneSides([label, side]), [label]);
  // A separator drawn as tall as the letters beside it is text.
  const pipe = line(146, 10, 2, 17);
  assertEquals(withoutLoneSides([label, pipe]), [label, pipe]);
  // A bar far from any text is left to the reader.
  const far = line(260, 5, 5, 27);
  assertEquals(withoutLoneSides([label, far]), [label, far]);
});

Deno.test("a button's sides chained to the ends of its label leave the line, a pipe of the text stays", () => {
  // Firefox's "Send application": 4x23 sides round words 13 and 16 tall.
  const words = [blob(16, 11, 34, 13), blob(53, 11, 75, 16)];
  const line = { x: 9, y: 7, w: 125, h: 23, blobs: [blob(9, 7, 4, 23), ...words, blob(130, 7, 4, 23)] };
  assertEquals(splitAtBoxSides(line, []).map((l) => [l.x, l.y, l.w, l.h]), [[16, 11, 112, 16]]);
  // A `|` ending a line spans its letters' height: it is text.
  const piped = { x: 16, y: 11, w: 120, h: 16, blobs: [...words, blob(132, 10, 2, 18)] };
  assertEquals(splitAtBoxSides(piped, []), [piped]);
});

Deno.test("a word after a box's side starts an element, however near", () => {
  const w = (text: string, x: number, apart = false): OcrWord => ({
    text,
    x,
    y: 10,
    w: 30,
    h: 14,
    conf: 0.95,
    ...(apart ? { apart } : {}),
  });
  assertEquals(groupWords([w("Quit", 0), w("Save", 36, true)]).map((e) => e.text), ["Quit", "Save"]);
  assertEquals(groupWords([w("Quit", 0), w("Save", 36)]).map((e) => e.text), ["Quit Save"]);
});

Deno.test("Xaw: two toggles drawn in reverse side by side, one hovered, are read and listed apart", async () => {
  const img = await view("xaw_form_hovered_pair.png");
  const lines = findTextLines(greyOf(img, { x: 0, y: 0, width: img.width, height: img.height }));
  // Gift wrap's label ends by x 154, Paper receipt's starts at 175: no line spans both.
  assert(
    !lines.some((l) => l.y > 40 && l.y < 70 && l.x < 150 && l.x + l.w > 180),
    JSON.stringify(lines.map((l) => [l.x, l.y, l.w])),
  );
  // The plain buttons of the rows below show the style the reversed ones are drawn in.
  const read = labels(el("Large", 211, 90, 44, 16)).map((e) =>
    e.text === "Paper receipt" ? el("Paper receipt |", 175, 46, 115, 27, 0.92) : e
  );
  const found = attachControls(img, read, {
    x: 0,
    y: 0,
    width: img.width,
    height: img.height,
  }).slice(1, 4);
  assertEquals(found.map(elementText), [
    "Extras",
    "Gift wrap [toggle checked]",
    "Paper receipt [toggle checked]",
  ]);
});
