/**
 * The multiplication key of a keypad. A `×` and a plain `x` draw the same
 * saltire, and the recogniser reads both as a letter (`X` at 0.68 on GNOME
 * Calculator), so a lone cross is `×` only with evidence beyond its shape:
 * it is a key in a grid of keys (a label on its row and one in its column)
 * and it is drawn smaller than its row's labels by the share a `×` takes of
 * a digit's height, where a letter `x` would take its x-height's share.
 * Even so a bold keypad's regular `x` can pass (SpeedCrunch's), so the `×`
 * is listed below the confidence line; a lone `x` in a keypad that this does
 * not settle stays an `x`, also marked unsure. Targets `×`, `x` and `*` find
 * either (common/symbols.ts).
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { OcrWord } from "../types.ts";
import type { TextLine } from "../lines/find.ts";
import { inkBox, isCross } from "./shapes.ts";
import { isLoneChar } from "./lone_char.ts";

/** How far (px) centres in one row or one column of keys may stray. */
const ALIGN = 2;
/** The heights, against its row's labels, a `×` is drawn at (DejaVu's is two thirds of a digit; an `x` three quarters). */
const TIMES_SHARE = { min: 0.55, max: 0.7 };
/** The confidence of a keypad's `×` told by shape and grid: likely, never sure. */
export const KEYPAD_TIMES_CONF = 0.7;
/** The confidence a keypad's `x` keeps when nothing tells it from a `×`: below the line, unsure. */
export const UNSURE_KEY_CONF = 0.6;

/** The key labels on `line`'s row (centres aligned, a key's width away) when it also has one in its column. */
export function keypadRow(line: TextLine, lines: readonly TextLine[]): TextLine[] | null {
  const cy = line.y + line.h / 2, cx = line.x + line.w / 2;
  const keys = lines.filter((l) => l !== line && isLoneChar(l));
  const row = keys.filter((l) =>
    Math.abs(l.y + l.h / 2 - cy) <= ALIGN && (l.x >= line.x + line.w + line.h || l.x + l.w + line.h <= line.x)
  );
  const column = keys.some((l) =>
    Math.abs(l.x + l.w / 2 - cx) <= ALIGN && (l.y >= line.y + line.h * 2 || l.y + l.h + line.h <= line.y)
  );
  return row.length && column ? row : null;
}

/** `×` for a lone line of a keypad whose cross is drawn at a `×`'s height, else null. */
export function keypadSign(
  grey: Grey,
  line: TextLine,
  lines: readonly TextLine[],
  groundOf: (l: TextLine) => number,
): string | null {
  if (!isLoneChar(line)) return null;
  const ground = groundOf(line);
  if (!isCross(grey, line, ground)) return null;
  const row = keypadRow(line, lines);
  if (!row) return null;
  const heights = row.map((l) => inkBox(grey, l, groundOf(l)).h).sort((a, b) => a - b);
  const share = inkBox(grey, line, ground).h / heights[heights.length >> 1];
  return share >= TIMES_SHARE.min && share <= TIMES_SHARE.max ? "×" : null;
}

/**
 * Letters a keypad's symbol keys are misread as when their shape was not
 * told: `x` for `×`, `v` `V` `J` for `√`, `mn` `TT` for `π`.
 */
const SYMBOL_LOOKALIKES = new Set(["x", "X", "v", "V", "J", "mn", "TT"]);

/**
 * A letter read on a key of a keypad (`keys`, lines whose words are
 * relative to `offset`) that a symbol key is misread as is held below the
 * confidence line: it may be a `×`, a `√` or a `π`.
 */
export function markKeypadLetters(
  words: OcrWord[],
  keys: readonly TextLine[],
  offset: { x: number; y: number },
): void {
  for (const w of words) {
    if (!SYMBOL_LOOKALIKES.has(w.text)) continue;
    const cx = w.x + w.w / 2 - offset.x, cy = w.y + w.h / 2 - offset.y;
    const onKey = keys.some((l) => cx >= l.x && cx <= l.x + l.w && cy >= l.y && cy <= l.y + l.h);
    if (onKey) w.conf = Math.min(w.conf, UNSURE_KEY_CONF);
  }
}

/** Heights, against its row's labels, an asterisk is drawn at, at most: a `#` takes a digit's. */
const ASTERISK_SHARE = 0.6;
/** How far (px) a small mark's top or bottom may stand from its row's: a star hangs from the top line, a point sits on the baseline. */
const EDGE_ALIGN = 2;
/** A keypad's point is a dot this many pixels across at most. */
const POINT_SIZE = 3;
/** The confidence of a keypad's point told by its place: a dot on the baseline of a key in a grid of keys. */
export const KEYPAD_POINT_CONF = 0.8;

/**
 * The key labels `line` (a small mark) shares its top or bottom line with,
 * taller than it and a key's width away, when a label also stands in its
 * column; else none.
 */
function markRow(line: TextLine, lines: readonly TextLine[], edge: "top" | "bottom"): TextLine[] {
  const cx = line.x + line.w / 2;
  const keys = lines.filter((l) => l !== line && isLoneChar(l));
  const at = (l: TextLine) => (edge === "top" ? l.y : l.y + l.h);
  const row = keys.filter((l) =>
    Math.abs(at(l) - at(line)) <= EDGE_ALIGN && l.h > line.h &&
    (l.x >= line.x + line.w + line.h || l.x + l.w + line.h <= line.x)
  );
  const column = keys.some((l) => Math.abs(l.x + l.w / 2 - cx) <= ALIGN && Math.abs(l.y - line.y) > 2 * l.h);
  return column ? row : [];
}

/**
 * Whether a lone key read as `#` is a keypad's `*`: a small mark hung from
 * the top line of its row's labels (xcalc's 5-pixel star reads `#`), where a
 * `#` is as tall as a digit.
 */
export function isKeypadAsterisk(
  grey: Grey,
  line: TextLine,
  lines: readonly TextLine[],
  groundOf: (l: TextLine) => number,
): boolean {
  if (!isLoneChar(line)) return false;
  const row = markRow(line, lines, "top");
  if (row.length < 2) return false;
  const heights = row.map((l) => inkBox(grey, l, groundOf(l)).h).sort((a, b) => a - b);
  return inkBox(grey, line, groundOf(line)).h / heights[heights.length >> 1] <= ASTERISK_SHARE;
}

/**
 * Whether a lone mark is a keypad's decimal point: a dot a few pixels
 * across on the baseline of its row's labels, in a column of keys (xcalc's
 * 1x2-pixel `.`, too small for the recogniser to read at all).
 */
export function isKeypadPoint(
  grey: Grey,
  line: TextLine,
  lines: readonly TextLine[],
  groundOf: (l: TextLine) => number,
): boolean {
  const ink = inkBox(grey, line, groundOf(line));
  if (ink.w > POINT_SIZE || ink.h > POINT_SIZE || line.h > POINT_SIZE + 3) return false;
  return markRow(line, lines, "bottom").some((l) => l.h >= 3 * ink.h);
}
