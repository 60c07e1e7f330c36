/**
 * A window's own controls, which are never its content: the title bar a
 * window manager draws around the app (its text, its buttons), and the
 * close, minimise and maximise buttons a client-side header bar draws in a
 * corner of its top band (GTK3/GTK4, libadwaita). OCR reads those buttons'
 * drawings as letters ("x", "X", "-", "□"), and a step aiming at a
 * calculator's multiply key or at a one-letter label must never close the
 * window instead. Pure functions over the elements of one look.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import type { WindowInfo } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";

/** What a window control does. */
export type WindowControlRole = "close" | "minimise" | "maximise" | "title bar";

/** A window control found among a look's elements. */
export interface WindowControl {
  element: Element;
  role: WindowControlRole;
}

/** The glyphs OCR makes of each header-bar button's drawing. */
const GLYPHS: ReadonlyArray<{ role: WindowControlRole; glyphs: readonly string[] }> = [
  { role: "close", glyphs: ["x", "X", "×", "✕", "✖", "⨯", "╳"] },
  { role: "minimise", glyphs: ["-", "_", "—", "–", "‒", "−", "─", "⎯"] },
  { role: "maximise", glyphs: ["□", "▢", "◻", "☐", "⬜", "▭", "[]", "O", "o"] },
];

/** Names a hover walk may have given a header-bar button's icon, folded to lowercase. */
const ICON_NAMES: ReadonlyArray<{ role: WindowControlRole; words: RegExp }> = [
  { role: "close", words: /^close( window)?$/ },
  { role: "minimise", words: /^minimi[sz]e( window)?$/ },
  { role: "maximise", words: /^(maximi[sz]e|restore|unmaximi[sz]e)( window)?$/ },
];

/** How tall a header bar's top band is at most, in pixels below the app's own top edge. */
const BAND = 64;
/** How far from the window's side edge a corner's buttons reach at most, in pixels. */
const CORNER = 170;

/** The app's own drawing inside the window manager's frame (the whole window when it draws none). */
export function clientRect(w: Pick<WindowInfo, "bounds" | "frame">): Rect {
  const f = w.frame;
  if (!f) return w.bounds;
  return {
    x: w.bounds.x + f.left,
    y: w.bounds.y + f.top,
    width: Math.max(0, w.bounds.width - f.left - f.right),
    height: Math.max(0, w.bounds.height - f.top - f.bottom),
  };
}

/** The role an element's text gives it when it sits where a window's buttons are drawn. */
function roleOf(el: Element): WindowControlRole | null {
  const t = el.text.trim();
  if (el.icon) return ICON_NAMES.find((n) => n.words.test(t.toLowerCase()))?.role ?? null;
  return GLYPHS.find((g) => g.glyphs.includes(t))?.role ?? null;
}

/**
 * The window controls among `elements` of window `w`: whatever lies on the
 * window manager's frame (its title, its buttons; not an icon named there
 * other than as a window button); and, in a window that draws its own
 * header bar (no frame), the run of button glyphs in a corner of its top band that
 * starts with a close button at the window's side ("x", then "□", "-"
 * inward). A glyph with a label between it and the side is content (a
 * tab's close button), and so is a lone "-" with no close button beyond it.
 */
export function windowControls(
  elements: readonly Element[],
  w: Pick<WindowInfo, "bounds" | "frame">,
): WindowControl[] {
  const client = clientRect(w);
  const onFrame = (e: Element) =>
    e.cx < client.x || e.cy < client.y || e.cx >= client.x + client.width || e.cy >= client.y + client.height;
  // An icon on the frame named (by a tooltip or by the model) answers to its name, unless the name is a window
  // button's: "Window menu" is asked for by name, and its "Close" is no dialog's Close button.
  const named = (e: Element) => e.icon && roleOf(e) === null;
  const found: WindowControl[] = elements.filter((e) => onFrame(e) && !named(e))
    .map((e) => ({ element: e, role: roleOf(e) ?? "title bar" }));
  // A window manager's frame holds the buttons: the app draws none of its own.
  if (w.frame && w.frame.top > 0) return found;
  const band = elements.filter((e) => !onFrame(e) && e.cy < client.y + BAND);
  for (const side of [1, -1] as const) {
    const edge = side > 0 ? client.x + client.width : client.x;
    // Outermost first: from the window's side inward.
    const corner = band.filter((e) => Math.abs(edge - e.cx) <= CORNER).sort((a, b) =>
      Math.abs(edge - a.cx) - Math.abs(edge - b.cx)
    );
    if (!corner.length || roleOf(corner[0]) !== "close") continue;
    for (const e of corner) {
      const role = roleOf(e);
      if (!role) break;
      found.push({ element: e, role });
    }
  }
  return found;
}

/** The elements of a window that content targets may match: all but its window controls. */
export function contentOf(
  elements: readonly Element[],
  w: Pick<WindowInfo, "bounds" | "frame"> | null,
): Element[] {
  if (!w) return [...elements];
  const controls = new Set(windowControls(elements, w).map((c) => c.element));
  return elements.filter((e) => !controls.has(e));
}

/** The explicit target that names a window's close button (any case, spaces aside). */
export const CLOSE_WINDOW = "close window";

/** True when a target's text names the window's close button rather than content. */
export function namesCloseButton(text: string): boolean {
  return text.trim().toLowerCase().replace(/\s+/g, " ") === CLOSE_WINDOW;
}
