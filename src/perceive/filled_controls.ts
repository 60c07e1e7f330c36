/**
 * Form controls drawn as fills, not outlines. GTK4's Adwaita theme (and
 * libadwaita's) draws an entry and a drop-down as a rounded box a shade
 * darker than the window (#e6e6e6 on #fafafa: 60 apart, under `INK`), and a
 * switch as a grey or accent-coloured track holding a white knob: none of
 * them has a border the outline rules (control_shapes.ts, entries.ts,
 * selects.ts) can see. Here they are found on a softer line between ink
 * and ground, each checked for what it must hold (nothing, a text and a
 * chevron, a knob at one end).
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box } from "../common/rect.ts";
import type { Element, ElementControl } from "../ocr/types.ts";
import {
  at,
  dist,
  groundAndShapes,
  groundOf,
  INK,
  inklessRows,
  inkMask,
  knobOf,
  type Rgb,
  type Shape,
  shapeKind,
  shapesOf,
  stateOf,
} from "./control_shapes.ts";
import { isChevron, type SelectBox } from "./selects.ts";

/** Colour distance above which a pixel is a fill on its ground: Adwaita's entry fill is 60 from the window. */
export const FILL_INK = 30;
/** Share of a filled box's bounding box its fill covers, at least (rounded corners take a little). */
const SOLID = 0.85;
/** Farthest a switch may sit right of its label, in text heights (a settings row's width). */
const MAX_SWITCH_REACH = 60;
/** Smallest height of a switch's track in pixels (as control_shapes.ts has it for a pill). */
const MIN_TRACK = 14;
/** How far from the track's end a knob's centre sits, at most, as a share of the track's width. */
const KNOB_END = 0.35;

/** A label's text height, bounded to what a label's text is. */
function textHeight(label: Element): number {
  return Math.max(8, Math.min(label.h, 40));
}

/** A box clipped to the frame, or null when too little of it is left. */
function clip(img: RgbaImage, x0: number, y0: number, x1: number, y1: number): Box | null {
  const x = Math.max(0, Math.round(x0)), y = Math.max(0, Math.round(y0));
  const w = Math.min(img.width, Math.round(x1)) - x, h = Math.min(img.height, Math.round(y1)) - y;
  return w >= 8 && h >= 8 ? { x, y, w, h } : null;
}

/**
 * The shapes of `band` that are filled boxes on its ground (at `FILL_INK`)
 * and pass `keep`: solid, whatever is drawn inside them being part of the
 * same shape. The ground is the band's commonest colour unless given (a box
 * filling most of its band would be its ground).
 */
export function solidBoxes(img: RgbaImage, band: Box, keep: (b: Shape) => boolean, ground?: Rgb): Shape[] {
  const shapes = ground
    ? shapesOf(inkMask(img, band, ground, FILL_INK), band.w, band.h)
    : groundAndShapes(img, band, FILL_INK).shapes;
  return shapes.filter((b) => keep(b) && b.n >= SOLID * b.w * b.h);
}

/** How far a pixel of a fill's run may be from the run's first pixel (a flat fill, not text's ink). */
const FLAT_RUN = 12;

/**
 * Whether a row of `band`, looked at every `step` rows, holds a run of at
 * least `minRun` pixels of one flat colour a shade off `ground` (farther
 * than `FILL_INK`, not as far as `INK`: a fill the outline rules cannot
 * see): an empty filled box at least `minRun` wide and `step` tall crosses
 * one of those rows with such a run. It spares most bands the search for
 * solid shapes, which costs a look.
 */
export function hasFillRun(img: RgbaImage, band: Box, ground: Rgb, minRun: number, step: number): boolean {
  const d = img.data;
  const every = Math.max(1, Math.floor(step));
  for (let y = band.y + (every >> 1); y < band.y + band.h; y += every) {
    let run = 0, start = 0;
    for (let x = band.x, i = (y * img.width + x) * 4; x < band.x + band.w; x++, i += 4) {
      const far = Math.abs(d[i] - ground[0]) + Math.abs(d[i + 1] - ground[1]) +
        Math.abs(d[i + 2] - ground[2]);
      if (far <= FILL_INK || far > INK) {
        run = 0;
        continue;
      }
      const off = run
        ? Math.abs(d[i] - d[start]) + Math.abs(d[i + 1] - d[start + 1]) + Math.abs(d[i + 2] - d[start + 2])
        : 0;
      if (run && off <= FLAT_RUN) run++;
      else [run, start] = [1, i];
      if (run >= minRun) return true;
    }
  }
  return false;
}

/**
 * The ground around the fill `label` sits on, or null when it sits on none:
 * the pixels just left and right of it are one colour (the fill), and the
 * pixel 2.5 text heights above its centre (outside any box around the
 * label, the ground) is far from it. Most labels sit on the window's
 * ground; this spares them the search for a filled select.
 */
function groundAroundFill(img: RgbaImage, label: Element, t: number): Rgb | null {
  const y = Math.round(label.cy), above = Math.round(label.cy - 2.5 * t);
  const left = Math.round(label.x - 3), right = Math.round(label.x + label.w + 3);
  if (above < 0 || left < 0 || right >= img.width || y >= img.height) return null;
  const fill = at(img, left, y);
  if (dist(fill, at(img, right, y)) > 12) return null;
  const ground = at(img, Math.round(label.cx), above);
  return dist(fill, ground) > FILL_INK ? ground : null;
}

/**
 * A drop-down drawn as a filled box (GTK4's Gtk.DropDown): a solid shape one
 * to three text heights tall around the end of `label`, and inside it, on
 * its fill, the label's text and then, near the right end and apart from
 * the text, a chevron. Null when there is none.
 */
