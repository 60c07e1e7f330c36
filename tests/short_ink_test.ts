import { assert, assertEquals } from "./support/assert.ts";
import { groundAndShapes, INK, onlyShortInk } from "../src/perceive/control_shapes.ts";
import { FILL_INK } from "../src/perceive/filled_controls.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { letters, paint, whiteFrame } from "./support/drawn.ts";

const WHITE: [number, number, number] = [255, 255, 255];
const BAND = { x: 0, y: 0, w: 300, h: 80 };

/** Three lines of 13 px text with 7 px of ground between them, as an editor draws them. */
function page(): RgbaImage {
  const img = whiteFrame(320, 100);
  for (const y of [5, 25, 45]) letters(img, 30, y, 200, 13);
  return img;
}

/** Fills `w` by `h` pixels at (x, y) with `rgb`. */
function fill(img: RgbaImage, x: number, y: number, w: number, h: number, rgb: readonly number[]): void {
  for (let i = x; i < x + w; i++) for (let j = y; j < y + h; j++) paint(img, i, j, rgb);
}

/** The tallest shape clear of the band's left side that `groundAndShapes` finds. */
function tallest(img: RgbaImage, threshold: number): number {
  const { shapes } = groundAndShapes(img, BAND, threshold, WHITE);
  return Math.max(0, ...shapes.filter((s) => s.x > 0).map((s) => s.h));
}

Deno.test("lines of text with ground between them hold no shape taller than a line", () => {
  const img = page();
  assert(onlyShortInk(img, BAND, WHITE, INK, 16));
  assert(tallest(img, INK) < 16);
  // Taller than the rows asked about: no longer shown.
  assert(!onlyShortInk(img, BAND, WHITE, INK, 13));
  assertEquals(tallest(img, INK), 13);
});

Deno.test("an entry's outline below the text is a shape as tall as it is, and is not passed over", () => {
  const img = page();
  fill(img, 40, 62, 150, 1, [120, 120, 120]);
  fill(img, 40, 78, 150, 1, [120, 120, 120]);
  fill(img, 40, 62, 1, 17, [120, 120, 120]);
  fill(img, 189, 62, 1, 17, [120, 120, 120]);
  assert(!onlyShortInk(img, BAND, WHITE, INK, 16));
  assertEquals(tallest(img, INK), 17);
});

Deno.test("the desktop at a band's left side joins no shape clear of it, and is passed over", () => {
  const img = page();
  fill(img, 0, 0, 20, 100, [60, 90, 140]);
  assert(onlyShortInk(img, BAND, WHITE, INK, 16));
  assert(tallest(img, INK) < 16);
  // A tall shape after it still counts.
  fill(img, 250, 10, 30, 40, [0, 0, 0]);
  assert(!onlyShortInk(img, BAND, WHITE, INK, 16));
});

Deno.test("a faint fill is ink at the fill's line and not at the outline's", () => {
  const img = page();
  fill(img, 40, 61, 150, 18, [225, 225, 225]);
  assert(onlyShortInk(img, BAND, WHITE, INK, 16));
  assert(!onlyShortInk(img, BAND, WHITE, FILL_INK, 16));
  assert(tallest(img, FILL_INK) >= 18);
});
