/**
 * Marks drawn on an X11 screen: a frame of four thin override-redirect
 * windows around a rectangle, above other windows, taking neither the focus
 * nor the pointer's place over the rectangle itself. They carry choto's mark
 * class, so choto (this server or another) leaves them out of what it reads
 * and never sends input to them. Used to show the user which element a
 * question is about; any later overlay can draw with the same call.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import type { ScreenMark } from "../types.ts";
import type { XConnection } from "./connection.ts";
import { MARK_CLASS } from "../own_windows.ts";
import type { Rect } from "../../common/rect.ts";

/** How a frame looks. */
export interface FrameStyle {
  /** 0xRRGGBB on a true-colour display. */
  color: number;
  /** Thickness of each side, in pixels. */
  width: number;
  /** Space left between the rectangle and the frame. */
  gap: number;
}

const RED: FrameStyle = { color: 0xd0021b, width: 3, gap: 3 };

/** The four sides of a frame around `r`, outside it. */
export function frameSides(r: Rect, s: FrameStyle = RED): Rect[] {
  const o = s.gap + s.width;
  const x = r.x - o, y = r.y - o, w = r.width + 2 * o, h = r.height + 2 * o;
  return [
    { x, y, width: w, height: s.width },
    { x, y: y + h - s.width, width: w, height: s.width },
    { x, y: y + s.width, width: s.width, height: h - 2 * s.width },
    { x: x + w - s.width, y: y + s.width, width: s.width, height: h - 2 * s.width },
  ];
}

/** Draws a frame around `r` until the mark is closed. */
export function drawFrame(c: XConnection, r: Rect, style: FrameStyle = RED): ScreenMark {
  const attrs = new Uint8Array(XLayout.setWindowAttributesSize);
  new DataView(attrs.buffer).setInt32(XLayout.setWindowAttributes.overrideRedirect, X.True, true);
  const cls = new TextEncoder().encode(`${MARK_CLASS}\0${MARK_CLASS}\0`);
  const windows: bigint[] = [];
  for (const side of frameSides(r, style)) {
    if (side.width <= 0 || side.height <= 0) continue;
    const w = c.x.XCreateSimpleWindow(
      c.display,
      c.root,
      side.x,
      side.y,
      side.width,
      side.height,
      0,
      0n,
      BigInt(style.color),
    );
    c.x.XChangeWindowAttributes(c.display, w, X.CWOverrideRedirect, attrs);
    c.x.XChangeProperty(c.display, w, X.XA_WM_CLASS, X.XA_STRING, 8, X.PropModeReplace, cls, cls.length);
    c.x.XMapRaised(c.display, w);
    windows.push(w);
  }
  c.sync();
  let open = true;
  return {
    close() {
      if (!open) return;
      open = false;
      for (const w of windows) c.x.XDestroyWindow(c.display, w);
      c.sync();
    },
  };
}
