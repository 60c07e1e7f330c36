/**
 * Refusals that help: the known name nearest to an unknown one, user text
 * shortened before it is echoed, and a long list of problems cut to the
 * first few and a count.
 *
 * @module
 */

import { editDistance } from "./match.ts";
import { escapeScreenText } from "./untrusted.ts";

/** Longest piece of user text a refusal repeats. */
const ECHO_CHARS = 60;

/**
 * `text` cut to `max` characters with an ellipsis and the full length, and
 * its control characters escaped, for echoing user input.
 */
export function shortEcho(text: string, max = ECHO_CHARS): string {
  return escapeScreenText(text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`);
}

/**
 * The known name an unknown one most likely meant: the closest by edit
 * distance (case aside) within half its length, or one that contains it or
 * is contained in it; null when none is near.
 */
export function nearestName(unknown: string, known: readonly string[]): string | null {
  if (unknown.length > 64) return null;
  const u = unknown.toLowerCase();
  let best: { name: string; d: number } | null = null;
  for (const name of known) {
    const k = name.toLowerCase();
    const d = k.includes(u) || u.includes(k) ? Math.abs(k.length - u.length) / 4 : editDistance(u, k);
    if (d <= Math.max(2, Math.floor(k.length / 2)) && (!best || d < best.d)) best = { name, d };
  }
  return best?.name ?? null;
}

/** What to say about an unknown field: the nearest known one, or the list. */
export function unknownFieldHint(key: string, known: readonly string[]): string {
  const near = nearestName(key, known);
  const named = `"${shortEcho(key, 40)}"`;
  return near
    ? `unknown field ${named}; did you mean "${near}"? (fields: ${known.join(", ")})`
    : `unknown field ${named}; the fields are ${known.join(", ")}`;
}

/** The first `max` problems and, if there were more, how many were left out. */
export function firstProblems(lines: string[], max = 5): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), `- … and ${lines.length - max} more problem(s) of the same kinds`];
}
