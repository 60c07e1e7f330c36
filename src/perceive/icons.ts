/**
 * The icons of the window being read: drawings found there that nothing in
 * front of the window covers, each with its drawing's hash, the texts
 * nearest to it and its crop, ready to be named from memory.
 *
 * @module
 */

import { type Box, containsPoint } from "../common/rect.ts";
import type { WindowInfo, WindowState } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import { asSegments } from "../ocr/group.ts";
import { iconsBesideText, iconShapes } from "./icon_boxes.ts";
import { cropImage, drawingHash } from "./phash.ts";
import type { IconShapeFinder } from "./icon_reuse.ts";
import type { RgbaImage } from "../image/pixels.ts";

/** One icon drawn in the window, in screen pixels. */
export interface SeenIcon {
  x: number;
  y: number;
  w: number;
  h: number;
  cx: number;
  cy: number;
  /** The drawing's perceptual hash. */
  hash: string;
  /** Up to three texts nearest to it, nearest first. */
  near: string[];
  /** Its pixels at real size. */
  crop: RgbaImage;
}

/** How far (px, centre to box) a text may be to count as near an icon. */
const NEAR_PX = 160;

/**
 * The icon-shaped drawings of `window`, words included (icon_boxes.ts): what
 * needs no text read. A `finder` keeps what it found in rows that did not change.
 */
export function windowIconShapes(frame: RgbaImage, window: WindowInfo, finder?: IconShapeFinder): Box[] {
  const b = window.bounds;
  const inside = { x: b.x + 1, y: b.y + 1, width: b.width - 2, height: b.height - 2 };
  return finder ? finder.find(frame, inside) : iconShapes(frame, inside);
}

/**
 * Finds the icons of `window`: `words` are the texts read in it, `shapes`
 * its icon-shaped drawings when they were found already (while the text was
 * read). Glyphs under a chrome surface or another window in front are left
 * out, as their text is.
 */
export function findIcons(
  frame: RgbaImage,
  state: WindowState,
  window: WindowInfo,
  words: Element[],
  shapes: readonly Box[] = windowIconShapes(frame, window),
): SeenIcon[] {
  const out: SeenIcon[] = [];
  // Named by the segments of words around: a line of fixed-pitch text joined into one element is not one name.
  const segments = asSegments(words);
  for (const g of iconsBesideText(shapes, words)) {
    const cx = Math.round(g.x + g.w / 2);
    const cy = Math.round(g.y + g.h / 2);
    if (state.chrome.some((c) => containsPoint(c.bounds, cx, cy))) continue;
    const top = state.windows.find((w) => containsPoint(w.bounds, cx, cy));
    if (top && top.id !== window.id) continue;
    const crop = cropImage(frame, g);
    out.push({ ...g, cx, cy, hash: drawingHash(crop), near: nearestTexts(g, segments), crop });
  }
  return out;
}

function nearestTexts(g: { x: number; y: number; w: number; h: number }, words: Element[]): string[] {
  const cx = g.x + g.w / 2;
  const cy = g.y + g.h / 2;
  return words
    .map((e) => {
      const dx = Math.max(e.x - cx, 0, cx - (e.x + e.w));
      const dy = Math.max(e.y - cy, 0, cy - (e.y + e.h));
      return { text: e.text, d: Math.hypot(dx, dy) };
    })
    .filter((n) => n.d <= NEAR_PX)
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((n) => n.text);
}
