/**
 * Target resolution: which element a step means. It searches exactly one
 * surface (the window or chrome), matches exact → fuzzy → semantic with the
 * shared matcher, and as a last resort accepts an element whose text
 * contains the target as whole words (a label read together with its
 * neighbour), aiming at that part of it. `region` filters every match,
 * before the best stage is chosen.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";
import { closestTexts, createMatcher, foldText, type NearText } from "../common/match.ts";
import type { Point, Rect } from "../common/rect.ts";
import type { Region } from "../perceive/surfaces.ts";

/** The stage that accepted a target. */
export type ResolveStage = "exact" | "fuzzy" | "semantic" | "contained";

/** A resolved target. */
export interface Resolved {
  element: Element;
  stage: ResolveStage;
  score: number;
  /** Where to aim, in screen pixels. */
  point: Point;
  /** How many elements matched at the winning stage (inside `region`, when one is given). */
  candidates: number;
}

/** A miss, with what was closest. */
export interface Missed {
  closest: NearText[];
  /** Matches that exist but lie outside the requested region. */
  outsideRegion: Element[];
}

const STAGE_RANK: Record<ResolveStage, number> = { exact: 0, fuzzy: 1, semantic: 2, contained: 3 };

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

/** Resolves `query` among `elements`; `area` is the surface's bounds (for region). */
export function resolveTarget(
  query: string,
  elements: Element[],
  area: Rect,
  region?: Region,
): Resolved | Missed {
  const matcher = createMatcher(query);
  type Hit = { element: Element; stage: ResolveStage; score: number; point: Point };
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
      });
    }
  }
  if (!hits.length) {
    return { closest: closestTexts(query, elements.map((e) => e.text), 3), outsideRegion: [] };
  }
  // Region is a filter on every match, weaker stages included: a fuzzy match inside the region beats an
  // exact one outside it.
  let pool = hits;
  if (region) {
    pool = hits.filter((h) => inRegion(area, h.point, region));
    if (!pool.length) {
      return {
        closest: closestTexts(query, elements.map((e) => e.text), 3),
        outsideRegion: hits.map((h) => h.element),
      };
    }
  }
  const best = Math.min(...pool.map((h) => STAGE_RANK[h.stage]));
  pool = pool.filter((h) => STAGE_RANK[h.stage] === best);
  const candidates = pool.length;
  // Highest score wins; ties go to reading order (top to bottom, left to right).
  pool.sort((a, b) => b.score - a.score || a.element.cy - b.element.cy || a.element.cx - b.element.cx);
  const win = pool[0];
  return { element: win.element, stage: win.stage, score: win.score, point: win.point, candidates };
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
