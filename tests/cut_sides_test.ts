/**
 * Lines cut at a view's edge (src/ocr/lines/cut_sides.ts): the rule on
 * drawn pixels, and on a real capture of mousepad whose long lines run off
 * its window's right edge.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { CUT_CONF, cutSides, cutWords, greyAround } from "../src/ocr/lines/cut_sides.ts";
import type { Grey, RgbaImage } from "../src/image/pixels.ts";
import { greyOf } from "../src/image/pixels.ts";
import { decodeImage } from "../src/image/codec.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { groupWords } from "../src/ocr/group.ts";
import { LOW_CONF } from "../src/render/element_rows.ts";

const W = 60, H = 30;
/** The line's box in the drawings below: rows 10 to 19. */
const line = (x: number, w: number) => ({ x, y: 10, w, h: 10 });

/**
 * A white image with `ink` (rows 10-19 of the columns given, dark and mid
 * grey in turn, as strokes and their antialiasing are) and `columns` (full
 * height, or rows `from`-`to`) of one grey.
 */
function drawn(
  ink: Array<[number, number]>,
  columns: Array<{ x: number; v: number; from?: number; to?: number }>,
) {
  const g: Grey = { width: W, height: H, data: new Uint8Array(W * H).fill(255) };
  for (const [x0, x1] of ink) {
    for (let y = 10; y < 20; y++) for (let x = x0; x <= x1; x++) g.data[y * W + x] = (x + y) % 2 ? 20 : 150;
  }
  for (const c of columns) for (let y = c.from ?? 0; y < (c.to ?? H); y++) g.data[y * W + c.x] = c.v;
  return g;
}

/** The grey of `g` alone, as a read of all of it sees it. */
const alone = (g: Grey) => (x: number, y: number) =>
  x >= 0 && y >= 0 && x < g.width && y < g.height ? g.data[y * g.width + x] : undefined;

Deno.test("ink running into a flat edge column is cut; a column of ground before the edge is not", () => {
  const edge = { x: 40, v: 120 };
  assertEquals(cutSides(alone(drawn([[20, 39]], [edge])), line(20, 20), 255), { left: false, right: true });
  assertEquals(cutSides(alone(drawn([[20, 38]], [edge])), line(20, 19), 255), { left: false, right: false });
  // An edge on the left, the text scrolled under it.
  assertEquals(cutSides(alone(drawn([[6, 30]], [{ x: 5, v: 120 }])), line(6, 25), 255), {
    left: true,
    right: false,
  });
});

Deno.test("a box drawn around the line (a selection's outline) is no cut character", () => {
  // The line's last column is the box's side, one grey as tall as the line, and the view's ground beyond it.
  const boxed = drawn([[20, 38]], [{ x: 39, v: 90, from: 10, to: 20 }, { x: 40, v: 120 }]);
  assertEquals(cutSides(alone(boxed), line(20, 20), 255).right, false);
});

Deno.test("a stroke no taller than the line, or an edge of the ground's own grey, is no view's edge", () => {
  // A bar as tall as the line, just after it: a glyph ("|"), not the view's side.
  const bar = drawn([[20, 39]], [{ x: 40, v: 120, from: 10, to: 20 }]);
  assertEquals(cutSides(alone(bar), line(20, 20), 255).right, false);
  // A column a shade off the ground (a faint border): too little contrast to be told.
  const faint = drawn([[20, 39]], [{ x: 40, v: 240 }, { x: 41, v: 240 }, { x: 42, v: 240 }]);
  assertEquals(cutSides(alone(faint), line(20, 20), 255).right, false);
});

Deno.test("ink at the frame's end is cut; at a region's end, the frame beyond it is looked at", () => {
  assertEquals(cutSides(alone(drawn([[40, 59]], [])), line(40, 20), 255).right, true);
  // A read of columns 0-37 of a frame whose edge is at 40 and whose ink runs to 39: found past the region.
  const frame = drawn([[20, 39]], [{ x: 40, v: 120 }]);
  const rgba: RgbaImage = {
    width: W,
    height: H,
    data: Uint8Array.from([...frame.data].flatMap((v) => [v, v, v, 255])),
  };
  const region = { x: 0, y: 0, width: 38, height: H };
  const grey = greyOf(rgba, region);
  assertEquals(cutSides(greyAround(grey, rgba, region), line(20, 18), 255).right, true);
  // Ink that runs past the region's end and stops on ground before any edge ends on its own.
  const free = drawn([[20, 39]], []);
  const rgbaFree: RgbaImage = {
    ...rgba,
    data: Uint8Array.from([...free.data].flatMap((v) => [v, v, v, 255])),
  };
  assertEquals(
    cutSides(greyAround(greyOf(rgbaFree, region), rgbaFree, region), line(20, 18), 255).right,
    false,
  );
});

Deno.test("the cut word stands apart: the last when the right is cut, the one after the first when the left is", () => {
  const words = [{ x: 30, w: 8 }, { x: 0, w: 10 }, { x: 14, w: 12 }];
  const right = cutWords(words, { left: false, right: true });
  assertEquals([...right.cut], [words[0]]);
  assertEquals([...right.starts], [words[0]]);
  const left = cutWords(words, { left: true, right: false });
  assertEquals([...left.cut], [words[1]]);
  assertEquals([...left.starts], [words[2]]);
  assertEquals(cutWords(words, { left: false, right: false }).cut.size, 0);
});

Deno.test("on a real capture, the words at the window's right edge are unsure and no other word changes", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  // The capture's mousepad window ends at x 1039 (a flat grey column, the desktop black beyond).
  const EDGE = 1039;
  const engine = new TesseractEngine(2);
  try {
    const pipeline = new ScreenPipeline(engine);
    const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
    const plain = (await pipeline.run(frame, whole)).words;
    const marked = (await pipeline.run(frame, whole, { unsureAtEdges: true })).words;
    assertEquals(marked.map((w) => w.text), plain.map((w) => w.text));
    const capped = marked.filter((w, i) => w.conf !== plain[i].conf);
    assert(capped.length >= 6, `only ${capped.length} words capped: ${capped.map((w) => w.text)}`);
    for (const w of capped) {
      assert(w.conf <= CUT_CONF, `${w.text} at ${w.conf}`);
      assert(EDGE - (w.x + w.w) <= 3, `${w.text} ends at ${w.x + w.w}, clear of the edge`);
    }
    // Without the option the same words come back as the recogniser read them, most of them sure.
    const before = plain.filter((_, i) => marked[i].conf !== plain[i].conf);
    assert(before.filter((w) => w.conf >= LOW_CONF).length >= 4, JSON.stringify(before));
    // Each capped word is an element of its own, listed unsure: none is averaged into the sure words
    // before it (the single-character pass's "bc", for the "bo" of "boat" cut by the edge, was once listed
    // at the end of a line of prose at 0.93).
    const elements = groupWords(marked);
    for (const w of capped) {
      const holding = elements.filter((e) =>
        e.x <= w.x && w.x + w.w <= e.x + e.w && e.y <= w.y && w.y < e.y + e.h
      );
      assertEquals(holding.map((e) => [e.text, e.conf]), [[w.text, w.conf]]);
    }
    assert(capped.some((w) => w.text === "bc"), capped.map((w) => w.text).join(" "));
  } finally {
    await engine.close();
  }
});
