/**
 * Target resolution: which element a step means. It searches exactly one
 * surface (the window or chrome), matches exact → fuzzy → semantic with the
 * shared matcher, then accepts an element whose text contains the target as
 * whole words (a label read together with its neighbour), aiming at that
 * part of it, and last the matcher's words stage (a label said from memory).
 * On a sheet a cell address ("B3") names its cell where no text reads
 * exactly that (the sheet's own Name Box aside, which echoes the address of
 * the cell the cursor is on), and a cell beats its echoes (the formula bar,
 * the status bar repeating what the cursor is on).
 * A label with a control drawn beside it aims at the control. `region`
 * filters every match, before the best stage is chosen. Equal matches are
 * told apart by what each element is (element_kinds.ts): a key, a form
 * control or an icon wins over a text that echoes it (a calculator's display
 * repeating the key just pressed); a tie nothing tells apart is handed back
 * as such, for a click to ask rather than guess; so is an unsure reading
 * beside other matches, and a sure reading wins over an unsure one
 * (unsure.ts). A phrase whose words were
 * read as side-by-side elements of one row (phrase_runs.ts) matches exactly
 * or fuzzily as one target spanning them, and says so.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";
import { closestTexts, createMatcher, foldText, type NearText } from "../common/match.ts";
import { containsPoint, type Point, type Rect } from "../common/rect.ts";
import type { Region } from "../perceive/surfaces.ts";
import { cellBox, gridArea, type SeenGrid } from "../perceive/grid_cells.ts";
import { kindOf, kindWords } from "../perceive/element_kinds.ts";
import { phraseRuns } from "./phrase_runs.ts";
import { preferSure, type WeighedHit, weighUnsure } from "./unsure.ts";

/** The stage that accepted a target. */
export type ResolveStage = "exact" | "fuzzy" | "semantic" | "contained" | "words" | "address";

/** A resolved target. */
export interface Resolved {
  element: Element;
  stage: ResolveStage;
  score: number;
  /** Where to aim, in screen pixels. */
  point: Point;
  /** How many elements matched at the winning stage (inside `region`, when one is given). */
  candidates: number;
  /** What chose it among equal matches ("the key over the display"), or that it joined a row's words, when that took evidence. */
  evidence?: string;
  /** Equal matches nothing told apart, in reading order (the winner first); absent when there were none. */
  tied?: Element[];
  /** Why the winner's reading is unsure, when that made `tied` (its rivals are the other matches). */
  unsure?: string;
}

/** A miss, with what was closest. */
export interface Missed {
  closest: NearText[];
  /** Matches that exist but lie outside the requested region. */
  outsideRegion: Element[];
}

const STAGE_RANK: Record<ResolveStage, number> = {
  address: -1,
  exact: 0,
  fuzzy: 1,
  semantic: 2,
  contained: 3,
  words: 4,
};

/** True when the point lies in the named part of `area`. */
export function inRegion(area: Rect, p: Point, region: Region): boolean {
  const fx = (p.x - area.x) / Math.max(1, area.width);
  const fy = (p.y - area.y) / Math.max(1, area.height);
  switch (region) {
    case "top":
      return fy < 0.5;
    case "bottom":
      return fy >= 0.5;
    case "left":
      return fx < 0.5;
    case "right":
      return fx >= 0.5;
    case "center":
      return fx >= 0.25 && fx < 0.75 && fy >= 0.25 && fy < 0.75;
  }
}

/**
 * Where a run of whole words sits inside an element's text, as a fraction
 * of its width; null when the words are not there.
 */
export function containedSpan(text: string, query: string): { from: number; to: number } | null {
  const q = foldText(query);
  if (!q) return null;
  const folded = foldText(text);
  const at = (` ${folded} `).indexOf(` ${q} `);
  if (at < 0 || folded === q) return null;
  const len = Math.max(1, folded.length);
  return { from: at / len, to: (at + q.length) / len };
}

/**
 * How sure the words of `e` that a target contained in it covers (`span`,
 * from `containedSpan`) were read: as sure as the element's least sure word
 * when the span covers that word's middle, else as its words' mean, as
 * before the least sure word was reported ("Your name" in "Full name | Your
 * name" when the label's "name" is the unsure word). Never surer than the mean:
 * a part of a text read unsure as a whole is no evidence either.
 */
