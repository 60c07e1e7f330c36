/**
 * A PNG codec on `node:zlib`, which is built into Deno: no native addon, so
 * it works wherever Deno runs, a compiled binary included. It decodes every
 * standard PNG (all colour types, bit depths 1-16, Adam7 interlacing) to
 * 8-bit RGBA and encodes RGB, RGBA or palette images.
 *
 * A shared leaf: it imports nothing from the layers, so the desktop backends
 * (macOS screencapture files) and the renderers both use it.
 *
 * @module
 */

import { deflateSync, inflateSync } from "node:zlib";
import type { RgbaImage } from "./pixels.ts";
import { concatBytes } from "../common/bytes.ts";

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Samples per pixel of each PNG colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Whether `bytes` start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((v, i) => bytes[i] === v);
}

interface Header {
  width: number;
  height: number;
  depth: number;
  colour: number;
  interlace: number;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses the per-row filters of one (sub)image in place; returns the rows without filter bytes. */
function unfilter(raw: Uint8Array, offset: number, rows: number, stride: number, bpp: number): Uint8Array {
  const out = new Uint8Array(rows * stride);
  for (let y = 0; y < rows; y++) {
    const filter = raw[offset + y * (stride + 1)];
    const src = offset + y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i];
      const a = i >= bpp ? out[row + i - bpp] : 0;
      const b = y > 0 ? out[up + i] : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) v = x + paeth(a, b, i >= bpp && y > 0 ? out[up + i - bpp] : 0);
      else throw new Error(`corrupt PNG: unknown row filter ${filter}`);
      out[row + i] = v & 0xff;
    }
  }
  return out;
}

/** Reads sample `i` of a row of `depth`-bit samples, scaled to 8 bits (palette indices unscaled). */
function sample(row: Uint8Array, base: number, i: number, depth: number, scale: boolean): number {
  if (depth === 8) return row[base + i];
  if (depth === 16) return row[base + i * 2]; // the high byte is the 8-bit value
  const perByte = 8 / depth;
  const byte = row[base + Math.floor(i / perByte)];
  const shift = 8 - depth * (1 + (i % perByte));
  const v = (byte >> shift) & ((1 << depth) - 1);
  return scale ? Math.round((v * 255) / ((1 << depth) - 1)) : v;
}

