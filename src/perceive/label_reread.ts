/**
 * Labels read with their control's drawing, read again without it. A
 * recogniser that takes a radio's circle in with the word after it
 * (Qt6's `○ Small`) returns the word unsure (0.34); controls.ts finds the
 * drawing at the start of the box, puts the control on the label and cuts
 * the box past it, and here the cut box, the label's letters alone, is read
 * once more. The new reading replaces the old only when it is one line of
 * letters and much surer; otherwise the label stays as unsure as it was.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { ScreenReader } from "../ocr/reader.ts";
import type { Element } from "../ocr/types.ts";

/** Labels below this confidence with a control cut off their box are read again. */
const REREAD_BELOW = 0.6;
/** The second reading must be at least this sure ... */
const SURE = 0.85;
/** ... and this much surer than the first. */
const GAIN = 0.15;

/** Whether `e` is a label controls.ts cut past the drawing of its checkbox or radio, read unsure. */
export function cutUnsureLabel(e: Element): boolean {
  const c = e.control;
  return Boolean(
    c && (c.kind === "checkbox" || c.kind === "radio") && e.conf < REREAD_BELOW && e.x === c.x + c.w,
  );
}

/**
 * The reading of `again` (the elements read in a label's cut box) that replaces `label`'s, or null:
 * one row of words with letters, each at least `SURE` and `GAIN` surer than the label was.
 */
export function surerReading(label: Element, again: readonly Element[]): Element | null {
  if (!again.length || again.some((a) => a.conf < SURE || a.conf < label.conf + GAIN)) return null;
  if (again.some((a) => Math.abs(a.cy - label.cy) > label.h / 2)) return null;
  const words = [...again].sort((a, b) => a.x - b.x);
  const text = words.map((a) => a.text).join(" ");
  if ((text.match(/\p{L}/gu)?.length ?? 0) < 2) return null;
  const conf = Math.min(...words.map((a) => a.conf));
  return { ...label, text, conf };
}

/** `elements` with each cut, unsure label (`cutUnsureLabel`) read again alone, where that reads surer. */
export async function rereadCutLabels(
  reader: ScreenReader,
  frame: RgbaImage,
  elements: Element[],
): Promise<Element[]> {
  if (!elements.some(cutUnsureLabel)) return elements;
  return await Promise.all(elements.map(async (e) => {
    if (!cutUnsureLabel(e)) return e;
    // A pixel clear of the drawing's edge on the left; a margin of ground around the letters otherwise.
    const x = e.x + 1, y = Math.max(0, e.y - 4);
    const region = {
      x,
      y,
      width: Math.min(frame.width, e.x + e.w + 3) - x,
      height: Math.min(frame.height, e.y + e.h + 4) - y,
    };
    const read = await reader.read(frame, region, { charScan: false }).catch(() => null);
    return (read && surerReading(e, read.elements)) ?? e;
  }));
}
