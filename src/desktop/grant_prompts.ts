/**
 * The macOS privacy prompts, asked for on purpose: `choto grant`, which
 * `deno task app` starts through LaunchServices (`open -a Choto.app --args
 * grant`) so that the prompts and System Settings name Choto, the app that
 * then holds the grants for the service.
 *
 * @module
 */

import { Grants } from "./macos/grants.ts";
import { openMacLibraries } from "./macos/libs.ts";
import { CoreFoundation } from "./macos/native.ts";

/** The grants before asking, who macOS charges them to, and which prompts were asked for. */
export interface GrantPrompts {
  screenRecording: boolean | null;
  accessibility: boolean;
  holder: string;
  asked: string[];
}

/**
 * Asks macOS once to prompt for each missing grant. `root` prefixes the
 * library paths (a test's stand-in libraries); without it, macOS only.
 */
export function askForGrants(log: (line: string) => void, root = ""): GrantPrompts {
  const libs = openMacLibraries({ appKit: false, vision: false, keyboard: false }, root);
  const cf = new CoreFoundation(libs);
  try {
    const grants = new Grants(libs, cf, { systemRoot: root }, log);
    const before = grants.askForMissing();
    return { ...before, holder: grants.who(), asked: grants.asked() };
  } finally {
    cf.close();
    libs.close();
  }
}
