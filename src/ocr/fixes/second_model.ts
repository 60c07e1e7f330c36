/**
 * Two models of one language: Debian's small "fast" English network reads
 * every line, and the larger best_int network reads again only what the
 * fast one reads poorly: words it was unsure of, shortcuts (every one must
 * be exact, and the fast model misreads their key: `Ctrl+I` as `Ctrl+T`),
 * words mixing digits with other characters (it reads a line number `02` as
 * `@2`, sure of it) and ink it left without a word. Most of a screen's words
 * are read sure, so the larger model reads a small part of it.
 *
 * It is the engines benchmark's `fast+best` setting, not an engine: on the
 * fixtures it reads at the targets in less time than best_int alone, but in
 * real apps the fast model misreads what it is sure of (docs/benchmarks.md,
 * "The fast model first").
 *
 * @module
 */

import type { TextLine } from "../lines/find.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import { readShortcut } from "./accelerators.ts";
import { bareSpans, LATIN_CONF, type LatinSpan, mergeSpans, placeReading } from "./latin_runs.ts";

/**
 * Words the fast model read below this confidence are read again by the
 * larger one. On the English fixtures 0.75 read recall 0.98998, 0.8 and 0.85
 * 0.9907, 0.9 also 0.9907 with two thirds more spans to read
 * (docs/benchmarks.md, "The fast model first").
 */
export const RECHECK_CONF = 0.8;
/** Spans closer than this many text heights are read as one. */
const SPAN_JOIN = 0.5;

/**
 * The larger model of an engine whose second engine reads the same models
 * again (`latin` reading what `models` reads), or null: another language's
 * second engine is no judge of the first one's words.
 */
export function largerModel(engine: OcrEngine): OcrEngine | null {
  const again = engine.latin;
  if (!again || !engine.models?.length) return null;
  return again.models?.join("+") === engine.models.join("+") ? again : null;
}

/** Whether the fast model's reading of `w` goes to the larger model (see the module note). */
export function needsRecheck(w: OcrWord): boolean {
  return w.conf < RECHECK_CONF || readShortcut(w.text) !== null ||
    (/\p{N}/u.test(w.text) && /[^\p{N}]/u.test(w.text));
}

/** The spans of `line` (words relative to it) the larger model reads again. */
export function recheckSpans(words: readonly OcrWord[], line: TextLine, textHeight: number): LatinSpan[] {
  const again = words.filter(needsRecheck).map((w) => ({ x0: w.x, x1: w.x + w.w }));
  return mergeSpans([...again, ...bareSpans(words, line, textHeight)], textHeight * SPAN_JOIN);
}

/**
 * The line's words with the larger model's reading of a span in place of
 * the fast one's, when it is surer of it (mean confidence over the span), or
 * reads a shortcut there; on ink without a word, when it is at least
 * `LATIN_CONF` sure or reads a shortcut. `read` is relative to `own`, the
 * span's line. Where the larger model reads nothing the fast reading stays:
 * a word cut out of its line can read worse than in it. Measured on the
 * fixtures: always taking the larger model's reading, or whenever the fast
 * one is under 0.8, read less (recall 0.9884 against 0.9907), and a floor
 * of 0.5 or 0.65 changed nothing.
 */
export function replaceRechecked(
  words: OcrWord[],
  line: TextLine,
  own: TextLine,
  read: OcrWord[],
): OcrWord[] {
  const { found, was, replaced } = placeReading(words, line, own, read);
  if (!found.length) return words;
  const mean = (ws: OcrWord[]) => ws.reduce((s, w) => s + w.conf, 0) / ws.length;
  const shortcut = found.every((w) => readShortcut(w.text) !== null);
  const take = shortcut || (was.length ? mean(found) > mean(was) : mean(found) >= LATIN_CONF);
  return take ? replaced() : words;
}
