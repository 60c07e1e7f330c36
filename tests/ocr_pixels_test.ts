/** Pure pixel logic of the OCR pipeline on synthetic images. */

import { assert, assertEquals } from "./support/assert.ts";
import type { Grey } from "../src/image/pixels.ts";
import { scaleGrey } from "../src/image/pixels.ts";
import { findTextLines, isCharLike } from "../src/ocr/lines/find.ts";
import { groundLevel, normalisePolarity, scaleFor } from "../src/ocr/lines/prepare.ts";
import { hashPixels, LineCache } from "../src/ocr/cache/line_cache.ts";
import { stackLines, toSource, unstackWords } from "../src/ocr/lines/stack.ts";
import { fixUiWord } from "../src/ocr/fixes/lexicon.ts";

function canvas(w: number, h: number, ground: number): Grey {
  return { width: w, height: h, data: new Uint8Array(w * h).fill(ground) };
}
function fill(g: Grey, x: number, y: number, w: number, h: number, v: number) {
  for (let r = y; r < y + h; r++) g.data.fill(v, r * g.width + x, r * g.width + x + w);
}
/** Fake "glyphs": small blocks 6 px wide, 2 px apart, like a word. */
function word(g: Grey, x: number, y: number, letters: number, v: number) {
  for (let i = 0; i < letters; i++) fill(g, x + i * 8, y, 6, 10, v);
}

Deno.test("lines: two words on a row and a far shortcut make two lines", () => {
  const g = canvas(400, 60, 240);
  word(g, 10, 20, 4, 30);
  word(g, 48, 20, 3, 30);
  word(g, 300, 20, 5, 120);
  const lines = findTextLines(g);
  assertEquals(lines.length, 2);
  assert(lines[0].x <= 10 && lines[0].x + lines[0].w >= 70);
  assert(lines[1].x >= 295);
});

Deno.test("lines: rules and box outlines are not text", () => {
  const g = canvas(300, 80, 250);
  fill(g, 0, 40, 300, 1, 100); // separator
  fill(g, 100, 5, 1, 70, 100); // vertical rule
  assertEquals(findTextLines(g).length, 0);
  assert(!isCharLike({ x: 0, y: 0, w: 2, h: 30, mass: 60 }));
});

Deno.test("polarity: light text on dark ground becomes dark on white", () => {
  const g = canvas(20, 10, 30);
  fill(g, 5, 2, 4, 6, 220);
  assertEquals(groundLevel(g), 30);
  const n = normalisePolarity(g);
  assertEquals(n.data[0], 255);
  assertEquals(n.data[3 * 20 + 6], 0);
});

Deno.test("polarity: grey text on white is stretched to black", () => {
  const g = canvas(20, 10, 255);
  fill(g, 5, 2, 4, 6, 150);
  const n = normalisePolarity(g);
  assertEquals(n.data[3 * 20 + 6], 0);
  assertEquals(n.data[0], 255);
});

Deno.test("upscale: small text is enlarged about 3x, large text left alone", () => {
  assert(Math.abs(scaleFor(11) - 3.1) < 0.1);
  assertEquals(scaleFor(40), 1);
  const s = scaleGrey(canvas(10, 5, 7), 3);
  assertEquals([s.width, s.height, s.data[0]], [30, 15, 7]);
});

Deno.test("cache: hash follows pixels, not position; LRU evicts the oldest", () => {
  const g = canvas(50, 20, 200);
  word(g, 2, 2, 2, 10);
  word(g, 30, 2, 2, 10);
  assertEquals(hashPixels(g, { x: 2, y: 2, w: 14, h: 10 }), hashPixels(g, { x: 30, y: 2, w: 14, h: 10 }));
  assert(hashPixels(g, { x: 2, y: 2, w: 14, h: 10 }) !== hashPixels(g, { x: 1, y: 2, w: 14, h: 10 }));
  const c = new LineCache(2);
  c.set("a", []);
  c.set("b", []);
  c.get("a");
  c.set("c", []);
  assertEquals([c.get("a") !== undefined, c.get("b") !== undefined], [true, false]);
});

Deno.test("stack: words map back to their own line and to source pixels", () => {
  const line = (w: number, h: number, originX: number, originY: number) => ({
    image: canvas(w, h, 255),
    scale: 2,
    originX,
    originY,
  });
  const a = line(100, 30, 10, 20), b = line(60, 30, 200, 300);
  const stack = stackLines([a, b]);
  assertEquals(stack.image.width, 100);
  const inB = { text: "Quit", x: 10, y: stack.tops[1] + 5, w: 20, h: 16, conf: 0.9 };
  const per = unstackWords(stack, [inB]);
  assertEquals([per[0].length, per[1].length], [0, 1]);
  const src = toSource(b, per[1][0]);
  assertEquals([src.x, src.y, src.w, src.h], [205, 303, 10, 8]);
});