/** Decodes any standard PNG into 8-bit RGBA. Throws a readable error on a corrupt or non-PNG file. */
export function decodePng(file: Uint8Array): RgbaImage {
  if (!isPng(file)) throw new Error("not a PNG file");
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let header: Header | null = null;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= file.length;) {
    const len = view.getUint32(p);
    const type = String.fromCharCode(...file.subarray(p + 4, p + 8));
    const body = file.subarray(p + 8, p + 8 + len);
    if (type === "IHDR") {
      const h = new DataView(body.buffer, body.byteOffset, body.byteLength);
      header = {
        width: h.getUint32(0),
        height: h.getUint32(4),
        depth: body[8],
        colour: body[9],
        interlace: body[12],
      };
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") transparency = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    p += 12 + len;
  }
  if (!header || !idat.length) throw new Error("corrupt PNG: no header or no image data");
  const { width, height, depth, colour, interlace } = header;
  const channels = CHANNELS[colour];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || interlace > 1) {
    throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  }
  if (colour === 3 && !palette) throw new Error("corrupt PNG: palette image without PLTE");
  const raw = new Uint8Array(inflateSync(concatBytes(idat)));
  const bitsPerPixel = channels * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const out = new Uint8Array(width * height * 4);
  // tRNS for grey/RGB names one colour (in sample units) that is transparent.
  const key = transparency && (colour === 0 || colour === 2)
    ? Array.from(
      { length: colour === 0 ? 1 : 3 },
      (_, i) => (transparency![i * 2] << 8) | transparency![i * 2 + 1],
    )
    : null;

  const place = (rows: Uint8Array, w: number, h: number, x0: number, y0: number, dx: number, dy: number) => {
    const stride = Math.ceil((w * bitsPerPixel) / 8);
    for (let y = 0; y < h; y++) {
      const base = y * stride;
      for (let x = 0; x < w; x++) {
        const d = ((y0 + y * dy) * width + x0 + x * dx) * 4;
        let r: number, g: number, b: number, a = 255;
        if (colour === 3) {
          const idx = sample(rows, base, x, depth, false);
          r = palette![idx * 3];
          g = palette![idx * 3 + 1];
          b = palette![idx * 3 + 2];
          if (transparency && idx < transparency.length) a = transparency[idx];
        } else if (colour === 0 || colour === 4) {
          r = g = b = sample(rows, base, x * channels, depth, true);
          if (colour === 4) a = sample(rows, base, x * 2 + 1, depth, true);
          else if (key && rawSample(rows, base, x, depth) === key[0]) a = 0;
        } else {
          r = sample(rows, base, x * channels, depth, true);
          g = sample(rows, base, x * channels + 1, depth, true);
          b = sample(rows, base, x * channels + 2, depth, true);
          if (colour === 6) a = sample(rows, base, x * 4 + 3, depth, true);
          else if (
            key && rawSample(rows, base, x * 3, depth) === key[0] &&
            rawSample(rows, base, x * 3 + 1, depth) === key[1] &&
            rawSample(rows, base, x * 3 + 2, depth) === key[2]
          ) a = 0;
        }
        out[d] = r;
        out[d + 1] = g;
        out[d + 2] = b;
        out[d + 3] = a;
      }
    }
  };

  if (interlace === 0) {
    const stride = Math.ceil((width * bitsPerPixel) / 8);
    if (raw.length < height * (stride + 1)) throw new Error("corrupt PNG: image data too short");
    place(unfilter(raw, 0, height, stride, bpp), width, height, 0, 0, 1, 1);
  } else {
    let offset = 0;
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w <= 0 || h <= 0) continue;
      const stride = Math.ceil((w * bitsPerPixel) / 8);
      if (raw.length < offset + h * (stride + 1)) throw new Error("corrupt PNG: image data too short");
      place(unfilter(raw, offset, h, stride, bpp), w, h, x0, y0, dx, dy);
      offset += h * (stride + 1);
    }
  }
  return { width, height, data: out };
}

