/**
 * Empty text entries named by their labels. Tk and Athena forms put a label
 * left of an entry, or above it, and clicking the label focuses nothing; the
 * entry itself is a bordered box with nothing in it, which OCR does not see at
 * all. Here the box is found in the pixels beside a label: right of it on its
 * row, or below it with its left edge under the label's, the nearer of the
 * two, so `click "Full name"` aims at the entry and `type` fills it.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box } from "../common/rect.ts";
import type { Element, ElementControl } from "../ocr/types.ts";
import {
  at,
  dist,
  groundAndShapes,
  groundOf,
  INK,
  inkMask,
  onlyShortInk,
  type Rgb,
  type Shape,
  weakestSide,
} from "./control_shapes.ts";
import { FILL_INK, hasFillRun, solidBoxes } from "./filled_controls.ts";
import { mayHoldShape, type ShapeReach } from "./ink_room.ts";

/** Share of each side an entry's border inks, at least: its outline is closed. */
const CLOSED = 0.7;
/**
 * Farthest an entry starts right of its label's end, or below its label's bottom, in text heights. A grid
 * form's entries line up in a column after its longest label: a short label's gap is the difference
 * (GTK4's "Full name", 5 text heights before its entry); nothing but ground lies between (`until`).
 */
const MAX_GAP = { right: 12, below: 2 };
/** How far an entry under its label may start left or right of the label's left edge, in text heights. */
const UNDER_SLACK = 1.5;
/** The widest stretch looked across for an entry's far end, in text heights. */
const REACH = 40;
/** How much taller than an outlined entry a filled one may be, for the same text. */
const FILLED_TALLER = 0.75;
/** Largest share of an entry's inside that may differ from its own fill (a caret is far less). */
const MARKED = 0.04;

/**
 * Whether the inside of `b` (a shape of `band`), a few pixels in from its
 * border, is one fill with next to nothing on it. A selection highlight is a
 * filled band of an entry's size whose light text is no shape on the
 * window's ground; taken for an empty entry, it hid the selected text as
 * part of a drawing.
 */
function isBlankInside(img: RgbaImage, band: Box, b: Shape): boolean {
  const x0 = band.x + b.x + 3,
    x1 = band.x + b.x + b.w - 3,
    y0 = band.y + b.y + 3,
    y1 = band.y + b.y + b.h - 3;
  if (x1 <= x0 || y1 <= y0) return true;
  const d = img.data;
  const counts = new Map<number, number>();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4, key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let fill = 0, most = 0;
  for (const [key, n] of counts) if (n > most) [fill, most] = [key, n];
  const [r, g, bl] = [fill >> 16, (fill >> 8) & 255, fill & 255];
  let marked = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - bl) > 60) marked++;
    }
  }
  return marked / ((x1 - x0) * (y1 - y0)) <= MARKED;
}

/** A box within the frame, or null when it is too small to hold an entry. */
function clipped(img: RgbaImage, x0: number, y0: number, x1: number, y1: number): Box | null {
  const x = Math.max(0, Math.round(x0)), y = Math.max(0, Math.round(y0));
  const w = Math.min(img.width, Math.round(x1)) - x, h = Math.min(img.height, Math.round(y1)) - y;
  return w >= 16 && h >= 8 ? { x, y, w, h } : null;
}

/**
 * Whether `s`, inside entry `b` (both shapes of a mask `w` wide), is an
 * Athena Text widget's caret: a hollow upright bar, a few pixels wide and
 * about the text's height, at the start of the entry. A character there
 * (`l`, `1`) is solid, and an `0` or `O` is wider.
 */
function isHollowCaret(ink: Uint8Array, w: number, s: Shape, b: Shape, t: number): boolean {
  if (s.w < 3 || s.w > Math.max(6, 0.4 * t) || s.h < 0.6 * t || s.h > 2 * t || s.x - b.x > 0.8 * t) {
    return false;
  }
  const row = (s.y + (s.h >> 1)) * w + s.x;
  return ink[row] === 1 && ink[row + s.w - 1] === 1 && ink[row + (s.w >> 1)] === 0;
}

/**
 * An entry's box among the shapes of `band`: a closed outline of its size,
 * nothing inside it but a caret; or, with no outline there, a filled box of
 * its size with nothing on its fill (GTK4's Adwaita entry, a shade darker
 * than the window and no border). Only a box whose corner is in `reach`
 * (where the label's entry would be) is of use to the caller, and when
 * there is none, none may be returned.
 */
