/**
 * Toggle buttons alone on their row, told by what the window showed before.
 * An Athena Toggle with no row-mates is drawn as a Command button is while
 * unset, and in reverse once set; a dark button alone may just as well be a
 * style (a default button), so one look settles nothing (toggle_buttons.ts
 * leaves such a button as read). What settles it is the same button seen
 * both ways: a button seen drawn plain, and now drawn in reverse in the same
 * place of the same window with its fill the colour its plain outline had
 * (the same button, in reverse), is set; one seen in reverse before and
 * plain now is unset. A button seen one way only keeps no state.
 *
 * The memory lasts while the server runs (one per desktop, look_memory.ts),
 * bounded to a few windows and buttons each.
 *
 * @module
 */

import type { Box, Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Element } from "../ocr/types.ts";
import { at, dist, INK } from "./control_shapes.ts";
import {
  type ButtonLook,
  buttonRound,
  isCandidate,
  sameStyleUnset,
  withoutEdgeTokens,
} from "./toggle_buttons.ts";

/** Windows whose buttons are kept, the ones looked at longest ago dropped first. */
const MAX_WINDOWS = 32;
/** Buttons kept per window, the first seen dropped first. */
const MAX_BUTTONS = 64;

/** One button of a window as looks saw it: its label folded, its box from the window's corner, each way it was drawn. */
interface SeenButton {
  label: string;
  box: Box;
  plain?: ButtonLook;
  reversed?: ButtonLook;
}

/** The buttons seen in each window, by window id. */
export class ToggleMemory {
  #windows = new Map<string, SeenButton[]>();

  /** The buttons seen in window `id` (kept from now on, as the window looked at last). */
  buttonsOf(id: string): SeenButton[] {
    const seen = this.#windows.get(id) ?? [];
    this.#windows.delete(id);
    this.#windows.set(id, seen);
    for (const old of this.#windows.keys()) {
      if (this.#windows.size <= MAX_WINDOWS) break;
      this.#windows.delete(old);
    }
    return seen;
  }
}

/** A label as compared between looks: no outline tokens, case or punctuation. */
function folded(text: string): string {
  return withoutEdgeTokens(text).toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** Whether two boxes are one, to a pixel. */
function sameBox(a: Box, b: Box): boolean {
  return Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1 && Math.abs(a.w - b.w) <= 1 &&
    Math.abs(a.h - b.h) <= 1;
}

/** Farthest a button's side stands from its label, in text heights, and the pixels past it a scan looks. */
const REACH = 1.5, PAST = 2;

/**
 * Whether the pixels going out from `e`'s middle change colour within a
 * button's padding on all four sides: a button's outline (or its fill
 * meeting the ground) does; text on a flat ground or in a wide cell does
 * not, and is not measured further (a cheap look before `buttonRound`).
 */
function framed(img: RgbaImage, e: Element): boolean {
  const reach = Math.ceil(REACH * Math.max(8, Math.min(e.h, 40))) + PAST;
  const cx = Math.round(e.cx), cy = Math.round(e.cy);
  const x0 = Math.round(e.x) - 1,
    x1 = Math.round(e.x + e.w),
    y0 = Math.round(e.y) - 1,
    y1 = Math.round(e.y + e.h);
  return changes(img, cx, y0, 0, -1, reach) && changes(img, cx, y1, 0, 1, reach) &&
    changes(img, x0, cy, -1, 0, reach) && changes(img, x1, cy, 1, 0, reach);
}

/** Whether the colour changes (by more than ink does) within `reach` pixels from (x, y) going (dx, dy). */
function changes(img: RgbaImage, x: number, y: number, dx: number, dy: number, reach: number): boolean {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return false;
  const first = at(img, x, y);
  for (let i = 1; i <= reach; i++) {
    const px = x + i * dx, py = y + i * dy;
    if (px < 0 || py < 0 || px >= img.width || py >= img.height) return false;
    if (dist(at(img, px, py), first) > INK) return true;
  }
  return false;
}

/** The state `look` shows where `known` was drawn the other way in the same style, else null. */
function stateBy(look: ButtonLook, known: SeenButton): "checked" | "unchecked" | null {
  if (look.inverted) return known.plain && sameStyleUnset(known.plain, look) ? "checked" : null;
  return known.reversed && sameStyleUnset(look, known.reversed) ? "unchecked" : null;
}

/**
 * `elements` with each button alone (no control found for it) marked a
 * toggle where `memory` saw it drawn the other way in the same window (see
 * the module note), and every such button remembered as drawn now.
 */
export function attachLoneToggles(
  img: RgbaImage,
  elements: readonly Element[],
  window: { id: string; bounds: Rect },
  memory: ToggleMemory,
): Element[] {
  const seen = memory.buttonsOf(window.id);
  return elements.map((e) => {
    if (e.control || !isCandidate(e) || !framed(img, e)) return e;
    const button = buttonRound(img, e);
    const label = folded(e.text);
    if (!button || !label) return e;
    const { element: _, ...drawn } = button;
    const look = {
      ...drawn,
      box: { ...drawn.box, x: drawn.box.x - window.bounds.x, y: drawn.box.y - window.bounds.y },
    };
    let known = seen.find((s) => s.label === label && sameBox(s.box, look.box));
    const state = known ? stateBy(look, known) : null;
    if (!known) {
      known = { label, box: look.box };
      seen.push(known);
      if (seen.length > MAX_BUTTONS) seen.shift();
    }
    if (look.inverted) known.reversed = look;
    else known.plain = look;
    if (!state) return e;
    return { ...e, text: withoutEdgeTokens(e.text), control: { kind: "toggle", state, ...button.box } };
  });
}
