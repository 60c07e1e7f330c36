/**
 * A word with ink against it that no word covers: the recogniser left part
 * of what is drawn there unread, so the word may have lost a character.
 * A freshly opened editor shows the way: its caret, a bar before the first
 * letter and taller than the line, joins the "T" of "The"; the two are
 * found as a line of their own, the caret and the T come back as nothing,
 * and "he" is listed sure. Such a word keeps at most {@link UNREAD_CONF}.
 *
 * Ink counts when it starts within a letter's spacing of the word's side,
 * in the word's rows, is at least three columns wide (a caret or a bar is
 * one or two) and at most a letter or two wide, and does not run on above
 * or below the word by more than half its height (a border, a box, a
 * rule).
 *
 * @module
 */

import type { Box, Rect } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { ringLevel } from "../lines/prepare.ts";
import type { OcrWord } from "../types.ts";

/** The confidence a word with unread ink against it keeps at most: below the replies' unsure line. */
export const UNREAD_CONF = 0.5;
/** A pixel this far (0..255) from the word's ground is ink. */
const INK = 64;
/** Ink this many columns wide or narrower is a caret or a bar, not a character. */
const BAR = 2;
/** Ink wider than this share of the word's height is a shape, not a character or two. */
const WIDEST = 1.5;
/** Ink that starts this share of the word's height away (at least 2 px) is a letter's spacing away. */
const SPACING = 0.15;

/** The columns of ink against `side` of `word` (in `g`'s coordinates) that no other word covers, or null. */
export function unreadInkAt(
  g: Grey,
  word: Box,
  others: readonly Box[],
  side: "left" | "right",
): { from: number; to: number } | null {
  const ground = ringLevel(g, word);
  const inkAt = (x: number, y: number) => Math.abs(g.data[y * g.width + x] - ground) >= INK;
  const columnInked = (x: number) => {
    if (x < 0 || x >= g.width) return false;
    for (let y = word.y; y < word.y + word.h; y++) if (inkAt(x, y)) return true;
    return false;
  };
  const step = side === "left" ? -1 : 1;
  const start = side === "left" ? word.x - 1 : word.x + word.w;
  const reach = Math.max(2, Math.round(word.h * SPACING));
  let near = -1;
  for (let k = 0; k <= reach && near < 0; k++) if (columnInked(start + step * k)) near = start + step * k;
  if (near < 0) return null;
  const widest = word.h * WIDEST;
  let far = near;
  while (Math.abs(far - near) + 1 <= widest && columnInked(far + step)) far += step;
  const from = Math.min(near, far), to = Math.max(near, far);
  if (to - from + 1 <= BAR || to - from + 1 > widest) return null;
  const rowInked = (y: number) => {
    if (y < 0 || y >= g.height) return false;
    for (let x = from; x <= to; x++) if (inkAt(x, y)) return true;
    return false;
  };
  const beyond = word.h / 2;
  let above = 0, below = 0;
  while (above <= beyond && rowInked(word.y - 1 - above)) above++;
  while (below <= beyond && rowInked(word.y + word.h + below)) below++;
  if (above > beyond || below > beyond) return null;
  const covered = others.some((o) =>
    o !== word && o.x <= to && o.x + o.w > from && o.y < word.y + word.h && o.y + o.h > word.y
  );
  return covered ? null : { from, to };
}

/**
 * `words` (screen pixels, read from region `r` of the frame whose grey is
 * `g`) with each word that has unread ink against either side capped at
 * {@link UNREAD_CONF}; the same array when none has.
 */
export function unsureBesideUnreadInk(g: Grey, words: OcrWord[], r: Rect): OcrWord[] {
  const boxes = words.map((w) => ({ x: w.x - r.x, y: w.y - r.y, w: w.w, h: w.h }));
  const capped = words.map((w, i) =>
    w.conf > UNREAD_CONF &&
      (unreadInkAt(g, boxes[i], boxes, "left") || unreadInkAt(g, boxes[i], boxes, "right"))
      ? { ...w, conf: UNREAD_CONF }
      : w
  );
  return capped.some((w, i) => w !== words[i]) ? capped : words;
}
