/**
 * Form controls beside their labels: checkboxes, radio buttons, switches,
 * selects (selects.ts finds those) and empty entries (entries.ts).
 * OCR reads their drawings as letters ("©", "[J", "(1)") or not at all (a
 * filled, checked box); here each label's control is found in the pixels
 * next to it (control_shapes.ts tells the drawing and its state), put on the
 * label's element, and the glyph the recogniser made of it leaves the text.
 *
 * Left of a label: the leftmost drawing in a band one text height tall,
 * centred on the label's line and followed by a gap, then the label's
 * letters (checkbox, radio, switch). Right of a label: a switch alone in the
 * empty stretch of its row after the label (settings rows put the switch at
 * the row's end, level with the label or with the label and its caption).
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box, Rect } from "../common/rect.ts";
import type { Element, ElementControl } from "../ocr/types.ts";
import {
  groundAndShapes,
  groundOf,
  INK,
  inklessRows,
  inkMask,
  type Rgb,
  shapeKind,
  shapesOf,
  SOFT_INK,
  stateOf,
} from "./control_shapes.ts";
import { selectAround, selectText } from "./selects.ts";
import { RowMemory } from "./row_memory.ts";
import { mayHoldShape } from "./ink_room.ts";
import { entryBeside, entryPastCaret, withoutCaret } from "./entries.ts";
import { attachToggleButtons } from "./toggle_buttons.ts";
import { filledSelectAround, filledSwitchRightOf, switchAtEnd } from "./filled_controls.ts";

/** Widest gap between a control on the left and its label, in text heights. */
const MAX_GAP = 2.5;
/** Smallest side of a control's drawing in pixels: letters of small text are smaller. */
const MIN_SIDE = 10;
/** Farthest a switch may sit right of its label, in text heights (a settings row's width). */
const MAX_SWITCH_REACH = 60;
/** Glyph tokens a recogniser makes of a control's drawing (a ticked Tk box reads `v`, `WV`), taken off the label when one is found. */
const GLYPH_TOKEN = /^(?:[\[\](){}©®™@O0oQDCJIl1|«»<>¢"'°•·*#=\-_~vVwW✓✔]{1,4}|[\[({|].{0,2})$/;

/** The label's text height, bounded to what a label's text is. */
function textHeight(label: Element): number {
  return Math.max(8, Math.min(label.h, 40));
}

/** A box clipped to the frame, or null when too little of it is left. */
function clip(img: RgbaImage, x0: number, y0: number, x1: number, y1: number): Box | null {
  const x = Math.max(0, Math.round(x0)), y = Math.max(0, Math.round(y0));
  const w = Math.min(img.width, Math.round(x1)) - x, h = Math.min(img.height, Math.round(y1)) - y;
  return w >= 8 && h >= 8 ? { x, y, w, h } : null;
}

/** The control drawn just left of (or at the start of) `label`, if any. */
export function controlLeftOf(img: RgbaImage, label: Element): ElementControl | null {
  const t = textHeight(label);
  const band = clip(
    img,
    label.x - (MAX_GAP + 2) * t,
    label.cy - 1.1 * t,
    label.x + Math.min(label.w, 3.2 * t),
    label.cy + 1.1 * t,
  );
  if (!band) return null;
  // One ground for both lines of ink: it is the band's either way.
  const ground = groundOf(img, band);
  return controlIn(img, label, band, INK, ground) ?? controlIn(img, label, band, SOFT_INK, ground);
}

/**
 * The control at the start of `band` (see `controlLeftOf`), its ink told from the band's `ground`
 * by `threshold`.
 */
function controlIn(
  img: RgbaImage,
  label: Element,
  band: Box,
  threshold: number,
  ground: Rgb,
): ElementControl | null {
  const t = textHeight(label);
  // A drawing's size and place, as kept below: most labels' bands have no room for one (letters are narrower).
  const room = mayHoldShape(img, band, ground, threshold, {
    left: [band.x, band.x + band.w],
    top: [label.cy - 1.35 * t, label.cy + 0.35 * t],
    minWidth: MIN_SIDE,
    minHeight: Math.max(MIN_SIDE, 0.6 * t),
    maxHeight: 2 * t,
  });
  if (!room) return null;
  const { shapes } = groundAndShapes(img, band, threshold, ground);
  const found = shapes
    .filter((b) => b.h >= Math.max(MIN_SIDE, 0.6 * t) && b.h <= 2 * t && b.w >= MIN_SIDE && b.w <= 3.2 * t)
    // Centred on the label's line, as toolkits draw them, and clear of the band's top and bottom:
    // a box around the whole row (a text field) is no control.
    .filter((b) => Math.abs(band.y + b.y + b.h / 2 - label.cy) <= 0.35 * t && b.y > 0 && b.y + b.h < band.h)
    .sort((a, c) => a.x - c.x);
  // Most labels have no drawing beside them: their band's ink is masked only when one may be.
  if (!found.length) return null;
  const ink = inkMask(img, band, ground, threshold);
  for (const b of found) {
    // What follows the drawing must be a gap, then the label's letters.
    let gap = 0;
    for (let x = b.x + b.w; x < band.w && gap < MAX_GAP * t; x++) {
      let any = false;
      for (let y = b.y; y < b.y + b.h && !any; y++) any = ink[y * band.w + x] === 1;
      if (any) break;
      gap++;
    }
    // A label read with its control's glyph is as tall as the drawing (GTK4's 20 px box before 11 px
    // text, 5 px apart): its height overstates the text's, so the least gap is a fifth of it.
    if (gap < Math.max(3, Math.round(0.2 * t)) || gap >= MAX_GAP * t) continue;
    const kind = shapeKind(ink, band.w, b);
    if (!kind) continue;
    const box = { x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h };
    return { kind, state: stateOf(img, kind, box, ground), ...box };
  }
  return null;
}

/**
 * A switch right of `label`, in the empty stretch of its row up to `until`
 * (the next text on the row, or the window's edge): the one shape there, a
 * pill whose height spans the label's line.
 */
export function switchRightOf(img: RgbaImage, label: Element, until: number): ElementControl | null {
  const t = textHeight(label);
  const band = clip(
    img,
    label.x + label.w + t,
    label.cy - 1.6 * t,
    Math.min(until - 2, label.x + label.w + MAX_SWITCH_REACH * t),
    label.cy + 2.4 * t,
  );
  if (!band) return null;
  // The switch's rows take in the label's centre (or end just above it): with no ink there, there is none.
  const cy = Math.floor(label.cy);
  if (inklessRows(img, band, cy - 1, cy)) return null;
  const ground = groundOf(img, band);
  const ink = inkMask(img, band, ground);
  // A rule running through the band (a row's separator) touches its ends; a switch stands free.
  const shapes = shapesOf(ink, band.w, band.h).filter((b) => b.n >= 4 && b.x > 0 && b.x + b.w < band.w);
  if (shapes.length !== 1) return null;
  const b = shapes[0];
  const top = band.y + b.y, bottom = top + b.h;
  if (b.y === 0 || b.y + b.h >= band.h || label.cy < top || label.cy > bottom || b.h > 3 * t) return null;
  if (shapeKind(ink, band.w, b, true) !== "switch") return null;
  const box = { x: band.x + b.x, y: top, w: b.w, h: b.h };
  return { kind: "switch", state: stateOf(img, "switch", box, ground), ...box };
}

/** Where the empty stretch right of `e` ends: the next element on its row, or the window's edge. */
function rowEnd(e: Element, all: readonly Element[], right: number): number {
  let end = right;
  for (const o of all) {
    if (o === e || o.x < e.x + e.w || Math.abs(o.cy - e.cy) > Math.max(o.h, e.h)) continue;
    // A lone mark (a switch's knob or an entry's caret read as "|") ends no stretch: it is a drawing's.
    if (o.text.length <= 2 && !/[\p{L}\p{N}]/u.test(o.text)) continue;
    end = Math.min(end, o.x);
  }
  return end;
}

/**
 * The rows a label's controls are looked for in: the bands of `selectAround`
 * (2 text heights either side of the label's centre), `controlLeftOf` (1.1),
 * `switchRightOf` (1.6 above, 2.4 below) and `entryBeside` (1.8 above, to
 * 5.2 below the label's bottom), with a row to spare.
 */
export function controlRows(label: Element): [number, number] {
  const t = textHeight(label);
  return [Math.floor(label.cy - 2.5 * t) - 1, Math.ceil(label.y + label.h + 5.5 * t) + 1];
}

/**
 * `label` with the control drawn beside it (`until`: where its row's empty stretch ends; `right`: the
 * area's right edge), or as it is.
 */
function labelled(img: RgbaImage, e: Element, until: number, right: number): Element {
  // A label has words: a lone character beside a box is a window button or a keypad key.
  if (e.icon || (e.text.match(/\p{L}/gu)?.length ?? 0) < 2) return e;
  if (e.conf < 0.4) return drawingReadWith(img, e) ?? e;
  // A select's chevron and border, read as letters, pull its text's confidence down.
  const select = selectAround(img, e, right) ?? filledSelectAround(img, e);
  if (select) {
    const { text, w, option } = selectText(e, select);
    const { chevronX: _, ...box } = select;
    return {
      ...e,
      text,
      w,
      cx: Math.round(e.x + w / 2),
      control: { kind: "select", state: option, ...box },
    };
  }
  if (e.conf < 0.6) return drawingReadWith(img, e) ?? e;
  const past = entryPastCaret(img, e, until, right);
  if (past) return { ...past.label, control: past.control };
  const control = controlLeftOf(img, e) ?? switchRightOf(img, e, until) ??
    filledSwitchRightOf(img, e, until) ?? entryBeside(img, e, textHeight(e), until, right);
  if (!control) return caretBeside(img, e, until, right) ?? switchRead(img, e) ?? e;
  const [first, ...rest] = e.text.split(/\s+/);
  let { text, x, w } = e;
  if (rest.length && GLYPH_TOKEN.test(first) && control.x + control.w > e.x) {
    text = rest.join(" ");
    const cut = Math.max(e.x, control.x + control.w);
    w = e.x + e.w - cut;
    x = cut;
  } else if (startsWith(e, control)) return cutPast({ ...e, control });
  return { ...e, text, x, w, cx: Math.round(x + w / 2), control };
}

/** Whether `control` is drawn at the start of `e`'s own box (the recogniser took its drawing in). */
function startsWith(e: Element, control: ElementControl): boolean {
  return control.x <= e.x + 2 && control.x + control.w > e.x && control.x + control.w < e.x + e.w;
}

/** `e` (its control on it) with its box starting past the control's drawing, its text as read. */
function cutPast(e: Element & { control: ElementControl }): Element {
  const cut = e.control.x + e.control.w;
  const w = e.x + e.w - cut;
  return { ...e, x: cut, w, cx: Math.round(cut + w / 2) };
}

/**
 * An unsure label whose box begins with a checkbox or radio's drawing, the control put on it: the
 * recogniser read the drawing with the letters (Qt6's unchecked radio and `Small`, 0.34), which is
 * what made it unsure; its state is the drawing's all the same. Null when no drawing starts its box.
 * The text keeps its confidence: perceive.ts reads the cut box again (label_reread.ts).
 */
function drawingReadWith(img: RgbaImage, e: Element): Element | null {
  const control = controlLeftOf(img, e);
  if (!control || (control.kind !== "checkbox" && control.kind !== "radio") || !startsWith(e, control)) {
    return null;
  }
  return cutPast({ ...e, control });
}

/**
 * `label` read with the caret of the focused entry right of it ("Full name I"), or null: the entry
 * found beside the label without that token, holding the token's place. The caret spans the line, so
 * the element's height overstates the text's.
 */
function caretBeside(img: RgbaImage, label: Element, until: number, right: number): Element | null {
  const cut = withoutCaret(label);
  if (!cut) return null;
  const control = entryBeside(img, cut, CARET_TEXT_SHARE * textHeight(label), until, right);
  if (!control || control.x >= label.x + label.w || control.x < cut.x + cut.w) return null;
  return { ...cut, control };
}

/** `label` read with the switch after it as marks ("Express delivery [ @)"), the marks cut off; or null. */
function switchRead(img: RgbaImage, label: Element): Element | null {
  const words = label.text.split(/\s+/);
  let kept = words.length;
  while (kept > 1 && words.length - kept < 3 && GLYPH_TOKEN.test(words[kept - 1])) kept--;
  if (kept === words.length) return null;
  const control = switchAtEnd(img, label);
  if (!control) return null;
  const w = Math.max(1, control.x - label.x - 4);
  return { ...label, text: words.slice(0, kept).join(" "), w, cx: Math.round(label.x + w / 2), control };
}

/**
 * Whether `drawing`, found beside `label`, is a letter of another element: one whose box holds the
 * drawing's centre and reaches well past it with letters of its own (xcalc's `STO` key beside `RCL`,
 * its `O` taken for a radio button). A glyph read off the drawing alone (`O`) is no such element.
 */
function letterOfAnother(drawing: Box, label: Element, elements: readonly Element[]): boolean {
  const cx = drawing.x + drawing.w / 2, cy = drawing.y + drawing.h / 2;
  return elements.some((o) =>
    o !== label && !GLYPH_TOKEN.test(o.text) && cx >= o.x && cx <= o.x + o.w && cy >= o.y &&
    cy <= o.y + o.h &&
    Math.max(drawing.x - o.x, o.x + o.w - (drawing.x + drawing.w)) > drawing.w
  );
}

/** A text's height as a share of its line's (a caret's) height. */
const CARET_TEXT_SHARE = 0.6;

/** What a look found beside each label, kept for the next look's unchanged rows (row_memory.ts). */
export type ControlMemory = RowMemory<Element | null>;

/** A memory for `attachControls` to keep its findings in between looks. */
export function controlMemory(): ControlMemory {
  return new RowMemory<Element | null>();
}

/**
 * Finds the controls beside labels in `area` (the window) and returns the
 * elements with them attached: the glyph the recogniser made of a drawing
 * leaves the label's text and box, and an element read off a drawing alone
 * ("O a") is dropped. With a `memory`, a label the last look saw alike, in
 * rows whose pixels did not change, gets what was found beside it then.
 */
export function attachControls(
  img: RgbaImage,
  elements: readonly Element[],
  area: Rect,
  memory?: ControlMemory,
): Element[] {
  const right = area.x + area.width;
  const look = memory?.begin(img);
  const found = elements.map((e): Element => {
    const until = rowEnd(e, elements, right);
    if (!look) return labelled(img, e, until, right);
    const [y0, y1] = controlRows(e);
    // `null`: the label stays as it was read.
    const kept = look.reuse(JSON.stringify([e, until]), y0, y1, () => {
      const out = labelled(img, e, until, right);
      return out === e ? null : out;
    });
    return kept === null ? e : { ...kept, ...(kept.control ? { control: { ...kept.control } } : {}) };
  });
  look?.commit();
  // A switch level with a label and its caption is the label's, the upper line (reading order).
  const claimed = new Set<string>();
  for (const [i, e] of found.entries()) {
    if (!e.control) continue;
    const key = `${e.control.x},${e.control.y}`;
    if (claimed.has(key) || letterOfAnother(e.control, elements[i], elements)) found[i] = elements[i];
    claimed.add(key);
  }
  const drawings = found.flatMap((e) => (e.control ? [e.control] : []));
  return attachToggleButtons(img, found).filter((e) =>
    e.control ||
    !drawings.some((c) =>
      e.cx >= c.x - 2 && e.cx <= c.x + c.w + 2 && e.cy >= c.y - 2 && e.cy <= c.y + c.h + 2
    )
  );
}
