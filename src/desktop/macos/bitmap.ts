/**
 * Pixel layout conversions for CGImage data, and a small PNG decoder for the
 * screencapture fallback (capture() is synchronous, so decoding cannot go
 * through sharp's promise API).
 *
 * @module
 */

import { inflateSync } from "node:zlib";
import type { RgbaImage } from "../types.ts";

/** CGImage.h bitmap-info fields. */
export const BITMAP = {
  alphaMask: 0x1f,
  floatComponents: 1 << 8,
  byteOrderMask: 0x7000,
  byteOrderDefault: 0,
  byteOrder32Little: 2 << 12,
  byteOrder32Big: 4 << 12,
  pixelFormatMask: 0xf0000,
  pixelFormatPacked: 0,
  // CGImageAlphaInfo values
  alphaNone: 0,
  premultipliedLast: 1,
  premultipliedFirst: 2,
  last: 3,
  first: 4,
  noneSkipLast: 5,
  noneSkipFirst: 6,
} as const;

/**
 * Why a CGImage's pixels cannot be read as 8-bit RGBA, or null when they
 * can: 10-bit packed formats (kCGImagePixelFormatRGB101010, RGBCIF10), float
 * or 16-bit components of HDR and wide-gamut displays, 16-bit byte orders
 * and alpha-only images all decode as garbage if taken for 8-bit RGBA.
 */
export function layoutProblem(
  bitmapInfo: number,
  bitsPerPixel: number,
  bitsPerComponent: number,
): string | null {
  if (bitmapInfo & BITMAP.floatComponents) return `float components (${bitsPerComponent}-bit)`;
  if (bitsPerComponent !== 8) return `${bitsPerComponent} bits per component`;
  if (bitsPerPixel !== 32) return `${bitsPerPixel} bits per pixel`;
  const format = bitmapInfo & BITMAP.pixelFormatMask;
  if (format !== BITMAP.pixelFormatPacked) {
    return `packed pixel format 0x${format.toString(16)} (10-bit or 16-bit)`;
  }
  const order = bitmapInfo & BITMAP.byteOrderMask;
  if (
    order !== BITMAP.byteOrderDefault && order !== BITMAP.byteOrder32Little && order !== BITMAP.byteOrder32Big
  ) {
    return `16-bit byte order 0x${order.toString(16)}`;
  }
  const alpha = bitmapInfo & BITMAP.alphaMask;
  if (alpha > BITMAP.noneSkipFirst) return `alpha info ${alpha} (alpha only)`;
  return null;
}

/** Where R, G, B, A sit inside each 4-byte pixel, or throws for layouts we do not read. */
export function channelOffsets(bitmapInfo: number, bitsPerPixel: number): {
  r: number;
  g: number;
  b: number;
  a: number | null;
  premultiplied: boolean;
} {
  const problem = layoutProblem(bitmapInfo, bitsPerPixel, 8);
  if (problem) throw new Error(`unsupported capture layout: ${problem}`);
  const alpha = bitmapInfo & BITMAP.alphaMask;
  const little = (bitmapInfo & BITMAP.byteOrderMask) === BITMAP.byteOrder32Little;
  const first = alpha === BITMAP.premultipliedFirst || alpha === BITMAP.first ||
    alpha === BITMAP.noneSkipFirst;
  const hasAlpha = alpha >= BITMAP.premultipliedLast && alpha <= BITMAP.first;
  const premultiplied = alpha === BITMAP.premultipliedLast || alpha === BITMAP.premultipliedFirst;
  // Logical order ARGB or RGBA (big-endian view); 32-bit little order reverses it in memory.
  const logical = first ? { a: 0, r: 1, g: 2, b: 3 } : { r: 0, g: 1, b: 2, a: 3 };
  const at = (i: number) => (little ? 3 - i : i);
  return {
    r: at(logical.r),
    g: at(logical.g),
    b: at(logical.b),
    a: hasAlpha ? at(logical.a) : null,
    premultiplied,
  };
}

/**
 * Copies 32-bit CGImage rows (possibly padded: bytesPerRow >= width * 4) into
 * packed RGBA, un-premultiplying where needed. Alpha is forced to 255 when
 * the source has none.
 */
export function toRgba(
  src: Uint8Array,
  width: number,
  height: number,
  bytesPerRow: number,
  bitmapInfo: number,
  bitsPerPixel = 32,
): RgbaImage {
  if (bytesPerRow < width * 4) throw new Error("bytesPerRow is smaller than a row");
  if (src.length < bytesPerRow * (height - 1) + width * 4) throw new Error("pixel buffer too short");
  const o = channelOffsets(bitmapInfo, bitsPerPixel);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    let s = y * bytesPerRow, d = y * width * 4;
    for (let x = 0; x < width; x++, s += 4, d += 4) {
      const a = o.a === null ? 255 : src[s + o.a];
      let r = src[s + o.r], g = src[s + o.g], b = src[s + o.b];
      if (o.premultiplied && a > 0 && a < 255) {
        r = Math.min(255, Math.round((r * 255) / a));
        g = Math.min(255, Math.round((g * 255) / a));
        b = Math.min(255, Math.round((b * 255) / a));
      }
      out[d] = r;
      out[d + 1] = g;
      out[d + 2] = b;
      out[d + 3] = a;
    }
  }
  return { width, height, data: out };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes a non-interlaced 8-bit PNG (RGB, RGBA, grey, grey+alpha), which is
 * what `screencapture -t png` writes, into RGBA.
 */
export function decodePng(file: Uint8Array): RgbaImage {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (file.length < 8 || sig.some((v, i) => file[i] !== v)) throw new Error("not a PNG file");
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= file.length;) {
    const len = view.getUint32(p);
    const type = String.fromCharCode(...file.subarray(p + 4, p + 8));
    const body = file.subarray(p + 8, p + 8 + len);
    if (type === "IHDR") {
      const h = new DataView(body.buffer, body.byteOffset, body.byteLength);
      width = h.getUint32(0);
      height = h.getUint32(4);
      depth = body[8];
      colour = body[9];
      interlace = body[12];
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    p += 12 + len;
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colour];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  }
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  idat.reduce((off, c) => (joined.set(c, off), off + c.length), 0);
  const raw = new Uint8Array(inflateSync(joined));
  const stride = width * channels;
  const cur = new Uint8Array(stride), prev = new Uint8Array(stride);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const base = y * (stride + 1);
    const filter = raw[base];
    for (let i = 0; i < stride; i++) {
      const x = raw[base + 1 + i];
      const a = i >= channels ? cur[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      cur[i] = (filter === 0
        ? x
        : filter === 1
        ? x + a
        : filter === 2
        ? x + b
        : filter === 3
        ? x + ((a + b) >> 1)
        : x + paeth(a, b, c)) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const s = x * channels, d = (y * width + x) * 4;
      if (channels >= 3) {
        out[d] = cur[s];
        out[d + 1] = cur[s + 1];
        out[d + 2] = cur[s + 2];
        out[d + 3] = channels === 4 ? cur[s + 3] : 255;
      } else {
        out[d] = out[d + 1] = out[d + 2] = cur[s];
        out[d + 3] = channels === 2 ? cur[s + 1] : 255;
      }
    }
    prev.set(cur);
  }
  return { width, height, data: out };
}
