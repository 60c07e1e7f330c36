/**
 * What an element is, told from the evidence one look holds, for breaking a
 * tie between equal matches: a form control (its label with the drawing
 * beside it), a named icon, a key of a keypad (a short label in a grid of
 * short labels, aligned in rows and columns, as a calculator's keys are), or
 * plain text (a label, a readout: a calculator's display echoes the key just
 * pressed, in a larger font, alone on its row). Pure functions over the
 * elements of one surface.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";

/** What an element is, as far as the look can tell. */
export type ElementKind = "key" | "control" | "icon" | "text";

/** The longest label a keypad key carries ("sqrt", "+/-", "MR"). */
const KEY_CHARS = 4;
/** Fewest other keys beside a key on its row, and above or below it in its column. */
const NEIGHBOURS = 2;

function isShort(e: Element): boolean {
  const t = e.text.trim();
  return t.length > 0 && [...t].length <= KEY_CHARS;
}

/** Two labels on one row: their centres are level within about half a text height. */
function sameRow(a: Element, b: Element): boolean {
  return Math.abs(a.cy - b.cy) <= Math.max(6, 0.6 * Math.max(a.h, b.h));
}

/** Two labels in one column: centred alike (keys of equal width centre their labels). */
function sameColumn(a: Element, b: Element): boolean {
  return Math.abs(a.cx - b.cx) <= Math.max(6, 0.5 * Math.min(a.w, b.w));
}

/** Whether `e` has keys beside it on its row and in its column, among the short labels `peers`. */
function inGrid(e: Element, peers: readonly Element[]): boolean {
  const row = peers.filter((o) => o !== e && sameRow(o, e) && !sameColumn(o, e));
  const column = peers.filter((o) => o !== e && sameColumn(o, e) && !sameRow(o, e));
  return row.length >= NEIGHBOURS && column.length >= NEIGHBOURS;
}

/**
 * True when `e` is a key of a keypad drawn among `all`: short labels in at
 * least three rows and columns. A key two rows tall (GNOME Calculator's `=`)
 * centres its label between the rows: it is a key when keys stand in its
 * column, the nearest within two rows of the column's, and its label is no larger
 * than theirs (a display's readout is).
 */
export function isKeypadKey(e: Element, all: readonly Element[]): boolean {
  if (!isShort(e)) return false;
  // Heights are no evidence: OCR boxes a "." or a "-" a few pixels tall beside a "7".
  const peers = all.filter((o) => o !== e && isShort(o));
  if (inGrid(e, peers)) return true;
  const column = peers.filter((o) => sameColumn(o, e) && !sameRow(o, e) && inGrid(o, all.filter(isShort)));
  if (column.length < NEIGHBOURS) return false;
  const ys = column.map((o) => o.cy).sort((a, b) => a - b);
  const pitch = Math.min(...ys.slice(1).map((y, i) => y - ys[i]));
  const nearest = Math.min(...ys.map((y) => Math.abs(y - e.cy)));
  return e.h <= Math.max(...column.map((o) => o.h)) * 1.3 && nearest <= pitch * 2;
}

/** What `e` is among the elements of its surface. */
export function kindOf(e: Element, all: readonly Element[]): ElementKind {
  if (e.control) return "control";
  if (e.icon) return "icon";
  return isKeypadKey(e, all) ? "key" : "text";
}

/** The words a journey gives an element of a kind, and a text beside one (a readout when larger). */
export function kindWords(e: Element, kind: ElementKind, beside?: Element): string {
  switch (kind) {
    case "key":
      return "the key";
    case "control":
      return `the ${e.control?.kind ?? "control"}`;
    case "icon":
      return "the icon";
    case "text":
      // A text drawn larger than the control it echoes is the app's readout (a calculator's display).
      return beside && e.w * e.h >= 2 * beside.w * beside.h ? "the display" : "the text";
  }
}
