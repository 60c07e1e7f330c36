/**
 * X requests sent together and answered together. Xlib waits for each
 * reply before sending the next request, so a window listing (attributes,
 * geometry and half a dozen properties of every window) pays one round trip
 * to the server per answer, and each is a switch to the server's process
 * and back. Through libxcb on the same connection every request of a batch
 * is written first and the replies read after, one round trip for all.
 * Without libX11-xcb the same calls go through Xlib one at a time.
 *
 * Each answer is read when its getter is called; every getter of a batch
 * must be called (an XCB reply left unread would stay queued).
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import {
  LIBX11_XCB_PATHS,
  libX11XcbSymbols,
  LIBXCB_PATHS,
  libXcbSymbols,
  XcbLayout,
} from "../../../ffi/x11/libxcb.ts";
import { freeSymbols, LIBC_PATHS } from "../../../ffi/linux/libc.ts";
import type { Point } from "../../common/rect.ts";
import type { Property, XConnection } from "./connection.ts";
import { openFirst } from "./open_library.ts";

/** A window's place, size and the two facts a listing filters on. */
export interface Attributes {
  x: number;
  y: number;
  width: number;
  height: number;
  viewable: boolean;
  overrideRedirect: boolean;
}

/** An answer not read yet. */
export type Pending<T> = () => T;

/** Requests whose answers can be read after all of them were sent. */
export interface Requests {
  /** True when the requests go through libxcb, answered a batch at a time. */
  readonly batched: boolean;
  /** XGetWindowAttributes' facts; null when the window is gone. */
  attributes(window: bigint): Pending<Attributes | null>;
  /** A whole property, as {@link XConnection.property} reads it. */
  property(window: bigint, property: bigint, type?: bigint): Pending<Property | null>;
  /** Where the window's (0,0) is on the root window; (0,0) when the window is gone, as Xlib leaves it. */
  rootOrigin(window: bigint): Pending<Point>;
  /** The window's children, bottom to top; empty when it is gone. */
  children(window: bigint): Pending<bigint[]>;
}

type Xcb = Deno.DynamicLibrary<typeof libXcbSymbols>["symbols"];
type GetXcb = Deno.DynamicLibrary<typeof libX11XcbSymbols>["symbols"];
type Free = Deno.DynamicLibrary<typeof freeSymbols>["symbols"];

let libs: { xcb: Xcb; getXcb: GetXcb; free: Free } | null | undefined;

function openLibs(): { xcb: Xcb; getXcb: GetXcb; free: Free } | null {
  if (libs !== undefined) return libs;
  const xcb = openFirst(LIBXCB_PATHS, libXcbSymbols);
  const getXcb = openFirst(LIBX11_XCB_PATHS, libX11XcbSymbols);
  const free = openFirst(LIBC_PATHS, freeSymbols);
  libs = xcb && getXcb && free ? { xcb: xcb.symbols, getXcb: getXcb.symbols, free: free.symbols } : null;
  return libs;
}

/** The way to send batched requests on `c`: through libxcb where it loads, else Xlib's calls one by one. */
export function requestsOn(c: XConnection): Requests {
  const l = openLibs();
  const conn = l ? l.getXcb.XGetXCBConnection(c.display) : null;
  return l && conn ? xcbRequests(c, l, conn) : xlibRequests(c);
}

/** Reads a reply: null when the server answered with an error (the window is gone); the error is freed. */
function replyOf(
  l: { free: Free },
  fetch: (error: Uint8Array<ArrayBuffer>) => Deno.PointerValue,
): { view: Deno.UnsafePointerView; done: () => void } | null {
  const error = new BigUint64Array(1);
  const reply = fetch(new Uint8Array(error.buffer));
  const err = Deno.UnsafePointer.create(error[0]);
  if (err) l.free.free(err);
  if (!reply) return null;
  return { view: new Deno.UnsafePointerView(reply), done: () => l.free.free(reply) };
}