export function filledSelectAround(img: RgbaImage, label: Element): SelectBox | null {
  const t = textHeight(label);
  const ground = groundAroundFill(img, label, t);
  if (!ground) return null;
  // Adwaita's drop-down is 34 px tall around 9 px of bold text: its band reaches farther up and down.
  const band = clip(img, label.x - 2 * t, label.cy - 2.5 * t, label.x + label.w + 6 * t, label.cy + 2.5 * t);
  if (!band) return null;
  const end = label.x + label.w - band.x, cy = label.cy - band.y;
  const boxes = solidBoxes(img, band, (b) =>
    b.x > 0 && b.y > 0 && b.x + b.w < band.w && b.y + b.h < band.h &&
    b.h >= 1.2 * t && b.h <= 4 * t && b.w >= 2.5 * t && cy >= b.y && cy <= b.y + b.h &&
    end > b.x + 0.5 * t && end <= b.x + b.w + 2, ground);
  for (const b of boxes) {
    // Inside the rounded corners: the box's own fill is the ground its text and chevron are drawn on.
    const inner = { x: band.x + b.x + 3, y: band.y + b.y + 3, w: b.w - 6, h: b.h - 6 };
    if (inner.w < 2 * t || inner.h < 0.6 * t) continue;
    const { ground: fill, shapes } = groundAndShapes(img, inner);
    const inside = shapes.filter((s) => s.x > 0 && s.y > 0 && s.x + s.w < inner.w && s.y + s.h < inner.h)
      .sort((p, q) => p.x + p.w - (q.x + q.w));
    const chevron = inside.at(-1);
    if (!chevron || inside.length < 2) continue;
    if (inner.w - (chevron.x + chevron.w) > 2 * t) continue;
    const before = Math.max(...inside.slice(0, -1).map((s) => s.x + s.w));
    if (chevron.x - before < 0.3 * t) continue;
    if (Math.abs(chevron.y + chevron.h / 2 - inner.h / 2) > 0.3 * t) continue;
    if (!isChevron(inkMask(img, inner, fill), inner.w, chevron, t)) continue;
    return { x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h, chevronX: inner.x + chevron.x };
  }
  return null;
}

/**
 * A switch drawn as a filled track right of `label` (GTK4's Gtk.Switch:
 * a grey track for off, an accent one for on, a white knob at the end its
 * state names), in the stretch of its row up to `until`: the one shape
 * there on the soft line, a pill spanning the label's line, with a knob at
 * one of its ends. A rounded button holding a word is a pill too, but its
 * marks sit in its middle.
 */
export function filledSwitchRightOf(img: RgbaImage, label: Element, until: number): ElementControl | null {
  const t = textHeight(label);
  const band = clip(
    img,
    label.x + label.w + 2,
    label.cy - 1.6 * t,
    Math.min(until - 2, label.x + label.w + MAX_SWITCH_REACH * t),
    label.cy + 2.4 * t,
  );
  if (!band) return null;
  const cy = Math.floor(label.cy);
  if (inklessRows(img, band, cy - 1, cy)) return null;
  const { ground, shapes: all } = groundAndShapes(img, band, FILL_INK);
  // The label's last letter may reach into the band: it touches the band's start, as a row's rule its
  // ends and the next row's field (a grid form's rows are close) its top or bottom; the switch stands free.
  const shapes = all.filter((b) =>
    b.n >= 4 && b.x > 0 && b.x + b.w < band.w && b.y > 0 && b.y + b.h < band.h
  );
  if (shapes.length !== 1 || shapes[0].h < MIN_TRACK) return null;
  const ink = inkMask(img, band, ground, FILL_INK);
  const b = shapes[0];
  const top = band.y + b.y, bottom = top + b.h;
  if (label.cy < top || label.cy > bottom || b.h > 3 * t) return null;
  if (shapeKind(ink, band.w, b, true) !== "switch") return null;
  const box = { x: band.x + b.x, y: top, w: b.w, h: b.h };
  if (!knobAtEnd(img, box)) return null;
  return { kind: "switch", state: stateOf(img, "switch", box, ground), ...box };
}

/** Whether the marks inside a pill's track (its knob) sit at one of its ends, not in its middle. */
function knobAtEnd(img: RgbaImage, b: Box): boolean {
  const { x } = knobOf(img, b);
  if (x === null) return false;
  const share = (x - b.x) / b.w;
  return share <= KNOB_END || share >= 1 - KNOB_END;
}

/**
 * A switch the recogniser read as marks at the end of `label` ("Express
 * delivery [ @)": an accent track and a white knob look like brackets and a
 * ring), or null: within the label's box, the last shape on the soft line
 * that is a pill with a knob at one end, ending where the label ends.
 * Letters are no pill: they are not as tall as a switch's track.
 */
export function switchAtEnd(img: RgbaImage, label: Element): ElementControl | null {
  const t = textHeight(label);
  const band = clip(img, label.x - 2, label.cy - 1.6 * t, label.x + label.w + t, label.cy + 1.6 * t);
  if (!band) return null;
  const ground = groundOf(img, band);
  const ink = inkMask(img, band, ground, FILL_INK);
  const end = label.x + label.w - band.x;
  const pills = shapesOf(ink, band.w, band.h).filter((b) =>
    b.x > 0 && b.y > 0 && b.x + b.w < band.w && b.y + b.h < band.h && Math.abs(b.x + b.w - end) <= t &&
    shapeKind(ink, band.w, b, true) === "switch"
  );
  const b = pills.at(-1);
  if (!b) return null;
  const box = { x: band.x + b.x, y: band.y + b.y, w: b.w, h: b.h };
  if (label.cy < box.y || label.cy > box.y + box.h || !knobAtEnd(img, box)) return null;
  return { kind: "switch", state: stateOf(img, "switch", box, ground), ...box };
}
