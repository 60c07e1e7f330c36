/**
 * Splits what OCR read into the two surfaces a step can search: the focus
 * window, and chrome (menus, popups, tooltips, docks, the macOS menu bar).
 * Text on neither — background windows, the desktop — is only counted.
 *
 * @module
 */

import { containsPoint } from "../common/rect.ts";
import type { WindowInfo, WindowState } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import { chooseFront } from "./front.ts";

/** The two surfaces a step searches: the window it works in, or chrome. */
export const SURFACES = ["window", "chrome"] as const;

/** One surface. (Step targets and recall's replies name it in a field called `scope`.) */
export type Surface = typeof SURFACES[number];

/** The parts of a surface a step may narrow its search to. */
export const REGIONS = ["top", "bottom", "left", "right", "center"] as const;

/** One part of a surface: a half, or the middle half both ways (center). */
export type Region = typeof REGIONS[number];

/** Elements sorted onto their surface. */
export interface Surfaces {
  focus: WindowInfo | null;
  window: Element[];
  chrome: Element[];
  /** Elements on neither surface (not listed, since no step can act on them). */
  offSurface: number;
}

/**
 * The window a look works in when none is named: the one holding the
 * keyboard focus, else the frontmost; none when a denied app's is in front;
 * the next one down when the client's own is (front.ts).
 */
export function focusWindow(state: WindowState): WindowInfo | null {
  return chooseFront(state).window;
}

/**
 * Assigns each element to the topmost thing drawn under its centre: a chrome
 * window first (menus float above everything), then the window stack from the
 * front; only the target window's text (the focus window unless another is
 * named) becomes the window surface: text of a window in front of it is not.
 */
export function assignSurfaces(
  elements: Element[],
  state: WindowState,
  focus: WindowInfo | null = focusWindow(state),
): Surfaces {
  const out: Surfaces = { focus, window: [], chrome: [], offSurface: 0 };
  for (const el of elements) {
    if (state.chrome.some((c) => containsPoint(c.bounds, el.cx, el.cy))) {
      out.chrome.push(el);
      continue;
    }
    const top = state.windows.find((w) => containsPoint(w.bounds, el.cx, el.cy));
    if (top && focus && top.id === focus.id) out.window.push(el);
    else out.offSurface++;
  }
  return out;
}

/** Why the chrome block is empty, in words. */
export function emptyChromeReason(state: WindowState, platform: string): string {
  if (state.chrome.length === 0) {
    return platform === "macos"
      ? "no menu bar text was read and no menu or popover is open"
      : "no menu, popup, tooltip or dock is open (on Linux an app's menu bar is part of its window)";
  }
  return `${state.chrome.length} chrome surface(s) are open but no text was read on them`;
}
