import { assert, assertEquals } from "./support/assert.ts";
import { attachControls } from "../src/perceive/controls.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { letters, paint, whiteFrame } from "./support/drawn.ts";
import type { Element } from "../src/ocr/types.ts";

const W = 400, H = 200;
const AREA = { x: 0, y: 0, width: W, height: H };

const frame = () => whiteFrame(W, H);

/** A grey outline `w` by `h` at (x, y), as a text field or a select's box is drawn. */
function outline(img: RgbaImage, x: number, y: number, w: number, h: number): void {
  for (let i = 0; i < w; i++) {
    for (let j = 0; j < h; j++) {
      if (i === 0 || j === 0 || i === w - 1 || j === h - 1) paint(img, x + i, y + j, [118, 118, 118]);
    }
  }
}

/** A chevron pointing down, 9 by 5 pixels, its strokes two pixels wide. */
function chevron(img: RgbaImage, x: number, y: number): void {
  for (let j = 0; j < 5; j++) {
    for (const i of [j, j + 1, 8 - j, 7 - j]) paint(img, x + i, y + j, [20, 20, 20]);
  }
}

const text = (t: string, x: number, y: number, w: number): Element => ({
  text: t,
  x,
  y,
  w,
  h: 13,
  cx: x + Math.round(w / 2),
  cy: y + 6,
  conf: 0.9,
});

/** "Bean" then a select showing "Arabica", its box from x 70 to 200 on the line at y 47. */
function beanSelect(img: RgbaImage): void {
  letters(img, 20, 47, 40, 13);
  outline(img, 70, 40, 130, 27);
  letters(img, 78, 47, 70, 13);
  chevron(img, 185, 51);
}

Deno.test("a select is put on its text with the option it shows; the chevron leaves the text", () => {
  const img = frame();
  beanSelect(img);
  // OCR read the label, the option and the chevron (as "v") as one text.
  const [bean] = attachControls(img, [text("Bean Arabica v", 20, 47, 174)], AREA);
  assertEquals(bean.text, "Bean Arabica");
  assertEquals(bean.control?.kind, "select");
  assertEquals(bean.control?.state, "Arabica");
  assertEquals([bean.control?.x, bean.control?.y, bean.control?.w, bean.control?.h], [70, 40, 130, 27]);
  assert(bean.x + bean.w <= 185, `the text ends before the chevron: ${bean.x + bean.w}`);
});

Deno.test("the box's left border read as a bar leaves the text; a low confidence still finds the select", () => {
  const img = frame();
  beanSelect(img);
  const [bean] = attachControls(img, [{ ...text("Bean | Robusta v", 20, 47, 174), conf: 0.59 }], AREA);
  assertEquals([bean.text, bean.control?.kind, bean.control?.state], ["Bean Robusta", "select", "Robusta"]);
});

Deno.test("a chevron read as a word of its own is no text beside its select", () => {
  const img = frame();
  beanSelect(img);
  const elements = [text("Bean Arabica", 20, 47, 128), { ...text("v", 185, 50, 9), h: 6, cy: 53 }];
  const out = attachControls(img, elements, AREA);
  assertEquals(out.map((e) => [e.text, e.control?.kind, e.control?.state]), [[
    "Bean Arabica",
    "select",
    "Arabica",
  ]]);
});

Deno.test("a text field's box, with no chevron at its end, is no select", () => {
  const img = frame();
  letters(img, 20, 47, 40, 13);
  outline(img, 70, 40, 130, 27);
  letters(img, 78, 47, 70, 13);
  const [field] = attachControls(img, [text("Name Your name", 20, 47, 128)], AREA);
  assertEquals(field.control, undefined);
  assertEquals(field.text, "Name Your name");
});
