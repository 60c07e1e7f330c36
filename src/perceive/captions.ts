/**
 * Captions wrapped over several lines: an icon view writes a long file name
 * centred under its icon in two or three short lines ("quarterly report
 * for" / "the northern" / "region.txt"). Read line by line, no line is the
 * name, so no target naming the file can match it. Lines stacked tightly and
 * centred on one axis, their left edges not lined up (which is what tells a
 * centred caption from a left-aligned paragraph), right under an icon
 * centred on the same axis (which is what tells it from a centred dialog
 * message or a stack of labels), are one caption: joined into one element
 * whose text is the whole name.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Element } from "../ocr/types.ts";
import { containsPoint, type Rect } from "../common/rect.ts";
import { at, dist, groundOf } from "./control_shapes.ts";

/** Centres of a caption's lines lie within this many pixels of each other. */
const CENTRE_SLACK = 4;
/** Half the width of the band above a caption searched for its icon. */
const ICON_SLACK = 8;
/** Widest gap between two lines of one caption, in line heights. */
const LINE_GAP = 0.6;
/** Left edges this far apart at least: lines of a left-aligned block share theirs. */
const MIN_LEFT_SHIFT = 6;

/**
 * True when a drawing sits right above `line`, centred on its axis: rows of
 * ink (however pale) over one and a half text heights within three of the
 * line (an icon; a centred message has a gap above). Ink is told from the
 * commonest colour around that band, the view's ground: the caption's own
 * ground may be a selection's highlight.
 */
function drawingAbove(frame: RgbaImage, line: Element): boolean {
  const top = Math.max(0, line.y - 3 * line.h);
  const around = { x: Math.max(0, line.cx - 4 * line.h), y: top, w: 0, h: Math.max(1, line.y - 1 - top) };
  around.w = Math.max(1, Math.min(frame.width, line.cx + 4 * line.h) - around.x);
  const g = groundOf(frame, around);
  let inked = 0;
  for (let y = top; y < line.y - 1; y++) {
    for (
      let x = Math.max(0, line.cx - ICON_SLACK);
      x <= Math.min(frame.width - 1, line.cx + ICON_SLACK);
      x++
    ) {
      if (dist(at(frame, x, y), g) > 24) {
        inked++;
        break;
      }
    }
  }
  return inked >= 1.5 * line.h;
}

/**
 * True when nothing else was read right above the caption (its icon is a
 * drawing, not text) or beside any of its lines (captions of an icon view
 * stand apart; the words of a listing's rows have neighbours).
 */
function standsAlone(stack: Element[], all: readonly Element[]): boolean {
  const top = stack[0];
  for (const o of all) {
    // A glyph the icon was read as ("—", "mY") is the drawing, not a text above it; a short text
    // read sure of itself ("75" in the cell above) is text.
    const glyph = o.conf < 0.9 && (o.text.match(/\p{L}|\p{N}/gu)?.length ?? 0) < 3;
    if (stack.includes(o) || o.conf < 0.8 || glyph) continue;
    const above = o.y + o.h > top.y - 3 * top.h && o.y + o.h <= top.y + 1 &&
      o.x < top.cx + ICON_SLACK && o.x + o.w > top.cx - ICON_SLACK;
    if (above) return false;
    for (const s of stack) {
      const sameRow = Math.abs(o.cy - s.cy) < s.h / 2;
      const gap = Math.max(o.x - (s.x + s.w), s.x - (o.x + o.w));
      if (sameRow && gap < 1.5 * s.h) return false;
    }
  }
  return true;
}

function joinable(upper: Element, lower: Element): boolean {
  const gap = lower.y - (upper.y + upper.h);
  const h = Math.max(upper.h, lower.h);
  return gap >= -1 && gap <= LINE_GAP * h &&
    Math.abs(upper.cx - lower.cx) <= CENTRE_SLACK &&
    Math.abs(upper.x - lower.x) >= MIN_LEFT_SHIFT &&
    Math.min(upper.h, lower.h) >= 0.6 * h &&
    !upper.control && !lower.control && !upper.icon && !lower.icon;
}

/**
 * Joins wrapped captions (see the module's description), never inside
 * `cells` (a grid's area); every other element is returned as it was, in
 * the same order.
 */
export function joinCaptions(elements: readonly Element[], frame: RgbaImage, cells?: Rect | null): Element[] {
  const used = new Set<Element>();
  const out: Element[] = [];
  const byTop = [...elements].sort((a, b) => a.y - b.y);
  for (const e of elements) {
    if (used.has(e)) continue;
    const stack = [e];
    for (;;) {
      const last = stack[stack.length - 1];
      const next = byTop.find((o) => !used.has(o) && !stack.includes(o) && joinable(last, o));
      if (!next) break;
      stack.push(next);
    }
    // A caption names something: it has words (a stack of numbers is a column of a table), and a
    // grid's cells are never captions.
    const named = (stack.map((s) => s.text).join("").match(/\p{L}/gu)?.length ?? 0) >= 3;
    const inCells = cells && containsPoint(cells, e.cx, e.cy);
    if (
      stack.length === 1 || !named || inCells || !drawingAbove(frame, stack[0]) ||
      !standsAlone(stack, elements)
    ) {
      out.push(e);
      continue;
    }
    for (const s of stack) used.add(s);
    const x = Math.min(...stack.map((s) => s.x));
    const x2 = Math.max(...stack.map((s) => s.x + s.w));
    const y = stack[0].y;
    const y2 = stack[stack.length - 1].y + stack[stack.length - 1].h;
    out.push({
      text: stack.map((s) => s.text).join(" "),
      x,
      y,
      w: x2 - x,
      h: y2 - y,
      cx: Math.round((x + x2) / 2),
      cy: Math.round((y + y2) / 2),
      conf: Math.min(...stack.map((s) => s.conf)),
    });
  }
  return out;
}
