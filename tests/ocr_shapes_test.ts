/**
 * Shape rules of the screen pipeline that need no recogniser: the symbol
 * classifier (`÷`, `←`, `→`), solid blocks (a block cursor), text on a
 * highlight, toggles split into two bands, rows cut apart, and words read
 * across a space.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { classifySymbol, inkBox, isFlatBar } from "../src/ocr/fixes/shapes.ts";
import {
  findTextLines,
  isSolidBlock,
  splitStacked,
  type TextLine,
  trimFragments,
} from "../src/ocr/lines/find.ts";

import { lineGround, surfaceBox } from "../src/ocr/lines/ground.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import { decodeImage } from "../src/image/codec.ts";
import { isPlausibleWord } from "../src/ocr/fixes/plausible.ts";
import { splitAtGaps } from "../src/ocr/recognise.ts";

/** A grey image of `rows` ('#' = ink 20, '.' = ground 240). */
function draw(rows: string[], ink = 20, ground = 240): Grey {
  const width = rows[0].length, height = rows.length;
  const data = new Uint8Array(width * height);
  rows.forEach((r, y) => [...r].forEach((c, x) => (data[y * width + x] = c === "#" ? ink : ground)));
  return { width, height, data };
}

const whole = (g: Grey) => ({ x: 0, y: 0, w: g.width, h: g.height });

Deno.test("a bar with a dot above and below is a division sign", () => {
  const g = draw([
    "...........",
    ".....#.....",
    "...........",
    ".#########.",
    "...........",
    ".....#.....",
    "...........",
  ]);
  assertEquals(classifySymbol(g, whole(g), 240), "÷");
  // Light ink on a dark ground reads the same.
  const dark = draw(
    ["...........", ".....#.....", "...........", ".#########.", "...........", ".....#....."],
    230,
    40,
  );
  assertEquals(classifySymbol(dark, whole(dark), 40), "÷");
});

Deno.test("a bar alone, or with one dot, is not a division sign", () => {
  const minus = draw([".........", ".#######.", "........."]);
  assertEquals(classifySymbol(minus, whole(minus), 240), null);
  const one = draw([
    ".........",
    "....#....",
    ".........",
    ".#######.",
    ".........",
    ".........",
  ]);
  assertEquals(classifySymbol(one, whole(one), 240), null);
});

Deno.test("a solid flat bar is a minus; a tilde, a short stroke or two bars are not", () => {
  const bar = draw(["..............", ".############.", ".############.", ".............."]);
  assert(isFlatBar(bar, whole(bar), 240));
  const tilde = draw(["..............", "..###.......#.", ".#...##...##..", ".......###...."]);
  assert(!isFlatBar(tilde, whole(tilde), 240));
  const stub = draw(["......", ".####.", ".####.", "......"]);
  assert(!isFlatBar(stub, whole(stub), 240));
  const equals = draw([".........", ".#######.", ".........", ".#######.", "........."]);
  assert(!isFlatBar(equals, whole(equals), 240));
});

Deno.test("a calculator's minus key, which the recogniser reads as nothing, reads as a minus", async () => {
  // The keys ×, − and + of the last column: the minus is a 15x4 px bar at (764, 423).
  const words = await readFixtureRegion("web/calculator_light_20.png", {
    x: 740,
    y: 330,
    width: 60,
    height: 180,
  });
  // A recogniser that reads the bar itself may call it a dash of another length (tesseract.js: `—`).
  const minus = words.filter((w) => /^[-‐–—−]$/.test(w.text));
  assertEquals(minus.length, 1, words.map((w) => w.text).join(" "));
  assert(
    Math.abs(minus[0].x - 764) <= 2 && Math.abs(minus[0].y - 423) <= 2,
    `at ${minus[0].x},${minus[0].y}`,
  );
  assert(words.some((w) => w.text === "+"));
});

Deno.test("a thin shaft with a tall head at one end is an arrow", () => {
  const left = draw([
    "..................",
    "....#.............",
    "...##.............",
    "..###############.",
    "...##.............",
    "....#.............",
    "..................",
  ]);
  assertEquals(classifySymbol(left, whole(left), 240), "←");
  const right = draw([
    "..................",
    ".............#....",
    ".............##...",
    ".###############..",
    ".............##...",
    ".............#....",
    "..................",
  ]);
  assertEquals(classifySymbol(right, whole(right), 240), "→");
  const box = inkBox(left, whole(left), 240);
  assertEquals(box, { x: 2, y: 1, w: 15, h: 5 });
});

Deno.test("letters and plain dashes are not arrows", () => {
  const dash = draw(["..........", ".########.", ".########.", ".........."]);
  assertEquals(classifySymbol(dash, whole(dash), 240), null);
  const t = draw([
    "..#....",
    "..#....",
    "#####..",
    "..#....",
    "..#....",
    "..###..",
  ]);
  assertEquals(classifySymbol(t, whole(t), 240), null);
  // Arrows told by shape survive the pill rule of the plausibility filter.
  assert(isPlausibleWord({ text: "←", x: 0, y: 0, w: 15, h: 5, conf: 0.9 }));
});

