/**
 * Key labels read truly or as unsure, on xcalc's own pixels
 * (fixtures/views/xcalc_keypad.png and xcalc_rpn_keypad.png): the case of a
 * letter by how tall its glyph stands (`COs` → `cos`, `XOr` → `xor`), a bar
 * with no dot an `l` (`shi` → `shl`), a bare bar among small letters an `l`
 * left unsure (`In` → `ln`), a caret by its shape (`efx` → `e^x`), an
 * exponent by its raised glyph (`x²`), ENTER's stacked letters one unsure
 * word, and an exponent found by either spelling. The recogniser's readings
 * given to the rules are the ones it returned for these frames.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import { findTextLines, type TextLine } from "../src/ocr/lines/find.ts";
import { KEY_DOUBT_CONF, settleKeyLabels } from "../src/ocr/fixes/key_labels.ts";
import { labelShape } from "../src/ocr/fixes/glyph_read.ts";
import { exponent } from "../src/ocr/fixes/glyphs.ts";
import type { Element, OcrWord } from "../src/ocr/types.ts";
import { matchText } from "../src/common/match.ts";
import { attachControls } from "../src/perceive/controls.ts";

/** A fixture view's pixels, grey, and its lines. */
async function view(name: string) {
  const img = await decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
  const region = { x: 0, y: 0, width: img.width, height: img.height };
  const g = greyOf(img, region);
  return { img, g, region, lines: findTextLines(g) };
}

const word = (text: string, x: number, y: number, w: number, h: number, conf: number): OcrWord => ({
  text,
  x,
  y,
  w,
  h,
  conf,
});

const lineAt = (lines: TextLine[], x: number, y: number) =>
  lines.find((l) => x >= l.x && x <= l.x + l.w && y >= l.y && y <= l.y + l.h)!;

Deno.test("xcalc: letters take the case their height shows, a dotless bar is an l, a bare bar among small letters an unsure l", async () => {
  const { g, lines, region } = await view("xcalc_keypad.png");
  const read = [
    word("COs", 101, 139, 27, 9, 0.64),
    word("XOr", 146, 199, 24, 10, 0.71),
    word("shi", 16, 255, 19, 14, 0.75),
    word("In", 152, 165, 12, 14, 0.93),
    word("INV", 13, 135, 27, 14, 0.95),
    word("sin", 60, 135, 19, 14, 0.95),
    word("log", 102, 165, 23, 16, 0.97),
    word("DRG", 184, 135, 36, 14, 0.88),
    word("Y^X", 187, 164, 29, 18, 0.2),
  ];
  const settled = settleKeyLabels(g, lines, read, region);
  assertEquals(settled.map((w) => w.text), ["cos", "xor", "shl", "ln", "INV", "sin", "log", "DRG", "y^x"]);
  // The pixels decided cos, xor and shl: their confidence is the recogniser's. ln is a guess between I and l.
  assertEquals(settled.slice(0, 3).map((w) => w.conf), [0.64, 0.71, 0.75]);
  assert(settled[3].conf <= KEY_DOUBT_CONF, `ln at ${settled[3].conf}`);
  assertEquals(settled.slice(4, 8).map((w) => w.conf), [0.95, 0.95, 0.97, 0.88]);
});

Deno.test("xcalc: a caret is told by its shape, an exponent by its raised glyph, and ordinary labels have neither", async () => {
  const sci = await view("xcalc_keypad.png");
  const yx = labelShape(sci.g, lineAt(sci.lines, 200, 170))!;
  assertEquals(yx.caret, [false, true, false]);
  assertEquals(yx.raised.some(Boolean), false, "the x after a caret stands on the baseline");
  const square = labelShape(sci.g, lineAt(sci.lines, 70, 110))!;
  assertEquals(square.raised, [false, true]);
  assertEquals(square.caret, [false, false]);
  for (const [x, y] of [[110, 170], [20, 140], [190, 200]]) {
    const shape = labelShape(sci.g, lineAt(sci.lines, x, y))!;
    assert(
      !shape.caret.some(Boolean) && !shape.raised.some(Boolean),
      `at ${x},${y}: ${JSON.stringify(shape)}`,
    );
  }
  assertEquals(exponent("2"), "²");
  assertEquals(exponent("a"), "^a");
  const rpn = await view("xcalc_rpn_keypad.png");
  const [ex] = settleKeyLabels(rpn.g, rpn.lines, [word("efx", 56, 105, 29, 14, 0.51)], rpn.region);
  assertEquals(ex.text, "e^x");
});

