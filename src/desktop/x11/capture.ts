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
import { FramePool } from "../../image/frame_pool.ts";

/**
 * Whole-screen frames' memory, used again once a frame is gone: a look holds its frame and the last
 * one, a plan step its "before" too, and a frame let go waits for the collector. Five blocks were in
 * use at most over page changes on a 1440x900 screen; a 4K screen's frames (33 MB) get two.
 */
const screens = new FramePool(6, 96 * 1024 * 1024);
/**
 * Readies two spare blocks for the screen's next frames (a look's and the
 * next one's), their pages written once: to be called in idle time.
 */
export function spareScreens(): void {
  screens.spare(2);
}

/**
 * Captures the root window: through shared memory where the server allows
 * it (shm_capture.ts), else with XGetImage. Xvfb and most servers use 32 bpp
 * BGRX at depth 24.
 */
export function captureRoot(c: XConnection): RgbaImage {
  const { width, height } = c.size();
  const shared = sharedScreen(c, width, height);
  const out = screens.take(width * height * 4);
  if (shared) {
    return { width, height, data: bgrxToRgba(shared.bytes, width, height, shared.bytesPerLine, out) };
  }
  return captureArea(c, { x: 0, y: 0, width, height }, out);
}

/**
 * Captures a rectangle of the root window (which must lie on the screen),
 * into `out` when it is given and of the rectangle's size.
 */
export function captureArea(c: XConnection, r: Rect, out?: Uint8Array<ArrayBuffer>): RgbaImage {
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
    const into = out?.length === w * h * 4 ? out : undefined;
    return { width: w, height: h, data: bgrxToRgba(src, w, h, bpl, into) };
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

/**
 * Converts rows of 32-bit BGRX (with `stride` bytes per row) to packed RGBA,
 * every byte of `out` (`w` x `h` x 4 bytes) written.
 */
export function bgrxToRgba(
  src: Uint8Array,
  w: number,
  h: number,
  stride: number,
  out: Uint8Array<ArrayBuffer> = new Uint8Array(w * h * 4),
): Uint8Array<ArrayBuffer> {
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
  const to = new Uint32Array(out.buffer, out.byteOffset, w * h);
  const words = stride >> 2;
  for (let y = 0; y < h; y++) wordRow(from, y * words, to, y * w, w);
  return out;
}

/**
 * One row of `bgrxToRgba`'s words. A row of its own, not an inner loop: a
 * function called once a capture with a nested loop is run by V8 from the
 * interpreter, its inner loop compiled on the stack and left at every row's
 * end (hundreds of deoptimisations a capture); called once a row, it is
 * compiled whole and stays so.
 */
function wordRow(from: Uint32Array, s: number, to: Uint32Array, d: number, w: number): void {
  for (const end = d + w; d < end; s++, d++) {
    const v = from[s];
    to[d] = 0xff000000 | ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
  }
}
