/**
 * Unsure is an answer: which matches of a target the pixels do not support
 * with evidence, and what a click does about them. A reading below the
 * confidence line (what observe marks `~`) is unsure, and so is a symbol
 * found only as another spelling of it (`×` for a target `*`) when its
 * reading is not well above the line. Of the direct matches (exact or fuzzy)
 * a sure one is taken over an unsure one, so SpeedCrunch's variable key `x`,
 * read `×` at 0.70, never takes a click meant for its multiply key `*`; an
 * unsure best match beside other matches nothing tells apart is handed back
 * as a tie, for a click to ask; an unsure match that is the only candidate
 * is taken, and the journey says it was unsure, unless it matched only in
 * part or as a synonym: then the click asks. Pure functions over one
 * surface's matches.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";
import type { Point } from "../common/rect.ts";
import { SYMBOL_SCORE } from "../common/match.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { type ElementKind, kindOf } from "../perceive/element_kinds.ts";

/** A reading below this confidence is unsure; observe lists it with `~` (render/element_rows.ts). */
export const CONFIDENCE_LINE = 0.8;
/** A symbol matched only through another of its spellings needs a reading at least this sure. */
export const SURE_SPELLING = 0.9;

/** One match of a target, as resolve.ts weighs it. */
export interface WeighedHit {
  element: Element;
  stage: string;
  score: number;
  point: Point;
  /** How sure the part of the element the target named was read, when it matched only a part of it. */
  conf?: number;
}

/** How sure the reading a hit rests on is: the words it matched, else the whole element. */
function hitConf(hit: WeighedHit): number {
  return hit.conf ?? hit.element.conf;
}

/** Why a match is unsure, or null when its reading is evidence enough. */
export function unsureWhy(hit: WeighedHit): string | null {
  const e = hit.element;
  // A named icon's name came from its tooltip, not from a reading of its pixels.
  if (e.icon) return null;
  const sure = hitConf(hit);
  const conf = sure.toFixed(2);
  if (sure < CONFIDENCE_LINE) return `an unsure reading (~${conf}${weakWord(e, sure)})`;
  if (hit.stage === "fuzzy" && hit.score === SYMBOL_SCORE && sure < SURE_SPELLING) {
    return `another spelling of the symbol, read at ${conf}`;
  }
  return null;
}

/** The word an element's confidence is its least sure word's, named, so that a longer or other text can avoid it. */
function weakWord(e: Element, conf: number): string {
  const least = e.leastSure;
  return least && least.conf === conf && least.text !== e.text
    ? ` for "${escapeScreenText(least.text)}"`
    : "";
}

/** How a match that is not the target itself was made, for the reply. */
const PARTLY: Record<string, string> = {
  semantic: "as a synonym",
  contained: "as a part of its text",
  words: "by some of its words",
};

/** True for the stages that match the target itself, not a part or a synonym of it. */
function isDirect(hit: WeighedHit): boolean {
  return hit.stage === "exact" || hit.stage === "fuzzy";
}

/** A text in quotes with its confidence, escaped (screen text). */
function said(e: Element): string {
  return `"${escapeScreenText(e.text)}"~${e.conf.toFixed(2)}`;
}

/**
 * The hits a target is chosen from once unsure direct matches give way to
 * sure ones, with the evidence that decided it; the hits unchanged (and no
 * evidence) when there is no such choice to make. An unsure key or control
 * gives way only to a sure key, control or icon: a sure text beside it is
 * most likely a readout echoing it (a calculator's display), never the
 * better place to click. `all` is the surface's elements.
 */
export function preferSure<T extends WeighedHit>(
  hits: T[],
  all: readonly Element[],
): { hits: T[]; evidence?: string } {
  const direct = hits.filter(isDirect);
  const isControl = (h: T) => kindOf(h.element, all) !== "text";
  const sure = direct.filter((h) => unsureWhy(h) === null);
  const sureControls = sure.filter(isControl);
  const yielding = direct.filter((h) => unsureWhy(h) !== null && (!isControl(h) || sureControls.length > 0));
  if (!yielding.length || !sure.length) return { hits };
  // An unsure key no sure key displaced stays a candidate beside the sure matches.
  const kept = hits.filter((h) => !yielding.includes(h));
  const passed = yielding.length === 1
    ? `${said(yielding[0].element)} (unsure)`
    : `${yielding.length} unsure readings`;
  const taken = sureControls[0] ?? sure[0];
  return { hits: kept, evidence: `read sure (${hitConf(taken).toFixed(2)}) over ${passed}` };
}

/** What a click does with the match it would take. */
export type UnsureVerdict =
  /** The match is sure: nothing to say. */
  | { kind: "sure" }
  /** Unsure, and the only candidate: taken, saying so. */
  | { kind: "only"; evidence: string }
  /** Unsure beside other matches nothing tells apart: the click asks, naming them (the winner first). */
  | { kind: "ask"; why: string; candidates: Element[] };

/**
 * Weighs the match `win` chose among `hits` (those left after region and
 * after {@link preferSure}); `all` is the surface's elements, to tell keys
 * and controls from texts. A rival is another direct match no weaker in
 * evidence: at the winner's stage, or read at least as sure. A key or a
 * control is told apart from a text that echoes it (a display), so such a
 * text is no rival; nor is a letter `x` at 0.60 found only as a spelling of
 * `×` beside a `×` read at 0.70 by its shape.
 */
export function weighUnsure<T extends WeighedHit>(win: T, hits: T[], all: readonly Element[]): UnsureVerdict {
  const why = unsureWhy(win);
  if (why === null) return { kind: "sure" };
  const kind: ElementKind = kindOf(win.element, all);
  const others = hits.filter((h) =>
    h !== win && h.element !== win.element && isDirect(h) &&
    (kind === "text" || kindOf(h.element, all) !== "text")
  );
  const rivals = others.filter((h) => h.stage === win.stage || hitConf(h) >= hitConf(win));
  // Neither the reading nor the match holds on its own: a part of an unsure text is no evidence of the target.
  if (!isDirect(win)) {
    return {
      kind: "ask",
      why: `${why}, matched only ${PARTLY[win.stage] ?? "in part"}`,
      candidates: [win.element, ...rivals.map((h) => h.element)],
    };
  }
  const what = kind === "key" ? "a keypad key" : kind === "text" ? "a text" : `the ${kind}`;
  if (rivals.length) return { kind: "ask", why, candidates: [win.element, ...rivals.map((h) => h.element)] };
  const weaker = others.length;
  const only = weaker
    ? `over ${weaker} weaker match(es)`
    : kind === "text"
    ? "the only match"
    : "the only key or control matching";
  return { kind: "only", evidence: `${why} of ${what}, ${only}` };
}
