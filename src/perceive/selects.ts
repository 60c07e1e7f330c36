/**
 * Drop-down selects (an HTML <select>, a combo box): a bordered box holding
 * the option it shows and, at its right end, a chevron. OCR reads the chevron
 * as a letter ("v", "~") after the option, or as a word of its own; here the
 * box and its chevron are found in the pixels around a text, so the text can
 * carry the select and its option, and the chevron can leave the text.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box } from "../common/rect.ts";
import type { Element } from "../ocr/types.ts";
import {
  groundAndShapes,
  groundOf,
  INK,
  inkMask,
  onlyShortInk,
  type Shape,
  weakestSide,
} from "./control_shapes.ts";
import { mayHoldShape } from "./ink_room.ts";

/** A select's box around (the end of) a text, and where its chevron starts, in screen pixels. */
export interface SelectBox extends Box {
  chevronX: number;
}

/** Tokens a recogniser makes of a chevron, taken off the end of the text when the chevron is found. */
export const CHEVRON_TOKEN = /^[vVyYuU~⌄∨˅ˇ<>^*•·¥»|]{1,2}$/;

/** Share of each side an outline inks, at least: a box's border is closed, rounded corners aside. */
const CLOSED = 0.7;
/** How far right of a label its select's box is looked for, in text heights; wider when it runs on. */
const REACH = 6;
/** The reach for a combo box stretched across its layout's column (Qt's), looked for when one runs on. */
const WIDE_REACH = 40;

/**
 * A chevron pointing down: a small shape wider than tall whose ink narrows
 * from its top row to its bottom row.
 */
export function isChevron(ink: Uint8Array, w: number, c: Shape, t: number): boolean {
  if (c.h < 3 || c.h > 0.9 * t || c.w < 0.9 * c.h || c.w > 3 * c.h || c.w > 1.5 * t) return false;
  const span = (y: number) => {
    let x0 = -1, x1 = -1;
    for (let x = 0; x < c.w; x++) {
      if (ink[(c.y + y) * w + c.x + x] !== 1) continue;
      if (x0 < 0) x0 = x;
      x1 = x;
    }
    return x0 < 0 ? 0 : x1 - x0 + 1;
  };
  return span(0) >= 0.7 * c.w && span(c.h - 1) <= 0.5 * c.w;
}

/**
 * The select whose box holds the end of `label`: a closed outline one to
 * three text heights tall around the label's line, the label ending inside
 * it, and as the last shape inside it, near its right border and apart from
 * the text, a chevron. The band looked in ends at `right` (the window's
 * edge: past it lies the desktop, whose colour is no ground of the form).
 */
export function selectAround(
  img: RgbaImage,
  label: Element,
  right = img.width,
  reach = REACH,
): SelectBox | null {
  const t = Math.max(8, Math.min(label.h, 40));
  const x0 = Math.max(0, Math.round(label.x - 2 * t)), y0 = Math.max(0, Math.round(label.cy - 2 * t));
  const x1 = Math.min(img.width, right, Math.round(label.x + label.w + reach * t));
  const y1 = Math.min(img.height, Math.round(label.cy + 2 * t));
  if (x1 - x0 < 4 * t || y1 - y0 < 2 * t) return null;
  const band = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  const ground = groundOf(img, band);
  // A select's box is 1.2 text heights tall or more, clear of the band's left side: a band of shorter
  // ink has none (nor one running on).
  if (onlyShortInk(img, band, ground, INK, 1.2 * t)) return null;
  // Nor has one with no room for it around the label's line and end (a page of text's letters).
  const reachable = mayHoldShape(img, band, ground, INK, {
    left: [band.x + 1, label.x + label.w - t],
    top: [label.cy - 3 * t, label.cy],
    minWidth: 3 * t,
    minHeight: 1.2 * t,
    maxHeight: 3 * t,
  });
  if (!reachable) return null;
  const { shapes } = groundAndShapes(img, band, INK, ground);
  const end = label.x + label.w - band.x, cy = label.cy - band.y;
  /** A shape of the size and place of the select's box, its outline not yet looked at. */
  const boxLike = (b: Shape, runsOn = false) =>
    b.x > 0 && b.y > 0 && (runsOn ? b.x + b.w === band.w : b.x + b.w < band.w) && b.y + b.h < band.h &&
    b.h >= 1.2 * t && b.h <= 3 * t && b.w >= 3 * t && cy >= b.y && cy <= b.y + b.h &&
    // The label's text ends inside the box (a label before the box may be read with it).
    end > b.x + t && end <= b.x + b.w + 2;
  // Most labels have no such shape around them: their band's ink is masked only when one has.
  if (!shapes.some((b) => boxLike(b))) {
    // A box running on past the band's end is looked at again whole, in a band reaching farther.
    return reach < WIDE_REACH && shapes.some((b) => boxLike(b, true))
      ? selectAround(img, label, right, WIDE_REACH)
      : null;
  }
  const ink = inkMask(img, band, ground);
  for (const b of shapes) {
    if (!boxLike(b)) continue;
    if (weakestSide(ink, band.w, b) < CLOSED) continue;
    const inside = shapes.filter((s) =>
      s !== b && s.x > b.x && s.y > b.y && s.x + s.w < b.x + b.w && s.y + s.h < b.y + b.h
    ).sort((p, q) => p.x + p.w - (q.x + q.w));
    const chevron = inside.at(-1);
    if (!chevron || inside.length < 2) continue;
    if (b.x + b.w - (chevron.x + chevron.w) > 2 * t) continue;
    const before = Math.max(...inside.slice(0, -1).map((s) => s.x + s.w));
    if (chevron.x - before < 0.3 * t) continue;
    if (Math.abs(chevron.y + chevron.h / 2 - (b.y + b.h / 2)) > 0.3 * t) continue;
    if (!isChevron(ink, band.w, chevron, t)) continue;
    return { x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h, chevronX: band.x + chevron.x };
  }
  return null;
}

/** A token a recogniser makes of the box's left border ("Bean | Arabica"). */
const BORDER_TOKEN = /^[|\[]$/;

/**
 * What `label` says once its select is known: the text without the
 * chevron's token or the border's, its box ending before the chevron, and
 * the option the select shows (the words inside its box, each placed by its
 * characters' share of the text's width).
 */
export function selectText(label: Element, box: SelectBox): { text: string; w: number; option: string } {
  const t = Math.max(8, Math.min(label.h, 40));
  let at = 0;
  const words = label.text.split(/\s+/).filter(Boolean).map((word) => {
    const mid = label.x + ((at + word.length / 2) / label.text.length) * label.w;
    at += word.length + 1;
    return { word, mid };
  });
  let w = label.w;
  const last = words.at(-1);
  if (words.length > 1 && last && CHEVRON_TOKEN.test(last.word) && label.x + label.w > box.chevronX) {
    words.pop();
    w = Math.max(1, box.chevronX - label.x);
  }
  const kept = words.filter((k) => !(BORDER_TOKEN.test(k.word) && Math.abs(k.mid - box.x) < t));
  const text = kept.map((k) => k.word).join(" ");
  const option = kept.filter((k) => k.mid >= box.x).map((k) => k.word).join(" ");
  return { text, w, option: option || text };
}
