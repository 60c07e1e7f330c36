/**
 * Numbers keep their decimal point: a LibreOffice Calc price column at 100%
 * zoom (fixtures/views/calc_prices.png). Read as observe reads a sheet, its
 * cells apart from its rules, the recogniser returned `345` for `34.5` (its
 * point a 2x2 dot); the point is put back from the pixels. The stock of 125
 * beside it stays 125.
 */

import { assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { withPoint } from "../src/ocr/fixes/points.ts";
import { findGrid } from "../src/perceive/grid.ts";
import { readWithGrid } from "../src/perceive/grid_look.ts";

const PRICES = ["12.5", "5.9", "1.2", "3.1", "34.5", "15.2", "8.75", "10.6", "9.35", "23.1", "11.05", "19.9"];
const STOCK = ["40", "125", "8", "16", "12", "4", "2", "60", "75", "9", "44", "21"];

const sheet = () =>
  Deno.readFile(new URL("../fixtures/views/calc_prices.png", import.meta.url)).then(decodeImage);

Deno.test("a Calc price column read as cells keeps every decimal point, and its stock stays whole", async () => {
  const frame = await sheet();
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  const reader = createScreenReader(new TesseractEngine(1));
  /** The texts read whose centres fall in the column from x0 to x1, top to bottom. */
  const column = (els: { text: string; cx: number; cy: number }[], x0: number, x1: number) =>
    els.filter((e) => e.cx >= x0 && e.cx < x1 && e.cy > 20).sort((a, b) => a.cy - b.cy).map((e) => e.text);
  try {
    const read = await readWithGrid(reader, frame, whole, findGrid(frame, whole), []);
    assertEquals(column(read.elements, 340, 440), PRICES);
    assertEquals(column(read.elements, 470, 560), STOCK);
  } finally {
    await reader.close();
  }
});

Deno.test("a point is put back where a number's dot is drawn, and only there", async () => {
  const frame = await sheet();
  const g = greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  // The boxes the recogniser gave the cells 34.5, 12.5 and the stock 125 (white ground).
  const word = (text: string, x: number, y: number, w: number) => ({ text, x, y, w, h: 10, conf: 0.88 });
  assertEquals(withPoint(g, word("345", 368, 91, 29), 255).text, "34.5");
  assertEquals(withPoint(g, word("125", 368, 23, 29), 255).text, "12.5");
  assertEquals(withPoint(g, word("125", 497, 40, 20), 255).text, "125");
  assertEquals(withPoint(g, word("34.5", 368, 91, 29), 255).text, "34.5");
});