function emptyBoxes(img: RgbaImage, band: Box, t: number, reach: Pick<ShapeReach, "left" | "top">): Box[] {
  const sized = (b: Shape) =>
    b.x > 0 && b.y > 0 && b.x + b.w < band.w && b.y + b.h < band.h &&
    b.h >= 1.2 * t && b.h <= 3 * t && b.w >= 4 * t;
  // Both boxes below are 1.2 text heights tall or more (a filled one more), clear of the band's left
  // side: a band of shorter ink, at the line each is drawn at, has none.
  const ground = groundOf(img, band);
  const outlined = () =>
    onlyShortInk(img, band, ground, INK, 1.2 * t) ? [] : outlinedBoxes(img, band, t, sized, ground);
  // Finding the outlines costs the most: they are looked for where one could be in reach, and elsewhere
  // only when a filled box is in reach (an outline anywhere in the band is taken before a filled box).
  const outlineInReach = mayHoldShape(img, band, ground, INK, {
    ...reach,
    minWidth: 4 * t,
    minHeight: 1.2 * t,
    maxHeight: 3 * t,
  });
  if (outlineInReach) {
    const boxes = outlined();
    return boxes.length ? boxes : filledBoxes(img, band, t, sized, ground);
  }
  const filled = filledBoxes(img, band, t, sized, ground);
  if (!filled.some((b) => inReach(b, reach))) return [];
  const boxes = outlined();
  return boxes.length ? boxes : filled;
}

/** Whether box `b`'s corner is in `reach`, to the pixel. */
function inReach(b: Box, reach: Pick<ShapeReach, "left" | "top">): boolean {
  return b.x >= Math.floor(reach.left[0]) && b.x <= Math.ceil(reach.left[1]) &&
    b.y >= Math.floor(reach.top[0]) && b.y <= Math.ceil(reach.top[1]);
}

/** The empty filled boxes of `band` (on its `ground`) that are `sized` as an entry, taller as a filled one may be. */
function filledBoxes(img: RgbaImage, band: Box, t: number, sized: (b: Shape) => boolean, ground: Rgb): Box[] {
  // A filled entry's middle rows are fill across its width: with no such run, there is none to look for.
  if (!hasFillRun(img, band, ground, 3 * t, 0.8 * t)) return [];
  if (onlyShortInk(img, band, ground, FILL_INK, 1.2 * t)) return [];
  // Adwaita's fields are 34 px tall around 11 px text: a filled box may be taller than an outlined one.
  const filledSized = (b: Shape) => sized({ ...b, h: b.h * FILLED_TALLER });
  return solidBoxes(img, band, filledSized).filter((b) => isBlankInside(img, band, b))
    .map((b) => ({ x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h }));
}

/** The empty outlined boxes among the shapes of `band` (on its `ground`) that are `sized` as an entry. */
function outlinedBoxes(
  img: RgbaImage,
  band: Box,
  t: number,
  sized: (b: Shape) => boolean,
  ground: Rgb,
): Box[] {
  const { shapes } = groundAndShapes(img, band, INK, ground);
  if (!shapes.some(sized)) return [];
  const ink = inkMask(img, band, ground);
  return shapes.filter((b) =>
    sized(b) && weakestSide(ink, band.w, b) >= CLOSED && isBlankInside(img, band, b) &&
    // Empty: no shape inside the border (a caret is one pixel wide and as tall as the text: allowed).
    !shapes.some((s) =>
      s !== b && s.x > b.x + 1 && s.y > b.y + 1 && s.x + s.w < b.x + b.w - 1 && s.y + s.h < b.y + b.h - 1 &&
      s.w > 2 && !isHollowCaret(ink, band.w, s, b, t)
    )
  ).map((b) => ({ x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h }));
}

/**
 * The empty entry `label` names: right of it on its row, or below it, the
 * nearer; null when there is none. `t` is the label's text height; the
 * entry ends before `until` on the label's row (the next text, or the
 * window's edge) and before `right` below it (the window's edge): a band
 * reaching past the window would take the desktop behind it for the ground.
 */
