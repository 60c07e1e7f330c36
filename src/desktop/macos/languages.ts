/**
 * The user's preferred languages on macOS (System Settings → General →
 * Language & Region, in order), which choto reads screens in when nothing
 * else names a language (common/languages.ts).
 *
 * @module
 */

import { type MacLibs, openMacLibraries } from "./libs.ts";
import { CoreFoundation } from "./native.ts";

/**
 * `CFLocaleCopyPreferredLanguages` as BCP-47 tags ("de-DE", "zh-Hans-CN"),
 * through `libs` or, when none are given, CoreFoundation opened for the
 * call (under `root`, a test's stand-in libraries).
 */
export function macPreferredLanguages(libs?: MacLibs, root = ""): string[] {
  const own = libs ?? openMacLibraries({ appKit: false, vision: false, keyboard: false }, root);
  const cf = new CoreFoundation(own);
  try {
    const list = own.cf.CFLocaleCopyPreferredLanguages();
    try {
      return cf.readStrings(list);
    } finally {
      cf.release(list);
    }
  } finally {
    cf.close();
    if (!libs) own.close();
  }
}
