/**
 * A made-up window for warming a look's passes (warm_passes.ts): lines of
 * letter-like strokes as a page of text draws them, a row of icon-sized
 * drawings, a checkbox and an empty entry beside their labels, and a small
 * grid of rules, with the elements a read of its lines would give. The
 * screen a server starts on may show little text, and a pass that has run
 * once, on a bare screen, is still slow: its loops over text are compiled
 * only after a few runs over text.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Element } from "../ocr/types.ts";

/** The made-up window: its frame, its bounds in that frame, its lines' labels and its title bar. */
export interface WarmPage {
  frame: RgbaImage;
  window: Rect;
  labels: Element[];
  /** The window manager's bar across the top (its height), and the title drawn there. */
  title: { height: number; text: string };
}

const WIDTH = 640, HEIGHT = 420;
/** Where the lines of text start, and their pitch: 13 px text on 20 px rows, as an editor draws it. */
const TEXT_TOP = 70, PITCH = 20, LINES = 12;
/** The window manager's title bar across the top, and the toolbar below it. */
const TITLE_H = 22, TOOLBAR_TOP = TITLE_H + 2;
/** The glyphs of the title's two words. */
const TITLE_SEED = 4;
const INK = [40, 40, 40] as const;

/** Fills `w` by `h` pixels at (x, y) with `rgb`. */
function fill(img: RgbaImage, x: number, y: number, w: number, h: number, rgb: readonly number[]): void {
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) img.data.set(rgb, (j * img.width + i) * 4);
  }
}

/** One letter-like glyph at (x, baseline - height): a stem, and a bowl, an arch or a bar as `kind` says. */
function glyph(img: RgbaImage, x: number, baseline: number, kind: number): number {
  const tall = kind % 3 === 0, h = tall ? 10 : 7, top = baseline - h;
  fill(img, x, top, 1, h, INK);
  if (kind % 2 === 0) fill(img, x, baseline - 7, 5, 1, INK); // an arch or a bowl's top
  if (kind % 4 === 1) fill(img, x, baseline - 1, 5, 1, INK); // a bowl's bottom
  if (kind % 5 !== 2) fill(img, x + 4, baseline - 7, 1, 7, INK); // a second stem
  return 7;
}

/** How many letters word `w` of a line drawn with `seed` has. */
const lettersOf = (seed: number, w: number) => 2 + ((seed + w * 3) % 6);

/** A line of words of letter-like glyphs from `x`; `seed` picks the glyphs. Returns where it ends. */
function textLine(img: RgbaImage, x: number, baseline: number, words: number, seed: number): number {
  for (let w = 0; w < words; w++) {
    const letters = lettersOf(seed, w);
    for (let k = 0; k < letters; k++) x += glyph(img, x, baseline, seed * 7 + w * 5 + k);
    x += 6;
  }
  return x - 6;
}

/** An outlined box `w` by `h` at (x, y). */
function outline(img: RgbaImage, x: number, y: number, w: number, h: number, rgb: readonly number[]): void {
  fill(img, x, y, w, 1, rgb);
  fill(img, x, y + h - 1, w, 1, rgb);
  fill(img, x, y, 1, h, rgb);
  fill(img, x + w - 1, y, 1, h, rgb);
}

/** The made-up window; `variant` changes some of its lines, as an edit does. */
export function warmPage(variant = 0): WarmPage {
  const frame = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT * 4).fill(255) };
  const window = { x: 0, y: 0, width: WIDTH, height: HEIGHT };
  // A title bar with its title in the middle, as a window manager draws one; the title given for it has
  // as many letters in each word as are drawn.
  fill(frame, 0, 0, WIDTH, TITLE_H, [214, 214, 218]);
  const titleWords = [lettersOf(TITLE_SEED, 0), lettersOf(TITLE_SEED, 1)];
  textLine(frame, WIDTH / 2 - 40, 16, titleWords.length, TITLE_SEED);
  // A toolbar of icon-sized drawings on a grey band.
  fill(frame, 0, TOOLBAR_TOP, WIDTH, 40, [236, 236, 236]);
  for (let i = 0; i < 6; i++) {
    outline(frame, 12 + i * 34, TOOLBAR_TOP + 8, 20, 20, [90, 90, 90]);
    fill(frame, 17 + i * 34, TOOLBAR_TOP + 13 + (i % 3), 10, 6 + (i % 4), [60, 110, 180]);
  }
  const labels: Element[] = [];
  for (let i = 0; i < LINES; i++) {
    const baseline = TEXT_TOP + i * PITCH + 10, x = 20;
    const end = textLine(frame, x, baseline, 2 + (i % 4), i + (i % 3 === 0 ? variant : 0));
    labels.push({
      text: `warm line ${i}`,
      x,
      y: baseline - 10,
      w: end - x,
      h: 13,
      cx: Math.round((x + end) / 2),
      cy: baseline - 4,
      conf: 0.9,
    });
  }
  // A checkbox before a label, an empty entry after one.
  const formTop = TEXT_TOP + LINES * PITCH + 10;
  outline(frame, 20, formTop, 13, 13, [118, 118, 118]);
  const checkEnd = textLine(frame, 42, formTop + 11, 2, 3);
  const entryEnd = textLine(frame, 20, formTop + 41, 1, 5);
  outline(frame, entryEnd + 10, formTop + 30, 160, 24, [150, 150, 150]);
  for (const [x, end, top] of [[42, checkEnd, formTop + 1], [20, entryEnd, formTop + 31]]) {
    labels.push({
      text: "warm label",
      x,
      y: top,
      w: end - x,
      h: 13,
      cx: Math.round((x + end) / 2),
      cy: top + 6,
      conf: 0.9,
    });
  }
  // A grid of rules, five rows by four columns, right of the text.
  for (let r = 0; r <= 5; r++) fill(frame, 380, 70 + r * 22, 200, 1, [200, 200, 200]);
  for (let c = 0; c <= 4; c++) fill(frame, 380 + c * 50, 70, 1, 110, [200, 200, 200]);
  return {
    frame,
    window,
    labels,
    title: { height: TITLE_H, text: titleWords.map((n) => "w".repeat(n)).join(" ") },
  };
}
