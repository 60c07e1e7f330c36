import type { RgbaImage } from "../../image/pixels.ts";
/**
 * Pixel layout conversions for CGImage data, and the PNG decoder for the
 * screencapture fallback (capture() is synchronous, so decoding cannot go
 * through sharp's promise API; the built-in codec is synchronous).
 *
 * @module
 */

export { decodePng } from "../../image/png.ts";

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