Deno.test("stack: a word mapped back just left of its line's origin is at 0, never -0", () => {
  // -0 is a number V8 stores boxed: one in a word's place re-lays out every word mid-look.
  const line = { image: canvas(40, 30, 255), scale: 2, originX: 0, originY: 0 };
  const src = toSource(line, { text: "a", x: -0.8, y: -0.6, w: 0.8, h: 0.6, conf: 0.9 });
  for (const v of [src.x, src.y, src.w, src.h]) assert(!Object.is(v, -0), `${v} is -0`);
  assertEquals([src.x, src.y, src.w, src.h], [0, 0, 0, 0]);
});

Deno.test("lexicon: modifier misreads are fixed, other words untouched", () => {
  assertEquals(fixUiWord("Ctri+S"), "Ctrl+S");
  assertEquals(fixUiWord("Shift+Ctr1+N"), "Shift+Ctrl+N");
  assertEquals(fixUiWord("Citrus"), "Citrus");
});

Deno.test("lines: a focus ring round a select stretches neither the label's line nor the option's over it", () => {
  const g = canvas(200, 50, 255);
  // Words as strokes a pixel apart: the label, then the option inside the box.
  for (const [x0, x1] of [[14, 46], [58, 118]]) for (let x = x0; x < x1; x += 3) fill(g, x, 19, 1, 12, 30);
  // The chevron, close to the ring's right side so that their edges join.
  for (let i = 0; i < 5; i++) fill(g, 136 + i, 22 + i, 1, 2, 30), fill(g, 145 - i, 22 + i, 1, 2, 30);
  // A 2 px ring with rounded corners: its sides are too short to erase as rules.
  fill(g, 52, 10, 96, 2, 16), fill(g, 52, 38, 96, 2, 16);
  fill(g, 50, 12, 2, 26, 16), fill(g, 148, 12, 2, 26, 16);
  for (const [x, y] of [[51, 11], [148, 11], [51, 38], [148, 38]]) fill(g, x, y, 1, 1, 16);
  const row = findTextLines(g).find((l) => l.x <= 14 && l.x + l.w >= 110);
  assert(row, JSON.stringify(findTextLines(g).map(({ blobs: _, ...box }) => box)));
  assert(row.h <= 16, `the row's line is ${row.h} px tall: it runs over the ring`);
});

/** Bilinear resize written out pixel by pixel, as scaleGrey computes it before any shortcut. */
function plainScale(src: Grey, factor: number): Grey {
  const { width: w, height: h, data } = src;
  const W = Math.max(1, Math.round(w * factor)), H = Math.max(1, Math.round(h * factor));
  const out = new Uint8Array(W * H);
  for (let Y = 0; Y < H; Y++) {
    const fy = Math.min(h - 1, Math.max(0, (Y + 0.5) * h / H - 0.5));
    const y0 = Math.floor(fy), ty = fy - y0, y1 = Math.min(h - 1, y0 + 1);
    for (let X = 0; X < W; X++) {
      const fx = Math.min(w - 1, Math.max(0, (X + 0.5) * w / W - 0.5));
      const x0 = Math.floor(fx), x1 = Math.min(w - 1, x0 + 1), tx = Math.fround(fx - x0);
      const top = data[y0 * w + x0] + (data[y0 * w + x1] - data[y0 * w + x0]) * tx;
      const bot = data[y1 * w + x0] + (data[y1 * w + x1] - data[y1 * w + x0]) * tx;
      out[Y * W + X] = top + (bot - top) * ty + 0.5;
    }
  }
  return { width: W, height: H, data: out };
}

Deno.test("upscale: rows of one grey and rows blended once give every pixel the plain bilinear value", () => {
  let seed = 3;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let t = 0; t < 200; t++) {
    // A prepared line's shape: white padding rows and columns round rows of ink.
    const g = canvas(4 + Math.floor(next() * 50), 3 + Math.floor(next() * 30), 255);
    for (let y = 2; y < g.height - 2; y++) {
      if (next() < 0.3) continue;
      for (let x = 2; x < g.width - 2; x++) {
        if (next() < 0.4) g.data[y * g.width + x] = Math.floor(next() * 256);
      }
    }
    const factor = [0.5, 1.3, 2, 2.6, 3.4, 4][t % 6];
    assertEquals(scaleGrey(g, factor), plainScale(g, factor));
  }
});
