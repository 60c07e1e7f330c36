/**
 * Reading the window list and the displays through CoreGraphics, and the
 * window state: every display's app windows, in the pixels of the display
 * that holds the focus window (the one captured and acted on).
 *
 * @module
 */

import type { WindowState } from "../types.ts";
import { type Display, displayFor, rectFromBytes, scaleOf } from "./geometry.ts";
import type { MacSession } from "./session.ts";
import { focusWindow, type RawWindow, splitWindows } from "./window_list.ts";
import type { Rect } from "../../common/rect.ts";
import { clientWindowIds } from "../client_windows.ts";

/** CGWindow.h CGWindowListOption bits. */
export const LIST_ON_SCREEN_ONLY = 1 << 0;
export const LIST_EXCLUDE_DESKTOP = 1 << 4;

/**
 * CGWindowListCopyWindowInfo read into plain objects (the list is released
 * before returning), inside an autorelease pool: CoreGraphics autoreleases
 * behind the call, and without a run loop nothing else would drain them.
 */
export function readRawWindows(s: MacSession, options: number): RawWindow[] {
  return s.objc.pool(() => copyRawWindows(s, options));
}

function copyRawWindows(s: MacSession, options: number): RawWindow[] {
  const { cf, cg } = s.libs;
  const arr = cg.CGWindowListCopyWindowInfo(options, 0);
  if (!arr) return [];
  try {
    const out: RawWindow[] = [];
    const n = Number(cf.CFArrayGetCount(arr));
    const rect = new Float64Array(4);
    for (let i = 0; i < n; i++) {
      const d = cf.CFArrayGetValueAtIndex(arr, BigInt(i));
      if (!d) continue;
      const b = s.cf.get(d, "kCGWindowBounds");
      if (!b || !cg.CGRectMakeWithDictionaryRepresentation(b, rect)) continue;
      out.push({
        number: s.cf.readInt(s.cf.get(d, "kCGWindowNumber")) ?? 0,
        ownerName: s.cf.readString(s.cf.get(d, "kCGWindowOwnerName")) ?? "",
        pid: s.cf.readInt(s.cf.get(d, "kCGWindowOwnerPID")) ?? 0,
        name: s.cf.readString(s.cf.get(d, "kCGWindowName")) ?? "",
        bounds: { x: rect[0], y: rect[1], width: rect[2], height: rect[3] },
        layer: s.cf.readInt(s.cf.get(d, "kCGWindowLayer")) ?? 0,
        onScreen: (s.cf.readInt(s.cf.get(d, "kCGWindowIsOnscreen")) ?? 0) === 1,
        alpha: s.cf.readFloat(s.cf.get(d, "kCGWindowAlpha")) ?? 1,
      });
    }
    return out;
  } finally {
    cf.CFRelease(arr);
  }
}

function activeDisplayIds(s: MacSession): Uint32Array {
  const cg = s.libs.cg;
  const ids = new Uint32Array(16), count = new Uint32Array(1);
  if (cg.CGGetActiveDisplayList(ids.length, ids, count) !== 0 || count[0] === 0) {
    ids[0] = cg.CGMainDisplayID();
    count[0] = 1;
  }
  return ids.subarray(0, count[0]);
}

/** The bounds of every active display in global points (cheap: no display modes). */
export function readDisplayBounds(s: MacSession): Rect[] {
  return [...activeDisplayIds(s)].map((id) => rectFromBytes(s.libs.cg.CGDisplayBounds(id)));
}

/** The active displays in global points, each with its pixels-per-point scale. */
export function readDisplays(s: MacSession): Display[] {
  const cg = s.libs.cg;
  const out: Display[] = [];
  for (const id of activeDisplayIds(s)) {
    const bounds = rectFromBytes(cg.CGDisplayBounds(id));
    const mode = cg.CGDisplayCopyDisplayMode(id);
    let px = 0;
    if (mode) {
      px = Number(cg.CGDisplayModeGetPixelWidth(mode));
      cg.CGDisplayModeRelease(mode);
    }
    out.push({ id, bounds, scale: s.measuredScale.get(id) ?? scaleOf(px, bounds.width) });
  }
  return out;
}

/** The on-screen windows, front to back, without the desktop picture. */
export function onScreenWindows(s: MacSession): RawWindow[] {
  return readRawWindows(s, LIST_ON_SCREEN_ONLY | LIST_EXCLUDE_DESKTOP);
}

/**
 * The window state in the pixels of the display holding the focus window
 * (remembered as the working display): the app windows of every display,
 * that display's chrome.
 */
export function readWindowState(s: MacSession): WindowState {
  const raw = onScreenWindows(s);
  const focus = focusWindow(raw);
  const d = s.display = displayFor(readDisplays(s), focus?.bounds ?? null);
  const { windows, chrome } = splitWindows(raw, d);
  return {
    screen: {
      widthPx: Math.round(d.bounds.width * d.scale),
      heightPx: Math.round(d.bounds.height * d.scale),
      widthPt: d.bounds.width,
      heightPt: d.bounds.height,
      scale: d.scale,
    },
    windows,
    chrome,
    focusWindowId: focus ? String(focus.number) : null,
    frontmostApp: focus?.ownerName || null,
    clientWindowIds: clientWindowIds(windows, s.ancestors()),
  };
}

/** The display choto works on, reading the window list when none is known yet. */
export function currentDisplay(s: MacSession): Display {
  if (!s.display) readWindowState(s);
  return s.display!;
}
