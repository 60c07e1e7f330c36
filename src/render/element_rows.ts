/**
 * Elements as a compact listing: one line per visual row, the row's y said
 * once, each element as `text@cx`. An element off its row's line by more
 * than {@link ROW_SLACK} pixels carries its own y (`text@cx,cy`); confidence
 * is printed only when it is low (`text@cx~0.62`); a named icon reads
 * `Save [icon]@cx`. Every element keeps its
 * text and a position within a couple of pixels of its centre; the exact
 * boxes are in the structured output.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";

/** Pixels an element's centre may sit off its row's y and still be listed at it. */
export const ROW_SLACK = 2;
/** Confidence below which an element shows it. */
export const LOW_CONF = 0.8;

/** The one line a listing spends explaining its own shape. */
export const ROWS_LEGEND =
  `rows: "y<Y>: text@<X> text@<X>..." = element centres (pixels, within ${ROW_SLACK}); "@X,Y" off the row; "~C" = confidence below ${LOW_CONF}`;

/** A control's state as a reply says it: one the pixels do not settle is `state unknown`. */
export function stateSaid(state: string): string {
  return state === "unknown" ? "state unknown" : state;
}

/**
 * How an element's text is written in a reply (the one place that renders
 * it): a named icon is marked, and so is the control a label belongs to,
 * with its state (`Send me the newsletter [checkbox unchecked]`).
 */
export function elementText(el: Element): string {
  if (el.control) return `${el.text} [${el.control.kind} ${stateSaid(el.control.state)}]`;
  if (el.packName) return `${el.text} [icon, name from a pack]`;
  return el.icon ? `${el.text} [icon]` : el.text;
}

/** One element as it appears inside a row whose y is `rowY`. */
export function elementCell(el: Element, rowY: number): string {
  const at = Math.abs(el.cy - rowY) <= ROW_SLACK ? `@${el.cx}` : `@${el.cx},${el.cy}`;
  const conf = el.conf < LOW_CONF ? `~${el.conf.toFixed(2)}` : "";
  return `${elementText(el)}${at}${conf}`;
}

/**
 * Splits elements (in reading order) into visual rows: consecutive elements
 * whose centres lie within the taller one's half height share a row.
 */
export function visualRows(elements: Element[]): Element[][] {
  const rows: Element[][] = [];
  let row: Element[] = [];
  for (const el of elements) {
    const first = row[0];
    if (first && Math.abs(el.cy - first.cy) > Math.max(ROW_SLACK, Math.min(first.h, el.h) / 2)) {
      rows.push(row);
      row = [];
    }
    row.push(el);
  }
  if (row.length) rows.push(row);
  return rows;
}

/** The row's y: the middle of its elements' centres. */
function rowY(row: Element[]): number {
  const ys = row.map((e) => e.cy).sort((a, b) => a - b);
  return ys[Math.floor((ys.length - 1) / 2)];
}

/** Elements as listing lines, one per visual row, each prefixed by `indent`. */
export function elementRows(elements: Element[], indent = "  "): string[] {
  return visualRows(elements).map((row) => {
    const y = rowY(row);
    return `${indent}y${y}: ${row.map((el) => elementCell(el, y)).join(" ")}`;
  });
}

/** Reads a listing row back into texts and centres (for tests and clients that parse replies). */
export function parseRow(line: string): Array<{ text: string; cx: number; cy: number; conf: number | null }> {
  const head = /^\s*y(\d+): /.exec(line);
  if (!head) return [];
  const y = Number(head[1]);
  const out: Array<{ text: string; cx: number; cy: number; conf: number | null }> = [];
  const cell = /(.*?)@(\d+)(?:,(\d+))?(?:~(\d\.\d\d))?(?= |$)/gy;
  let rest = line.slice(head[0].length);
  for (;;) {
    cell.lastIndex = 0;
    const m = cell.exec(rest);
    if (!m) break;
    out.push({
      text: m[1],
      cx: Number(m[2]),
      cy: m[3] ? Number(m[3]) : y,
      conf: m[4] ? Number(m[4]) : null,
    });
    rest = rest.slice(m[0].length + 1);
    if (!rest) break;
  }
  return out;
}
