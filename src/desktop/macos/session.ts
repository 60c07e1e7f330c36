/**
 * The state one macOS backend shares between its parts: the native symbol
 * tables, CoreFoundation and Objective-C helpers, the injected host hooks,
 * and the display choto works on (the one holding the focus window).
 *
 * @module
 */

import type { Display } from "./geometry.ts";
import type { MacLibs } from "./libs.ts";
import { CoreFoundation, ObjC } from "./native.ts";
import type { HostFacts } from "./permissions.ts";

/** Options for tests and for doctor. */
export interface MacDesktopOptions {
  /** Facts about the responsible process; read from the environment when absent. */
  host?: HostFacts;
  /** Runs /usr/sbin/screencapture and returns the PNG bytes (injected in tests). */
  screencapture?: (rect: { x: number; y: number; width: number; height: number }) => Uint8Array;
  /** Lists *.app bundles of a folder (injected in tests). */
  listApps?: (dir: string) => string[];
  /** Runs a command (open -a …) and resolves when it exits. */
  run?: (cmd: string, args: string[]) => Promise<void>;
  /** Reads the version of the app running as a pid (injected in tests). */
  bundleVersion?: (pid: number) => string | null;
  /** The Darwin kernel release (Deno.osRelease; injected in tests). */
  osRelease?: () => string;
  /** The keyboard layout's input source id (injected in tests). */
  keyboardLayout?: () => string | null;
}

/** One backend's native handles and shared state. */
export class MacSession {
  readonly cf: CoreFoundation;
  readonly objc: ObjC;
  /** The display read by the last window listing; coordinates cross the interface in its pixels. */
  display: Display | null = null;
  /**
   * Pixels per point measured on captured frames, by display id. A capture
   * is the ground truth for where OCR found things; the display mode's
   * figure is only the first guess.
   */
  readonly measuredScale = new Map<number, number>();

  constructor(readonly libs: MacLibs, readonly opts: MacDesktopOptions) {
    this.cf = new CoreFoundation(libs);
    this.objc = new ObjC(libs);
  }

  /** Releases the cached CFStrings and closes the libraries. */
  close(): void {
    this.cf.close();
    this.libs.close();
  }
}
