/**
 * Toggle buttons that show their state by inversion: an Athena (Xaw)
 * Toggle is a button like any other, an outline round its label, and when
 * set it is drawn in reverse (the outline's colour fills the box, the label
 * takes the ground's colour). A radio group of Toggles looks the same, so
 * both are reported as toggles.
 *
 * A button drawn unset says nothing on its own (a Toggle and a Command
 * button look alike), and a dark button alone may be a style. So the state
 * is given only where the pixels show it: in a row of buttons of one height
 * that holds at least one inverted box, the inverted ones are checked and the
 * plain ones unchecked, and an inverted box counts only when the window also
 * shows that button style plain (an outline of the inverted fill's colour
 * round the ground, the same height): the same button, drawn in reverse.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box } from "../common/rect.ts";
import type { Element } from "../ocr/types.ts";
import {
  at,
  dist,
  groundAndShapes,
  groundOf,
  INK,
  inkMask,
  type Rgb,
  weakestSide,
} from "./control_shapes.ts";
import { mayHoldShape } from "./ink_room.ts";

/** Widest padding between a button's outline and its label, in text heights. */
const PAD = 1.5;
/** Widest gap between two buttons of one row, in text heights. */
const ROW_GAP = 3;
/** How far two colours may be and still be one colour drawn twice (antialiasing aside). */
const SAME = 60;
/** Share of each side a button's outline inks, at least. */
const CLOSED = 0.9;

/** A label's button: its box in screen pixels, its fill, its outline's colour, whether it is drawn in reverse. */
export interface Button extends ButtonLook {
  element: Element;
}

/** How a button is drawn: its box, its fill, its outline's colour, the ground round it, whether in reverse. */
export interface ButtonLook {
  box: Box;
  fill: Rgb;
  outline: Rgb;
  ground: Rgb;
  inverted: boolean;
}

/** The label's text height, bounded to what a label's text is. */
function textHeight(e: Element): number {
  return Math.max(8, Math.min(e.h, 40));
}

/** A button label: short words, read well enough, with no control found beside it. */
export function isCandidate(e: Element): boolean {
  return !e.control && !e.icon && e.conf >= 0.3 && e.h <= 40 && e.text.length <= 32 &&
    (e.text.match(/\p{L}/gu)?.length ?? 0) >= 2;
}

/** The button drawn round `e`: a closed outline (or a filled box) just larger than its text, or null. */
export function buttonRound(img: RgbaImage, e: Element): Button | null {
  const t = textHeight(e);
  const x0 = Math.max(0, Math.round(e.x - (PAD + 1) * t)),
    y0 = Math.max(0, Math.round(e.y - (PAD + 0.5) * t));
  const x1 = Math.min(img.width, Math.round(e.x + e.w + (PAD + 1) * t));
  const y1 = Math.min(img.height, Math.round(e.y + e.h + (PAD + 0.5) * t));
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const band = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  const ground = groundOf(img, band);
  // Labels with no room round them for an outline that holds them (most labels) have no button.
  const room = mayHoldShape(img, band, ground, INK, {
    left: [e.x - PAD * t, e.x],
    top: [e.y - PAD * t, e.y],
    minWidth: Math.max(e.w, 2 * t),
    minHeight: e.h,
    maxHeight: 3 * t,
  });
  if (!room) return null;
  const { shapes } = groundAndShapes(img, band, INK, ground);
  const ex = e.x - band.x, ey = e.y - band.y;
  // The box holds the text; a hovered button's inner outline, read as a `|`, may stretch the text's box
  // to the button's edge, so that edge may be the text's.
  const round = shapes.filter((s) =>
    s.x > 0 && s.y > 0 && s.x + s.w < band.w && s.y + s.h < band.h &&
    s.x <= ex && s.y <= ey && s.x + s.w >= ex + e.w && s.y + s.h >= ey + e.h &&
    ex - s.x <= PAD * t && ey - s.y <= PAD * t && s.x + s.w - (ex + e.w) <= PAD * t &&
    s.y + s.h - (ey + e.h) <= PAD * t && s.h <= 3 * t && s.w > 2 * t
  );
  if (!round.length) return null;
  // A hovered button draws a second outline inside its own: the outer one is the button.
  const s = round.reduce((p, q) => (q.w * q.h > p.w * p.h ? q : p));
  if (weakestSide(inkMask(img, band, ground), band.w, s) < CLOSED) return null;
  const box = { x: band.x + s.x, y: band.y + s.y, w: s.w, h: s.h };
  const fill = groundOf(img, { x: e.x, y: e.y, w: Math.max(1, e.w), h: Math.max(1, e.h) });
  const outline = at(img, box.x, box.y + (box.h >> 1));
  return { element: e, box, fill, outline, ground, inverted: dist(fill, ground) > INK };
}

/** A token the recogniser makes of a button's inner outline, at either end of its label ("Paper receipt |"). */
const EDGE_TOKEN = /^[|\[\]()Il1]$/;

