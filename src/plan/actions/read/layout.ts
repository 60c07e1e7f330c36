/**
 * Turns the elements read off a window back into lines of text laid out as
 * they are drawn, so that what a `read` step hands back keeps the shape of
 * the screen: a table's cells stay under their headers, a label stays beside
 * its value.
 *
 * OCR gives boxes in pixels, and the page is drawn in a proportional font, so
 * no pixel maps exactly onto a character cell. Columns are therefore kept by
 * construction rather than by arithmetic alone: left edges that line up on
 * screen share one "column stop", each stop gets one character column for the
 * whole page, and a stop is pushed right whenever text before it on some row
 * would otherwise run into it. Everything lined up on screen is then lined up
 * in the text too, whatever the font.
 *
 * `boundLines` cuts such lines down to the part between two pieces of visible
 * text (from_text / to_text), matching them with the shared text matcher.
 *
 * @module
 */

import type { Element } from "../../../ocr/types.ts";
import {
  closestTexts,
  compareMatches,
  createMatcher,
  type NearText,
  type TextMatch,
} from "../../../common/match.ts";

/** Tuning of {@link layoutText}. */
export interface LayoutOptions {
  /** Pixels per character; estimated from the elements when left out. */
  charWidth?: number;
  /**
   * Put one empty line where rows are much further apart than usual (a
   * paragraph break, a gap between sections). Default true.
   */
  blankLines?: boolean;
}

/** Elements that sit on one visual line, left to right. */
export interface LayoutRow {
  elements: Element[];
  /** Mean top and bottom of the members: the row's vertical band. */
  top: number;
  bottom: number;
}

/** A row's identity across screenfuls: its words and where it sits. */
export function rowKey(row: LayoutRow): string {
  return `${row.elements.map((e) => e.text).join(" ")}@${Math.round(row.top / 4)}`;
}

/** Gaps narrower than this many character widths are word spaces inside one run of text. */
const WORD_GAP = 1.6;
/** Used when nothing on the page says how wide a character is. */
export const DEFAULT_CHAR_WIDTH = 8;
/** Share of the shorter height two boxes must overlap vertically to be on one row. */
const ROW_OVERLAP = 0.5;
/** Share of the narrower width beyond which two boxes collide (so they are on different rows). */
const COLUMN_COLLISION = 0.3;
/** Left edges within this many character widths of each other form one column. */
const STOP_TOLERANCE = 0.6;
/** A vertical gap of more than this many line heights reads as a paragraph break. */
const PARAGRAPH_GAP = 1.5;

/**
 * Lays elements out as lines of text: rows top to bottom, elements left to
 * right, each placed at the character column matching its position on screen
 * so that columns stay columns. Trailing spaces are trimmed; elements with no
 * text are ignored.
 */
export function layoutText(elements: readonly Element[], opts: LayoutOptions = {}): string[] {
  const visible = elements.filter((e) => cleanText(e.text) !== "");
  if (visible.length === 0) return [];
  const charWidth = opts.charWidth ?? estimateCharWidth(visible);
  const rows = groupRows(visible).map((row) => joinWordRuns(row, charWidth));
  const rendered = renderRows(rows, charWidth);
  if (opts.blankLines === false) return rendered;
  return withParagraphBreaks(rows, rendered);
}

/**
 * The typical width of one character in pixels: the median over elements of
 * box width / text length. Single characters are left out when there is
 * anything longer, since their boxes hug the glyph and say little.
 */
export function estimateCharWidth(elements: readonly Element[]): number {
  const measurable = elements.filter((e) => e.w > 0 && textLength(e) > 0);
  const longer = measurable.filter((e) => textLength(e) >= 2);
  const sample = (longer.length > 0 ? longer : measurable).map((e) => e.w / textLength(e));
  return sample.length > 0 ? median(sample) : DEFAULT_CHAR_WIDTH;
}

/**
 * Groups elements into visual rows and orders them: rows top to bottom,
 * elements left to right. An element joins the row it overlaps most
 * vertically (at least half the shorter height), unless it would sit on top
 * of an element already there, which means it belongs to a line just above
 * or below.
 */
export function groupRows(elements: readonly Element[]): LayoutRow[] {
  const byCentre = [...elements].sort((a, b) => a.cy - b.cy || a.x - b.x);
  const rows: LayoutRow[] = [];
  for (const element of byCentre) {
    let best: LayoutRow | null = null;
    let bestOverlap = 0;
    for (const row of rows) {
      const overlap = verticalOverlap(element, row);
      if (overlap >= ROW_OVERLAP && overlap > bestOverlap && !collides(element, row)) {
        best = row;
        bestOverlap = overlap;
      }
    }
    if (best) addToRow(best, element);
    else rows.push({ elements: [element], top: element.y, bottom: element.y + element.h });
  }
  for (const row of rows) row.elements.sort((a, b) => a.x - b.x);
  return rows.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
}

