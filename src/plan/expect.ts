/**
 * Post-conditions: what must be true on screen after a step. Checked on a
 * fresh look, repeatedly, until they hold or the step's timeout passes.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";
import { changedFraction } from "../image/compare.ts";
import { countMatches, isResolved, resolveTarget } from "./resolve.ts";

import type { RgbaImage } from "../image/pixels.ts";
import type { Expectation } from "./step_fields.ts";
import { toggledByPixels } from "../perceive/toggle_buttons.ts";

/** What the screen looked like before the step acted. */
export interface Before {
  frame: RgbaImage;
  elements: Element[];
}

/** The verdict on one look. */
export interface Verdict {
  holds: boolean;
  /** One line per field, saying what was seen. */
  details: string[];
}

/** Judges an expectation on the screen as it is now. */
export function judge(
  expect: Expectation,
  before: Before,
  now: { frame: RgbaImage; elements: Element[] },
): Verdict {
  const details: string[] = [];
  let holds = true;
  if (expect.appears !== undefined) {
    const n = countMatches(expect.appears, now.elements);
    if (n === 0) holds = false;
    details.push(n ? `"${expect.appears}" appeared` : `"${expect.appears}" is not on screen`);
  }
  if (expect.disappears !== undefined) {
    const n = countMatches(expect.disappears, now.elements);
    if (n > 0) holds = false;
    details.push(n ? `"${expect.disappears}" is still on screen (${n}x)` : `"${expect.disappears}" is gone`);
  }
  if (expect.appears_count_increases !== undefined) {
    const was = countMatches(expect.appears_count_increases, before.elements);
    const is = countMatches(expect.appears_count_increases, now.elements);
    if (is <= was) holds = false;
    details.push(`"${expect.appears_count_increases}" on ${is} line(s), was ${was}`);
  }
  if (expect.screen_changes !== undefined) {
    const changed = changedFraction(before.frame, now.frame);
    const did = changed > 0;
    if (did !== expect.screen_changes) holds = false;
    details.push(did ? `screen changed (${(changed * 100).toFixed(2)}% of pixels)` : "screen did not change");
  }
  for (const want of ["checked", "unchecked"] as const) {
    const label = expect[want];
    if (label === undefined) continue;
    const seen = controlLabelled(label, now.elements);
    if (!seen?.control || seen.control.kind === "toggle") {
      // A button alone says nothing of its state; a click that left it drawn in reverse (or undid that)
      // does, and that is the step's own evidence, said even where an earlier look settled the state too.
      // The button's pixels are compared as a bare label's would be (its control is what they are to settle).
      const button = seen ? { ...seen, control: undefined } : labelled(label, now.elements);
      const drawn = button ? toggledByPixels(before.frame, now.frame, button) : null;
      if (drawn) {
        if (drawn.state !== want) holds = false;
        const how = drawn.state === "checked" ? "drawn in reverse since" : "no longer drawn in reverse after";
        details.push(`toggle "${drawn.label}" is ${drawn.state} (${how} the step)`);
        continue;
      }
    }
    if (!seen?.control) {
      holds = false;
      details.push(`no checkbox, radio or switch labelled "${label}" is on screen`);
      continue;
    }
    if (seen.control.state === "unknown") {
      // A state the pixels do not show holds neither way.
      holds = false;
      details.push(`${seen.control.kind} "${seen.text}": its state is unknown (the pixels do not show it)`);
      continue;
    }
    const on = seen.control.state === "checked" || seen.control.state === "on";
    if (on !== (want === "checked")) holds = false;
    details.push(`${seen.control.kind} "${seen.text}" is ${seen.control.state}`);
  }
  return { holds, details };
}

/** The element whose text matches `label` as a target would, or null. */
function labelled(label: string, elements: Element[]): Element | null {
  const r = resolveTarget(label, elements, { x: 0, y: 0, width: 1e6, height: 1e6 });
  return isResolved(r) ? r.element : null;
}

/** The element with a control that toggles whose label matches `label` as a target would. */
function controlLabelled(label: string, elements: Element[]): Element | null {
  const labels = elements.filter((e) =>
    e.control && e.control.kind !== "select" && e.control.kind !== "entry"
  );
  const r = resolveTarget(label, labels, { x: 0, y: 0, width: 1e6, height: 1e6 });
  return isResolved(r) ? r.element : null;
}