/** `text` without a token of the button's outline at its start or end, alone or read into a letter. */
export function withoutEdgeTokens(text: string): string {
  const words = text.split(/\s+/);
  while (words.length > 1 && EDGE_TOKEN.test(words[words.length - 1])) words.pop();
  while (words.length > 1 && EDGE_TOKEN.test(words[0])) words.shift();
  // A side read into the label's first or last letter ("[Small").
  const last = words.length - 1;
  words[0] = words[0].replace(/^[|\[(]+(?=\p{L})/u, "");
  words[last] = words[last].replace(/(?<=\p{L})[|\])]+$/u, "");
  return words.join(" ");
}

/** Whether `plain` is the button style of `dark` drawn unset: its outline the dark fill, its fill the ground. */
export function sameStyleUnset(plain: ButtonLook, dark: ButtonLook): boolean {
  return !plain.inverted && Math.abs(plain.box.h - dark.box.h) <= 1 &&
    dist(plain.outline, dark.fill) <= SAME &&
    dist(plain.fill, dark.ground) <= SAME;
}

/** The rows of buttons among `buttons`: one height, one top, each near the next. */
function rowsOf(buttons: readonly Button[]): Button[][] {
  const rows: Button[][] = [];
  for (const b of [...buttons].sort((p, q) => p.box.x - q.box.x)) {
    const t = textHeight(b.element);
    const row = rows.find((r) => {
      const last = r[r.length - 1];
      return Math.abs(last.box.y - b.box.y) <= 1 && Math.abs(last.box.h - b.box.h) <= 1 &&
        b.box.x - (last.box.x + last.box.w) <= ROW_GAP * t && b.box.x >= last.box.x + last.box.w;
    });
    if (row) row.push(b);
    else rows.push([b]);
  }
  return rows;
}

/**
 * `elements` with the toggles drawn round them marked (`control` of kind
 * toggle, checked when drawn in reverse): see the module note for when the
 * pixels say so. Only labels sharing a row with another label are looked at.
 */
export function attachToggleButtons(img: RgbaImage, elements: readonly Element[]): Element[] {
  const candidates = elements.filter(isCandidate);
  const rowed = candidates.filter((e) =>
    candidates.some((o) =>
      o !== e && Math.abs(o.cy - e.cy) <= 2 &&
      Math.min(Math.abs(o.x - (e.x + e.w)), Math.abs(e.x - (o.x + o.w))) <=
        (ROW_GAP + 2 * PAD) * textHeight(e)
    )
  );
  if (rowed.length < 2) return [...elements];
  const buttons = rowed.map((e) => buttonRound(img, e)).filter((b): b is Button => b !== null);
  const marked = new Map<Element, Element>();
  for (const row of rowsOf(buttons)) {
    if (row.length < 2) continue;
    const dark = row.filter((b) => b.inverted);
    if (!dark.length || !dark.every((d) => buttons.some((p) => sameStyleUnset(p, d)))) continue;
    // A plain button in the row must be the dark ones' style too: the row is one group of toggles.
    if (!row.every((b) => b.inverted || sameStyleUnset(b, dark[0]))) continue;
    for (const b of row) {
      marked.set(b.element, {
        ...b.element,
        text: withoutEdgeTokens(b.element.text),
        control: { kind: "toggle", state: b.inverted ? "checked" : "unchecked", ...b.box },
      });
    }
  }
  return elements.map((e) => marked.get(e) ?? e);
}

/**
 * The state a click left the button round `e` in, told by the pixels of the
 * frames before and after it (both in the frame's pixels, as `e`): a plain
 * button now drawn in reverse, in the same box and style, was set (an Athena
 * Toggle; a Command button is drawn in reverse only while held); one drawn
 * in reverse before and plain now was unset. Null where the pixels show
 * neither, so a lone Toggle's state is never guessed. `label` is the
 * button's text less its outline's sides read as `|`.
 */
export function toggledByPixels(
  before: RgbaImage,
  now: RgbaImage,
  e: Element,
): { state: "checked" | "unchecked"; label: string } | null {
  if (!isCandidate(e) || before.width !== now.width || before.height !== now.height) return null;
  const was = buttonRound(before, e), is = buttonRound(now, e);
  if (!was || !is) return null;
  const sameBox = Math.abs(was.box.x - is.box.x) <= 1 && Math.abs(was.box.y - is.box.y) <= 1 &&
    Math.abs(was.box.w - is.box.w) <= 1 && Math.abs(was.box.h - is.box.h) <= 1;
  if (!sameBox) return null;
  const label = withoutEdgeTokens(e.text);
  if (!was.inverted && is.inverted && sameStyleUnset(was, is)) return { state: "checked", label };
  if (was.inverted && !is.inverted && sameStyleUnset(is, was)) return { state: "unchecked", label };
  return null;
}
