/**
 * No mark over a window choto may not show over. Every part of every mark
 * (its frame, number, gesture, drag arrow and note, each with its white edge
 * and padding) is checked against the bounds of every window the guard
 * hides: a denied app's, or choto's own question. A set of marks that would
 * cover any pixel of one is refused whole before anything is drawn, so
 * nothing of that window is ever painted over, nor read into what lies
 * beneath a mark. The refusal names the mark and its part, never the hidden
 * window's app or title.
 *
 * @module
 */

import { overlapArea, type Rect } from "../common/rect.ts";
import { markParts } from "./mark_drawing.ts";
import type { Desktop, MarkPart, MarkPartName, PointMark, WindowInfo, WindowState } from "./types.ts";

/** Why the guard hides a window from marks: the user's deny list, or choto's own question. */
export type HiddenKind = "denied" | "own";

/** The first part of a mark that would cover a hidden window. */
export interface Blocked {
  /** The mark's index in its set. */
  mark: number;
  part: MarkPartName;
  kind: HiddenKind;
  window: WindowInfo;
}

/** The part of `r` on the screen, or null when none of it is. */
function onScreen(r: Rect, screen: Rect): Rect | null {
  const x = Math.max(r.x, screen.x), y = Math.max(r.y, screen.y);
  const width = Math.min(r.x + r.width, screen.x + screen.width) - x;
  const height = Math.min(r.y + r.height, screen.y + screen.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** The whole screen of a listing, in pixels. */
export function screenOf(s: WindowState): Rect {
  return { x: 0, y: 0, width: s.screen.widthPx, height: s.screen.heightPx };
}

/**
 * The first part of `marks` (each mark's parts as drawn) that would cover
 * a window `hidden` names in listing `s`, or null when every part is clear.
 */
export function firstBlocked(
  marks: MarkPart[][],
  s: WindowState,
  hidden: (w: WindowInfo) => HiddenKind | null,
): Blocked | null {
  const screen = screenOf(s);
  const covered = [...s.chrome, ...s.windows].flatMap((window) => {
    const kind = hidden(window);
    return kind ? [{ window, kind }] : [];
  });
  if (!covered.length) return null;
  for (const [mark, parts] of marks.entries()) {
    for (const { part, area } of parts) {
      const drawn = onScreen(area, screen);
      if (!drawn) continue;
      const hit = covered.find((c) => overlapArea(drawn, c.window.bounds) > 0);
      if (hit) return { mark, part, kind: hit.kind, window: hit.window };
    }
  }
  return null;
}

const PART_WORD: Record<MarkPartName, string> = {
  frame: "frame",
  number: "number",
  gesture: "gesture sign",
  arrow: "drag arrow",
  note: "note",
};

/** The refusal for a blocked set of `count` marks: which mark and part, and how to recover. */
export function blockedReason(b: Blocked, count: number): string {
  const whose = count > 1 ? `mark ${b.mark + 1}'s` : "the mark's";
  const what = `${whose} ${PART_WORD[b.part]}`;
  if (b.kind === "own") {
    return `${what} would cover choto's own question; point again once it is answered`;
  }
  const hint = b.part === "note"
    ? ", or leave the note out"
    : b.part === "arrow"
    ? ", or leave the drag out"
    : "";
  return `${what} would cover a window the user's deny list withholds; ` +
    `mark only what observe lists, clear of that window${hint}`;
}

/**
 * The guard's `point` around the backend's (`list` reads the backend's
 * listing, hidden windows and all): the marks' parts it can place itself (all but the
 * notes, which only the backend can measure) are checked first, and the
 * backend is handed the check for every part as drawn. `refused` hears of
 * each refusal (for the audit log).
 */
export function guardPoint(
  list: () => WindowState,
  point: NonNullable<Desktop["point"]>,
  hidden: (w: WindowInfo) => HiddenKind | null,
  refused: (b: Blocked) => void,
): NonNullable<Desktop["point"]> {
  const vet = (parts: MarkPart[][], s = list()): string | null => {
    const b = firstBlocked(parts, s, hidden);
    if (!b) return null;
    refused(b);
    return blockedReason(b, parts.length);
  };
  return async (marks: PointMark[], options) => {
    const s = list();
    const first = vet(marks.map((m) => markParts(m, null, screenOf(s))), s);
    if (first) return { shown: false, why: first, refused: true };
    return await point(marks, { ...options, vet: (parts) => vet(parts) });
  };
}
