/**
 * ApplicationServices (HIServices) accessibility symbols for `Deno.dlopen`.
 * Declarations only.
 *
 * Checked against AXUIElement.h in the HIServices sub-framework of the SDK in
 * mitchellh/zig-build-macos-sdk. `Boolean` is unsigned char (CFBase.h),
 * `AXError` is CF_ENUM(SInt32) (AXError.h), `pid_t` is int32.
 *
 * @module
 */

/** The umbrella framework; it re-exports HIServices' AX functions. */
export const APPLICATION_SERVICES_PATH =
  "/System/Library/Frameworks/ApplicationServices.framework/ApplicationServices";

/** Symbol table for the accessibility API. */
export const applicationServices = {
  // AXUIElement.h: extern Boolean AXIsProcessTrusted (void) CF_AVAILABLE_MAC(10_4);
  AXIsProcessTrusted: { parameters: [], result: "u8" },
  // AXUIElement.h: extern AXUIElementRef  AXUIElementCreateApplication (pid_t pid);
  AXUIElementCreateApplication: { parameters: ["i32"], result: "pointer" },
  // AXUIElement.h: extern AXError 	AXUIElementSetAttributeValue (AXUIElementRef element, CFStringRef attribute, CFTypeRef value);
  AXUIElementSetAttributeValue: {
    parameters: ["pointer", "pointer", "pointer"],
    result: "i32",
  },
} as const satisfies Deno.ForeignLibraryInterface;
