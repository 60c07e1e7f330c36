/**
 * Capture of the working display: CGWindowListCreateImage in-process when
 * the symbol resolves, returns an image and its pixels are 8-bit RGBA; else
 * `/usr/sbin/screencapture`, which writes an 8-bit PNG whatever the display.
 * Each frame also measures the display's real pixels-per-point. Nothing is
 * captured without Screen Recording: macOS would hand back the desktop
 * picture and the menu bar, which reads as an empty screen.
 *
 * @module
 */

import { isFlat } from "../flat.ts";

import { decodePng, layoutProblem, toRgba } from "./bitmap.ts";
import { rectToPixels, scaleOf } from "./geometry.ts";
import type { MacSession } from "./session.ts";
import { showsOnlyWhatIsBeneath } from "./wallpaper.ts";
import { LIST_ON_SCREEN_ONLY, onScreenWindows, readWindowState } from "./windows.ts";
import { focusWindow } from "./window_list.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** CGWindow.h: kCGWindowImageBestResolution, pixels rather than points on Retina. */
const IMAGE_BEST_RESOLUTION = 1 << 3;
/** CGWindow.h: kCGWindowListOptionOnScreenBelowWindow. */
const LIST_ON_SCREEN_BELOW_WINDOW = 1 << 2;

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

  /** Whether a preflight that said "not granted" was overruled by the pixels (logged once). */
  #preflightOverruled = false;

  capture(): RgbaImage {
    if (this.s.grants.screenRecording() === false && !this.#windowsShow()) {
      this.s.grants.requireScreenRecording();
    }
    // CoreGraphics autoreleases behind the calls; no run loop drains a pool for us.
    return this.s.objc.pool(() => {
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
    });
  }

  /**
   * Whether a capture shows the windows although the preflight said Screen
   * Recording is not granted: the preflight has been reported to answer no
   * for a server started by an app that holds the grant, so its no is
   * checked against the pixels before any capture is refused.
   */
  #windowsShow(): boolean {
    if (this.#preflightOverruled) return true;
    if (this.probeInProcess().desktopOnly !== false) return false;
    this.#preflightOverruled = true;
    this.s.log(
      "CGPreflightScreenCaptureAccess says Screen Recording is not granted, but a capture shows the " +
        "windows: capturing",
    );
    return true;
  }

  /** CGWindowListCreateImage of the working display with `option` relative to `windowNumber`. */
  #create(option: number, windowNumber: number): Deno.PointerValue {
    const { x, y, width, height } = this.s.display!.bounds;
    return this.s.libs.cg.CGWindowListCreateImage!(
      new Float64Array([x, y, width, height]),
      option,
      windowNumber,
      IMAGE_BEST_RESOLUTION,
    );
  }

  #inProcess(): RgbaImage | null {
    const { cg } = this.s.libs;
    if (!cg.CGWindowListCreateImage) {
      this.fallbackReason = "CGWindowListCreateImage is not in this macOS";
      return null;
    }
    const img = this.#create(LIST_ON_SCREEN_ONLY, 0);
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

  /** An 8-bit image decoded, or why not (NULL, refused layout). */
  #decoded(img: Deno.PointerValue): RgbaImage | string {
    const { cg } = this.s.libs;
    if (!img) return "it returned NULL";
    try {
      const info = cg.CGImageGetBitmapInfo(img);
      const bpp = Number(cg.CGImageGetBitsPerPixel(img));
      const size = `${cg.CGImageGetWidth(img)}x${cg.CGImageGetHeight(img)}`;
      const problem = layoutProblem(info, bpp, Number(cg.CGImageGetBitsPerComponent(img)));
      if (problem) return `it returned a ${size} image of ${problem} (screencapture is used instead)`;
      return this.#imagePixels(img, info, bpp);
    } finally {
      cg.CGImageRelease(img);
    }
  }

  /**
   * Calls CGWindowListCreateImage once on the working display, whatever the
   * grants say, and tells what came back (absent, NULL, a layout choto
   * refuses, a flat frame, only the desktop picture where the front window
   * is, or the windows), for the self-test: on macOS 15 the answer is not
   * documented. `desktopOnly` is true when the frame showed only what lies
   * beneath the windows.
   */
  probeInProcess(): { detail: string; desktopOnly: boolean | null } {
    if (!this.s.libs.cg.CGWindowListCreateImage) {
      return { detail: "the symbol is absent from this macOS", desktopOnly: null };
    }
    return this.s.objc.pool(() => {
      readWindowState(this.s);
      const d = this.s.display!;
      const frame = this.#decoded(this.#create(LIST_ON_SCREEN_ONLY, 0));
      if (typeof frame === "string") return { detail: frame, desktopOnly: null };
      const size = `${frame.width}x${frame.height}`;
      if (isFlat(frame)) {
        return { detail: `it returned a ${size} image, one flat colour (blank)`, desktopOnly: null };
      }
      const windows = onScreenWindows(this.s).filter((w) => w.layer === 0);
      const front = focusWindow(windows);
      if (!front) {
        return {
          detail: `it returned a ${size} image with content (no app window to compare)`,
          desktopOnly: null,
        };
      }
      // What lies under every app window: the desktop picture and icons.
      const beneath = this.#decoded(this.#create(LIST_ON_SCREEN_BELOW_WINDOW, windows.at(-1)!.number));
      if (typeof beneath === "string") {
        return {
          detail: `it returned a ${size} image with content (the layers beneath: ${beneath})`,
          desktopOnly: null,
        };
      }
      const only = showsOnlyWhatIsBeneath(
        frame,
        beneath,
        rectToPixels({ ...d, scale: frame.width / d.bounds.width }, front.bounds),
      );
      return {
        detail: only
          ? `it returned a ${size} image showing only the desktop picture where ${front.ownerName}'s window is (Screen Recording missing)`
          : `it returned a ${size} image showing the windows`,
        desktopOnly: only,
      };
    });
  }

  #screencapture(): RgbaImage {
    this.path = "screencapture";
    const shoot = this.s.opts.screencapture ??
      ((r) => runScreencapture(this.s.program("/usr/sbin/screencapture"), r, this.s.opts.dataDir ?? null));
    return decodePng(shoot(this.s.display!.bounds));
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

/**
 * Runs screencapture into a temporary PNG in `dir` (the database folder:
 * a client may start the server without TMPDIR, and the shipped command
 * lines let choto write there), or the system's temporary folder.
 */
function runScreencapture(
  program: string,
  r: { x: number; y: number; width: number; height: number },
  dir: string | null,
): Uint8Array {
  const file = Deno.makeTempFileSync({ prefix: ".choto-capture-", suffix: ".png", ...(dir ? { dir } : {}) });
  try {
    const res = new Deno.Command(program, {
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
