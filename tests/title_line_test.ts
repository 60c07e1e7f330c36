/**
 * The title bar's line told from the window's title (ocr/lines/title_line.ts):
 * only the one text line of the band, only when its width fits the title,
 * and never when it shows an ellipsis the title does not have. Lines are
 * drawn on a grey image, glyph by glyph: a letter an `n`, a dot a 2x2
 * square on the baseline.
 */

import { assert, assertEquals } from "./support/assert.ts";
import type { Grey } from "../src/image/pixels.ts";
import type { TextLine } from "../src/ocr/lines/find.ts";
import { barIn, hasEllipsis, titleLine } from "../src/ocr/lines/title_line.ts";
import type { Glyph } from "../src/ocr/fixes/glyphs.ts";

const WIDTH = 800, HEIGHT = 60;
/** Baseline row of every drawn line's text. */
const LETTER = { w: 5, h: 9, advance: 7 };

/** A white image. */
function page(): Grey {
  return { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(255) };
}

function fill(g: Grey, x: number, y: number, w: number, h: number): void {
  for (let r = y; r < y + h; r++) g.data.fill(0, r * g.width + x, r * g.width + x + w);
}

/**
 * Draws `text` with its top-left at (x, y) and returns its line: a letter a
 * `n`, `.` a dot on the baseline, a space a gap; one blob per word.
 */
function draw(g: Grey, text: string, x: number, y: number): TextLine {
  const blobs: TextLine["blobs"] = [];
  let cx = x, start = -1, end = -1;
  const close = () => {
    if (start >= 0) blobs.push({ x: start, y, w: end - start, h: LETTER.h, mass: 40, ground: 255 });
    start = -1;
  };
  for (const ch of text) {
    if (ch === " ") {
      close();
      cx += LETTER.advance;
      continue;
    }
    const w = ch === "." ? 2 : LETTER.w;
    if (ch === ".") fill(g, cx, y + LETTER.h - 2, 2, 2);
    else {
      // An `n`: two stems and a bar, mostly ground like a real letter.
      fill(g, cx, y, LETTER.w, 1), fill(g, cx, y, 1, LETTER.h), fill(g, cx + LETTER.w - 1, y, 1, LETTER.h);
    }
    if (start < 0) start = cx;
    end = cx + w;
    cx += ch === "." ? 4 : LETTER.advance;
  }
  close();
  return { x, y, w: cx - x - 2, h: LETTER.h, blobs };
}

const BAND = { x: 0, y: 0, w: WIDTH, h: 20 };

Deno.test("the title bar's one line is told from the title, as the window manager's own text", () => {
  const g = page();
  const title = "notes.txt - Editor";
  const line = draw(g, "xxxxx.xxx x xxxxxx", 100, 5);
  const content = draw(g, "xxxx xxxxx", 100, 35);
  const told = titleLine(g, [line, content], { band: BAND, title });
  assertEquals(told?.line, line);
  assertEquals(told?.word, { text: title, conf: 1, x: 0, y: 0, w: line.w, h: line.h });
});

Deno.test("a title bar is read as any line when it holds two text lines, none, or a line that does not fit", () => {
  const g = page();
  const a = draw(g, "xxxxx.xxx", 100, 5);
  const b = draw(g, "xxxxxx", 400, 5);
  assertEquals(titleLine(g, [a, b], { band: BAND, title: "notes.txt Editor" }), null);
  assertEquals(titleLine(g, [], { band: BAND, title: "notes.txt" }), null);
  // Far too narrow for the title: a title cut short, or another line.
  assertEquals(
    titleLine(g, [a], { band: BAND, title: "a much longer title than nine glyphs could ever show" }),
    null,
  );
  // Far too wide for it.
  assertEquals(titleLine(g, [a], { band: BAND, title: "ab" }), null);
  assertEquals(titleLine(g, [a], { band: BAND, title: "   " }), null);
});

Deno.test("a title shortened with an ellipsis is read, unless the title has one itself", () => {
  const g = page();
  const line = draw(g, "xxxxxxx xxxx... xxxx xxxxxx", 100, 5);
  assertEquals(
    titleLine(g, [line], { band: BAND, title: "Quarterly revenue for the northern offices" }),
    null,
  );
  const own = titleLine(g, [line], { band: BAND, title: "Waiting for input... then Saving" });
  assertEquals(own?.word.text, "Waiting for input... then Saving");
  // Lone dots between letters are full stops, no ellipsis.
  const stops = draw(g, "x.x.x.xxxxxxxx xxx", 100, 35);
  assert(titleLine(g, [stops], { band: { ...BAND, y: 30 }, title: "a.b.c.document zip" }) !== null);
});

Deno.test("an ellipsis is three dots on one baseline, evenly spaced", () => {
  const glyph = (x: number, y: number, w: number, h: number): Glyph => ({ x, y, w, h, parts: 1 });
  const letters = [glyph(0, 0, 5, 9), glyph(7, 0, 5, 9)];
  const dots = [glyph(14, 7, 2, 2), glyph(18, 7, 2, 2), glyph(22, 7, 2, 2)];
  assert(hasEllipsis([...letters, ...dots, glyph(28, 0, 5, 9)], 9));
  // Uneven gaps, or a dot off the baseline, are no ellipsis.
  assert(!hasEllipsis([...letters, glyph(14, 7, 2, 2), glyph(18, 7, 2, 2), glyph(30, 7, 2, 2)], 9));
  assert(!hasEllipsis([...letters, glyph(14, 7, 2, 2), glyph(18, 2, 2, 2), glyph(22, 7, 2, 2)], 9));
  assert(!hasEllipsis([...letters, glyph(14, 7, 2, 2), glyph(18, 7, 2, 2)], 9));
});

Deno.test("a title bar in screen pixels is moved into the read region's coordinates", () => {
  const bar = barIn({ band: { x: 400, y: 200, width: 600, height: 22 }, text: "T" }, {
    x: 398,
    y: 198,
    width: 700,
    height: 500,
  });
  assertEquals(bar, { band: { x: 2, y: 2, w: 600, h: 22 }, title: "T" });
});