function xcbRequests(
  c: XConnection,
  l: { xcb: Xcb; free: Free },
  conn: Deno.PointerObject,
): Requests {
  const x = l.xcb;
  // X resource ids and atoms are 29-bit values: the 64-bit Xlib types carry them unchanged.
  const id = (v: bigint) => Number(v);
  return {
    batched: true,
    attributes(window) {
      const a = x.xcb_get_window_attributes(conn, id(window));
      const g = x.xcb_get_geometry(conn, id(window));
      return () => {
        const attrs = replyOf(l, (e) => x.xcb_get_window_attributes_reply(conn, a, e));
        const geom = replyOf(l, (e) => x.xcb_get_geometry_reply(conn, g, e));
        try {
          if (!attrs || !geom) return null;
          const A = XcbLayout.windowAttributes, G = XcbLayout.geometry;
          return {
            x: geom.view.getInt16(G.x),
            y: geom.view.getInt16(G.y),
            width: geom.view.getUint16(G.width),
            height: geom.view.getUint16(G.height),
            viewable: attrs.view.getUint8(A.mapState) === X.IsViewable,
            overrideRedirect: attrs.view.getUint8(A.overrideRedirect) !== 0,
          };
        } finally {
          attrs?.done();
          geom?.done();
        }
      };
    },
    property(window, property, type = X.AnyPropertyType) {
      // Length is in 32-bit units, as Xlib's read asks: 4 MiB covers any title, icon list or text.
      const cookie = x.xcb_get_property(conn, 0, id(window), id(property), id(type), 0, 1 << 20);
      return () => {
        const r = replyOf(l, (e) => x.xcb_get_property_reply(conn, cookie, e));
        if (!r) return null;
        try {
          const L = XcbLayout.property;
          const actual = BigInt(r.view.getUint32(L.type));
          if (actual === 0n) return null;
          const format = r.view.getUint8(L.format) as 8 | 16 | 32;
          const n = r.view.getUint32(L.valueLength);
          return xlibShaped(actual, format, n, r.view, L.value);
        } finally {
          r.done();
        }
      };
    },
    rootOrigin(window) {
      const cookie = x.xcb_translate_coordinates(conn, id(window), id(c.root), 0, 0);
      return () => {
        const r = replyOf(l, (e) => x.xcb_translate_coordinates_reply(conn, cookie, e));
        if (!r) return { x: 0, y: 0 };
        try {
          return {
            x: r.view.getInt16(XcbLayout.translate.dstX),
            y: r.view.getInt16(XcbLayout.translate.dstY),
          };
        } finally {
          r.done();
        }
      };
    },
    children(window) {
      const cookie = x.xcb_query_tree(conn, id(window));
      return () => {
        const r = replyOf(l, (e) => x.xcb_query_tree_reply(conn, cookie, e));
        if (!r) return [];
        try {
          const n = r.view.getUint16(XcbLayout.queryTree.childrenLength);
          const out: bigint[] = [];
          for (let i = 0; i < n; i++) {
            out.push(BigInt(r.view.getUint32(XcbLayout.queryTree.children + i * 4)));
          }
          return out;
        } finally {
          r.done();
        }
      };
    },
  };
}

/**
 * A property value laid out as Xlib returns it: format 32 items are C longs
 * (8 bytes on LP64, zero-extended), format 16 shorts, format 8 bytes.
 */
function xlibShaped(
  type: bigint,
  format: 8 | 16 | 32,
  n: number,
  view: Deno.UnsafePointerView,
  at: number,
): Property {
  const items: bigint[] = [];
  let bytes: Uint8Array;
  if (format === 32) {
    bytes = new Uint8Array(n * 8);
    const dv = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) {
      const v = view.getUint32(at + i * 4);
      dv.setBigUint64(i * 8, BigInt(v), true);
      items.push(BigInt(v));
    }
  } else if (format === 16) {
    bytes = new Uint8Array(n * 2);
    const dv = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) {
      const v = view.getUint16(at + i * 2);
      dv.setUint16(i * 2, v, true);
      items.push(BigInt(v));
    }
  } else {
    bytes = n > 0 ? new Uint8Array(view.getArrayBuffer(n, at).slice(0)) : new Uint8Array(0);
  }
  return { type, format, bytes, items };
}

/** Xlib's calls, answered at once (each its own round trip): where libX11-xcb is missing. */
export function xlibRequests(c: XConnection): Requests {
  const now = <T>(v: T): Pending<T> => () => v;
  return {
    batched: false,
    attributes: (window) => now(attributes(c, window)),
    property: (window, property, type) => now(c.property(window, property, type)),
    rootOrigin(window) {
      const dx = new Int32Array(1), dy = new Int32Array(1), child = new BigUint64Array(1);
      c.x.XTranslateCoordinates(c.display, window, c.root, 0, 0, dx, dy, child);
      return now({ x: dx[0], y: dy[0] });
    },
    children: (window) => now(c.children(window)),
  };
}

/** Reads XWindowAttributes through Xlib (one round trip); null when the window is gone. */
function attributes(c: XConnection, window: bigint): Attributes | null {
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
