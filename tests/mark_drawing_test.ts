/**
 * What a mark looks like in pixels: a frame all around the element that
 * leaves the element itself uncovered, a number only when numbered, a note
 * below the frame (above it at the screen's bottom), an arrow that reaches
 * the box a drag ends on, never a pixel off the screen; and the shape a
 * window is cut to covers exactly the pixels the picture shows. Fractional
 * coordinates are drawn as whole pixels, the note included, and the parts a
 * mark is checked by (against windows it may not cover) hold every pixel it
 * paints.
 */

import fc from "fast-check";
import { drawMark, FRAME_REACH, inkSize, markParts, type NoteInk } from "../src/desktop/mark_drawing.ts";
import type { PointMark } from "../src/desktop/types.ts";
import { opaqueRects } from "../src/image/draw.ts";
import { plainLine } from "../src/common/untrusted.ts";
import { latin1Text } from "../src/desktop/x11/overlay.ts";
import type { Rect } from "../src/common/rect.ts";
import { assert, assertEquals } from "./support/assert.ts";

const SCREEN: Rect = { x: 0, y: 0, width: 800, height: 600 };

function mark(box: Rect, more: Partial<PointMark> = {}): PointMark {
  return { box, gesture: "look", number: null, note: null, to: null, ...more };
}

/** A 100x12 block of ink, as rendered text would be. */
const INK: NoteInk = {
  kind: "mask",
  mask: { width: 100, height: 12, alpha: new Uint8Array(1200).fill(255) },
};

/** The alpha of the screen pixel (x, y) in a picture, 0 outside it. */
function alphaAt(p: ReturnType<typeof drawMark>, x: number, y: number): number {
  const lx = x - p.origin.x, ly = y - p.origin.y;
  if (lx < 0 || ly < 0 || lx >= p.image.width || ly >= p.image.height) return 0;
  return p.image.data[(ly * p.image.width + lx) * 4 + 3];
}

Deno.test("the frame runs all around the element and leaves the element itself uncovered", () => {
  const box = { x: 300, y: 200, width: 80, height: 20 };
  const p = drawMark(mark(box), null, SCREEN, "guide");
  const band = FRAME_REACH - 3;
  for (
    const [x, y] of [[340, box.y - band], [340, box.y + 20 + band - 1], [box.x - band, 210], [
      box.x + 80 + band - 1,
      210,
    ]]
  ) {
    assert(alphaAt(p, x, y) > 200, `no frame at ${x},${y}`);
  }
  for (let y = box.y - 2; y < box.y + box.height + 2; y++) {
    for (let x = box.x - 2; x < box.x + box.width + 2; x++) assertEquals(alphaAt(p, x, y), 0, `${x},${y}`);
  }
});

Deno.test("a number is drawn only on a numbered mark", () => {
  const box = { x: 300, y: 200, width: 80, height: 20 };
  const corner = { x: box.x - FRAME_REACH, y: box.y - FRAME_REACH };
  const plain = drawMark(mark(box), null, SCREEN, "guide");
  const numbered = drawMark(mark(box, { number: 3 }), null, SCREEN, "guide");
  assertEquals(alphaAt(plain, corner.x - 6, corner.y - 6), 0);
  assert(alphaAt(numbered, corner.x - 6, corner.y - 6) > 200);
});

Deno.test("the note sits below the frame, or above it when the screen ends below", () => {
  const high = drawMark(mark({ x: 100, y: 100, width: 60, height: 20 }, { note: "x" }), INK, SCREEN, "guide");
  assert(alphaAt(high, 110, 100 + 20 + FRAME_REACH + 10) > 200, "no note below");
  const low = drawMark(mark({ x: 100, y: 570, width: 60, height: 20 }, { note: "x" }), INK, SCREEN, "guide");
  assert(alphaAt(low, 110, 570 - FRAME_REACH - 10) > 200, "no note above");
  // A core-font note is left for the backend to write, inside its label.
  const lines: NoteInk = { kind: "lines", lines: ["Save", "here"], width: 40, lineHeight: 13 };
  const written = drawMark(
    mark({ x: 100, y: 100, width: 60, height: 20 }, { note: "x" }),
    lines,
    SCREEN,
    "guide",
  );
  assertEquals(written.text?.lines, ["Save", "here"]);
  const t = written.text!;
  assert(alphaAt(written, written.origin.x + t.x, written.origin.y + t.y) > 200, "text outside its label");
});

Deno.test("a drag's arrow reaches the frame of the box it ends on", () => {
  const from = { x: 100, y: 100, width: 60, height: 20 }, to = { x: 500, y: 400, width: 60, height: 20 };
  const p = drawMark(mark(from, { gesture: "drag_to", to }), null, SCREEN, "guide");
  // On the line between the centres, (130,110) to (530,410): the shaft near the far end, then the
  // arrow's head just outside the destination's frame, and nothing over the destination itself.
  assert(alphaAt(p, 490, 380) > 200, "no shaft near the end");
  assert(alphaAt(p, 496, 385) > 200, "no head by the destination");
  assertEquals(alphaAt(p, 520, 402), 0);
});

