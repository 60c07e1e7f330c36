/**
 * A keypad of outlined keys (xcalc's: 1-pixel boxes two pixels apart) is
 * found as a grid, each key's label a line of its own even where labels
 * touch their outline; a sheet's cells, which share their rules, and a lone
 * row of two buttons are no grid. On xcalc's own pixels
 * (fixtures/views/xcalc_keypad.png), its star, its point and its `√‾` are
 * told by their place in the grid and their shape.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { letters, paint, whiteFrame } from "./support/drawn.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { gridKeys, keyGrid, outlinedBoxes } from "../src/ocr/lines/key_grid.ts";
import { findTextLines, type TextLine } from "../src/ocr/lines/find.ts";
import { decodeImage } from "../src/image/codec.ts";
import { lineGround } from "../src/ocr/lines/ground.ts";
import { isKeypadAsterisk, isKeypadPoint } from "../src/ocr/fixes/keypad_signs.ts";
import { drawnSymbol } from "../src/ocr/fixes/drawn_symbols.ts";

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

/** The xcalc fixture's grey pixels and its found lines. */
async function xcalc() {
  const img = await decodeImage(
    await Deno.readFile(new URL("../fixtures/views/xcalc_keypad.png", import.meta.url)),
  );
  const g = grey(img);
  return { g, lines: findTextLines(g) };
}

/** The found line whose box holds the point (x, y). */
const lineAt = (lines: TextLine[], x: number, y: number) =>
  lines.find((l) => x >= l.x && x <= l.x + l.w && y >= l.y && y <= l.y + l.h);

Deno.test("xcalc: its 55 keys are a grid, and no line crosses from one key into another", async () => {
  const { g, lines } = await xcalc();
  const keys = keyGrid(g);
  assertEquals(keys.length, 55);
  for (const l of lines.filter((l) => l.y > keys[0].y)) {
    assert(
      keys.some((k) => l.x > k.x && l.x + l.w < k.x + k.w),
      `line ${l.x},${l.y} ${l.w}x${l.h} crosses keys`,
    );
  }
  // CE/C touches its key's right side and is still one line, apart from AC.
  const ce = lineAt(lines, 150, 110)!;
  assert(ce.x < 142 && ce.x + ce.w > 172 && ce.x + ce.w < 179, `CE/C at ${ce.x}+${ce.w}`);
});

Deno.test("xcalc: its star, its point and its barred √ are told by their place and shape", async () => {
  const { g, lines } = await xcalc();
  const groundOf = (l: TextLine) => lineGround(l, g) ?? 255;
  const star = lineAt(lines, 201, 317)!, point = lineAt(lines, 113, 417)!, root = lineAt(lines, 108, 110)!;
  assert(isKeypadAsterisk(g, star, lines, groundOf), "the star");
  assert(isKeypadPoint(g, point, lines, groundOf), "the point");
  assertEquals(drawnSymbol(g, root, groundOf(root))?.text, "√");
  // The digit 8 is neither; nor is the minus a point.
  const eight = lineAt(lines, 114, 321)!, minus = lineAt(lines, 201, 353)!;
  assertEquals(isKeypadAsterisk(g, eight, lines, groundOf), false);
  assertEquals(isKeypadPoint(g, minus, lines, groundOf), false);
});
