/**
 * The point tool's reply text: what was marked and where, or why nothing
 * was. Matched texts came off the screen: quoted and escaped, as data.
 *
 * @module
 */

import type { NearText } from "../common/match.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type { Gesture } from "../desktop/types.ts";
import type { Located } from "../plan/pointing.ts";

/** One mark as shown: where it went, what it matched, the gesture it shows. */
export interface ShownMark extends Located {
  gesture: Gesture;
  note: boolean;
}

const SAID: Record<Gesture, string> = {
  look: "look here",
  click: "click",
  double_click: "double-click",
  right_click: "right-click",
  type_here: "type here",
  drag_to: "drag onto the next mark",
};

/** The reply when every mark is up. */
export function shownText(marks: ShownMark[], durationMs: number, notes: string): string {
  const lines = [
    `shown: ${marks.length} mark(s) on screen for ${
      durationMs / 1000
    } s, or until choto's next input or point call; ` +
    "nothing was clicked or typed, and the pointer and keyboard focus did not move.",
  ];
  marks.forEach((m, i) => {
    const b = m.box;
    const what = m.matched
      ? `"${escapeScreenText(m.matched.text)}"${
        m.matched.icon ? " [icon]" : ""
      } (${m.matched.stage}, ${m.matched.scope})`
      : "a bare box (not matched to anything read: exact false)";
    lines.push(`${i + 1}. ${what} at ${b.x},${b.y} ${b.width}x${b.height}: ${SAID[m.gesture]}`);
  });
  if (notes === "core font") lines.push("notes were written in the X server's core font (Latin-1 only).");
  lines.push("Tell the user what the marks show; they act with their own hands.");
  return lines.join("\n");
}

/** The reply when nothing was drawn; the reason may hold window titles, so it is escaped as well. */
export function notShownText(reason: string, closest: NearText[]): string {
  const near = closest.length
    ? `; closest texts: ${closest.map((c) => `"${escapeScreenText(c.text)}" (${c.similarity})`).join(", ")}`
    : "";
  return `not shown: ${
    escapeScreenText(reason)
  }${near}. Nothing was drawn. Check the texts with observe (a menu item is on ` +
    "scope chrome while its menu is open), or pass the element's box from observe.";
}

/** The reply when the guard refused the marks: one would cover a window choto may not show over. */
export function refusedText(reason: string): string {
  return `point was refused: ${reason}. Nothing was drawn.`;
}

/** The reply when drawing failed part-way: what was drawn of the set is down again. */
export function failedText(message: string): string {
  return `point failed while drawing: ${message}. The marks drawn before it failed were taken down; ` +
    "nothing is left on screen. Retry without notes, or run `choto doctor` if it fails again.";
}
