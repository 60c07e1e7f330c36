/**
 * A keypad of outlined keys (xcalc's: 1-pixel boxes two pixels apart) is
 * found as a grid, each key's label a line of its own even where labels
 * touch their outline; a sheet's cells, which share their rules, and a lone
 * row of two buttons are no grid.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { letters, paint, whiteFrame } from "./support/drawn.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { gridKeys, keyGrid, outlinedBoxes } from "../src/ocr/lines/key_grid.ts";
import { findTextLines } from "../src/ocr/lines/find.ts";

const BLACK = [0, 0, 0];

/** A 1-pixel rectangle outline. */
function outline(img: RgbaImage, x: number, y: number, w: number, h: number): void {
  for (let i = x; i < x + w; i++) paint(img, i, y, BLACK), paint(img, i, y + h - 1, BLACK);
  for (let j = y; j < y + h; j++) paint(img, x, j, BLACK), paint(img, x + w - 1, j, BLACK);
}

/** A keypad of `cols` x `rows` keys 42x28, two pixels apart, each label 3 strokes wide from the key's left side. */
function keypad(cols: number, rows: number, touching = false): RgbaImage {
  const img = whiteFrame(20 + cols * 44, 20 + rows * 30);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = 10 + c * 44, y = 10 + r * 30;
      outline(img, x, y, 42, 28);
      // A label that fills its key touches the outline on its right.
      if (touching) letters(img, x + 8, y + 7, 33, 14);
      else letters(img, x + 14, y + 7, 14, 14);
    }
  }
  return img;
}

const grey = (img: RgbaImage) => greyOf(img, { x: 0, y: 0, width: img.width, height: img.height });

Deno.test("a grid of outlined keys is found key by key", () => {
  const keys = keyGrid(grey(keypad(5, 3)));
  assertEquals(keys.length, 15);
  assertEquals(keys[0], { x: 10, y: 10, w: 42, h: 28 });
});

Deno.test("a row of keys whose labels fill their boxes reads as one line per key, never one line", () => {
  const lines = findTextLines(grey(keypad(5, 2, true)));
  const firstRow = lines.filter((l) => l.y < 40);
  assertEquals(firstRow.length, 5, JSON.stringify(firstRow.map((l) => [l.x, l.w])));
  assert(firstRow.every((l) => l.afterSide === true), "each key's label starts an element");
  // Each line lies inside its own key.
  firstRow.sort((a, b) => a.x - b.x).forEach((l, i) => {
    assert(l.x > 10 + i * 44 && l.x + l.w < 10 + i * 44 + 42, `line ${i} at ${l.x}+${l.w}`);
  });
});

Deno.test("a hovered key drawn with a thicker outline is still a cell of the grid", () => {
  const boxes = outlinedBoxes(grey(keypad(3, 3)));
  const hovered = boxes.filter((b) => !(b.x === 54 && b.y === 40));
  const keys = gridKeys(hovered);
  assertEquals(keys.length, 9);
  assert(keys.some((k) => k.x === 54 && k.y === 40), "the missing cell is inferred");
});

Deno.test("a sheet's cells sharing their rules, and two buttons alone, are no keypad", () => {
  const sheet = whiteFrame(300, 150);
  for (let y = 10; y <= 130; y += 20) for (let x = 10; x <= 290; x++) paint(sheet, x, y, BLACK);
  for (let x = 10; x <= 290; x += 56) for (let y = 10; y <= 130; y++) paint(sheet, x, y, BLACK);
  assertEquals(keyGrid(grey(sheet)), []);
  assertEquals(keyGrid(grey(keypad(2, 1))), []);
});