/**
 * Joins neighbours of a row that are only a word space apart into one run of
 * text, so a sentence read as separate words ("Hello", "from", "choto")
 * prints with single spaces instead of being spread over column stops; wider
 * gaps (table cells, a shortcut after its menu item) still separate columns.
 */
export function joinWordRuns(row: LayoutRow, charWidth: number): LayoutRow {
  const runs: Element[] = [];
  for (const element of row.elements) {
    const last = runs[runs.length - 1];
    const gap = last ? element.x - (last.x + last.w) : Infinity;
    if (last && gap < WORD_GAP * charWidth) {
      const x2 = Math.max(last.x + last.w, element.x + element.w);
      const y = Math.min(last.y, element.y);
      const y2 = Math.max(last.y + last.h, element.y + element.h);
      runs[runs.length - 1] = {
        ...last,
        text: `${cleanText(last.text)} ${cleanText(element.text)}`,
        w: x2 - last.x,
        y,
        h: y2 - y,
        cx: Math.round((last.x + x2) / 2),
        cy: Math.round((y + y2) / 2),
        conf: Math.min(last.conf, element.conf),
      };
    } else {
      runs.push(element);
    }
  }
  return { ...row, elements: runs };
}

/**
 * Renders rows as lines with every column stop at one character column for
 * all rows. Columns start at the leftmost element on the page.
 */
export function renderRows(rows: readonly LayoutRow[], charWidth: number): string[] {
  const width = charWidth > 0 ? charWidth : DEFAULT_CHAR_WIDTH;
  const { stops, stopOf } = assignColumnStops(rows, width);
  const columnOf = placeColumnStops(rows, stops, stopOf, width);
  return rows.map((row) => {
    let line = "";
    for (const element of row.elements) {
      const text = cleanText(element.text);
      const wanted = columnOf[stopOf.get(element)!];
      // A stop shared by two elements of one row cannot hold both: keep them apart.
      const column = line === "" ? wanted : Math.max(wanted, line.length + 1);
      line = line.padEnd(column, " ") + text;
    }
    return line.trimEnd();
  });
}

/** Column stops of a page, left to right, and the stop each element starts at. */
interface ColumnStops {
  /** Pixel x of each stop (its leftmost edge). */
  stops: number[];
  stopOf: Map<Element, number>;
}

/** Clusters left edges across the whole page: edges that line up share a stop. */
function assignColumnStops(rows: readonly LayoutRow[], charWidth: number): ColumnStops {
  const all = rows.flatMap((row) => row.elements).sort((a, b) => a.x - b.x);
  const stops: number[] = [];
  const stopOf = new Map<Element, number>();
  for (const element of all) {
    const last = stops[stops.length - 1];
    if (last === undefined || element.x - last > STOP_TOLERANCE * charWidth) stops.push(element.x);
    stopOf.set(element, stops.length - 1);
  }
  return { stops, stopOf };
}

/**
 * Gives each stop a character column: where its pixel position says, unless
 * some row's text before it would reach it, in which case it moves right (and
 * every stop further right moves with it, so stops never change order).
 */
function placeColumnStops(
  rows: readonly LayoutRow[],
  stops: readonly number[],
  stopOf: Map<Element, number>,
  charWidth: number,
): number[] {
  const originX = stops.length > 0 ? stops[0] : 0;
  // For each stop, the elements that immediately precede it on some row.
  const before: { element: Element; gap: number }[][] = stops.map(() => []);
  for (const row of rows) {
    for (let i = 1; i < row.elements.length; i++) {
      const prev = row.elements[i - 1];
      const next = row.elements[i];
      const pixelGap = next.x - (prev.x + prev.w);
      // A gap that was wide on screen stays visibly wider than a word space.
      const gap = pixelGap >= 1.5 * charWidth ? 2 : 1;
      before[stopOf.get(next)!].push({ element: prev, gap });
    }
  }
  const columns: number[] = [];
  for (let s = 0; s < stops.length; s++) {
    let column = Math.round((stops[s] - originX) / charWidth);
    if (s > 0) column = Math.max(column, columns[s - 1]);
    for (const { element, gap } of before[s]) {
      const prevStop = stopOf.get(element)!;
      if (prevStop >= s) continue;
      column = Math.max(column, columns[prevStop] + cleanText(element.text).length + gap);
    }
    columns.push(column);
  }
  return columns;
}

/** Inserts one empty line wherever the gap between two rows is unusually tall. */
function withParagraphBreaks(rows: readonly LayoutRow[], lines: readonly string[]): string[] {
  const lineHeight = median(rows.map((r) => r.bottom - r.top));
  const out: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && rows[i].top - rows[i - 1].bottom > PARAGRAPH_GAP * lineHeight) out.push("");
    out.push(lines[i]);
  }
  return out;
}

