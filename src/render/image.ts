/**
 * Every use of the native image library (sharp) lives here, so the image
 * backend can be swapped (for example in a compiled binary, where sharp's
 * libvips cannot be loaded) by changing one module.
 *
 * @module
 */

import sharp from "sharp";
import type { RgbaImage } from "../desktop/types.ts";

// Every image here is a fresh screenshot used once: libvips' operation cache
// would only hold on to tens of megabytes of pixels that are never asked for again.
sharp.cache(false);

/** Decodes an image file's bytes (PNG, JPEG, WebP, GIF, TIFF: what sharp reads; not BMP) into RGBA. */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
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
  let scale = Math.min(1, maxEdge / Math.max(image.width, image.height));
  for (let attempt = 0; attempt < 6; attempt++) {
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    let pipeline = sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
    if (scale < 1) pipeline = pipeline.resize(width, height, { kernel: "lanczos3" });
    const palette = attempt > 0;
    const buf = await pipeline.removeAlpha().png({
      compressionLevel: 9,
      palette,
      colours: 256,
    }).toBuffer();
    if (buf.byteLength < maxBytes) {
      return {
        png: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
        width,
        height,
        scale: Math.round(scale * 1000) / 1000,
      };
    }
    if (palette) scale *= 0.8;
  }
  throw new Error("screenshot could not be encoded under the size limit");
}

/** Encodes an RGBA image as a lossless PNG at its own size. */
export async function encodePng(image: RgbaImage): Promise<Uint8Array> {
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).png({ compressionLevel: 9 }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
