/**
 * Opens the macOS libraries choto calls. The backend and the Vision engine
 * take a `MacLibs` as a parameter so tests can pass a recording fake.
 *
 * @module
 */

import { appKit, APPKIT_PATH } from "../../../ffi/macos/appKit.ts";
import { APPLICATION_SERVICES_PATH, applicationServices } from "../../../ffi/macos/applicationServices.ts";
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
  /** Which frameworks were loaded for their Objective-C classes. */
  loaded: { appKit: boolean; vision: boolean };
  close(): void;
}

/**
 * Opens CoreFoundation, CoreGraphics, ApplicationServices and libobjc, plus
 * AppKit and/or Vision so their classes register. macOS only.
 */
export function openMacLibraries(
  want: { appKit?: boolean; vision?: boolean } = {},
): MacLibs {
  if (Deno.build.os !== "darwin") throw new Error("the macOS libraries exist only on macOS");
  const opened: Array<{ close(): void }> = [];
  const open = <S extends Deno.ForeignLibraryInterface>(path: string, s: S) => {
    const lib = Deno.dlopen(path, s);
    opened.push(lib);
    return lib.symbols;
  };
  try {
    const libs: MacLibs = {
      cf: open(CORE_FOUNDATION_PATH, coreFoundation),
      cg: open(CORE_GRAPHICS_PATH, coreGraphics),
      ax: open(APPLICATION_SERVICES_PATH, applicationServices),
      objc: open(LIBOBJC_PATH, objc),
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
