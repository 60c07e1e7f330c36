/**
 * Numbers keep their decimal point: a LibreOffice Calc price column at 100%
 * zoom (fixtures/views/calc_prices.png) where the values an outside run read
 * without their point (12.5, 5.9, 1.2, 3.1, 34.5 as 125, 59, 12, 31, 345)
 * stand beside a stock of 125, read cold, read again with every cache warm,
 * and read as a narrow region of the column alone.
 */

import { assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";

const PRICES = ["12.5", "5.9", "1.2", "3.1", "34.5", "15.2", "8.75", "10.6", "9.35", "23.1", "11.05", "19.9"];
const STOCK = ["40", "125", "8", "16", "12", "4", "2", "60", "75", "9", "44", "21"];

Deno.test("a Calc price column keeps every decimal point, cold, warm and read alone", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/views/calc_prices.png", import.meta.url)),
  );
  const reader = createScreenReader(new TesseractEngine(1));
  /** The texts read whose centres fall in the column from x0 to x1, top to bottom. */
  const column = (els: { text: string; cx: number; cy: number }[], x0: number, x1: number) =>
    els.filter((e) => e.cx >= x0 && e.cx < x1 && e.cy > 20).sort((a, b) => a.cy - b.cy).map((e) => e.text);
  try {
    const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
    for (const pass of ["cold", "warm"]) {
      const read = await reader.read(frame, whole);
      assertEquals(column(read.elements, 340, 440), PRICES, pass);
      assertEquals(column(read.elements, 470, 560), STOCK, pass);
    }
    const alone = await reader.read(frame, { x: 340, y: 20, width: 100, height: frame.height - 20 });
    assertEquals(column(alone.elements, 340, 440), PRICES, "the column alone");
  } finally {
    await reader.close();
  }
});
