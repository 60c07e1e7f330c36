/**
 * Joins the screenfuls a `read` with scroll:true collects while it scrolls a
 * document down, into one text with no line twice and no line lost.
 *
 * Each new screenful starts with some lines the previous one already showed.
 * That overlap is found as the longest run at the end of the text so far that
 * the new page starts with. Lines are compared loosely, since the same line
 * re-read after a scroll can come back with a different column layout or an
 * OCR slip ("Line 0O1"), but never across different numbers: "Line 007" and
 * "Line 008" differ by one character yet are different lines, and treating
 * them as equal would slide the overlap and drop lines.
 *
 * Documents repeat lines (separators, blank-ish lines), so a single matching
 * line proves nothing: the longest consistent run wins. When no run is found
 * the page is appended whole and the join is reported as uncertain.
 *
 * @module
 */

import { editDistance } from "../../../common/match.ts";

/** Largest share of a line's characters that may differ for two readings to be one line. */
export const LINE_DISTANCE = 0.15;
/**
 * Rows at a page edge that may be left out of the run: a row drawn by the
 * window rather than the document (a sticky header or footer), or a stray
 * fragment of a row cut by the edge.
 */
const EDGE_SKIP = 2;
/**
 * Agreeing lines needed to trust a run that has a disagreeing edge row or
 * skipped edge rows: with fewer, a coincidence in a repetitive document
 * would pass for an overlap.
 */
const MIN_TRUSTED_RUN = 3;

/** The joined document and how each screenful was attached. */
export interface JoinedText {
  lines: string[];
  /**
   * For each page after the first (`overlaps[i]` belongs to `pages[i + 1]`):
   * how many of its leading lines were already in the text. 0 means either an
   * empty page or no overlap found; see {@link JoinedText.uncertain}.
   */
  overlaps: number[];
  /** Indexes into `pages` of pages appended whole because no overlap was found. */
  uncertain: number[];
  /** Indexes into `pages` of pages whose text showed no overlap, attached by where they were instead. */
  placed: number[];
}

/**
 * Joins successive screenfuls of lines read while scrolling down. Each page
 * contributes only the lines after its overlap with the text so far; a page
 * with no overlap is attached by position when `below` knows which of its
 * lines lie below what the text already holds (the scroll distance was
 * measured), else appended whole and listed in `uncertain`. Within the
 * overlap, of two differing readings of one line the one further from its
 * page's edge is kept, since rows cut by the window edge read worst; rows
 * the run skipped at the end of the text are dropped when the page goes on
 * past them (they were debris at that page's edge: a cut row, a scroll
 * bar's arrow).
 */
export function joinScreenfuls(
  pages: readonly (readonly string[])[],
  below?: (page: number) => readonly string[] | null,
): JoinedText {
  const lines: string[] = [...(pages[0] ?? [])];
  const overlaps: number[] = [];
  const uncertain: number[] = [];
  const placed: number[] = [];
  for (let p = 1; p < pages.length; p++) {
    const page = pages[p];
    if (page.length === 0) {
      overlaps.push(0);
      continue;
    }
    const join = findOverlap(lines, page);
    const known = join ? null : below?.(p) ?? null;
    if (!join && known) {
      placed.push(p);
      lines.push(...known);
      overlaps.push(page.length - known.length);
      continue;
    }
    if (!join) {
      if (lines.length > 0) uncertain.push(p);
      lines.push(...page);
      overlaps.push(0);
      continue;
    }
    const base = lines.length - join.trailing - join.length;
    for (let i = 0; i < join.length; i++) {
      const fromPageTop = join.leading + i;
      const fromTextEnd = join.length - 1 - i + join.trailing;
      if (fromPageTop > fromTextEnd && lines[base + i] !== page[join.leading + i]) {
        lines[base + i] = page[join.leading + i];
      }
    }
    const rest = page.slice(join.leading + join.length);
    // Rows at the end of the text that the page does not show where they were are edge debris
    // (a row cut in half, a scroll bar's arrow): the page, further from its edge there, shows what is.
    if (rest.length > 0 && join.trailing > 0) lines.splice(lines.length - join.trailing, join.trailing);
    lines.push(...rest);
    overlaps.push(join.leading + join.length);
  }
  return { lines, overlaps, uncertain, placed };
}

/** Where a page attaches to the text so far. */
export interface Overlap {
  /** Lines of the run shared by the end of the text and the start of the page. */
  length: number;
  /** Lines of the run that agree; at most one edge row may not (a row cut by the window edge). */
  agreeing: number;
  /** Lines at the very end of the text left out of the run (dropped when the page goes on past them). */
  trailing: number;
  /** Lines at the top of the page left out of the run (already covered by the text). */
  leading: number;
}

/**
 * Finds how `page` continues `text`: the longest run of lines at the end of
 * `text` that `page` starts with, give or take two rows at either edge (see
 * {@link Overlap}). When several runs fit, the one with the most agreeing
 * lines wins, then the one needing the fewest excuses. Null when none fits.
 */