export function entryBeside(
  img: RgbaImage,
  label: Element,
  t: number,
  until: number,
  right: number,
): ElementControl | null {
  const found: Array<{ box: Box; gap: number }> = [];
  const end = label.x + label.w;
  const beside = clipped(
    img,
    end,
    label.cy - 1.8 * t,
    Math.min(until, end + (MAX_GAP.right + REACH) * t),
    label.cy + 1.8 * t,
  );
  if (beside) {
    const reach = {
      left: [end, end + MAX_GAP.right * t],
      top: [label.cy - 2.5 * t, label.cy + 0.5 * t],
    } as const;
    for (const b of emptyBoxes(img, beside, t, reach)) {
      const gap = b.x - end;
      if (gap >= 0 && gap <= MAX_GAP.right * t && Math.abs(b.y + b.h / 2 - label.cy) <= 0.5 * t) {
        found.push({ box: b, gap });
      }
    }
  }
  const bottom = label.y + label.h;
  const below = clipped(
    img,
    label.x - UNDER_SLACK * t - 2,
    bottom,
    Math.min(right, label.x + (UNDER_SLACK + REACH) * t),
    bottom + (MAX_GAP.below + 3.2) * t,
  );
  if (below) {
    const reach = {
      left: [label.x - UNDER_SLACK * t, label.x + UNDER_SLACK * t],
      top: [bottom, bottom + MAX_GAP.below * t],
    } as const;
    for (const b of emptyBoxes(img, below, t, reach)) {
      const gap = b.y - bottom;
      if (gap >= 0 && gap <= MAX_GAP.below * t && Math.abs(b.x - label.x) <= UNDER_SLACK * t) {
        found.push({ box: b, gap });
      }
    }
  }
  if (!found.length) return null;
  const nearest = found.reduce((a, b) => (b.gap < a.gap ? b : a));
  return { kind: "entry", state: "empty", ...nearest.box };
}

/** A lone token a recogniser makes of an Athena Text widget's caret, read with the label before it. */
const HOLLOW_CARET_TOKEN = /^[0OoDl|I\[\]()]$/;

/**
 * The box of the ink of `label`'s first words: up to the last inked column
 * before a gap of `gap` pixels (the stretch between a label and its entry).
 */
function leadingInk(img: RgbaImage, label: Element, gap: number): Box {
  const box = { x: label.x, y: label.y, w: Math.max(1, label.w), h: Math.max(1, label.h) };
  const ground = groundOf(img, box);
  let end = label.x, blank = 0, top = box.y + box.h, bottom = box.y;
  for (let x = label.x; x < label.x + label.w && blank < gap; x++) {
    let inked = false;
    for (let y = box.y; y < box.y + box.h; y++) {
      if (dist(at(img, x, y), ground) <= INK) continue;
      inked = true;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
    if (inked) [end, blank] = [x + 1, 0];
    else blank++;
  }
  return { x: label.x, y: top, w: end - label.x, h: Math.max(0, bottom - top) };
}

/**
 * The empty entry `label` names when the recogniser read the entry's caret
 * as a last word of the label ("Full name 0"): the label without that word,
 * and the entry, which must hold where the word was read; null otherwise.
 */
export function entryPastCaret(
  img: RgbaImage,
  label: Element,
  until: number,
  right: number,
): { label: Element; control: ElementControl } | null {
  const words = label.text.split(/\s+/);
  if (words.length < 2 || !HOLLOW_CARET_TOKEN.test(words[words.length - 1])) return null;
  // The caret is taller than the letters: the label's own height is its first words' ink.
  const ink = leadingInk(img, label, Math.round(0.5 * label.h));
  if (ink.w < 4 || ink.h < 4 || ink.x + ink.w >= label.x + label.w - 2) return null;
  const trimmed = {
    ...label,
    text: words.slice(0, -1).join(" "),
    ...ink,
    cx: Math.round(ink.x + ink.w / 2),
    cy: Math.round(ink.y + ink.h / 2),
  };
  const control = entryBeside(img, trimmed, Math.max(8, Math.min(ink.h, 40)), until, right);
  const caretAt = label.x + label.w - 2;
  if (!control || caretAt < control.x || caretAt > control.x + control.w) return null;
  return { label: trimmed, control };
}

/**
 * Tokens a recogniser makes of a focused entry's caret read with the label before it ("Full name I", Qt6's
 * "Full name 1", or with the entry's edge "Full name [i", as a stack's other lines lead it to).
 */
const CARET_TOKEN = /^(?:[I|l!1[\]]|[[\]|][iIl1|])$/;

/**
 * `label` without a caret token at its end, its box cut where that token's
 * character starts, or null when it ends in none. A focused entry right of
 * its label (Qt's first line edit) shows a caret a word space after the
 * label, and the recogniser reads the two as one text.
 */
export function withoutCaret(label: Element): Element | null {
  const words = label.text.split(/\s+/);
  if (words.length < 2 || !CARET_TOKEN.test(words.at(-1)!)) return null;
  const text = words.slice(0, -1).join(" ");
  const w = Math.max(1, Math.round((label.w * text.length) / label.text.length));
  return { ...label, text, w, cx: Math.round(label.x + w / 2) };
}
