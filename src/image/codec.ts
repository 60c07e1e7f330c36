/**
 * Every image operation (decode, PNG encode, the screenshot's downscale)
 * goes through here, on one of two backends:
 * - `sharp` (libvips, native): fast, reads JPEG/WebP/TIFF/GIF too;
 * - `builtin` (`png.ts`, `resize.ts` beside it, on `node:zlib`): PNG only, but it has
 *   no native parts, so it works where sharp cannot load (a `deno compile`
 *   binary, a platform whose sharp build is missing).
 *
 * sharp is used when it loads; `CHOTO_IMAGE=builtin` forces the built-in
 * code and `CHOTO_IMAGE=sharp` refuses to fall back.
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { decodePng, encodePng as encodePngBuiltin, isPng } from "./png.ts";
import { downscale } from "./resize.ts";
import type { RgbaImage } from "./pixels.ts";
import type { AlphaMask } from "./draw.ts";

/** Which code does the image work. */
export type ImageBackendName = "sharp" | "builtin";

type Sharp = typeof import("sharp").default;

interface Backend {
  name: ImageBackendName;
  sharp: Sharp | null;
  why: string;
}

let sharpLoad: Promise<Sharp | Error> | undefined;

/** sharp's name in deno.json's imports. */
const SHARP = "sharp";

/** Loads sharp once; an Error when its native library cannot load. */
function loadSharp(): Promise<Sharp | Error> {
  // By computed name: a literal one would make Deno resolve sharp's package whenever this module loads.
  sharpLoad ??= (import(SHARP) as Promise<typeof import("sharp")>).then((m) => {
    // Every image here is a fresh screenshot used once: libvips' operation cache
    // would only hold on to tens of megabytes of pixels that are never asked for again.
    m.default.cache(false);
    return m.default;
  }, (err) => err instanceof Error ? err : new Error(String(err)));
  return sharpLoad;
}

/** The backend for this call (CHOTO_IMAGE is read each time, so a test can switch it). */
async function backend(): Promise<Backend> {
  const forced = envVar("CHOTO_IMAGE") ?? "";
  if (forced !== "" && forced !== "sharp" && forced !== "builtin") {
    throw new Error(`CHOTO_IMAGE must be "sharp" or "builtin" (got "${forced}")`);
  }
  if (forced === "builtin") return { name: "builtin", sharp: null, why: "forced by CHOTO_IMAGE=builtin" };
  const sharp = await loadSharp();
  if (!(sharp instanceof Error)) return { name: "sharp", sharp, why: "libvips loaded" };
  if (forced === "sharp") throw new Error(`CHOTO_IMAGE=sharp but sharp does not load: ${sharp.message}`);
  return { name: "builtin", sharp: null, why: `sharp does not load: ${sharp.message.split("\n")[0]}` };
}

/** The backend in use and why it was chosen (for `choto selftest`). */
export async function imageBackend(): Promise<{ name: ImageBackendName; why: string }> {
  const { name, why } = await backend();
  return { name, why };
}

/**
 * Decodes an image file's bytes into RGBA: PNG, JPEG, WebP, GIF, TIFF with
 * sharp (not BMP); PNG only with the built-in code.
 */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  const { sharp } = await backend();
  if (!sharp) {
    if (!isPng(bytes)) throw new Error("without sharp only PNG images can be decoded");
    return decodePng(bytes);
  }
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** A PNG sized for a model: long edge capped, encoded size capped. */
export interface ScreenshotPng {
  png: Uint8Array;
  width: number;
  height: number;
  /** Screenshot pixels per screen pixel (1 = full size). */
  scale: number;
}

/** One encoding attempt: the image at `width` x `height`, RGB, as a palette image when `palette`. */
async function encodeScaled(
  sharp: Sharp | null,
  image: RgbaImage,
  width: number,
  height: number,
  palette: boolean,
): Promise<Uint8Array> {
  if (!sharp) {
    // Lossless palette when the frame has few colours; a busy frame stays RGB and shrinks instead.
    return encodePngBuiltin(downscale(image, width, height), { alpha: false, level: 6, palette });
  }
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
  if (width < image.width || height < image.height) {
    pipeline = pipeline.resize(width, height, { kernel: "lanczos3" });
  }
  const buf = await pipeline.removeAlpha().png({
    compressionLevel: 9,
    palette,
    colours: 256,
  }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * Encodes a screenshot whose long edge is at most `maxEdge` and whose
 * encoded size stays under `maxBytes`: it first scales, then falls back to a
 * 256-colour palette, then shrinks further.
 */
export async function screenshotPng(
  image: RgbaImage,
  maxEdge = 1568,
  maxBytes = 1_000_000,
): Promise<ScreenshotPng> {
  const { sharp } = await backend();
  let scale = Math.min(1, maxEdge / Math.max(image.width, image.height));
  for (let attempt = 0; attempt < 8; attempt++) {
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const palette = attempt > 0;
    const png = await encodeScaled(sharp, image, width, height, palette);
    if (png.byteLength < maxBytes) {
      return { png, width, height, scale: Math.round(scale * 1000) / 1000 };
    }
    if (palette) scale *= 0.8;
  }
  throw new Error("screenshot could not be encoded under the size limit");
}

/** Encodes an RGBA image as a lossless PNG at its own size (the icon sheet, fixture frames). */
export async function encodePng(image: RgbaImage): Promise<Uint8Array> {
  const { sharp } = await backend();
  if (!sharp) return encodePngBuiltin(image, { alpha: false, level: 9 });
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Pango reads text as markup: these three are the only characters it would take as markup. */
function markupEscaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Plain text drawn by the system's fonts (Pango and fontconfig, through
 * sharp) as an alpha mask, wrapped at `maxWidth` pixels; null when sharp
 * does not load (the caller then draws it another way). Any character the
 * text holds is drawn as itself, never read as markup.
 */
export async function textMask(text: string, sizePx: number, maxWidth: number): Promise<AlphaMask | null> {
  const { sharp } = await backend();
  if (!sharp || !text) return null;
  const { data, info } = await sharp({
    text: { text: markupEscaped(text), font: `sans ${sizePx}`, dpi: 72, width: maxWidth, wrap: "word-char" },
  }).raw().toBuffer({ resolveWithObject: true });
  const alpha = new Uint8Array(info.width * info.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * info.channels];
  return { width: info.width, height: info.height, alpha };
}