export function findOverlap(text: readonly string[], page: readonly string[]): Overlap | null {
  const tail = text.slice(Math.max(0, text.length - page.length - EDGE_SKIP));
  const same = pairCache(tail, page);
  let best: Overlap | null = null;
  for (let trailing = 0; trailing <= EDGE_SKIP; trailing++) {
    for (let leading = 0; leading <= EDGE_SKIP; leading++) {
      const maxLength = Math.min(tail.length - trailing, page.length - leading);
      for (let length = maxLength; length >= 1; length--) {
        if ((trailing > 0 || leading > 0) && length < MIN_TRUSTED_RUN) break;
        const start = tail.length - trailing - length;
        const agreeing = agreeingLines(same, start, leading, length, trailing === 0, leading === 0);
        if (agreeing === null) continue;
        const candidate = { length, agreeing, trailing, leading };
        if (!best || isBetter(candidate, best)) best = candidate;
        break;
      }
    }
  }
  return best;
}

/**
 * How many lines of a candidate run agree, or null when the run is not
 * acceptable. Only a row at the window's edge may disagree (the top row of
 * the page, the bottom row of the text), because only those are drawn in
 * part; a disagreement inside the run means the alignment is wrong, however
 * much else agrees, which is what keeps repetitive documents from sliding.
 */
function agreeingLines(
  same: (t: number, p: number) => boolean,
  textStart: number,
  pageStart: number,
  length: number,
  bottomIsEdge: boolean,
  topIsEdge: boolean,
): number | null {
  let agreeing = 0;
  for (let i = 0; i < length; i++) {
    if (same(textStart + i, pageStart + i)) {
      agreeing++;
      continue;
    }
    const atEdge = (i === 0 && topIsEdge) || (i === length - 1 && bottomIsEdge);
    // Two disagreeing edges leave too little to tell a real overlap from a repeat.
    if (!atEdge || agreeing < i) return null;
  }
  if (agreeing < length && agreeing < MIN_TRUSTED_RUN) return null;
  return agreeing;
}

/**
 * More agreeing lines first; then fewer doubtful edge rows (disagreeing or
 * skipped), so an exact run beats a repeat that only fits by excusing an
 * edge; then a disagreeing row over a skipped one, since it gets replaced by
 * a good reading; then the longer run.
 */
function isBetter(a: Overlap, b: Overlap): boolean {
  if (a.agreeing !== b.agreeing) return a.agreeing > b.agreeing;
  const skippedA = a.leading + a.trailing;
  const skippedB = b.leading + b.trailing;
  const doubtfulA = a.length - a.agreeing + skippedA;
  const doubtfulB = b.length - b.agreeing + skippedB;
  if (doubtfulA !== doubtfulB) return doubtfulA < doubtfulB;
  if (skippedA !== skippedB) return skippedA < skippedB;
  return a.length > b.length;
}

/** Memoised line comparison between the tail of the text and the page. */
function pairCache(tail: readonly string[], page: readonly string[]): (t: number, p: number) => boolean {
  const keyedTail = tail.map(lineKey);
  const keyedPage = page.map(lineKey);
  const memo = new Map<number, boolean>();
  return (t, p) => {
    const key = t * (page.length + 1) + p;
    let result = memo.get(key);
    if (result === undefined) {
      result = sameKey(keyedTail[t], keyedPage[p]);
      memo.set(key, result);
    }
    return result;
  };
}

/**
 * True when two screenfuls show the same thing: scrolling produced nothing
 * new, so the end of the document has been reached. Blank lines are ignored,
 * and in a page of ten lines or more one line in ten may differ (a clock, a
 * blinking cursor, an OCR slip).
 */
export function isSamePage(a: readonly string[], b: readonly string[]): boolean {
  const linesA = a.map(lineKey).filter((k) => k.text !== "");
  const linesB = b.map(lineKey).filter((k) => k.text !== "");
  if (linesA.length !== linesB.length) return false;
  let differing = 0;
  for (let i = 0; i < linesA.length; i++) if (!sameKey(linesA[i], linesB[i])) differing++;
  return differing <= Math.floor(linesA.length / 10);
}

/**
 * True when two lines are readings of the same line: equal once whitespace
 * is collapsed, or within {@link LINE_DISTANCE} edit distance with the same
 * numbers (after reading O as 0 and l/I as 1 inside numbers).
 */
export function sameLine(a: string, b: string): boolean {
  return sameKey(lineKey(a), lineKey(b));
}

/** What two lines are compared on. */
interface LineKey {
  /** Whitespace collapsed: layout spacing differs from one screenful to the next. */
  text: string;
  /** The numbers in the line, OCR look-alikes read as digits. */
  numbers: string;
}

function lineKey(line: string): LineKey {
  const text = line.replace(/\s+/g, " ").trim();
  return { text, numbers: numbersIn(text) };
}

function sameKey(a: LineKey, b: LineKey): boolean {
  if (a.text === b.text) return true;
  if (a.numbers !== b.numbers) return false;
  const longest = Math.max(a.text.length, b.text.length);
  // One slip in a very short line is most of it: those must be equal.
  if (longest < 4) return false;
  if (Math.abs(a.text.length - b.text.length) > LINE_DISTANCE * longest) return false;
  return editDistance(a.text, b.text) <= LINE_DISTANCE * longest;
}

/**
 * The digit runs of a line, joined. Inside a token that already holds a
 * digit, O/o read as 0 and l/I/| as 1, the usual OCR swaps, so "Line 0O7"
 * carries the same number as "Line 007".
 */
function numbersIn(text: string): string {
  const tokens = text.match(/[0-9OolI|]+/g) ?? [];
  return tokens
    .filter((t) => /[0-9]/.test(t))
    .map((t) => t.replace(/[Oo]/g, "0").replace(/[lI|]/g, "1"))
    .join(",");
}