/** Vertical overlap of an element with a row, as a share of the shorter height. */
function verticalOverlap(element: Element, row: LayoutRow): number {
  const overlap = Math.min(element.y + element.h, row.bottom) - Math.max(element.y, row.top);
  const shorter = Math.min(element.h, row.bottom - row.top);
  if (shorter <= 0) return overlap >= 0 ? 1 : 0;
  return overlap / shorter;
}

function collides(element: Element, row: LayoutRow): boolean {
  return row.elements.some((member) => {
    const overlap = Math.min(element.x + element.w, member.x + member.w) - Math.max(element.x, member.x);
    const narrower = Math.min(element.w, member.w);
    return narrower > 0 && overlap > COLUMN_COLLISION * narrower;
  });
}

function addToRow(row: LayoutRow, element: Element): void {
  const n = row.elements.length;
  row.top = (row.top * n + element.y) / (n + 1);
  row.bottom = (row.bottom * n + element.y + element.h) / (n + 1);
  row.elements.push(element);
}

/** Element text on one line: OCR occasionally returns line breaks or runs of spaces. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function textLength(element: Element): number {
  return cleanText(element.text).length;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------------------
// Bounding a reading by text

/** Which bound of a read could not be found. */
export type MissingBound = "from_text" | "to_text";

/** The lines between the two bounds, both included. */
export interface BoundFound {
  found: true;
  lines: string[];
  /** Index of the first and last kept line in the input. */
  start: number;
  end: number;
}

/** A bound that is not on the page: the step fails like a missing target. */
export interface BoundMissing {
  found: false;
  missing: MissingBound;
  /** The text that was looked for. */
  text: string;
  /** The lines closest to it, for the escalation report. */
  closest: NearText[];
}

/** The outcome of {@link boundLines}. */
export type BoundResult = BoundFound | BoundMissing;

/**
 * Keeps the lines from the first one holding `fromText` through the first one
 * after it holding `toText`, both included. A bound left out means the start
 * or the end of the text. `toText` is looked for after the `fromText` line
 * first, and on that line itself only if no later line holds it.
 *
 * A line "holds" a text when the shared matcher (exact, then fuzzy, then
 * semantic) accepts it against the whole line or a run of its words; the best
 * stage found anywhere wins, and among equals the first line.
 */
export function boundLines(lines: readonly string[], fromText?: string, toText?: string): BoundResult {
  let start = 0;
  if (fromText !== undefined) {
    const at = findLine(lines, fromText, 0);
    if (at < 0) return missing("from_text", fromText, lines);
    start = at;
  }
  let end = lines.length - 1;
  if (toText !== undefined) {
    let at = findLine(lines, toText, start + 1);
    if (at < 0 && fromText !== undefined) at = findLine(lines.slice(0, start + 1), toText, start);
    if (at < 0) return missing("to_text", toText, lines);
    end = at;
  }
  return { found: true, lines: lines.slice(start, end + 1), start, end };
}

/**
 * Index of the first line at or after `from` that holds `text`, preferring
 * the best match stage over the earliest line; -1 if none does.
 */
export function findLine(lines: readonly string[], text: string, from = 0): number {
  const matcher = createMatcher(text);
  const wordCount = text.trim().split(/\s+/).length;
  let bestIndex = -1;
  let bestMatch: TextMatch | null = null;
  for (let i = Math.max(0, from); i < lines.length; i++) {
    const match = bestMatchInLine(lines[i], matcher, wordCount);
    if (match && (!bestMatch || compareStage(match, bestMatch) < 0)) {
      bestIndex = i;
      bestMatch = match;
      if (match.stage === "exact") break;
    }
  }
  return bestIndex;
}

/** Orders by stage only, so an earlier line is not beaten by a slightly better score. */
function compareStage(a: TextMatch, b: TextMatch): number {
  const order = { exact: 0, fuzzy: 1, semantic: 2, words: 3 };
  return order[a.stage] - order[b.stage];
}

/**
 * The best match of the query within one line: against the line as a whole
 * and against every run of words about as long as the query (one word more
 * or fewer, since OCR splits and joins words).
 */
function bestMatchInLine(
  line: string,
  matcher: (candidate: string) => TextMatch | null,
  queryWords: number,
): TextMatch | null {
  const words = line.trim().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return null;
  let best = matcher(words.join(" "));
  for (let size = Math.max(1, queryWords - 1); size <= queryWords + 1; size++) {
    for (let i = 0; i + size <= words.length; i++) {
      const match = matcher(words.slice(i, i + size).join(" "));
      if (match && (!best || compareMatches(match, best) < 0)) best = match;
      if (best?.stage === "exact") return best;
    }
  }
  return best;
}

function missing(which: MissingBound, text: string, lines: readonly string[]): BoundMissing {
  const candidates = lines.map(cleanText).filter((l) => l !== "");
  return { found: false, missing: which, text, closest: closestTexts(text, candidates) };
}
