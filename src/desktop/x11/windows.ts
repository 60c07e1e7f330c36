/**
 * The window stack of an X11 display: managed client windows through EWMH,
 * and the unmanaged (override-redirect) popups and docks that make up chrome.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import type { WindowInfo, WindowState } from "../types.ts";
import type { XConnection } from "./connection.ts";
import { appNameOf, frameBounds, kindOfType, parseWmClass } from "./window_types.ts";
import { isChromeKind } from "../types.ts";
import { overlapArea, type Rect } from "../../common/rect.ts";
import { clientPid } from "./client_pid.ts";
import { MARK_CLASS } from "../own_windows.ts";

interface Attributes {
  x: number;
  y: number;
  width: number;
  height: number;
  viewable: boolean;
  overrideRedirect: boolean;
}

/** Reads XWindowAttributes; null when the window is gone. */
export function attributes(c: XConnection, window: bigint): Attributes | null {
  const buf = new Uint8Array(XLayout.windowAttributesSize);
  if (!c.x.XGetWindowAttributes(c.display, window, buf)) return null;
  const dv = new DataView(buf.buffer);
  const a = XLayout.windowAttributes;
  return {
    x: dv.getInt32(a.x, true),
    y: dv.getInt32(a.y, true),
    width: dv.getInt32(a.width, true),
    height: dv.getInt32(a.height, true),
    viewable: dv.getInt32(a.mapState, true) === X.IsViewable,
    overrideRedirect: dv.getInt32(a.overrideRedirect, true) !== 0,
  };
}

/** The client area of a window in root coordinates. */
function clientRect(c: XConnection, window: bigint, attrs: Attributes): Rect {
  const dx = new Int32Array(1);
  const dy = new Int32Array(1);
  const child = new BigUint64Array(1);
  c.x.XTranslateCoordinates(c.display, window, c.root, 0, 0, dx, dy, child);
  return { x: dx[0], y: dy[0], width: attrs.width, height: attrs.height };
}

function windowType(c: XConnection, window: bigint): string | null {
  const p = c.property(window, "_NET_WM_WINDOW_TYPE", X.XA_ATOM);
  return p && p.items.length ? c.atomName(p.items[0]) : null;
}

function describe(c: XConnection, window: bigint, attrs: Attributes): WindowInfo {
  const title = c.text(window, "_NET_WM_NAME") ?? c.text(window, X.XA_WM_NAME) ?? "";
  const cls = c.property(window, X.XA_WM_CLASS);
  const [resName, resClass] = cls ? parseWmClass(cls.bytes) : ["", ""];
  // The server knows the real owner; _NET_WM_PID is only what the program says (and many never say).
  const xresPid = clientPid(c, window);
  const pidProp = xresPid === null ? c.property(window, "_NET_WM_PID", X.XA_CARDINAL) : null;
  const extents = c.property(window, "_NET_FRAME_EXTENTS", X.XA_CARDINAL);
  const transientFor = c.property(window, X.XA_WM_TRANSIENT_FOR, X.XA_WINDOW);
  return {
    id: `0x${window.toString(16)}`,
    app: appNameOf(resName, resClass),
    pid: xresPid ?? (pidProp?.items.length ? Number(pidProp.items[0]) : null),
    title,
    bounds: frameBounds(
      clientRect(c, window, attrs),
      extents ? extents.items.map(Number) : null,
    ),
    kind: kindOfType(windowType(c, window), attrs.overrideRedirect),
    transient: Boolean(transientFor?.items.length && transientFor.items[0] !== 0n),
    aliases: [resName, resClass].filter(Boolean),
  };
}

/** One window described as a listing would, or null when it is gone. */
export function describeWindow(c: XConnection, window: bigint): WindowInfo | null {
  const attrs = attributes(c, window);
  return attrs ? describe(c, window, attrs) : null;
}

/** Managed top-level windows, bottom to top; null when no EWMH window manager runs. */
function managedWindows(c: XConnection): bigint[] | null {
  const stacking = c.property(c.root, "_NET_CLIENT_LIST_STACKING", X.XA_WINDOW) ??
    c.property(c.root, "_NET_CLIENT_LIST", X.XA_WINDOW);
  return stacking ? stacking.items : null;
}

/** The window holding the keyboard focus, walked up to its top-level window. */
function focusedWindow(c: XConnection, managed: Set<bigint>): bigint | null {
  const active = c.property(c.root, "_NET_ACTIVE_WINDOW", X.XA_WINDOW);
  if (active?.items.length && active.items[0] !== 0n) return active.items[0];
  const focus = new BigUint64Array(1);
  const revert = new Int32Array(1);
  c.x.XGetInputFocus(c.display, focus, revert);
  let w = focus[0];
  // Without a window manager the focus may sit on a child: climb to a root child.
  for (let i = 0; i < 32 && w > 1n && !managed.has(w); i++) {
    const rootRet = new BigUint64Array(1);
    const parent = new BigUint64Array(1);
    const kids = new BigUint64Array(1);
    const n = new Uint32Array(1);
    if (!c.x.XQueryTree(c.display, w, rootRet, parent, kids, n)) return null;
    const kp = Deno.UnsafePointer.create(kids[0]);
    if (kp) c.x.XFree(kp);
    if (parent[0] === c.root || parent[0] === 0n) break;
    w = parent[0];
  }
  return w > 1n ? w : null;
}

/** Reads the whole window stack. */
export function readWindowState(c: XConnection): WindowState {
  const { width, height } = c.size();
  const screenRect = { x: 0, y: 0, width, height };
  const managedList = managedWindows(c);
  const windows: WindowInfo[] = [];
  const chrome: WindowInfo[] = [];
  const managedSet = new Set(managedList ?? []);

  const candidates = managedList ?? c.children(c.root);
  for (const w of candidates) {
    const attrs = attributes(c, w);
    if (!attrs || !attrs.viewable) continue;
    if (!managedList && attrs.overrideRedirect) continue;
    const info = describe(c, w, attrs);
    if (info.kind === "other") continue;
    if (overlapArea(info.bounds, screenRect) === 0) continue;
    (isChromeKind(info.kind) ? chrome : windows).push(info);
  }

  // Menus, tooltips and dropdowns are unmanaged children of the root.
  for (const w of c.children(c.root)) {
    if (managedSet.has(w)) continue;
    const attrs = attributes(c, w);
    if (!attrs || !attrs.viewable || !attrs.overrideRedirect) continue;
    // Toolkits keep tiny or off-screen helper windows mapped; they show nothing.
    if (attrs.width < 4 || attrs.height < 4) continue;
    const info = describe(c, w, attrs);
    if (overlapArea(info.bounds, screenRect) === 0) continue;
    // A mark choto shows the user is no window of any app: nothing to read, target or land on.
    if (info.aliases?.includes(MARK_CLASS)) continue;
    if (!isChromeKind(info.kind)) info.kind = "popup";
    chrome.push(info);
  }

  // Stacking lists run bottom to top; callers want frontmost first.
  windows.reverse();
  chrome.reverse();
  const focusId = focusedWindow(c, managedSet);
  const focusHex = focusId !== null ? `0x${focusId.toString(16)}` : null;
  const focus = windows.find((w) => w.id === focusHex) ?? null;
  return {
    screen: { widthPx: width, heightPx: height, widthPt: width, heightPt: height, scale: 1 },
    windows,
    chrome,
    focusWindowId: focus?.id ?? null,
    frontmostApp: focus?.app ?? windows[0]?.app ?? null,
  };
}
