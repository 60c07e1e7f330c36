/**
 * Keys of a keypad drawn in bold: a bold digit (GNOME Calculator's `6`) is
 * as dense with edges as a filled icon, so the line finder would drop it as
 * one. Such a dense glyph is kept as a character only when it sits in a grid
 * of characters, the evidence a keypad gives: another character on its row,
 * aligned top and bottom, and another character or such glyph in its column,
 * centred on it. An icon in a toolbar or a title bar has no such grid.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";

/** How far (px) the edges of two keys' labels in one row, or the centres of one column, may stray. */
const ALIGN = 2;

/** Whether a text line is a lone character (a key's label), not a word. */
function isKeyLabel(l: Box): boolean {
  return l.h <= 30 && l.w <= l.h * 1.4 + 2;
}

/** Whether `g` has a key label on its row: aligned top and bottom, a key's width away. */
function hasRowMate(g: Box, labels: readonly Box[]): boolean {
  return labels.some((l) =>
    Math.abs(l.y - g.y) <= ALIGN && Math.abs(l.y + l.h - (g.y + g.h)) <= ALIGN &&
    (l.x >= g.x + g.w + g.h || l.x + l.w + g.h <= g.x)
  );
}

/** Whether some line of `mates` is centred in the column of `g`, on another row. */
function hasColumnMate(g: Box, mates: readonly Box[]): boolean {
  const centre = g.x + g.w / 2;
  return mates.some((l) =>
    l !== g && Math.abs(l.x + l.w / 2 - centre) <= ALIGN && (l.y >= g.y + g.h * 2 || l.y + l.h + g.h <= g.y)
  );
}

/**
 * The lines as the reader gets them: dense glyphs (`isDense`, kept by the
 * line finder as candidates) stay only where a keypad's grid holds them;
 * `isText` tells the lines that are text.
 */
export function keepKeypadGlyphs<T extends Box>(
  lines: T[],
  isText: (l: T) => boolean,
  isDense: (l: T) => boolean,
): T[] {
  const dense = lines.filter((l) => !isText(l) && isDense(l));
  if (!dense.length) return lines;
  const labels = lines.filter((l) => isText(l) && isKeyLabel(l));
  // A column of bold digits (SpeedCrunch's 9, 6, 3) holds itself up: each has its row.
  const rowed = dense.filter((g) => hasRowMate(g, labels));
  const kept = new Set(rowed.filter((g) => hasColumnMate(g, [...labels, ...rowed])));
  const dropped = new Set(dense.filter((g) => !kept.has(g)));
  return dropped.size ? lines.filter((l) => !dropped.has(l)) : lines;
}
