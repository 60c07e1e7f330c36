/**
 * Where a scrolled read's data stops: a sheet's blank grid or a list's empty
 * tail still scrolls, screenful after screenful, adding nothing but row
 * numbers. Such a screenful is told apart from one that adds text, so the
 * read can end where the data ends instead of at its screenful cap.
 *
 * @module
 */

import type { Element } from "../../../ocr/types.ts";

/** A row number in a gutter: digits alone. */
const ROW_NUMBER = /^\d{1,7}$/;
/** How far (px) a text may sit from where it was and still be the same frame text. */
const SAME_PLACE = 4;
/** How far (px) right of the leftmost row number the gutter's numbers may start. */
const GUTTER_WIDTH = 12;

/**
 * True when `shot`, read after `previous`, adds nothing but empty rows: what
 * is new in it (text not at the same place in `previous`: the frame, the
 * column letters and side panels stay) is a gutter of row numbers counting
 * down the screen, with nothing else beside them. Text above or below the
 * numbers (a header or a status bar read a little differently) is frame. A
 * screenful with nothing new at all is empty too; one with new text but no
 * gutter is data, as is a column of numbers out of order.
 */
export function onlyEmptyRows(previous: readonly Element[], shot: readonly Element[]): boolean {
  const stayed = (e: Element) =>
    previous.some((p) =>
      p.text === e.text && Math.abs(p.x - e.x) <= SAME_PLACE && Math.abs(p.y - e.y) <= SAME_PLACE
    );
  const fresh = shot.filter((e) => !stayed(e));
  const numbers = fresh.filter((e) => ROW_NUMBER.test(e.text.trim()));
  if (!numbers.length) return !fresh.length;
  const left = Math.min(...numbers.map((e) => e.x));
  const gutter = numbers.filter((e) => e.x <= left + GUTTER_WIDTH).sort((a, b) => a.cy - b.cy);
  const top = gutter[0].y;
  const bottom = Math.max(...gutter.map((e) => e.y + e.h));
  if (fresh.some((e) => !gutter.includes(e) && e.cy >= top && e.cy <= bottom)) return false;
  return gutter.every((e, k) => k === 0 || Number(e.text) > Number(gutter[k - 1].text));
}

/**
 * The last screenful that held data, without the row numbers of the empty
 * rows below its data: `blank`, the empty screenful read after it, tells the
 * window's frame (what stayed in place) from the data. Row numbers beside
 * data, and the frame, are kept.
 */
export function dropEmptyGutter(last: readonly Element[], blank: readonly Element[]): Element[] {
  const stayed = (e: Element) =>
    blank.some((p) =>
      p.text === e.text && Math.abs(p.x - e.x) <= SAME_PLACE && Math.abs(p.y - e.y) <= SAME_PLACE
    );
  const numbers = last.filter((e) => ROW_NUMBER.test(e.text.trim()) && !stayed(e));
  if (!numbers.length) return [...last];
  const left = Math.min(...numbers.map((e) => e.x));
  const gutter = new Set(numbers.filter((e) => e.x <= left + GUTTER_WIDTH));
  const top = Math.min(...[...gutter].map((e) => e.y));
  const bottom = Math.max(...[...gutter].map((e) => e.y + e.h));
  const data = last.filter((e) => !gutter.has(e) && !stayed(e) && e.cy >= top && e.cy <= bottom);
  const dataBottom = Math.max(...data.map((e) => e.y + e.h), -Infinity);
  return last.filter((e) => !(gutter.has(e) && e.y >= dataBottom));
}
