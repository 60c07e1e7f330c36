/**
 * Icon shapes kept from the last look where the pixels did not change must
 * be the shapes the whole window gives: after every change, `IconShapeFinder`
 * is held to `iconShapes` on the same frame.
 */

import { random } from "./support/random.ts";
import { assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { iconShapes } from "../src/perceive/icon_boxes.ts";
import { IconShapeFinder } from "../src/perceive/icon_reuse.ts";
import { paint, whiteFrame } from "./support/drawn.ts";

const copy = (img: RgbaImage): RgbaImage => ({ ...img, data: img.data.slice() });

function fill(img: RgbaImage, x: number, y: number, w: number, h: number, rgb: readonly number[]): void {
  for (let j = y; j < Math.min(img.height, y + h); j++) {
    for (let i = x; i < Math.min(img.width, x + w); i++) paint(img, i, j, rgb);
  }
}

/** A copy of a rectangle of `img` put elsewhere on it. */
function move(img: RgbaImage, x: number, y: number, w: number, h: number, tx: number, ty: number): RgbaImage {
  const out = copy(img);
  for (let j = 0; j < h && y + j < img.height && ty + j < img.height; j++) {
    const n = Math.min(w, img.width - x, img.width - tx) * 4;
    const from = ((y + j) * img.width + x) * 4;
    out.data.set(img.data.subarray(from, from + n), ((ty + j) * img.width + tx) * 4);
  }
  return out;
}

Deno.test("icon shapes kept across random changes to real screens are the shapes the whole window gives", async () => {
  for (const name of ["icons/geany_light", "apps/mousepad_file_menu_light", "apps/galculator_basic_dark"]) {
    const url = new URL(`../fixtures/${name}.png`, import.meta.url);
    let frame = await decodeImage(await Deno.readFile(url));
    const region = { x: 4, y: 3, width: frame.width - 9, height: frame.height - 7 };
    const next = random(name.length * 7);
    const finder = new IconShapeFinder();
    assertEquals(finder.find(frame, region), iconShapes(frame, region));
    for (let step = 0; step < 16; step++) {
      const x = Math.floor(next() * frame.width * 0.8), y = Math.floor(next() * frame.height * 0.9);
      const w = 5 + Math.floor(next() * 80), h = 3 + Math.floor(next() * 60);
      const rgb = [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)];
      const kind = step % 4;
      if (kind === 0) {
        frame = copy(frame);
        fill(frame, x, y, w, h, rgb);
      } else if (kind === 1) {
        frame = move(
          frame,
          x,
          y,
          w,
          h,
          Math.floor(next() * frame.width * 0.8),
          Math.floor(next() * frame.height * 0.9),
        );
      } else if (kind === 2) {
        // A rule, long or short: long ones are cleared, so cutting or growing one changes far rows.
        frame = copy(frame);
        fill(frame, x, y, 2, 20 + Math.floor(next() * 200), rgb);
      } else {
        frame = copy(frame);
        fill(frame, x, y, 1, 1, rgb);
      }
      assertEquals(finder.find(frame, region), iconShapes(frame, region), `${name}, step ${step}`);
    }
  }
});

Deno.test("a square on a rule cut near its end is an icon again, far from the cut", () => {
  const frame = whiteFrame(300, 400);
  const region = { x: 0, y: 0, width: 300, height: 400 };
  // A 20 px square whose left side runs on down as a rule 140 px long: long, so cleared with it.
  fill(frame, 100, 40, 20, 20, [40, 40, 40]);
  fill(frame, 100, 40, 2, 140, [40, 40, 40]);
  const finder = new IconShapeFinder();
  assertEquals(finder.find(frame, region), iconShapes(frame, region));
  // Cut 50 rows under the square: what is left of the rule is short, and stays, 50 rows from the cut.
  const cut = copy(frame);
  fill(cut, 100, 110, 2, 10, [255, 255, 255]);
  const shapes = finder.find(cut, region);
  assertEquals(shapes, iconShapes(cut, region));
  assertEquals(shapes.length === iconShapes(frame, region).length, false);
  // And back.
  assertEquals(finder.find(frame, region), iconShapes(frame, region));
});
