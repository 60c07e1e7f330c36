/**
 * AppKit for `Deno.dlopen`.
 *
 * Opened so NSRunningApplication, NSPasteboard and NSWorkspace register with
 * the Objective-C runtime. Methods used through libobjc's aliases, as declared
 * in the SDK headers (mitchellh/zig-build-macos-sdk, AppKit.framework/Versions/C):
 *
 * NSRunningApplication.h:
 *   typedef NS_OPTIONS(NSUInteger, NSApplicationActivationOptions) { NSApplicationActivateAllWindows = 1 << 0,
 *       NSApplicationActivateIgnoringOtherApps API_DEPRECATED("ignoringOtherApps is deprecated in macOS 14 and will have no effect.", macos(10.6, 14.0)) = 1 << 1 };
 *   - (BOOL)activateWithOptions:(NSApplicationActivationOptions)options;
 *   + (nullable instancetype)runningApplicationWithProcessIdentifier:(pid_t)pid;
 *   @property (nullable, readonly, copy) NSString *bundleIdentifier;
 * NSPasteboard.h:
 *   APPKIT_EXTERN NSPasteboardType const NSPasteboardTypeString API_AVAILABLE(macos(10.6));
 *   @property (class, readonly, strong) NSPasteboard *generalPasteboard;
 *   - (nullable NSString *)stringForType:(NSPasteboardType)dataType;
 *
 * @module
 */

/** The framework binary (a path inside the dyld shared cache). */
export const APPKIT_PATH = "/System/Library/Frameworks/AppKit.framework/AppKit";

/** Symbol table for AppKit. */
export const appKit = {
  // NSPasteboard.h: APPKIT_EXTERN NSPasteboardType const NSPasteboardTypeString API_AVAILABLE(macos(10.6));
  // Declared for completeness; the backend builds the same string ("public.utf8-plain-text")
  // itself, which avoids dereferencing a static.
  NSPasteboardTypeString: { type: "pointer", optional: true },
} as const satisfies Deno.ForeignLibraryInterface;
