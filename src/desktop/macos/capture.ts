/**
 * Capture of the working display, in this order: CGWindowListCreateImage
 * in-process when the symbol resolves, returns an image and its pixels are
 * 8-bit RGBA; else ScreenCaptureKit (macOS 14 and later, the supported API:
 * the macOS 15 SDK drops CGWindowListCreateImage and the system may answer
 * NULL); else `/usr/sbin/screencapture`, which writes an 8-bit PNG whatever
 * the display. The first that gives a frame is used, and doctor says which
 * and why the ones before it did not; only when all three fail is the
 * capture an error, naming each failure. Each frame also measures the
 * display's real pixels-per-point. Nothing is captured without Screen
 * Recording: macOS would hand back the desktop picture and the menu bar,
 * which reads as an empty screen.
 *
 * @module
 */

import { isFlat } from "../flat.ts";

import { decodePng } from "./bitmap.ts";
import { cgImagePixels } from "./cgimage.ts";
import { rectToPixels, scaleOf } from "./geometry.ts";
import type { MacSession } from "./session.ts";
import { type SckCapture, ScreenCaptureKitWorker } from "./sck_bridge.ts";
import { showsOnlyWhatIsBeneath } from "./wallpaper.ts";
import { LIST_ON_SCREEN_ONLY, onScreenWindows, readWindowState } from "./windows.ts";
import { focusWindow } from "./window_list.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** CGWindow.h: kCGWindowImageBestResolution, pixels rather than points on Retina. */
const IMAGE_BEST_RESOLUTION = 1 << 3;
/** CGWindow.h: kCGWindowListOptionOnScreenBelowWindow. */
const LIST_ON_SCREEN_BELOW_WINDOW = 1 << 2;

/** Which capture path gave the last frame, for doctor. */
export type CapturePath = "CGWindowListCreateImage" | "ScreenCaptureKit" | "screencapture";

/** One line for doctor about how the screen is captured, and why the paths before it were passed over. */
export function describeCapturePath(p: CapturePath, why: string | null = null): string {
  if (p === "CGWindowListCreateImage") return "CGWindowListCreateImage (in-process)";
  const where = p === "ScreenCaptureKit"
    ? "ScreenCaptureKit (SCScreenshotManager, in a worker)"
    : "/usr/sbin/screencapture";
  return `${where} (${why ?? "CGWindowListCreateImage is unavailable or refused on this macOS"})`;
}

/** Captures the display holding the focus window, remembering which path worked and why. */
export class MacCapture {
  path: CapturePath;
  /** Why the last capture did not come from the paths before `path` (null when the first gave it). */
  fallbackReason: string | null = null;
  /** Pixels per point of the last frame as captured, and as the display mode claims. */
  lastScale: { measured: number; mode: number } | null = null;
  readonly #sck: SckCapture;
  readonly #sckWorker: ScreenCaptureKitWorker | null;

  constructor(readonly s: MacSession) {
    this.path = s.libs.cg.CGWindowListCreateImage ? "CGWindowListCreateImage" : "ScreenCaptureKit";
    this.#sckWorker = s.opts.screenCaptureKit
      ? null
      : new ScreenCaptureKitWorker(s.opts.systemRoot ?? "", s.opts.screenCaptureKitTimeoutMs);
    this.#sck = s.opts.screenCaptureKit ?? ((d) => this.#sckWorker!.capture(d));
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
      const image = this.#firstThatCaptures();
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

  /** The first path's frame, in order; throws naming each failure when none gives one. */
  #firstThatCaptures(): RgbaImage {
    const failures: string[] = [];
    const paths: Array<[CapturePath, () => RgbaImage | string]> = [
      ["CGWindowListCreateImage", () => this.#inProcess()],
      ["ScreenCaptureKit", () => this.#sck(this.s.display!)],
      ["screencapture", () => this.#screencapture()],
    ];
    for (const [path, shoot] of paths) {
      const got = shoot();
      if (typeof got === "string") {
        failures.push(`${path}: ${got}`);
        continue;
      }
      const reason = failures.length ? failures.join("; ") : null;
      if (path !== this.path || reason !== this.fallbackReason) {
        if (path !== this.path) this.s.log(`capture through ${describeCapturePath(path, reason)}`);
        this.path = path;
        this.fallbackReason = reason;
      }
      return got;
    }
    this.fallbackReason = failures.join("; ");
    throw new Error(`no way of capturing the screen worked: ${this.fallbackReason}`);
  }

  /**
   * Whether a capture shows the windows although the preflight said Screen
   * Recording is not granted: the preflight has been reported to answer no
   * for a server started by an app that holds the grant, so its no is
   * checked against the pixels before any capture is refused.
   */
  #windowsShow(): boolean {
    if (this.#preflightOverruled) return true;
    const inProcess = this.probeInProcess().desktopOnly;
    if (inProcess === true) return false;
    // No frame to judge (NULL on macOS 15): ScreenCaptureKit checks the grant itself, so its frame settles it.
    if (inProcess === null && !this.#screenCaptureKitCaptures()) return false;
    this.#preflightOverruled = true;
    this.s.log(
      "CGPreflightScreenCaptureAccess says Screen Recording is not granted, but a capture shows the " +
        "windows: capturing",
    );
    return true;
  }

  #screenCaptureKitCaptures(): boolean {
    readWindowState(this.s);
    return typeof this.#sck(this.s.display!) !== "string";
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

  /** CGWindowListCreateImage's frame of the working display, or why not. */
  #inProcess(): RgbaImage | string {
    if (!this.s.libs.cg.CGWindowListCreateImage) return "it is not in this macOS";
    return this.#decoded(this.#create(LIST_ON_SCREEN_ONLY, 0));
  }

  /** An 8-bit image decoded and released, or why not (NULL, refused layout). */
  #decoded(img: Deno.PointerValue): RgbaImage | string {
    const { cg } = this.s.libs;
    if (!img) return "it returned NULL";
    try {
      const size = `${cg.CGImageGetWidth(img)}x${cg.CGImageGetHeight(img)}`;
      const pixels = cgImagePixels(this.s.libs, this.s.cf, img);
      return typeof pixels === "string"
        ? `it returned a ${size} image of ${pixels}, which choto does not decode`
        : pixels;
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

  /** screencapture's frame of the working display, or why not. */
  #screencapture(): RgbaImage | string {
    const shoot = this.s.opts.screencapture ??
      ((r) => runScreencapture(this.s.program("/usr/sbin/screencapture"), r, this.s.opts.dataDir ?? null));
    try {
      return decodePng(shoot(this.s.display!.bounds));
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** Ends the ScreenCaptureKit worker, if one was started. */
  close(): void {
    this.#sckWorker?.close();
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
      throw new Error(`it failed: ${new TextDecoder().decode(res.stderr).trim() || `exit code ${res.code}`}`);
    }
    return Deno.readFileSync(file);
  } finally {
    try {
      Deno.removeSync(file);
    } catch { /* already gone */ }
  }
}