Deno.test("a flat filled rectangle is a solid block, a stroke is not", () => {
  const rows = Array.from({ length: 14 }, (_, y) => y === 0 || y === 13 ? "..........." : ".#########.");
  const g = draw(rows);
  assert(isSolidBlock(g, { x: 0, y: 0, w: 11, h: 14, mass: 40, ground: 240 }));
  // A bare `l`: too narrow to be a block.
  const l = draw(Array.from({ length: 14 }, (_, y) => y === 0 || y === 13 ? "...." : ".##."));
  assert(!isSolidBlock(l, { x: 0, y: 0, w: 4, h: 14, mass: 40, ground: 240 }));
  // A block cursor next to a `$`-like glyph is dropped from the line.
  const row = (s: string) => "." + s + "." + ".".repeat(4) + s.replace(/./g, "#").slice(0, 8) + ".";
  const frame = draw([
    ".".repeat(23),
    ...Array.from({ length: 12 }, (_, y) => row(y % 4 === 0 ? "########" : y % 2 ? "#......#" : "########")),
    ".".repeat(23),
  ]);
  const lines = findTextLines(frame);
  assert(lines.every((line) => line.x + line.w <= 12), JSON.stringify(lines));
});

Deno.test("text on a highlight is read on the highlight, trimmed to it", () => {
  // A white-ground frame with a wide blue-grey (100) highlight holding white (250) text.
  const width = 40, height = 10;
  const data = new Uint8Array(width * height).fill(250);
  for (let y = 1; y < 9; y++) for (let x = 2; x < 38; x++) data[y * width + x] = 100;
  for (let x = 6; x < 30; x += 3) for (let y = 3; y < 7; y++) data[y * width + x] = 250;
  const g: Grey = { width, height, data };
  const line: TextLine = {
    x: 1,
    y: 0,
    w: 38,
    h: 10,
    blobs: [{ x: 1, y: 0, w: 38, h: 10, mass: 200, ground: 250 }],
  };
  assertEquals(lineGround(line), 250);
  assertEquals(lineGround(line, g), 100);
  assertEquals(surfaceBox(g, line, 100), { x: 2, y: 1, w: 36, h: 8 });
  // A toggle-sized box (not text-wide) keeps the outer ground.
  assertEquals(lineGround({ ...line, w: 20 }, g), 250);
});

Deno.test("one wide component cut into two bands is a toggle, not two rows", () => {
  const w = 38, h = 22;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (y !== 10 && y !== 11 && (y < 3 || y > 18 || x % 5 === 0)) mask[y * w + x] = 1;
    }
  }
  const line: TextLine = { x: 0, y: 0, w, h, blobs: [{ x: 0, y: 0, w, h, mass: 200 }] };
  assertEquals(splitStacked(line, mask, w), []);
});

Deno.test("two rows cut apart share no letters: no part of an editor's row is read twice", async () => {
  // The window's right edge joins the last letters of two rows into one tall component.
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const lines = findTextLines(greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height }));
  for (const [i, a] of lines.entries()) {
    for (const b of lines.slice(i + 1)) {
      const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      // Lines of one row (half their height shared) lie side by side.
      if (h < Math.min(a.h, b.h) * 0.5) continue;
      assert(w <= 0, `${a.x},${a.y} ${a.w}x${a.h} and ${b.x},${b.y} ${b.w}x${b.h} cover the same text`);
    }
    const x = Math.min(...a.blobs.map((c) => c.x)), x2 = Math.max(...a.blobs.map((c) => c.x + c.w));
    assertEquals([a.x, a.w], [x, x2 - x], `the line at ${a.x},${a.y} is wider than its components`);
  }
  // The row `... note on every s` ends at the edge: its last word once came back twice, as `every` and `ry`.
  const row = lines.find((l) => l.y <= 347 && l.y + l.h >= 359 && l.x < 500)!;
  assert(row.x + row.w >= 1038, `the row ends at ${row.x + row.w}, before the window's edge`);
});

Deno.test("a row cut from the window's edge alone joins the line it ends, as its own ink", () => {
  // Rows 0-9: a line of two letters ending at x 20; the edge's component crosses it and the next row.
  const w = 40, h = 24;
  const mask = new Uint8Array(w * h);
  for (let y = 1; y < 9; y++) for (const x of [2, 3, 10, 11, 16, 17, 27, 28, 29]) mask[y * w + x] = 1;
  const row = { x: 2, y: 1, w: 18, h: 8, blobs: [{ x: 2, y: 1, w: 18, h: 8, mass: 48 }] };
  const edge = { x: 16, y: 1, w: 14, h: 20, mass: 60 };
  const fragment = { x: 16, y: 1, w: 14, h: 8, blobs: [edge] };
  const [joined] = trimFragments([row, fragment], mask, w);
  assertEquals([joined.x, joined.w], [2, 28]);
  assertEquals(joined.blobs.at(-1), { x: 27, y: 1, w: 3, h: 8, mass: 24 });
  // With nothing left past the line, the fragment is gone.
  assertEquals(trimFragments([{ ...row, w: 28 }, fragment], mask, w).length, 1);
});

Deno.test("a word read across a wide gap is split when each side is one character", () => {
  const line: TextLine = {
    x: 100,
    y: 50,
    w: 32,
    h: 14,
    blobs: [
      { x: 100, y: 51, w: 9, h: 11, mass: 50 },
      { x: 124, y: 50, w: 8, h: 14, mass: 60 },
    ],
  };
  const word = { text: "7}", x: 1, y: 1, w: 30, h: 12, conf: 0.7 };
  assertEquals(splitAtGaps(word, line, 14), [
    { text: "7", x: 0, y: 1, w: 9, h: 11, conf: 0.7 },
    { text: "}", x: 24, y: 0, w: 8, h: 14, conf: 0.7 },
  ]);
  // Three characters over two groups stay one word.
  assertEquals(splitAtGaps({ ...word, text: "7})" }, line, 14).length, 1);
  // Close glyphs are one word.
  const close = { ...line, blobs: [line.blobs[0], { ...line.blobs[1], x: 111 }] };
  assertEquals(splitAtGaps(word, close, 14), [word]);
});
