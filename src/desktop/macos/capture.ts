/**
 * Capture of the working display: CGWindowListCreateImage in-process when
 * the symbol resolves, returns an image and its pixels are 8-bit RGBA; else
 * `/usr/sbin/screencapture`, which writes an 8-bit PNG whatever the display.
 * Each frame also measures the display's real pixels-per-point.
 *
 * @module
 */

import { isFlat } from "../flat.ts";
import type { RgbaImage } from "../types.ts";
import { decodePng, layoutProblem, toRgba } from "./bitmap.ts";
import { scaleOf } from "./geometry.ts";
import type { MacSession } from "./session.ts";
import { LIST_ON_SCREEN_ONLY, readWindowState } from "./windows.ts";

/** CGWindow.h: kCGWindowImageBestResolution, pixels rather than points on Retina. */
const IMAGE_BEST_RESOLUTION = 1 << 3;

/** Which capture path is in use, for doctor. */
export type CapturePath = "CGWindowListCreateImage" | "screencapture";

/** One line for doctor about how the screen is captured. */
export function describeCapturePath(p: CapturePath, why: string | null = null): string {
  return p === "CGWindowListCreateImage"
    ? "CGWindowListCreateImage (in-process)"
    : `/usr/sbin/screencapture (${why ?? "CGWindowListCreateImage is unavailable or refused on this macOS"})`;
}

/** Captures the display holding the focus window, remembering which path worked and why. */
export class MacCapture {
  path: CapturePath;
  /** Why the last capture fell back to screencapture (null when it did not). */
  fallbackReason: string | null = null;
  /** Pixels per point of the last frame as captured, and as the display mode claims. */
  lastScale: { measured: number; mode: number } | null = null;

  constructor(readonly s: MacSession) {
    this.path = s.libs.cg.CGWindowListCreateImage ? "CGWindowListCreateImage" : "screencapture";
  }

  capture(): RgbaImage {
    readWindowState(this.s);
    const d = this.s.display!;
    const image = this.#inProcess() ?? this.#screencapture();
    // Clicks convert pixels to points with this display's scale: take it from the frame itself.
    const measured = scaleOf(image.width, d.bounds.width);
    this.lastScale = { measured, mode: d.scale };
    if (measured !== d.scale) {
      this.s.measuredScale.set(d.id, measured);
      d.scale = measured;
    }
    return image;
  }

  #inProcess(): RgbaImage | null {
    const { cg } = this.s.libs;
    const create = cg.CGWindowListCreateImage;
    if (!create) {
      this.fallbackReason = "CGWindowListCreateImage is not in this macOS";
      return null;
    }
    const { x, y, width, height } = this.s.display!.bounds;
    const img = create(
      new Float64Array([x, y, width, height]),
      LIST_ON_SCREEN_ONLY,
      0,
      IMAGE_BEST_RESOLUTION,
    );
    if (!img) {
      this.fallbackReason = "CGWindowListCreateImage returned NULL";
      return null;
    }
    try {
      const info = cg.CGImageGetBitmapInfo(img);
      const bpp = Number(cg.CGImageGetBitsPerPixel(img));
      const problem = layoutProblem(info, bpp, Number(cg.CGImageGetBitsPerComponent(img)));
      if (problem) {
        this.fallbackReason = `the display's pixels are ${problem}, which choto does not decode`;
        return null;
      }
      const pixels = this.#imagePixels(img, info, bpp);
      this.path = "CGWindowListCreateImage";
      this.fallbackReason = null;
      return pixels;
    } finally {
      cg.CGImageRelease(img);
    }
  }

  /**
   * Calls CGWindowListCreateImage once on the working display and says what
   * came back (absent, NULL, a layout choto refuses, a flat or a real frame),
   * for the self-test: on macOS 15 the answer is not documented.
   */
  probeInProcess(): string {
    const { cg } = this.s.libs;
    const create = cg.CGWindowListCreateImage;
    if (!create) return "the symbol is absent from this macOS";
    readWindowState(this.s);
    const { x, y, width, height } = this.s.display!.bounds;
    const img = create(
      new Float64Array([x, y, width, height]),
      LIST_ON_SCREEN_ONLY,
      0,
      IMAGE_BEST_RESOLUTION,
    );
    if (!img) return "it returned NULL";
    try {
      const info = cg.CGImageGetBitmapInfo(img);
      const bpp = Number(cg.CGImageGetBitsPerPixel(img));
      const size = `${cg.CGImageGetWidth(img)}x${cg.CGImageGetHeight(img)}`;
      const problem = layoutProblem(info, bpp, Number(cg.CGImageGetBitsPerComponent(img)));
      if (problem) return `it returned a ${size} image of ${problem} (screencapture is used instead)`;
      const flat = isFlat(this.#imagePixels(img, info, bpp));
      return `it returned a ${size} image, ${flat ? "one flat colour (blank)" : "with content"}`;
    } finally {
      cg.CGImageRelease(img);
    }
  }

  #screencapture(): RgbaImage {
    this.path = "screencapture";
    return decodePng((this.s.opts.screencapture ?? runScreencapture)(this.s.display!.bounds));
  }

  #imagePixels(img: NonNullable<Deno.PointerValue>, info: number, bpp: number): RgbaImage {
    const { cg, cf } = this.s.libs;
    const provider = cg.CGImageGetDataProvider(img); // Get rule: not ours
    if (!provider) throw new Error("the captured image has no data provider");
    const data = cg.CGDataProviderCopyData(provider); // Copy rule: ours
    if (!data) throw new Error("CGDataProviderCopyData returned NULL");
    try {
      return toRgba(
        this.s.cf.dataBytes(data),
        Number(cg.CGImageGetWidth(img)),
        Number(cg.CGImageGetHeight(img)),
        Number(cg.CGImageGetBytesPerRow(img)),
        info,
        bpp,
      );
    } finally {
      cf.CFRelease(data);
    }
  }
}

function runScreencapture(r: { x: number; y: number; width: number; height: number }): Uint8Array {
  const file = Deno.makeTempFileSync({ prefix: "choto-", suffix: ".png" });
  try {
    const res = new Deno.Command("/usr/sbin/screencapture", {
      args: ["-x", "-t", "png", `-R${r.x},${r.y},${r.width},${r.height}`, file],
    }).outputSync();
    if (!res.success) {
      throw new Error(`screencapture failed: ${new TextDecoder().decode(res.stderr).trim()}`);
    }
    return Deno.readFileSync(file);
  } finally {
    try {
      Deno.removeSync(file);
    } catch { /* already gone */ }
  }
}