function partConf(e: Element, span: { from: number; to: number }): number {
  const least = e.leastSure;
  if (!least) return e.conf;
  const middle = (least.x + least.w / 2 - e.x) / Math.max(1, e.w);
  return middle >= span.from && middle <= span.to ? e.conf : least.mean ?? e.conf;
}

/** The cell an address names, as a resolved target: the text read in it, or the address itself. */
function addressed(query: string, elements: Element[], grid: SeenGrid): Resolved | null {
  const box = cellBox(grid, query);
  if (!box) return null;
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const inCell = elements.find((e) => containsPoint(box, e.x + 2, e.cy));
  const element: Element = {
    text: inCell?.text ?? query.trim().toUpperCase(),
    x: box.x,
    y: box.y,
    w: box.width,
    h: box.height,
    cx: point.x,
    cy: point.y,
    conf: 1,
  };
  return { element, stage: "address", score: 1, point, candidates: 1 };
}

/**
 * True when an element other than the sheet's Name Box reads exactly the
 * address: a button or a cell whose text is "B2" is what the user named, so
 * text goes first. The Name Box (above the grid, starting left of its first
 * column) echoes the address of the cell the cursor is on, and is no reason
 * to send a click there instead of to the cell.
 */
function readsExactly(query: string, elements: Element[], grid: SeenGrid): boolean {
  const area = gridArea(grid);
  const matcher = createMatcher(query);
  return elements.some((e) => matcher(e.text)?.stage === "exact" && !(e.cy < area.y && e.x < area.x));
}

/**
 * Of hits in and out of a grid, those out of it that echo one in it (the
 * same text, or one holding it: a formula bar, a Name Box, a status bar)
 * are dropped: the cell is the item, they only repeat it.
 */
function withoutEchoes<T extends { element: Element }>(hits: T[], grid: SeenGrid | null | undefined): T[] {
  if (!grid) return hits;
  const area = gridArea(grid);
  const inside = hits.filter((h) => containsPoint(area, h.element.cx, h.element.cy));
  if (!inside.length) return hits;
  const texts = inside.map((h) => foldText(h.element.text)).filter((t) => t !== "");
  return hits.filter((h) => {
    if (inside.includes(h)) return true;
    const t = ` ${foldText(h.element.text)} `;
    return !texts.some((c) => t.includes(` ${c} `));
  });
}

/**
 * Resolves `query` among `elements`; `area` is the surface's bounds (for
 * region), `grid` the sheet the surface draws, whose cells answer to their
 * addresses.
 */