Deno.test("xcalc -rpn: ENTER's stacked letters are one unsure word; a column of keys stays keys", async () => {
  const { g, lines, region } = await view("xcalc_rpn_keypad.png");
  const read = [
    word("N", 241, 160, 11, 12, 0.93),
    word("-", 240, 180, 8, 4, 0.71),
    word("E", 241, 201, 8, 13, 0.93),
    word("7", 286, 105, 8, 14, 0.97),
    word("4", 285, 135, 9, 13, 0.9),
    word("1", 288, 165, 4, 14, 0.97),
  ];
  const settled = settleKeyLabels(g, lines, read, region);
  const stacked = settled.filter((w) => w.h > 40);
  assertEquals(stacked.map((w) => w.text), ["N-E"]);
  assert(stacked[0].conf <= KEY_DOUBT_CONF, `ENTER at ${stacked[0].conf}`);
  assertEquals(settled.filter((w) => /\d/.test(w.text)).map((w) => w.text), ["7", "4", "1"]);
});

Deno.test("xcalc's keypads read whole: exponents and carets read, no label confidently wrong", async () => {
  const sci = await readFixtureRegion("views/xcalc_keypad.png", { x: 0, y: 0, width: 247, height: 435 });
  const texts = sci.map((w) => w.text);
  for (const k of ["x²", "y^x", "cos", "xor", "shl", "ln"]) {
    assert(texts.includes(k), `${k} in ${texts.join(" ")}`);
  }
  for (const wrong of ["COs", "XOr", "shi", "In", "frunc"]) {
    const w = sci.find((w) => w.text === wrong);
    assert(!w || w.conf < 0.8, `${wrong} read sure`);
  }
  const rpn = await readFixtureRegion("views/xcalc_rpn_keypad.png", { x: 0, y: 0, width: 448, height: 225 });
  const rpnTexts = rpn.map((w) => w.text);
  for (const k of ["e^x", "y^x", "cos"]) assert(rpnTexts.includes(k), `${k} in ${rpnTexts.join(" ")}`);
  assert(
    !rpn.some((w) => (w.text === "N" || w.text === "E") && w.conf >= 0.8),
    `ENTER's letters: ${rpnTexts}`,
  );
});

Deno.test("an exponent is found by either spelling, and only by an exponent", () => {
  for (const [target, read] of [["x^2", "x²"], ["x²", "x^2"], ["e^x", "eˣ"], ["10^x", "10ˣ"]]) {
    assertEquals(matchText(target, read)?.stage, "fuzzy", `${target} for ${read}`);
  }
  assertEquals(matchText("x^2", "x^3"), null);
  assertEquals(matchText("^", "x²"), null);
});

Deno.test("xcalc -rpn: the O of STO is a letter of its key, no radio button of RCL beside it", async () => {
  const { img } = await view("xcalc_rpn_keypad.png");
  const el = (text: string, x: number, y: number, w: number, h: number): Element => ({
    text,
    x,
    y,
    w,
    h,
    cx: Math.round(x + w / 2),
    cy: Math.round(y + h / 2),
    conf: 0.9,
  });
  const keys = [el("INV", 101, 195, 27, 14), el("STO", 143, 195, 30, 14), el("RCL", 187, 195, 31, 14)];
  const out = attachControls(img, keys, { x: 0, y: 0, width: img.width, height: img.height });
  assertEquals(out.map((e) => e.text), ["INV", "STO", "RCL"]);
  assertEquals(out.filter((e) => e.control).length, 0);
});
