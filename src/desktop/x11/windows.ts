/**
 * The window stack of an X11 display: managed client windows through EWMH,
 * and the unmanaged (override-redirect) popups and docks that make up chrome.
 *
 * @module
 */

import { X } from "../../../ffi/x11/libx11.ts";
import type { WindowInfo, WindowState } from "../types.ts";
import { type Property, propertyText, type XConnection } from "./connection.ts";
import { type Attributes, type Pending, type Requests, requestsOn } from "./requests.ts";
import { appNameOf, frameBounds, kindOfType, parseWmClass } from "./window_types.ts";
import { isChromeKind } from "../types.ts";
import { overlapArea, type Point } from "../../common/rect.ts";
import { clientPid } from "./client_pid.ts";
import { ancestorPids } from "./ancestors.ts";
import { clientWindowIds } from "../client_windows.ts";
import { MARK_CLASS } from "../own_windows.ts";

/** What a description reads of one window, all asked at once. */
interface Asked {
  netName: Pending<Property | null>;
  name: Pending<Property | null>;
  cls: Pending<Property | null>;
  pid: Pending<Property | null>;
  extents: Pending<Property | null>;
  transientFor: Pending<Property | null>;
  type: Pending<Property | null>;
  origin: Pending<Point>;
}

/** The answers to {@link Asked}. */
type Answers = { [K in keyof Asked]: ReturnType<Asked[K]> };

/**
 * Describes windows, every property of every one of them asked in one
 * batch; only the owner's pid (X-Resource) is asked window by window.
 */
function describeAll(
  c: XConnection,
  req: Requests,
  list: { window: bigint; attrs: Attributes }[],
): WindowInfo[] {
  const atoms = {
    netName: c.atom("_NET_WM_NAME"),
    pid: c.atom("_NET_WM_PID"),
    extents: c.atom("_NET_FRAME_EXTENTS"),
    type: c.atom("_NET_WM_WINDOW_TYPE"),
  };
  const asked: Asked[] = list.map(({ window }) => ({
    netName: req.property(window, atoms.netName),
    name: req.property(window, X.XA_WM_NAME),
    cls: req.property(window, X.XA_WM_CLASS),
    pid: req.property(window, atoms.pid, X.XA_CARDINAL),
    extents: req.property(window, atoms.extents, X.XA_CARDINAL),
    transientFor: req.property(window, X.XA_WM_TRANSIENT_FOR, X.XA_WINDOW),
    type: req.property(window, atoms.type, X.XA_ATOM),
    origin: req.rootOrigin(window),
  }));
  // Every answer is read before the first pid is asked: an XCB reply is never left queued.
  const answers: Answers[] = asked.map((a) => ({
    netName: a.netName(),
    name: a.name(),
    cls: a.cls(),
    pid: a.pid(),
    extents: a.extents(),
    transientFor: a.transientFor(),
    type: a.type(),
    origin: a.origin(),
  }));
  return list.map(({ window, attrs }, i) => describe(c, window, attrs, answers[i]));
}

function describe(c: XConnection, window: bigint, attrs: Attributes, got: Answers): WindowInfo {
  const title = propertyText(c, got.netName) ?? propertyText(c, got.name) ?? "";
  const [resName, resClass] = got.cls ? parseWmClass(got.cls.bytes) : ["", ""];
  // The server knows the real owner; _NET_WM_PID is only what the program says (and many never say).
  const xresPid = clientPid(c, window);
  const pidProp = xresPid === null ? got.pid : null;
  const { extents, transientFor, type } = got;
  const sides = extents && extents.items.length === 4 ? extents.items.map(Number) : null;
  return {
    id: `0x${window.toString(16)}`,
    app: appNameOf(resName, resClass),
    pid: xresPid ?? (pidProp?.items.length ? Number(pidProp.items[0]) : null),
    title,
    bounds: frameBounds(
      { ...got.origin, width: attrs.width, height: attrs.height },
      extents ? extents.items.map(Number) : null,
    ),
    ...(sides?.some((n) => n > 0)
      ? { frame: { left: sides[0], right: sides[1], top: sides[2], bottom: sides[3] } }
      : {}),
    kind: kindOfType(type && type.items.length ? c.atomName(type.items[0]) : null, attrs.overrideRedirect),
    transient: Boolean(transientFor?.items.length && transientFor.items[0] !== 0n),
    aliases: [resName, resClass].filter(Boolean),
  };
}

