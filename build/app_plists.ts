/**
 * The three property lists of Choto.app: its Info.plist, the entitlements
 * it is signed with, and the LaunchAgent that runs it as the service. Pure
 * data from the version and the paths, so the tests read back exactly what
 * `deno task app` writes.
 *
 * @module
 */

import { MAC_APP_EXECUTABLE, MAC_APP_NAME, MAC_BUNDLE_ID, type MacAppPaths } from "../src/common/mac_app.ts";
import type { PlistValue } from "./plist.ts";

/**
 * The oldest macOS the app starts on: ScreenCaptureKit's display capture
 * begins with 12.3, and older releases get no security updates.
 */
export const MIN_MACOS = "12.3";

/** Info.plist: a background app (no Dock icon, no menu bar) with a fixed bundle id. */
export function infoPlist(version: string): PlistValue {
  return {
    CFBundleIdentifier: MAC_BUNDLE_ID,
    CFBundleName: MAC_APP_NAME,
    CFBundleDisplayName: MAC_APP_NAME,
    CFBundleExecutable: MAC_APP_EXECUTABLE,
    CFBundlePackageType: "APPL",
    CFBundleInfoDictionaryVersion: "6.0",
    CFBundleShortVersionString: version,
    CFBundleVersion: version,
    LSMinimumSystemVersion: MIN_MACOS,
    // A service without windows: no Dock icon and no menu bar, also while `grant` runs.
    LSUIElement: true,
    NSHighResolutionCapable: true,
    // Apple documents no usage string for Screen Recording (its prompt's text is the system's); an app's
    // release notes report macOS 26 showing the prompt reliably only with this key, and it costs nothing.
    NSScreenCaptureUsageDescription:
      "Choto reads the screen as text so that your AI assistant can see the windows it works in.",
  };
}

/** One entitlement of the hardened runtime, and why Choto.app needs it. */
export interface Entitlement {
  key: string;
  why: string;
}

/**
 * The hardened runtime's exceptions the compiled binary needs. Deno's own
 * release binaries are signed with these three among others (cli/entitlements.plist
 * in denoland/deno); the two Deno adds beyond them
 * (disable-executable-page-protection, allow-dyld-environment-variables)
 * are left out: the first is a superset of allow-unsigned-executable-memory,
 * and choto sets no DYLD_ variable.
 */
export const ENTITLEMENTS: readonly Entitlement[] = [
  {
    key: "com.apple.security.cs.allow-jit",
    why: "V8 compiles JavaScript and WebAssembly (tesseract.js) to machine code in MAP_JIT memory",
  },
  {
    key: "com.apple.security.cs.allow-unsigned-executable-memory",
    why: "V8 also makes memory executable that was not mapped with MAP_JIT (its code range on x86-64); " +
      "without it a hardened deno compile binary traps at start",
  },
  {
    key: "com.apple.security.cs.disable-library-validation",
    why: "FFI opens libraries signed by neither Apple nor this app's signer: Homebrew's libtesseract " +
      "(--ocr tesseract); the system frameworks would load without it",
  },
];

/** The entitlements plist for codesign. */
export function entitlementsPlist(): PlistValue {
  return Object.fromEntries(ENTITLEMENTS.map((e) => [e.key, true]));
}

/**
 * The LaunchAgent: launchd starts `Choto.app/Contents/MacOS/choto service`
 * at login (RunAtLoad) and again whenever it exits (KeepAlive), in the GUI
 * session only (Aqua: the service needs the window server). Started by
 * launchd, the service is its own responsible process, so macOS charges its
 * grants to Choto.app rather than to whichever client asked for it.
 *
 * No launchd socket (`Sockets`): socket activation would hand the service a
 * listening descriptor through `launch_activate_socket`, and Deno cannot
 * accept on a descriptor it did not open. The service makes its own socket
 * (0600, in the data folder), and the bridge asks launchd to start it
 * (`launchctl kickstart`) when it is not there.
 */
export function launchAgentPlist(paths: MacAppPaths): PlistValue {
  return {
    Label: MAC_BUNDLE_ID,
    ProgramArguments: [paths.executable, "service"],
    RunAtLoad: true,
    KeepAlive: true,
    LimitLoadToSessionType: "Aqua",
    // Interactive: launchd does not throttle it like a background job; it clicks and types for the user.
    ProcessType: "Interactive",
    StandardOutPath: paths.log,
    StandardErrorPath: paths.log,
  };
}
