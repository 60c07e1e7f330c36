/**
 * Turns CGWindowListCopyWindowInfo entries (read into plain objects) into
 * choto's window state: the app windows of every display, the chrome of the
 * working display, all in that display's pixels.
 *
 * @module
 */

import type { WindowInfo, WindowKind } from "../types.ts";
import { type Display, onDisplay, rectToPixels } from "./geometry.ts";
import { isAppKind, kindOfLayer } from "./layers.ts";
import { isChromeKind } from "../types.ts";

/** One window dictionary, keys as in CGWindow.h, bounds in global points. */
export interface RawWindow {
  /** kCGWindowNumber */
  number: number;
  /** kCGWindowOwnerName (may be missing) */
  ownerName: string;
  /** kCGWindowOwnerPID */
  pid: number;
  /** kCGWindowName (empty without Screen Recording permission) */
  name: string;
  /** kCGWindowBounds, via CGRectMakeWithDictionaryRepresentation */
  bounds: { x: number; y: number; width: number; height: number };
  /** kCGWindowLayer */
  layer: number;
  /** kCGWindowIsOnscreen (absent means not on screen) */
  onScreen: boolean;
  /** kCGWindowAlpha (1 when absent) */
  alpha: number;
}

/** A raw window that is worth reporting: on screen, visible, not a sliver. */
export function isVisible(w: RawWindow): boolean {
  return w.onScreen && w.alpha > 0 && w.bounds.width >= 2 && w.bounds.height >= 2;
}

/** The focus window: the first (frontmost) visible window at layer 0. */
export function focusWindow(raw: RawWindow[]): RawWindow | null {
  return raw.find((w) => w.layer === 0 && isVisible(w)) ?? null;
}

function toInfo(w: RawWindow, d: Display, kind: WindowKind): WindowInfo {
  return {
    id: String(w.number),
    app: w.ownerName,
    pid: w.pid > 0 ? w.pid : null,
    title: w.name,
    bounds: rectToPixels(d, w.bounds),
    kind,
    // CGWindow does not expose parent/child links; a modal panel is the closest sign.
    transient: kind === "dialog",
  };
}

/**
 * Application windows on every display and the chrome of display `d`,
 * front to back, in `d`'s pixels. A window on another display lies outside
 * `d`'s frame (negative or past its edges, as the displays are arranged):
 * it is still listed, so focus_app and a named target can reach it and the
 * deny list sees it; raising it makes its display the working one. Menu
 * bars and the Dock of other displays are not in `d`'s frame and say
 * nothing about it.
 */
export function splitWindows(
  raw: RawWindow[],
  d: Display,
): { windows: WindowInfo[]; chrome: WindowInfo[] } {
  const windows: WindowInfo[] = [];
  const chrome: WindowInfo[] = [];
  for (const w of raw) {
    if (!isVisible(w)) continue;
    const kind = kindOfLayer(w.layer);
    if (isAppKind(kind)) windows.push(toInfo(w, d, kind));
    else if (isChromeKind(kind) && onDisplay(d, w.bounds)) chrome.push(toInfo(w, d, kind));
  }
  return { windows, chrome };
}

/** Running apps as seen through their windows, grouped by pid, in stack order. */
export function appsOf(
  raw: RawWindow[],
): Array<{ name: string; pid: number; windowIds: string[] }> {
  const byPid = new Map<number, { name: string; pid: number; windowIds: string[] }>();
  for (const w of raw) {
    if (w.layer !== 0 || !w.ownerName) continue;
    let app = byPid.get(w.pid);
    if (!app) byPid.set(w.pid, app = { name: w.ownerName, pid: w.pid, windowIds: [] });
    app.windowIds.push(String(w.number));
  }
  return [...byPid.values()];
}
