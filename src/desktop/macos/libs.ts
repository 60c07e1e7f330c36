/**
 * Opens the macOS libraries choto calls. The backend and the Vision engine
 * take a `MacLibs` as a parameter so tests can pass a recording fake.
 *
 * @module
 */

import { appKit, APPKIT_PATH } from "../../../ffi/macos/appKit.ts";
import { APPLICATION_SERVICES_PATH, applicationServices } from "../../../ffi/macos/applicationServices.ts";
import { carbon, CARBON_PATH } from "../../../ffi/macos/carbon.ts";
import { CORE_FOUNDATION_PATH, coreFoundation } from "../../../ffi/macos/coreFoundation.ts";
import { CORE_GRAPHICS_PATH, coreGraphics } from "../../../ffi/macos/coreGraphics.ts";
import { LIBOBJC_PATH, objc } from "../../../ffi/macos/objc.ts";
import { vision, VISION_PATH } from "../../../ffi/macos/vision.ts";

/** The symbol objects the macOS code calls. */
export interface MacLibs {
  cf: Deno.DynamicLibrary<typeof coreFoundation>["symbols"];
  cg: Deno.DynamicLibrary<typeof coreGraphics>["symbols"];
  ax: Deno.DynamicLibrary<typeof applicationServices>["symbols"];
  objc: Deno.DynamicLibrary<typeof objc>["symbols"];
  /** The keyboard layout functions (HIToolbox and UCKeyTranslate, through Carbon); null when not opened. */
  kb: Deno.DynamicLibrary<typeof carbon>["symbols"] | null;
  /** Which frameworks were loaded for their Objective-C classes. */
  loaded: { appKit: boolean; vision: boolean };
  close(): void;
}

/**
 * Every library file choto opens on macOS, in the order it opens them: the
 * list an `--allow-ffi` scoped to paths must name (the README's macOS config
 * and the bundle's manifest are checked against it).
 */
export const MAC_LIBRARY_PATHS = [
  CORE_FOUNDATION_PATH,
  CORE_GRAPHICS_PATH,
  APPLICATION_SERVICES_PATH,
  LIBOBJC_PATH,
  CARBON_PATH,
  APPKIT_PATH,
  VISION_PATH,
] as const;

/**
 * Opens CoreFoundation, CoreGraphics, ApplicationServices and libobjc,
 * Carbon unless `keyboard` is false (the Vision worker reads no keyboard and
 * leaves HIToolbox to the main thread), plus AppKit and/or Vision so their
 * classes register. macOS only, unless `root` names a folder that mirrors
 * the system's library paths (a test's stand-in libraries): every path is
 * opened as `root + path`.
 */
export function openMacLibraries(
  want: { appKit?: boolean; vision?: boolean; keyboard?: boolean } = {},
  root = "",
): MacLibs {
  if (!root && Deno.build.os !== "darwin") throw new Error("the macOS libraries exist only on macOS");
  const opened: Array<{ close(): void }> = [];
  const open = <S extends Deno.ForeignLibraryInterface>(path: string, s: S) => {
    const lib = Deno.dlopen(root + path, s);
    opened.push(lib);
    return lib.symbols;
  };
  try {
    const libs: MacLibs = {
      cf: open(CORE_FOUNDATION_PATH, coreFoundation),
      cg: open(CORE_GRAPHICS_PATH, coreGraphics),
      ax: open(APPLICATION_SERVICES_PATH, applicationServices),
      objc: open(LIBOBJC_PATH, objc),
      kb: (want.keyboard ?? true) ? open(CARBON_PATH, carbon) : null,
      loaded: { appKit: false, vision: false },
      close: () => opened.splice(0).forEach((l) => l.close()),
    };
    if (want.appKit ?? true) {
      open(APPKIT_PATH, appKit);
      libs.loaded.appKit = true;
    }
    if (want.vision ?? false) {
      open(VISION_PATH, vision);
      libs.loaded.vision = true;
    }
    return libs;
  } catch (e) {
    opened.forEach((l) => l.close());
    throw e;
  }
}
