/**
 * The line of a window manager's title bar that shows the window's title.
 * The window manager draws the title it was given (X11 `_NET_WM_NAME`), so
 * that line need not go to the recogniser: it is told from the title, as
 * long as what is drawn is plausibly the whole title. A title bar with more
 * than one line of text, a line much too narrow or too wide for the title,
 * or an ellipsis the title does not have (a title shortened to fit) is read
 * as any other line. Pure functions over found lines.
 *
 * @module
 */

import type { Box, Rect } from "../../common/rect.ts";
import { isLoneChar } from "../fixes/lone_char.ts";
import type { OcrWord } from "../types.ts";
import type { Grey } from "../../image/pixels.ts";
import { baselineOf, type Glyph, glyphsIn } from "../fixes/glyphs.ts";
import { isTextLine, rowHeight, type TextLine } from "./find.ts";
import { lineGround } from "./ground.ts";
import { ringLevel } from "./prepare.ts";

/** A window manager's title bar: its band (in the lines' coordinates) and the title it draws there. */
export interface TitleBar {
  band: Box;
  title: string;
}

/** A title bar given in screen pixels (`band`), in the coordinates of the lines of region `r`. */
export function barIn(title: { band: Rect; text: string }, r: Rect): TitleBar {
  const { band } = title;
  return { band: { x: band.x - r.x, y: band.y - r.y, w: band.width, h: band.height }, title: title.text };
}

/**
 * Width per character of a drawn title, in row heights: a title's fonts
 * fall well inside (about 0.5 for a bold sans), a title cut short or a line
 * that is not the title falls outside.
 */
const ADVANCE = { min: 0.25, max: 1.1 } as const;

/** The title's reading: the window manager's own text, not a recogniser's guess. */
const TOLD_CONF = 1;

/** Whether the title itself holds an ellipsis (then a drawn one says nothing). */
const ELLIPSIS = /…|\.\.\./;

/**
 * The one text line in `bar`'s band and its word (relative to the line), or
 * null when the band holds no text line or more than one, or its line does
 * not fit the title.
 */
export function titleLine(
  grey: Grey,
  lines: readonly TextLine[],
  bar: TitleBar,
  squareChars = false,
): { line: TextLine; word: OcrWord } | null {
  const title = bar.title.trim();
  if (!title) return null;
  const { band } = bar;
  const inBand = lines.filter((l) => {
    const cx = l.x + l.w / 2, cy = l.y + l.h / 2;
    return cx >= band.x && cx < band.x + band.w && cy >= band.y && cy < band.y + band.h &&
      isTextLine(l, squareChars) && !isLoneChar(l);
  });
  if (inBand.length !== 1) return null;
  const [line] = inBand;
  const advance = line.w / ([...title].length * rowHeight(line));
  if (advance < ADVANCE.min || advance > ADVANCE.max) return null;
  if (!ELLIPSIS.test(title)) {
    const ground = lineGround(line, grey) ?? ringLevel(grey, line);
    if (hasEllipsis(glyphsIn(grey, line, ground), rowHeight(line))) return null;
  }
  // `| 0`: a whole number stored boxed would re-lay out every word (find.ts, splitStacked).
  return { line, word: { text: title, conf: TOLD_CONF, x: 0, y: 0, w: line.w | 0, h: line.h | 0 } };
}

/**
 * Whether three dots stand in a row among `glyphs` (left to right), on one
 * baseline, evenly spaced with nothing between them: an ellipsis, in a line
 * whose text stands `rowH` pixels tall.
 */
export function hasEllipsis(glyphs: readonly Glyph[], rowH: number): boolean {
  const small = Math.max(3, Math.round(rowH * 0.3));
  const base = baselineOf(glyphs);
  const isDot = (q: Glyph) =>
    q.parts === 1 && q.w <= small && q.h <= small && Math.abs(q.y + q.h - base) <= 1;
  for (let i = 0; i + 2 < glyphs.length; i++) {
    const [a, b, c] = [glyphs[i], glyphs[i + 1], glyphs[i + 2]];
    if (!isDot(a) || !isDot(b) || !isDot(c)) continue;
    const gap1 = b.x - (a.x + a.w), gap2 = c.x - (b.x + b.w);
    if (gap1 < 0 || gap2 < 0 || Math.abs(gap1 - gap2) > 2 || Math.max(gap1, gap2) > small * 2 + 2) continue;
    return true;
  }
  return false;
}
