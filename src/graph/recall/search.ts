/**
 * Searching the graph for "where is X": candidate texts from the full-text
 * index (phrases, or halves and trigrams when nothing matched as written),
 * ranked with the matcher execute_plan uses for targets.
 *
 * @module
 */

import { createMatcher, foldText, normaliseText, synonymsOf } from "../../common/match.ts";
import type { HitKind, HitStage } from "./schema.ts";
import type { Store } from "../../db/store.ts";

/** A search candidate with what ranking needs from its window. */
export interface Candidate {
  text: string;
  kind: HitKind;
  window_id: number;
  app_id: number;
  last_seen: number;
}

/** A candidate the matcher (or the containment fallback) accepted. */
export interface Ranked extends Candidate {
  stage: HitStage;
  score: number;
}

const HIT_ORDER: Record<HitStage, number> = {
  exact: 0,
  fuzzy: 1,
  semantic: 2,
  contained: 3,
  words: 4,
  partial: 5,
};

/**
 * Ranks candidates with the shared matcher; texts that hold the query as
 * whole words come next as "contained" (the executor's fourth stage, so a
 * step naming the query finds them), and texts that hold it inside a word
 * last as "partial" (a step would have to name the full text).
 */
export function rankCandidates(query: string, candidates: Iterable<Candidate>): Ranked[] {
  const folded = foldText(query);
  const matcher = createMatcher(query);
  const out: Ranked[] = [];
  for (const c of candidates) {
    const m = matcher(c.text);
    if (m) {
      out.push({ ...c, stage: m.stage, score: m.score });
      continue;
    }
    const fc = foldText(c.text);
    if (folded.length > 0 && fc.includes(folded)) {
      const stage = ` ${fc} `.includes(` ${folded} `) ? "contained" : "partial";
      out.push({ ...c, stage, score: Math.round((folded.length / fc.length) * 1000) / 1000 });
    }
  }
  return out.sort((a, b) =>
    HIT_ORDER[a.stage] - HIT_ORDER[b.stage] || b.score - a.score || b.last_seen - a.last_seen
  );
}

/** Every accepted candidate, best first: by stage, score, then freshness. */
export function searchRanked(
  store: Store,
  query: string,
  appId: number | null,
  onlyWindow: number | null,
): Ranked[] {
  const candidates = new Map<string, Candidate>();
  const add = (rows: Candidate[]) => {
    for (const r of rows) {
      if (onlyWindow !== null && r.window_id !== onlyWindow) continue;
      candidates.set(`${r.window_id}\u0000${r.kind}\u0000${r.text}`, r);
    }
  };
  add(candidatesFor(store, query, appId, false, 400));
  for (const term of synonymsOf(query)) add(candidatesFor(store, term, appId, false, 100));
  let ranked = rankCandidates(query, candidates.values());
  if (!ranked.some((r) => r.stage !== "partial" && r.stage !== "contained")) {
    // Nothing matched as written: widen to texts sharing pieces of the query (typos).
    add(candidatesFor(store, query, appId, true, 400));
    ranked = rankCandidates(query, candidates.values());
  }
  return ranked;
}

/** Candidate texts for one term: trigram phrase search, or the short-text lookups. */
function candidatesFor(
  store: Store,
  term: string,
  appId: number | null,
  widen: boolean,
  limit: number,
): Candidate[] {
  const core = normaliseText(term).replace(/(\u2026|\.\.\.)$/, "").trim();
  const app_id = appId;
  if ([...core].length < 3) {
    if (widen || core === "") return [];
    const rows = store.all<Candidate>("search_short_elements", {
      lo: core,
      hi: core + "\uffff",
      app_id,
      limit,
    });
    const pattern = `%${core.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
    rows.push(
      ...(store.all<Candidate>("search_short_titles_icons", {
        pattern,
        app_id,
        limit,
      })),
    );
    return rows;
  }
  const match = widen ? widenedMatch(core) : phrase(core);
  if (match === null) return [];
  return store.all<Candidate>("search_phrase", { match, app_id, limit });
}

/** An FTS5 phrase query for a piece of text, or null when it is too short for trigrams. */
function phrase(text: string): string | null {
  if ([...text].length < 3) return null;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A looser FTS5 query for typos: any of the query's halves (one edit leaves
 * at least one intact), or any of its trigrams when it is too short to halve.
 */
function widenedMatch(text: string): string | null {
  const chars = [...text];
  if (chars.length >= 6) {
    const mid = Math.floor(chars.length / 2);
    const parts = [chars.slice(0, mid).join(""), chars.slice(mid).join("")];
    return parts.map((p) => phrase(p)).filter((p) => p !== null).join(" OR ") || null;
  }
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  return [...grams].map((g) => phrase(g)).join(" OR ") || null;
}
