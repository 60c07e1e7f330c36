/**
 * Selected text is read like any other: on a real mousepad capture
 * (fixtures/views/mousepad_selected_line.png) whose middle line is selected,
 * white on a blue band, the band is found, the line reads as one phrase, and
 * the band is not taken for an empty entry under the line above (which hid
 * the selected text as part of a drawing).
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf, type RgbaImage } from "../src/image/pixels.ts";
import { darkBands, flattenBands } from "../src/ocr/lines/bands.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { attachControls } from "../src/perceive/controls.ts";

const frame = await decodeImage(
  await Deno.readFile(new URL("../fixtures/views/mousepad_selected_line.png", import.meta.url)),
);
const whole = (f: RgbaImage) => ({ x: 0, y: 0, width: f.width, height: f.height });

Deno.test("the selection highlight is the one dark band with text, and flattening leaves light ground", () => {
  const g = greyOf(frame, whole(frame));
  const bands = darkBands(g);
  assertEquals(bands.length, 1);
  const [band] = bands;
  // The highlight spans the selected line's row (y 22-39 in the crop), from the view's left margin.
  assert(band.y >= 20 && band.y + band.h <= 42 && band.h >= 16, `band ${JSON.stringify(band)}`);
  assert(band.x <= 6 && band.w >= 180, `band ${JSON.stringify(band)}`);
  assert(band.outer - band.level > 100, "the band is darker than the view around it");
  flattenBands(g);
  // Repainted: no pixel of the band's grey is left, and the text is now darker than its ground.
  let bandGrey = 0, dark = 0;
  for (let y = band.y; y < band.y + band.h; y++) {
    for (let x = band.x; x < band.x + band.w; x++) {
      const v = g.data[y * g.width + x];
      if (v === band.level) bandGrey++;
      if (v < 80) dark++;
    }
  }
  assertEquals(bandGrey, 0);
  assert(dark > 100, `dark text pixels: ${dark}`);
  assertEquals(darkBands(g).length, 0);
});

Deno.test("the selected line reads as one phrase and stays listed beside the line above", async () => {
  const reader = createScreenReader(new TesseractEngine(1));
  try {
    const read = await reader.read(frame, whole(frame));
    const texts = read.elements.map((e) => e.text);
    assert(texts.includes("Selected heading here"), `read: ${JSON.stringify(texts)}`);
    const kept = attachControls(frame, read.elements, whole(frame)).map((e) => e.text);
    assert(kept.includes("Selected heading here"), `kept: ${JSON.stringify(kept)}`);
    assert(
      !attachControls(frame, read.elements, whole(frame)).some((e) => e.control?.kind === "entry"),
      "the highlight is no empty entry",
    );
  } finally {
    await reader.close();
  }
});
