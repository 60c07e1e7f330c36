/**
 * Capture of the working display: CGWindowListCreateImage in-process when
 * the symbol resolves and returns an image, else `/usr/sbin/screencapture`.
 *
 * @module
 */

import type { RgbaImage } from "../types.ts";
import { decodePng, toRgba } from "./bitmap.ts";
import type { MacSession } from "./session.ts";
import { currentDisplay, LIST_ON_SCREEN_ONLY, readWindowState } from "./windows.ts";

/** CGWindow.h: kCGWindowImageBestResolution, pixels rather than points on Retina. */
const IMAGE_BEST_RESOLUTION = 1 << 3;

/** Which capture path is in use, for doctor. */
export type CapturePath = "CGWindowListCreateImage" | "screencapture";

/** One line for doctor about how the screen is captured. */
export function describeCapturePath(p: CapturePath): string {
  return p === "CGWindowListCreateImage"
    ? "CGWindowListCreateImage (in-process)"
    : "/usr/sbin/screencapture (CGWindowListCreateImage is unavailable or refused on this macOS)";
}

/** Captures the display holding the focus window, remembering which path worked. */
export class MacCapture {
  path: CapturePath;

  constructor(readonly s: MacSession) {
    this.path = s.libs.cg.CGWindowListCreateImage ? "CGWindowListCreateImage" : "screencapture";
  }

  capture(): RgbaImage {
    readWindowState(this.s);
    const d = currentDisplay(this.s);
    const create = this.s.libs.cg.CGWindowListCreateImage;
    if (create) {
      const { x, y, width, height } = d.bounds;
      const img = create(
        new Float64Array([x, y, width, height]),
        LIST_ON_SCREEN_ONLY,
        0,
        IMAGE_BEST_RESOLUTION,
      );
      if (img) {
        try {
          this.path = "CGWindowListCreateImage";
          return this.#imagePixels(img);
        } finally {
          this.s.libs.cg.CGImageRelease(img);
        }
      }
    }
    this.path = "screencapture";
    return decodePng((this.s.opts.screencapture ?? runScreencapture)(d.bounds));
  }

  #imagePixels(img: NonNullable<Deno.PointerValue>): RgbaImage {
    const { cg, cf } = this.s.libs;
    const width = Number(cg.CGImageGetWidth(img));
    const height = Number(cg.CGImageGetHeight(img));
    const provider = cg.CGImageGetDataProvider(img); // Get rule: not ours
    if (!provider) throw new Error("the captured image has no data provider");
    const data = cg.CGDataProviderCopyData(provider); // Copy rule: ours
    if (!data) throw new Error("CGDataProviderCopyData returned NULL");
    try {
      return toRgba(
        this.s.cf.dataBytes(data),
        width,
        height,
        Number(cg.CGImageGetBytesPerRow(img)),
        cg.CGImageGetBitmapInfo(img),
        Number(cg.CGImageGetBitsPerPixel(img)),
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