Deno.test("a mark never leaves the screen, wherever its box is", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -50, max: 820 }),
      fc.integer({ min: -50, max: 620 }),
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 1, max: 100 }),
      fc.boolean(),
      (x, y, width, height, numbered) => {
        const p = drawMark(
          mark({ x, y, width, height }, { number: numbered ? 1 : null, note: "n" }),
          INK,
          SCREEN,
          "warning",
        );
        assert(p.origin.x >= 0 && p.origin.y >= 0);
        assert(p.origin.x + p.image.width <= 800 && p.origin.y + p.image.height <= 600);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("the shape a mark's window is cut to covers exactly the pixels it shows", () => {
  const p = drawMark(
    mark({ x: 200, y: 200, width: 90, height: 24 }, { number: 2, gesture: "double_click", note: "n" }),
    INK,
    SCREEN,
    "guide",
  );
  const covered = new Uint8Array(p.image.width * p.image.height);
  for (const r of opaqueRects(p.image)) {
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width; x++) covered[y * p.image.width + x]++;
    }
  }
  for (let i = 0; i < covered.length; i++) {
    assertEquals(covered[i], p.image.data[i * 4 + 3] >= 8 ? 1 : 0, `pixel ${i}`);
  }
});

Deno.test("a note is one plain line of at most its length", () => {
  assertEquals(plainLine("  Click\n\there\u202e now\u0007 ", 40), "Click here now");
  assertEquals(plainLine("<b>&amp;</b>", 40), "<b>&amp;</b>");
  assertEquals(plainLine("abcdefghij", 6), "abcde…");
  assertEquals(plainLine("\n\n", 6), "");
});

Deno.test("a note for the X server's core font keeps to Latin-1, with look-alikes where there are", () => {
  assertEquals(latin1Text("Save As… “now” – Größe"), 'Save As... "now" - Größe');
  assertEquals(latin1Text("Łódź 保存"), "Lódz ??");
});

/** A mark with every coordinate a fraction, its note written by the backend (the core font) or as pixels. */
const FRACTIONAL = mark({ x: 100.4, y: 99.6, width: 60.5, height: 20.2 }, {
  note: "Save here",
  number: 2,
  gesture: "drag_to",
  to: { x: 300.7, y: 250.2, width: 40.4, height: 19.5 },
});
const WHOLE = mark({ x: 100, y: 100, width: 61, height: 20 }, {
  note: "Save here",
  number: 2,
  gesture: "drag_to",
  to: { x: 301, y: 250, width: 40, height: 20 },
});

/** The same picture in the same place (compared without a diff of a million bytes). */
function assertSamePicture(a: ReturnType<typeof drawMark>, b: ReturnType<typeof drawMark>): void {
  assertEquals([a.origin, a.image.width, a.image.height, a.text], [
    b.origin,
    b.image.width,
    b.image.height,
    b.text,
  ]);
  const differ = a.image.data.findIndex((v, i) => v !== b.image.data[i]);
  assertEquals(differ, -1, "the pictures differ");
}

Deno.test("fractional coordinates are drawn as whole pixels, a core-font note's place included", () => {
  const lines: NoteInk = { kind: "lines", lines: ["Save here"], width: 54, lineHeight: 13 };
  const p = drawMark(FRACTIONAL, lines, SCREEN, "guide");
  // The X server's text call takes whole numbers only: a fraction there threw and left marks up.
  assert(Number.isInteger(p.text!.x) && Number.isInteger(p.text!.y), JSON.stringify(p.text));
  assert(Number.isInteger(p.origin.x) && Number.isInteger(p.origin.y));
  assertSamePicture(p, drawMark(WHOLE, lines, SCREEN, "guide"));
});

Deno.test("fractional coordinates are drawn as whole pixels, a note in the system's fonts included", () => {
  const p = drawMark(FRACTIONAL, INK, SCREEN, "guide");
  assertSamePicture(p, drawMark(WHOLE, INK, SCREEN, "guide"));
  // The note's ink is painted (at a fractional place it was written nowhere): white inside its dark label.
  const o = p.origin, label = { x: 100 - FRAME_REACH + 6, y: 100 + 20 + FRAME_REACH + 4 + 6 };
  const at = ((label.y + 5 - o.y) * p.image.width + (label.x + 50 - o.x)) * 4;
  assertEquals([...p.image.data.subarray(at, at + 3)], [255, 255, 255]);
});

Deno.test("a mark's parts hold every pixel it paints: frame, number, gesture, arrow and note", () => {
  fc.assert(
    fc.property(
      fc.record({
        x: fc.double({ min: -40, max: 760, noNaN: true }),
        y: fc.double({ min: -40, max: 560, noNaN: true }),
        width: fc.double({ min: 1, max: 200, noNaN: true }),
        height: fc.double({ min: 1, max: 60, noNaN: true }),
      }),
      fc.option(fc.record({ x: fc.integer({ min: 0, max: 760 }), y: fc.integer({ min: 0, max: 560 }) })),
      fc.boolean(),
      fc.boolean(),
      (box, to, numbered, noted) => {
        const m = mark(box, {
          number: numbered ? 1 : null,
          note: noted ? "n" : null,
          gesture: to ? "drag_to" : "click",
          to: to && { ...to, width: 30, height: 12 },
        });
        const ink = noted ? INK : null;
        const p = drawMark(m, ink, SCREEN, "guide");
        const parts = markParts(m, ink && inkSize(ink), SCREEN);
        for (let y = 0; y < p.image.height; y++) {
          for (let x = 0; x < p.image.width; x++) {
            if (p.image.data[(y * p.image.width + x) * 4 + 3] === 0) continue;
            const sx = p.origin.x + x + 0.5, sy = p.origin.y + y + 0.5;
            const held = parts.some(({ area: a }) =>
              sx >= a.x && sy >= a.y && sx <= a.x + a.width && sy <= a.y + a.height
            );
            assert(held, `pixel ${sx},${sy} lies in no part of ${JSON.stringify(parts)}`);
          }
        }
        // The note is a part of its own, where it is drawn.
        assertEquals(parts.some((q) => q.part === "note"), noted);
      },
    ),
    { numRuns: 40 },
  );
});
