/**
 * ApplicationServices (HIServices) accessibility symbols for `Deno.dlopen`.
 * Declarations only.
 *
 * Checked against AXUIElement.h and AXValue.h in the HIServices sub-framework
 * of the SDK in mitchellh/zig-build-macos-sdk. `Boolean` is unsigned char
 * (CFBase.h), `AXError` is CF_ENUM(SInt32) (AXError.h), `AXValueType` is
 * CF_ENUM(UInt32) (AXValue.h), `pid_t` is int32, `float` is f32.
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
  // AXUIElement.h: extern Boolean AXIsProcessTrustedWithOptions (CFDictionaryRef __nullable options) CF_AVAILABLE_MAC(10_9);
  // With {kAXTrustedCheckOptionPrompt: kCFBooleanTrue} the system asks the user (asynchronously)
  // and lists the responsible app under Privacy & Security → Accessibility.
  AXIsProcessTrustedWithOptions: { parameters: ["pointer"], result: "u8" },
  // AXUIElement.h: extern CFStringRef kAXTrustedCheckOptionPrompt CF_AVAILABLE_MAC(10_9);
  // The address of the variable: a one-element array of CFStringRef for CFDictionaryCreate's keys.
  kAXTrustedCheckOptionPrompt: { type: "pointer" },
  // AXUIElement.h: extern AXUIElementRef  AXUIElementCreateSystemWide (void);  (Create: CFRelease)
  AXUIElementCreateSystemWide: { parameters: [], result: "pointer" },
  // AXUIElement.h: extern AXError AXUIElementSetMessagingTimeout (AXUIElementRef element, float timeoutInSeconds) CF_AVAILABLE_MAC(10_4);
  // On the system-wide element it sets the timeout of every Accessibility call of this process.
  AXUIElementSetMessagingTimeout: { parameters: ["pointer", "f32"], result: "i32" },
  // AXUIElement.h: extern AXUIElementRef  AXUIElementCreateApplication (pid_t pid);
  AXUIElementCreateApplication: { parameters: ["i32"], result: "pointer" },
  // AXUIElement.h: extern AXError 	AXUIElementSetAttributeValue (AXUIElementRef element, CFStringRef attribute, CFTypeRef value);
  AXUIElementSetAttributeValue: {
    parameters: ["pointer", "pointer", "pointer"],
    result: "i32",
  },
  // AXUIElement.h: extern AXError	AXUIElementCopyAttributeValue (AXUIElementRef element, CFStringRef attribute, CFTypeRef __nullable * __nonnull CF_RETURNS_RETAINED value);
  // The value written to the out-parameter is +1: CFRelease it.
  AXUIElementCopyAttributeValue: {
    parameters: ["pointer", "pointer", "buffer"],
    result: "i32",
  },
  // AXUIElement.h: extern AXError 	AXUIElementPerformAction (AXUIElementRef element, CFStringRef action);
  AXUIElementPerformAction: { parameters: ["pointer", "pointer"], result: "i32" },
  // AXValue.h: extern Boolean 		AXValueGetValue(AXValueRef value, AXValueType theType, void *valuePtr);
  AXValueGetValue: { parameters: ["pointer", "u32", "buffer"], result: "u8" },
} as const satisfies Deno.ForeignLibraryInterface;

/** AXValue.h: kAXValueTypeCGPoint = 1, kAXValueTypeCGSize = 2. */
export const kAXValueTypeCGPoint = 1;
export const kAXValueTypeCGSize = 2;
/** AXError.h: kAXErrorSuccess = 0, kAXErrorAPIDisabled = -25211 (Accessibility not granted). */
export const kAXErrorSuccess = 0;
export const kAXErrorAPIDisabled = -25211;
/** AXError.h: kAXErrorCannotComplete = -25204 (messaging failed: the app is busy or hung). */
export const kAXErrorCannotComplete = -25204;
