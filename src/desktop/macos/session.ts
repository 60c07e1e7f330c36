/**
 * The state one macOS backend shares between its parts: the native symbol
 * tables, CoreFoundation and Objective-C helpers, the grants, the keyboard
 * layout, the injected host hooks, and the display choto works on (the one
 * holding the focus window).
 *
 * @module
 */

import { ancestorsReader, psParentReader } from "./ancestors.ts";
import { limitMessagingTimeout } from "./ax_timeout.ts";
import type { Display } from "./geometry.ts";
import { Grants } from "./grants.ts";
import { KeyboardLayouts } from "./keyboard_layout.ts";
import type { MacLibs } from "./libs.ts";
import { CoreFoundation, ObjC } from "./native.ts";
import type { HostFacts } from "./permissions.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** Options for tests and for doctor. */
export interface MacDesktopOptions {
  /** Facts about the responsible process; read from the environment when absent. */
  host?: HostFacts;
  /**
   * The folder the screencapture fallback writes its temporary PNG to: the
   * database folder, which every shipped command line lets choto write (a
   * client may start the server without TMPDIR). The system's temporary
   * folder when absent.
   */
  dataDir?: string | null;
  /**
   * Prefix of the system programs choto runs (/usr/sbin/screencapture,
   * /usr/bin/open, /bin/ps): "" on a Mac; a test's stand-in tree elsewhere.
   */
  systemRoot?: string;
  /** Runs /usr/sbin/screencapture and returns the PNG bytes (injected in tests). */
  screencapture?: (rect: { x: number; y: number; width: number; height: number }) => Uint8Array;
  /**
   * Captures a display through ScreenCaptureKit: its pixels or why not
   * (injected in tests; a worker running SCScreenshotManager when absent).
   */
  screenCaptureKit?: (d: Display) => RgbaImage | string;
  /** How long the ScreenCaptureKit worker may take to answer, its start included (tests on a loaded machine). */
  screenCaptureKitTimeoutMs?: number;
  /** Lists *.app bundles of a folder (injected in tests). */
  listApps?: (dir: string) => string[];
  /** Runs a command (open -a …) and resolves when it exits. */
  run?: (cmd: string, args: string[]) => Promise<void>;
  /** Reads the version of the app running as a pid (injected in tests). */
  bundleVersion?: (pid: number) => string | null;
  /** The Darwin kernel release (Deno.osRelease; injected in tests). */
  osRelease?: () => string;
  /** Reads a process's parent pid (`/bin/ps -o ppid=` when absent; injected in tests). */
  parentOf?: (pid: number) => number | null;
  /** Where the backend reports what the system answered (activation); stderr when absent. */
  log?: (line: string) => void;
}

/** One backend's native handles and shared state. */
export class MacSession {
  readonly cf: CoreFoundation;
  readonly objc: ObjC;
  readonly grants: Grants;
  readonly keyboard: KeyboardLayouts;
  /** Whether Accessibility calls wait at most AX_MESSAGING_TIMEOUT_S for an app. */
  readonly axTimeoutSet: boolean;
  /** The display read by the last window listing; coordinates cross the interface in its pixels. */
  display: Display | null = null;
  /**
   * Pixels per point measured on captured frames, by display id. A capture
   * is the ground truth for where OCR found things; the display mode's
   * figure is only the first guess.
   */
  readonly measuredScale = new Map<number, number>();
  /** choto's parent processes, nearest first: the MCP client's windows are the nearest one's. */
  readonly ancestors: () => number[];

  constructor(readonly libs: MacLibs, readonly opts: MacDesktopOptions) {
    this.cf = new CoreFoundation(libs);
    this.objc = new ObjC(libs);
    this.grants = new Grants(libs, this.cf, opts, (l) => this.log(l));
    this.keyboard = new KeyboardLayouts(libs, this.cf);
    this.axTimeoutSet = limitMessagingTimeout(libs);
    this.ancestors = ancestorsReader(
      opts.parentOf ?? psParentReader(this.program("/bin/ps")),
      () => Deno.ppid,
    );
  }

  /** A line for whoever runs choto (stderr; the MCP client's log). */
  log(line: string): void {
    (this.opts.log ?? ((l: string) => console.error(`choto: ${l}`)))(line);
  }

  /** A system program's path under `systemRoot`. */
  program(path: string): string {
    return `${this.opts.systemRoot ?? ""}${path}`;
  }

  /** Releases the cached CFStrings and closes the libraries. */
  close(): void {
    this.keyboard.close();
    this.cf.close();
    this.libs.close();
  }
}
