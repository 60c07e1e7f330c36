/**
 * Fields the user's secrets are in, told from the window's own labels: the
 * text beside or under a "Password" or "Card number" label, and the value
 * after such a label's colon, are never stored in the graph.
 *
 * @module
 */

import { secretLabel } from "../common/secret_labels.ts";
import type { Element } from "../ocr/types.ts";

/** How far right of its label a field's text may start, in label heights. */
const BESIDE_HEIGHTS = 30;
/** How far under its label a field's text may start, in label heights. */
const UNDER_HEIGHTS = 2.5;

/**
 * The elements with what secret fields show taken out: a field's text beside
 * or under its label is dropped; a label holding its value after a colon
 * keeps the label alone.
 */
export function withoutSecretFields(elements: readonly Element[]): Element[] {
  const drop = new Set<number>();
  // Copies without the segments an element joined (ocr/group.ts): they hold its text as read, secret or not.
  const out = elements.map(({ segments: _, ...e }): Element => e);
  elements.forEach((label, i) => {
    const found = secretLabel(label.text);
    if (!found) return;
    if (found.rest.trim()) out[i].text = found.label;
    const field = fieldOf(elements, label);
    if (field >= 0 && secretLabel(elements[field].text) === null) drop.add(field);
  });
  return out.filter((_, i) => !drop.has(i));
}

/** The index of the text nearest right of `label` on its row, else the nearest under it; -1 for none. */
function fieldOf(elements: readonly Element[], label: Element): number {
  const right = label.x + label.w;
  const mid = label.y + label.h / 2;
  let best = -1;
  let bestGap = Infinity;
  elements.forEach((e, i) => {
    if (e === label) return;
    const rowMid = e.y + e.h / 2;
    const gap = e.x - right;
    if (
      Math.abs(rowMid - mid) <= label.h / 2 && gap >= -2 && gap <= label.h * BESIDE_HEIGHTS && gap < bestGap
    ) {
      best = i;
      bestGap = gap;
    }
  });
  if (best >= 0) return best;
  elements.forEach((e, i) => {
    if (e === label) return;
    const below = e.y - (label.y + label.h);
    if (
      below >= -2 && below <= label.h * UNDER_HEIGHTS && Math.abs(e.x - label.x) <= label.h * 2 &&
      below < bestGap
    ) {
      best = i;
      bestGap = below;
    }
  });
  return best;
}
