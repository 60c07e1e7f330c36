/**
 * Screen capture into RGBA, through shared memory or with XGetImage.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";

import type { XConnection } from "./connection.ts";
import { sharedScreen } from "./shm_capture.ts";
import type { RgbaImage } from "../../image/pixels.ts";
import type { Rect } from "../../common/rect.ts";

/**
 * Captures the root window: through shared memory where the server allows
 * it (shm_capture.ts), else with XGetImage. Xvfb and most servers use 32 bpp
 * BGRX at depth 24.
 */
export function captureRoot(c: XConnection): RgbaImage {
  const { width, height } = c.size();
  const shared = sharedScreen(c, width, height);
  if (shared) return { width, height, data: bgrxToRgba(shared.bytes, width, height, shared.bytesPerLine) };
  return captureArea(c, { x: 0, y: 0, width, height });
}

/** Captures a rectangle of the root window (which must lie on the screen). */
export function captureArea(c: XConnection, r: Rect): RgbaImage {
  const img = c.x.XGetImage(c.display, c.root, r.x, r.y, r.width, r.height, X.AllPlanes, X.ZPixmap);
  if (!img) throw new Error("XGetImage failed: the display could not be read");
  try {
    const v = new Deno.UnsafePointerView(img);
    const L = XLayout.image;
    const w = v.getInt32(L.width);
    const h = v.getInt32(L.height);
    const bpl = v.getInt32(L.bytesPerLine);
    const bpp = v.getInt32(L.bitsPerPixel);
    if (bpp !== 32) throw new Error(`unsupported X image format: ${bpp} bits per pixel`);
    const data = v.getPointer(L.data);
    if (!data) throw new Error("XGetImage returned no pixel data");
    const src = new Uint8Array(new Deno.UnsafePointerView(data).getArrayBuffer(bpl * h));
    return { width: w, height: h, data: bgrxToRgba(src, w, h, bpl) };
  } finally {
    c.x.XDestroyImage(img);
  }
}

/** Packs RGBA pixels as 32-bit BGRX, the X server's own order at depth 24 on a little-endian machine. */
export function rgbaToBgrx(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let o = 0; o < src.length; o += 4) {
    out[o] = src[o + 2];
    out[o + 1] = src[o + 1];
    out[o + 2] = src[o];
  }
  return out;
}

/** Converts rows of 32-bit BGRX (with `stride` bytes per row) to packed RGBA. */
export function bgrxToRgba(src: Uint8Array, w: number, h: number, stride: number): Uint8Array {
  const out = new Uint8Array(w * h * 4);
  if (src.byteOffset % 4 !== 0 || stride % 4 !== 0) {
    for (let y = 0; y < h; y++) {
      let s = y * stride;
      let d = y * w * 4;
      for (let x = 0; x < w; x++, s += 4, d += 4) {
        out[d] = src[s + 2];
        out[d + 1] = src[s + 1];
        out[d + 2] = src[s];
        out[d + 3] = 255;
      }
    }
    return out;
  }
  // A word per pixel: on a little-endian machine BGRX reads as 0xXXRRGGBB and RGBA is written as 0xAABBGGRR.
  const from = new Uint32Array(src.buffer, src.byteOffset, (stride >> 2) * h);
  const to = new Uint32Array(out.buffer);
  const words = stride >> 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0, s = y * words, d = y * w; x < w; x++, s++, d++) {
      const v = from[s];
      to[d] = 0xff000000 | ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
    }
  }
  return out;
}
