/**
 * How a step's journey line names what it matched and where.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";
import type { StepReport } from "./run.ts";
import type { Found } from "./targeting.ts";

/** A text in double quotes, as journey lines show it. */
export function quote(s: string): string {
  return `"${escapeScreenText(s)}"`;
}

/** The structured form of a match, for the reply. */
export function matchInfo(f: Found): NonNullable<StepReport["match"]> {
  return {
    text: f.element.text,
    stage: f.stage,
    score: f.score,
    candidates: f.candidates,
    scope: f.surface,
    x: f.point.x,
    y: f.point.y,
  };
}

/** The journey's words for a match: the text, how it matched, and where. */
export function matchLine(f: Found): string {
  const how = f.stage === "exact" ? "exact" : `${f.stage} ${f.score.toFixed(2)}`;
  const via = f.via ? `${f.via} -> ` : "";
  const many = f.candidates > 1 ? ` (1 of ${f.candidates})` : "";
  const what = f.element.icon ? "icon " : "";
  return `${via}matched ${what}${quote(f.element.text)} (${how}${many}) @ (${f.point.x},${f.point.y})`;
}

/** ` ; detail` when there is a detail to add to a journey line. */
export function detailSuffix(detail: string | undefined): string {
  return detail ? `; ${detail}` : "";
}