export function resolveTarget(
  query: string,
  elements: Element[],
  area: Rect,
  region?: Region,
  grid?: SeenGrid | null,
): Resolved | Missed {
  const cell = grid && !readsExactly(query, elements, grid) ? addressed(query, elements, grid) : null;
  if (cell && (!region || inRegion(area, cell.point, region))) return cell;
  const matcher = createMatcher(query);
  type Hit = WeighedHit & { stage: ResolveStage; parts?: number };
  const hits: Hit[] = [];
  for (const el of elements) {
    const m = matcher(el.text);
    if (m) {
      hits.push({ element: el, stage: m.stage, score: m.score, point: { x: el.cx, y: el.cy } });
      continue;
    }
    const span = containedSpan(el.text, query);
    if (span) {
      const mid = (span.from + span.to) / 2;
      hits.push({
        element: el,
        stage: "contained",
        score: Math.round((span.to - span.from) * 100) / 100,
        point: { x: Math.round(el.x + el.w * mid), y: el.cy },
        conf: partConf(el, span),
      });
    }
  }
  hits.push(...phraseHits(query, elements, matcher));
  if (!hits.length) {
    return { closest: closestTexts(query, elements.map((e) => e.text), 3), outsideRegion: [] };
  }
  // Region is a filter on every match, weaker stages included: a fuzzy match inside the region beats an
  // exact one outside it.
  const kept = withoutEchoes(hits, grid);
  let pool = kept;
  if (region) {
    pool = kept.filter((h) => inRegion(area, h.point, region));
    if (!pool.length) {
      return {
        closest: closestTexts(query, elements.map((e) => e.text), 3),
        outsideRegion: kept.map((h) => h.element),
      };
    }
  }
  // A sure reading is taken over an unsure one (unsure.ts): an `x` read as `×` never takes a `×` click.
  const sure = preferSure(pool, elements);
  pool = sure.hits;
  const considered = pool;
  const best = Math.min(...pool.map((h) => STAGE_RANK[h.stage]));
  pool = pool.filter((h) => STAGE_RANK[h.stage] === best);
  const candidates = pool.length;
  // Highest score wins; equal ones are listed in reading order (top to bottom, left to right).
  pool.sort((a, b) => b.score - a.score || a.element.cy - b.element.cy || a.element.cx - b.element.cx);
  const { win, evidence: tieEvidence, tied: equal } = breakTie(
    pool.filter((h) => h.score === pool[0].score),
    elements,
  );
  const verdict = equal ? null : weighUnsure(win, considered, elements);
  const tied = equal ?? (verdict?.kind === "ask" ? verdict.candidates : undefined);
  // A label's control is what takes the click: some toolkits draw labels that do not toggle it.
  const c = win.element.control;
  const point = c ? { x: Math.round(c.x + c.w / 2), y: Math.round(c.y + c.h / 2) } : win.point;
  const joinedWords = win.parts ? `${win.parts} words side by side on one line` : "";
  const unsureEvidence = verdict?.kind === "only" ? verdict.evidence : "";
  const evidence = [joinedWords, tieEvidence ?? "", sure.evidence ?? "", unsureEvidence].filter((t) =>
    t !== ""
  )
    .join(", ");
  return {
    element: win.element,
    stage: win.stage,
    score: win.score,
    point,
    candidates,
    ...(evidence ? { evidence } : {}),
    ...(tied ? { tied } : {}),
    ...(verdict?.kind === "ask" ? { unsure: verdict.why } : {}),
  };
}

/** Most words a phrase run may join beyond the query's own (a word the reading split in two). */
const RUN_SLACK = 2;

/**
 * Exact and fuzzy matches of a query of several words among runs of
 * side-by-side elements on one row, each aimed at the middle of its run.
 */
function phraseHits(
  query: string,
  elements: Element[],
  matcher: ReturnType<typeof createMatcher>,
): Array<{ element: Element; stage: ResolveStage; score: number; point: Point; parts: number }> {
  const words = foldText(query).split(" ").filter((w) => w !== "").length;
  if (words < 2) return [];
  return phraseRuns(elements, words + RUN_SLACK).flatMap((run) => {
    const m = matcher(run.element.text);
    if (!m || (m.stage !== "exact" && m.stage !== "fuzzy")) return [];
    const e = run.element;
    return [{
      element: e,
      stage: m.stage,
      score: m.score,
      point: { x: e.cx, y: e.cy },
      parts: run.parts.length,
    }];
  });
}

/**
 * Of equal matches (in reading order), the one element that is a key, a
 * control or an icon among texts; when none or several are, the first, with
 * the tie.
 */
function breakTie<T extends { element: Element }>(
  equal: T[],
  elements: Element[],
): { win: T; evidence?: string; tied?: Element[] } {
  if (equal.length < 2) return { win: equal[0] };
  const kinds = equal.map((h) => kindOf(h.element, elements));
  const controls = equal.filter((_, i) => kinds[i] !== "text");
  if (controls.length !== 1) return { win: equal[0], tied: equal.map((h) => h.element) };
  const win = controls[0];
  const others = equal.filter((h) => h !== win);
  const over = others.length === 1
    ? kindWords(others[0].element, "text", win.element)
    : `${others.length} texts`;
  return { win, evidence: `${kindWords(win.element, kinds[equal.indexOf(win)])} over ${over}` };
}

/** Narrows a type union. */
export function isResolved(r: Resolved | Missed): r is Resolved {
  return "element" in r;
}

/** Counts the elements whose text matches `query` (for appears_count_increases). */
export function countMatches(query: string, elements: Element[]): number {
  const matcher = createMatcher(query);
  return elements.filter((e) => matcher(e.text) || containedSpan(e.text, query)).length;
}
