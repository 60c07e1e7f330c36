/**
 * The shortcuts the controls stage takes must say what the long way says:
 * `mayHoldShape` (ink_room.ts) may answer false only where no shape that
 * `groundAndShapes` finds has its corner and size in the reach, and
 * `groundOf`'s count of one colour (ground_majority.ts) must give the
 * colour the histogram gives. Both are checked on seeded random frames of
 * text-like specks, outlines and antialiased edges, and on hand-drawn ones.
 */

import { assert, assertEquals } from "./support/assert.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Box } from "../src/common/rect.ts";
import { groundAndShapes, groundOf, INK, type Rgb } from "../src/perceive/control_shapes.ts";
import { mayHoldShape, type ShapeReach } from "../src/perceive/ink_room.ts";

/** A seeded generator of integers below `n`. */
function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
}

function blank(width: number, height: number, ground: Rgb): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...ground, 255], i * 4);
  return { width, height, data };
}

function paint(img: RgbaImage, x: number, y: number, w: number, h: number, c: Rgb): void {
  for (let yy = y; yy < Math.min(img.height, y + h); yy++) {
    for (let xx = x; xx < Math.min(img.width, x + w); xx++) {
      img.data.set([...c, 255], (yy * img.width + xx) * 4);
    }
  }
}

/** A frame of specks (letters), a few outlines and filled boxes, and pixels near the ground's colour. */
function scene(rnd: (n: number) => number): RgbaImage {
  const img = blank(160, 90, [250, 250, 250]);
  for (let i = 0; i < 120; i++) {
    const c: Rgb = rnd(4) === 0 ? [253, 251, 248] : [rnd(120), rnd(120), rnd(120)];
    paint(img, rnd(160), rnd(90), 1 + rnd(6), 1 + rnd(12), c);
  }
  for (let i = 0; i < 3; i++) {
    const x = rnd(130), y = rnd(70), w = 8 + rnd(60), h = 6 + rnd(30);
    const c: Rgb = [rnd(90), rnd(90), rnd(90)];
    if (rnd(2)) paint(img, x, y, w, h, c);
    else {
      paint(img, x, y, w, 1, c), paint(img, x, y + h - 1, w, 1, c);
      paint(img, x, y, 1, h, c), paint(img, x + w - 1, y, 1, h, c);
    }
  }
  return img;
}

/** Whether a shape of `band` (as groundAndShapes finds them) has its corner and size in `reach`. */
function shapeInReach(img: RgbaImage, band: Box, ground: Rgb, reach: ShapeReach): boolean {
  return groundAndShapes(img, band, INK, ground).shapes.some((s) => {
    const x = band.x + s.x, y = band.y + s.y;
    return x >= reach.left[0] && x <= reach.left[1] && y >= reach.top[0] && y <= reach.top[1] &&
      s.w >= reach.minWidth && s.h >= reach.minHeight && s.h <= reach.maxHeight;
  });
}

Deno.test("mayHoldShape says no only where no shape of that size has its corner in the reach", () => {
  const rnd = random(47);
  let held = 0, ruledOut = 0;
  for (let i = 0; i < 800; i++) {
    const img = scene(rnd);
    const band = { x: rnd(40), y: rnd(30), w: 40 + rnd(120), h: 20 + rnd(60) };
    band.w = Math.min(band.w, img.width - band.x), band.h = Math.min(band.h, img.height - band.y);
    const ground = groundOf(img, band);
    const x = band.x + rnd(band.w), y = band.y + rnd(band.h);
    const minHeight = 3 + rnd(8);
    const reach = {
      left: [x - rnd(60), x + rnd(60)],
      top: [y - rnd(30), y + rnd(30)],
      minWidth: 4 + rnd(24),
      minHeight,
      maxHeight: minHeight + rnd(30),
    } as const;
    const may = mayHoldShape(img, band, ground, INK, reach);
    if (shapeInReach(img, band, ground, reach)) {
      assert(may, `case ${i}: a shape is in reach, and mayHoldShape said none could be`);
      held++;
    } else if (!may) ruledOut++;
  }
  // Both answers came up: the check was put to work, not only passed through.
  assert(held > 60 && ruledOut > 100, `held ${held}, ruled out ${ruledOut}`);
});

Deno.test("mayHoldShape rules out a line of letters and keeps an entry's outline", () => {
  const img = blank(200, 60, [255, 255, 255]);
  // Letters 6 px wide, 2 px apart: no stretch of inked columns is 40 wide.
  for (let x = 10; x < 120; x += 8) paint(img, x, 10, 6, 12, [20, 20, 20]);
  const band = { x: 0, y: 0, w: 200, h: 60 };
  const reach = { left: [0, 100], top: [0, 40], minWidth: 40, minHeight: 12, maxHeight: 36 } as const;
  assertEquals(mayHoldShape(img, band, [255, 255, 255], INK, reach), false);
  paint(img, 130, 30, 60, 1, [90, 90, 90]), paint(img, 130, 50, 60, 1, [90, 90, 90]);
  paint(img, 130, 30, 1, 21, [90, 90, 90]), paint(img, 189, 30, 1, 21, [90, 90, 90]);
  assertEquals(mayHoldShape(img, band, [255, 255, 255], INK, { ...reach, left: [100, 140] }), true);
  // The same outline with its corner out of reach is ruled out.
  assertEquals(mayHoldShape(img, band, [255, 255, 255], INK, { ...reach, left: [0, 60] }), false);
});

/** The ground as its definition has it: the bin first to reach the highest count, the colour of its last pixel. */
function groundByDefinition(img: RgbaImage, b: Box): Rgb {
  const counts = new Map<number, number>();
  let best = 0, at = -1;
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let x = b.x; x < b.x + b.w; x++) {
      const i = (y * img.width + x) * 4, d = img.data;
      const bin = ((d[i] >> 3) << 10) | ((d[i + 1] >> 3) << 5) | (d[i + 2] >> 3);
      const n = (counts.get(bin) ?? 0) + 1;
      counts.set(bin, n);
      if (n > best) [best, at] = [n, i];
    }
  }
  return at < 0 ? [255, 255, 255] : [img.data[at], img.data[at + 1], img.data[at + 2]];
}

Deno.test("groundOf gives the colour its definition gives, with a colour filling most of the box or none", () => {
  const rnd = random(48);
  let boxes = 0;
  for (let i = 0; i < 300; i++) {
    const img = scene(rnd);
    // Half the frames have no ground: specks of two near colours in one bin, and two far apart.
    if (i % 2) {
      for (let k = 0; k < 4000; k++) {
        paint(img, rnd(160), rnd(90), 1, 1, [[248, 252, 250], [0, 0, 200], [200, 0, 0]][rnd(3)] as Rgb);
      }
    }
    for (let k = 0; k < 5; k++, boxes++) {
      const b = { x: rnd(150), y: rnd(80), w: 1, h: 1 };
      b.w = 1 + rnd(img.width - b.x), b.h = 1 + rnd(img.height - b.y);
      assertEquals(groundOf(img, b), groundByDefinition(img, b), `frame ${i}, box ${JSON.stringify(b)}`);
    }
  }
  assertEquals(boxes, 1500);
});
