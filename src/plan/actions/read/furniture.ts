/**
 * Tells a scrolled document from the window around it, across the
 * screenfuls a `read` with scroll:true collects.
 *
 * Between two screenfuls the document moves by one distance (the scroll
 * shift) while the window's furniture (title, toolbar, address bar, status
 * bar, a banner, a bubble) stays where it was. So the shift is measured
 * first, from rows read in both screenfuls at a vertical distance; then
 * every element is judged:
 *
 * - moved: found again in a neighbouring screenful, shifted by the scroll:
 *   document;
 * - still: found again in the same place and not explained by the shift:
 *   furniture, whatever else on its row changed (a bubble appearing on the
 *   address bar's row leaves the rest of that row still);
 * - outside the document's band (above the first row that moved in any
 *   later screenful, below the last that moved in any earlier one) and
 *   neither: an edge fragment (a row cut in half, a scroll bar's arrow, an
 *   overlay that came and went). Left out.
 *
 * Without any measured shift nothing can be told apart this way and the
 * caller falls back on rows identical in every screenful.
 *
 * @module
 */

import type { Element } from "../../../ocr/types.ts";
import { groupRows } from "./layout.ts";
import { sameLine } from "./join.ts";

/** Pixels two readings of one element may be apart and still count as the same place. */
const SAME_PLACE = 3;
/** Shifts smaller than this are no scroll (a one-pixel jitter of the text). */
const MIN_SHIFT = 4;
/** Rows that must agree on a shift before it is believed. */
const MIN_SHIFT_VOTES = 2;

/** What one screenful holds once the document is told from the window. */
export interface ScreenfulParts {
  /** The document's text on this screenful. */
  body: Element[];
  /** Window furniture: elements that stayed in place while the document moved. */
  furniture: Element[];
  /** Fragments at the band's edges: rows cut by the edge, scroll-bar marks, passing overlays. */
  junk: Element[];
}

/** The verdict over all screenfuls, or null when no shift could be measured. */
export interface Split {
  parts: ScreenfulParts[];
  /** The measured shift between screenful i and i+1 (pixels the document moved up), null where unknown. */
  shifts: (number | null)[];
  /** The document's band in screen pixels: the part of the window that scrolls. */
  band: { top: number; bottom: number };
}

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The distance the document moved up between two screenfuls: the most
 * common vertical distance between rows read the same in both. Null when
 * fewer than {@link MIN_SHIFT_VOTES} rows agree.
 */
export function measureShift(a: readonly Element[], b: readonly Element[]): number | null {
  const rowsA = groupRows(a).map((r) => ({
    text: clean(r.elements.map((e) => e.text).join(" ")),
    top: r.top,
  }));
  const rowsB = groupRows(b).map((r) => ({
    text: clean(r.elements.map((e) => e.text).join(" ")),
    top: r.top,
  }));
  const votes = new Map<number, number>();
  for (const ra of rowsA) {
    if (ra.text.length < 4) continue;
    for (const rb of rowsB) {
      const dy = Math.round(ra.top - rb.top);
      if (dy < MIN_SHIFT || ra.text !== rb.text) continue;
      votes.set(dy, (votes.get(dy) ?? 0) + 1);
    }
  }
  // Neighbouring pixel values are one shift read with a pixel of rounding either way.
  let best: number | null = null;
  let bestVotes = 0;
  for (const dy of votes.keys()) {
    const n = (votes.get(dy - 1) ?? 0) + votes.get(dy)! + (votes.get(dy + 1) ?? 0);
    if (n > bestVotes || (n === bestVotes && best !== null && votes.get(dy)! > votes.get(best)!)) {
      best = dy;
      bestVotes = n;
    }
  }
  return bestVotes >= MIN_SHIFT_VOTES ? best : null;
}

/**
 * True when `other` holds a reading of `e` at `e`'s place moved down by
 * `dy`. Loose: the text may differ by an OCR slip (a moved row re-read).
 * Strict (furniture, which does not move at all): the same text in the same
 * box to a pixel, so a row cut by the edge that happens to start with the
 * same word one row's fraction away is not taken for it.
 */
function foundAt(e: Element, other: readonly Element[], dy: number, loose: boolean): boolean {
  const text = clean(e.text);
  const tol = loose ? SAME_PLACE : 1;
  return other.some((o) =>
    Math.abs(o.x - e.x) <= tol && Math.abs(o.y - (e.y + dy)) <= tol &&
    (loose ? clean(o.text) === text || sameLine(o.text, e.text) : clean(o.text) === text &&
      Math.abs(o.w - e.w) <= 1 && Math.abs(o.h - e.h) <= 1)
  );
}

/**
 * Splits every screenful into document, furniture and edge fragments (see
 * the module's description). Null when no two screenfuls agree on a shift.
 */
export function splitScreenfuls(shots: readonly (readonly Element[])[]): Split | null {
  const shifts = shots.slice(1).map((b, i) => measureShift(shots[i], b));
  if (!shifts.some((s) => s !== null)) return null;
  const moved = shots.map(() => new Set<Element>());
  const still = shots.map(() => new Set<Element>());
  let top = Infinity;
  let bottom = -Infinity;
  for (let i = 0; i + 1 < shots.length; i++) {
    const a = shots[i], b = shots[i + 1], s = shifts[i];
    for (const e of a) {
      if (s !== null && foundAt(e, b, -s, true)) moved[i].add(e);
      else if (foundAt(e, b, 0, false)) still[i].add(e);
    }
    for (const e of b) {
      if (s !== null && foundAt(e, a, s, true)) moved[i + 1].add(e);
      else if (foundAt(e, a, 0, false)) still[i + 1].add(e);
    }
    if (s === null) continue;
    // In the later screenful the document's first row came up from the earlier one; in the
    // earlier one its last row is still there in the later one.
    for (const e of b) if (foundAt(e, a, s, true)) top = Math.min(top, e.y);
    for (const e of a) if (foundAt(e, b, -s, true)) bottom = Math.max(bottom, e.y + e.h);
  }
  if (!Number.isFinite(top) || !Number.isFinite(bottom) || bottom <= top) return null;
  const parts = shots.map((shot, i) => {
    const body: Element[] = [], furniture: Element[] = [], junk: Element[] = [];
    for (const e of shot) {
      if (still[i].has(e) && !moved[i].has(e)) furniture.push(e);
      else if (e.cy >= top && e.cy <= bottom) body.push(e);
      else junk.push(e);
    }
    return { body, furniture, junk };
  });
  return { parts, shifts, band: { top, bottom } };
}