/** One window described as a listing would, or null when it is gone. */
export function describeWindow(c: XConnection, window: bigint): WindowInfo | null {
  const req = requestsOn(c);
  const attrs = req.attributes(window)();
  return attrs ? describeAll(c, req, [{ window, attrs }])[0] : null;
}

/**
 * The window holding the keyboard focus, walked up to its top-level window;
 * `active` is the root's _NET_ACTIVE_WINDOW.
 */
function focusedWindow(c: XConnection, managed: Set<bigint>, active: Property | null): bigint | null {
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

/**
 * Reads the whole window stack in a few round trips to the server: the
 * root's lists and children, then every window's attributes, then every
 * kept window's properties (requests.ts), then each one's owner.
 */
export function readWindowState(c: XConnection, req: Requests = requestsOn(c)): WindowState {
  const { width, height } = c.size();
  const screenRect = { x: 0, y: 0, width, height };
  const stackingAsked = req.property(c.root, c.atom("_NET_CLIENT_LIST_STACKING"), X.XA_WINDOW);
  const clientsAsked = req.property(c.root, c.atom("_NET_CLIENT_LIST"), X.XA_WINDOW);
  const activeAsked = req.property(c.root, c.atom("_NET_ACTIVE_WINDOW"), X.XA_WINDOW);
  const treeAsked = req.children(c.root);
  const stacking = stackingAsked(), clients = clientsAsked(), active = activeAsked();
  const rootChildren = treeAsked();
  // Managed top-level windows, bottom to top; null when no EWMH window manager runs.
  const managedProp = stacking ?? clients;
  const managedList = managedProp ? managedProp.items : null;
  const managedSet = new Set(managedList ?? []);
  const candidates = managedList ?? rootChildren;
  // Menus, tooltips and dropdowns are unmanaged children of the root.
  const unmanaged = rootChildren.filter((w) => !managedSet.has(w));

  const attrsAsked = new Map<bigint, Pending<Attributes | null>>();
  for (const w of [...candidates, ...unmanaged]) if (!attrsAsked.has(w)) attrsAsked.set(w, req.attributes(w));
  const attrsOf = new Map([...attrsAsked].map(([w, got]) => [w, got()]));

  const listed: { window: bigint; attrs: Attributes }[] = [];
  for (const w of candidates) {
    const attrs = attrsOf.get(w);
    if (!attrs || !attrs.viewable) continue;
    if (!managedList && attrs.overrideRedirect) continue;
    listed.push({ window: w, attrs });
  }
  const popups: { window: bigint; attrs: Attributes }[] = [];
  for (const w of unmanaged) {
    const attrs = attrsOf.get(w);
    if (!attrs || !attrs.viewable || !attrs.overrideRedirect) continue;
    // Toolkits keep tiny or off-screen helper windows mapped; they show nothing.
    if (attrs.width < 4 || attrs.height < 4) continue;
    popups.push({ window: w, attrs });
  }
  const described = describeAll(c, req, [...listed, ...popups]);

  const windows: WindowInfo[] = [];
  const chrome: WindowInfo[] = [];
  for (const info of described.slice(0, listed.length)) {
    if (info.kind === "other") continue;
    if (overlapArea(info.bounds, screenRect) === 0) continue;
    (isChromeKind(info.kind) ? chrome : windows).push(info);
  }
  for (const info of described.slice(listed.length)) {
    if (overlapArea(info.bounds, screenRect) === 0) continue;
    // A mark choto shows the user is no window of any app: nothing to read, target or land on.
    if (info.aliases?.includes(MARK_CLASS)) continue;
    if (!isChromeKind(info.kind)) info.kind = "popup";
    chrome.push(info);
  }

  // Stacking lists run bottom to top; callers want frontmost first.
  windows.reverse();
  chrome.reverse();
  const focusId = focusedWindow(c, managedSet, active);
  const focusHex = focusId !== null ? `0x${focusId.toString(16)}` : null;
  const focus = windows.find((w) => w.id === focusHex) ?? null;
  return {
    screen: { widthPx: width, heightPx: height, widthPt: width, heightPt: height, scale: 1 },
    windows,
    chrome,
    focusWindowId: focus?.id ?? null,
    frontmostApp: focus?.app ?? windows[0]?.app ?? null,
    clientWindowIds: clientWindowIds(windows, ancestorPids()),
  };
}
