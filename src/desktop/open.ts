/**
 * Chooses the Desktop backend for the platform the server runs on. Both
 * backends are imported statically (a compiled binary cannot load modules
 * later); neither opens a native library until it is created.
 *
 * @module
 */

import { createMacDesktop } from "./macos.ts";
import type { Desktop } from "./types.ts";
import { createX11Desktop } from "./x11.ts";

/** Where the backend may keep files of its own. */
export interface OpenOptions {
  /**
   * The database folder, for the few files a backend writes (the macOS
   * capture fallback's temporary PNG): every shipped command line lets
   * choto write there, while TMPDIR may be missing or not writable.
   */
  dataDir?: string | null;
}

/** Opens the backend for this OS. */
export function openDesktop(options: OpenOptions = {}): Desktop {
  switch (Deno.build.os) {
    case "darwin":
      return createMacDesktop(undefined, { dataDir: options.dataDir ?? null });
    case "linux":
    case "freebsd":
    case "netbsd":
      return createX11Desktop();
    default:
      throw new Error(`choto has no desktop backend for ${Deno.build.os} (supported: macOS, Linux/X11)`);
  }
}