/** A sample at full precision (for matching tRNS colour keys). */
function rawSample(row: Uint8Array, base: number, i: number, depth: number): number {
  if (depth === 16) return (row[base + i * 2] << 8) | row[base + i * 2 + 1];
  return sample(row, base, i, depth, false);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/**
 * Filters rows for compression: per row, the filter whose output has the
 * smallest sum of absolute values (the heuristic libpng uses), among None,
 * Sub, Up and Paeth.
 */
function filterRows(pixels: Uint8Array, rows: number, stride: number, bpp: number): Uint8Array {
  const out = new Uint8Array(rows * (stride + 1));
  const trial = [
    new Uint8Array(stride),
    new Uint8Array(stride),
    new Uint8Array(stride),
    new Uint8Array(stride),
  ];
  const kinds = [0, 1, 2, 4];
  for (let y = 0; y < rows; y++) {
    const row = y * stride, up = row - stride;
    const sums = [0, 0, 0, 0];
    for (let i = 0; i < stride; i++) {
      const x = pixels[row + i];
      const a = i >= bpp ? pixels[row + i - bpp] : 0;
      const b = y > 0 ? pixels[up + i] : 0;
      const c = i >= bpp && y > 0 ? pixels[up + i - bpp] : 0;
      const v0 = x, v1 = (x - a) & 0xff, v2 = (x - b) & 0xff, v4 = (x - paeth(a, b, c)) & 0xff;
      trial[0][i] = v0;
      trial[1][i] = v1;
      trial[2][i] = v2;
      trial[3][i] = v4;
      sums[0] += v0 < 128 ? v0 : 256 - v0;
      sums[1] += v1 < 128 ? v1 : 256 - v1;
      sums[2] += v2 < 128 ? v2 : 256 - v2;
      sums[3] += v4 < 128 ? v4 : 256 - v4;
    }
    let best = 0;
    for (let k = 1; k < 4; k++) if (sums[k] < sums[best]) best = k;
    out[y * (stride + 1)] = kinds[best];
    out.set(trial[best], y * (stride + 1) + 1);
  }
  return out;
}

/** How to encode: colour type and zlib level. */
export interface EncodeOptions {
  /** Keep the alpha channel (RGBA) or drop it (RGB). Default true. */
  alpha?: boolean;
  /** zlib level 0-9. Default 6. */
  level?: number;
  /** Write an 8-bit palette image when the image has at most 256 colours. Default false. */
  palette?: boolean;
}

/** Encodes RGBA pixels as an 8-bit PNG. */
export function encodePng(image: RgbaImage, options: EncodeOptions = {}): Uint8Array {
  const { width, height, data } = image;
  const alpha = options.alpha ?? true;
  const level = options.level ?? 6;
  const indexed = options.palette ? paletteOf(image, alpha) : null;
  let colour: number, channels: number, pixels: Uint8Array;
  if (indexed) {
    colour = 3;
    channels = 1;
    pixels = indexed.indices;
  } else {
    colour = alpha ? 6 : 2;
    channels = alpha ? 4 : 3;
    if (alpha) pixels = data;
    else {
      pixels = new Uint8Array(width * height * 3);
      for (let s = 0, d = 0; d < pixels.length; s += 4, d += 3) {
        pixels[d] = data[s];
        pixels[d + 1] = data[s + 1];
        pixels[d + 2] = data[s + 2];
      }
    }
  }
  const ihdr = new Uint8Array(13);
  const h = new DataView(ihdr.buffer);
  h.setUint32(0, width);
  h.setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = colour;
  const stride = width * channels;
  // Palette indices do not predict their neighbours: filtering them only costs time.
  const filtered = indexed
    ? withNoFilter(pixels, height, stride)
    : filterRows(pixels, height, stride, channels);
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", ihdr),
    ...(indexed
      ? [chunk("PLTE", indexed.palette), ...(indexed.alpha ? [chunk("tRNS", indexed.alpha)] : [])]
      : []),
    chunk("IDAT", new Uint8Array(deflateSync(filtered, { level }))),
    chunk("IEND", new Uint8Array(0)),
  ];
  return concatBytes(parts);
}

function withNoFilter(pixels: Uint8Array, rows: number, stride: number): Uint8Array {
  const out = new Uint8Array(rows * (stride + 1));
  for (let y = 0; y < rows; y++) out.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return out;
}

/** The image's palette and per-pixel indices, or null when it has more than 256 colours. */
function paletteOf(
  image: RgbaImage,
  alpha: boolean,
): { palette: Uint8Array; alpha: Uint8Array | null; indices: Uint8Array } | null {
  const { data } = image;
  const n = image.width * image.height;
  const index = new Map<number, number>();
  const colours: number[] = [];
  const indices = new Uint8Array(n);
  for (let i = 0, s = 0; i < n; i++, s += 4) {
    const a = alpha ? data[s + 3] : 255;
    // A 32-bit key; >>> 0 keeps it a non-negative number.
    const key = ((data[s] << 24) | (data[s + 1] << 16) | (data[s + 2] << 8) | a) >>> 0;
    let idx = index.get(key);
    if (idx === undefined) {
      if (colours.length === 256) return null;
      idx = colours.length;
      index.set(key, idx);
      colours.push(key);
    }
    indices[i] = idx;
  }
  const palette = new Uint8Array(colours.length * 3);
  const alphas = new Uint8Array(colours.length);
  colours.forEach((key, i) => {
    palette[i * 3] = key >>> 24;
    palette[i * 3 + 1] = (key >>> 16) & 0xff;
    palette[i * 3 + 2] = (key >>> 8) & 0xff;
    alphas[i] = key & 0xff;
  });
  return { palette, alpha: alphas.some((a) => a < 255) ? alphas : null, indices };
}
