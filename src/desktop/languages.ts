/**
 * The languages the desktop names outside the environment, apart from the
 * backends: the OCR engine starts from them before the backends' modules
 * have loaded (src/cli/open_engine.ts).
 *
 * @module
 */

import { macPreferredLanguages } from "./macos/languages.ts";

/**
 * The languages the desktop names where it keeps them outside the
 * environment: on macOS the user's preferred languages. Undefined elsewhere
 * (Linux names them in the locale variables) and when they cannot be read.
 */
export function desktopLanguages(): { names: string[]; from: string } | undefined {
  if (Deno.build.os !== "darwin") return undefined;
  try {
    return { names: macPreferredLanguages(), from: "the macOS preferred languages" };
  } catch {
    return undefined;
  }
}
