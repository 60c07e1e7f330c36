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

/** Opens the backend for this OS. */
export function openDesktop(): Desktop {
  switch (Deno.build.os) {
    case "darwin":
      return createMacDesktop();
    case "linux":
    case "freebsd":
    case "netbsd":
      return createX11Desktop();
    default:
      throw new Error(`choto has no desktop backend for ${Deno.build.os} (supported: macOS, Linux/X11)`);
  }
}
