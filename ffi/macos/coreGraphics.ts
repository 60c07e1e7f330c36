/**
 * CoreGraphics symbols for `Deno.dlopen`. Declarations only.
 *
 * Checked against the macOS 14 SDK headers in mitchellh/zig-build-macos-sdk
 * (CoreGraphics.framework/Versions/A/Headers). Types on 64-bit macOS:
 * `CGFloat` is double (CGBase.h), `CGWindowID`/`CGDirectDisplayID`/
 * `CGWindowListOption`/`CGEventType`/`CGMouseButton`/`CGEventField`/
 * `CGEventTapLocation`/`CGScrollEventUnit` are uint32_t, `CGEventFlags` is
 * uint64_t, `CGKeyCode` is uint16_t, `CGError`/`CGColorRenderingIntent` are
 * int32_t, `UniChar` is unsigned short, `UniCharCount` is unsigned long.
 *
 * @module
 */

/** Where the framework binary lives (a path inside the dyld shared cache). */
export const CORE_GRAPHICS_PATH = "/System/Library/Frameworks/CoreGraphics.framework/CoreGraphics";

/** CGGeometry.h: struct CGPoint { CGFloat x; CGFloat y; }; */
export const CGPoint = { struct: ["f64", "f64"] } as const;
/** CGGeometry.h: struct CGRect { CGPoint origin; CGSize size; }; flattened to four doubles. */
export const CGRect = { struct: ["f64", "f64", "f64", "f64"] } as const;

/** Symbol table for CoreGraphics. */
export const coreGraphics = {
  // CGWindow.h: CG_EXTERN CFArrayRef __nullable CGWindowListCopyWindowInfo(CGWindowListOption option, CGWindowID relativeToWindow)
  CGWindowListCopyWindowInfo: { parameters: ["u32", "u32"], result: "pointer" },
  // CGWindow.h: CG_EXTERN CGImageRef __nullable CGWindowListCreateImage(CGRect screenBounds, CGWindowListOption listOption, CGWindowID windowID, CGWindowImageOption imageOption)
  //   CG_AVAILABLE_BUT_DEPRECATED(10.5, 14.0, ...)  -- obsoleted in the macOS 15 SDK
  //   (MacOSX15.5.sdk CGWindow.h: SCREEN_CAPTURE_OBSOLETE(10.5,14.0,15.0)): may be absent or return
  //   NULL; capture then goes to ScreenCaptureKit, then screencapture (src/desktop/macos/capture.ts).
  CGWindowListCreateImage: {
    parameters: [CGRect, "u32", "u32", "u32"],
    result: "pointer",
    optional: true,
  },
  // CGWindow.h: CG_EXTERN bool CGPreflightScreenCaptureAccess(void) CG_AVAILABLE_STARTING(10.15);
  CGPreflightScreenCaptureAccess: { parameters: [], result: "bool", optional: true },
  // CGWindow.h: CG_EXTERN bool CGRequestScreenCaptureAccess(void) CG_AVAILABLE_STARTING(10.15);
  CGRequestScreenCaptureAccess: { parameters: [], result: "bool", optional: true },
  // CGGeometry.h: CG_EXTERN bool CGRectMakeWithDictionaryRepresentation(CFDictionaryRef cg_nullable dict, CGRect * cg_nullable rect)
  CGRectMakeWithDictionaryRepresentation: { parameters: ["pointer", "buffer"], result: "bool" },

  // CGDirectDisplay.h: CG_EXTERN CGDirectDisplayID CGMainDisplayID(void)
  CGMainDisplayID: { parameters: [], result: "u32" },
  // CGDirectDisplay.h: CG_EXTERN CGError CGGetActiveDisplayList(uint32_t maxDisplays, CGDirectDisplayID * __nullable activeDisplays, uint32_t * __nullable displayCount)
  CGGetActiveDisplayList: { parameters: ["u32", "buffer", "buffer"], result: "i32" },
  // CGDirectDisplay.h: CG_EXTERN CGRect CGDisplayBounds(CGDirectDisplayID display)
  CGDisplayBounds: { parameters: ["u32"], result: CGRect },
  // CGDirectDisplay.h: CG_EXTERN CGDisplayModeRef __nullable CGDisplayCopyDisplayMode(CGDirectDisplayID display)
  CGDisplayCopyDisplayMode: { parameters: ["u32"], result: "pointer" },
  // CGDirectDisplay.h: CG_EXTERN size_t CGDisplayModeGetPixelWidth(CGDisplayModeRef __nullable mode)
  CGDisplayModeGetPixelWidth: { parameters: ["pointer"], result: "usize" },
  // CGDirectDisplay.h: CG_EXTERN size_t CGDisplayModeGetPixelHeight(CGDisplayModeRef __nullable mode)
  CGDisplayModeGetPixelHeight: { parameters: ["pointer"], result: "usize" },
  // CGDirectDisplay.h: CG_EXTERN void CGDisplayModeRelease(CGDisplayModeRef __nullable mode)
  CGDisplayModeRelease: { parameters: ["pointer"], result: "void" },

  // CGImage.h: CG_EXTERN size_t CGImageGetWidth(CGImageRef cg_nullable image)
  CGImageGetWidth: { parameters: ["pointer"], result: "usize" },
  // CGImage.h: CG_EXTERN size_t CGImageGetHeight(CGImageRef cg_nullable image)
  CGImageGetHeight: { parameters: ["pointer"], result: "usize" },
  // CGImage.h: CG_EXTERN size_t CGImageGetBitsPerComponent(CGImageRef cg_nullable image)
  CGImageGetBitsPerComponent: { parameters: ["pointer"], result: "usize" },
  // CGImage.h: CG_EXTERN size_t CGImageGetBitsPerPixel(CGImageRef cg_nullable image)
  CGImageGetBitsPerPixel: { parameters: ["pointer"], result: "usize" },
  // CGImage.h: CG_EXTERN size_t CGImageGetBytesPerRow(CGImageRef cg_nullable image)
  CGImageGetBytesPerRow: { parameters: ["pointer"], result: "usize" },
  // CGImage.h: CG_EXTERN CGBitmapInfo CGImageGetBitmapInfo(CGImageRef cg_nullable image)
  CGImageGetBitmapInfo: { parameters: ["pointer"], result: "u32" },
  // CGImage.h: CG_EXTERN CGDataProviderRef __nullable CGImageGetDataProvider(CGImageRef cg_nullable image)
  CGImageGetDataProvider: { parameters: ["pointer"], result: "pointer" },
  // CGImage.h: CG_EXTERN void CGImageRelease(CGImageRef cg_nullable image)
  CGImageRelease: { parameters: ["pointer"], result: "void" },
  // CGImage.h: CG_EXTERN CGImageRef __nullable CGImageCreate(size_t width, size_t height,
  //     size_t bitsPerComponent, size_t bitsPerPixel, size_t bytesPerRow,
  //     CGColorSpaceRef cg_nullable space, CGBitmapInfo bitmapInfo,
  //     CGDataProviderRef cg_nullable provider,
  //     const CGFloat * __nullable decode, bool shouldInterpolate,
  //     CGColorRenderingIntent intent)
  CGImageCreate: {
    parameters: [
      "usize",
      "usize",
      "usize",
      "usize",
      "usize",
      "pointer",
      "u32",
      "pointer",
      "pointer",
      "bool",
      "i32",
    ],
    result: "pointer",
  },
  // CGColorSpace.h: CG_EXTERN CGColorSpaceRef cg_nullable CGColorSpaceCreateDeviceRGB(void)
  CGColorSpaceCreateDeviceRGB: { parameters: [], result: "pointer" },
  // CGColorSpace.h: CG_EXTERN void CGColorSpaceRelease(CGColorSpaceRef cg_nullable space)
  CGColorSpaceRelease: { parameters: ["pointer"], result: "void" },
  // CGDataProvider.h: CG_EXTERN CGDataProviderRef __nullable CGDataProviderCreateWithCFData(
  //     CFDataRef cg_nullable data)
  // The provider retains the CFData, so the pixels live as long as any image made from it.
  CGDataProviderCreateWithCFData: { parameters: ["pointer"], result: "pointer" },
  // CGDataProvider.h: CG_EXTERN CFDataRef __nullable CGDataProviderCopyData(CGDataProviderRef cg_nullable provider)
  CGDataProviderCopyData: { parameters: ["pointer"], result: "pointer" },
  // CGDataProvider.h: CG_EXTERN void CGDataProviderRelease(CGDataProviderRef cg_nullable provider)
  CGDataProviderRelease: { parameters: ["pointer"], result: "void" },

  // CGEvent.h: CG_EXTERN CGEventRef __nullable CGEventCreate(CGEventSourceRef __nullable source)
  CGEventCreate: { parameters: ["pointer"], result: "pointer" },
  // CGEvent.h: CG_EXTERN CGPoint CGEventGetLocation(CGEventRef __nullable event)
  CGEventGetLocation: { parameters: ["pointer"], result: CGPoint },
  // CGEvent.h: CG_EXTERN CGEventRef __nullable CGEventCreateMouseEvent(
  //     CGEventSourceRef __nullable source,
  //     CGEventType mouseType, CGPoint mouseCursorPosition,
  //     CGMouseButton mouseButton)
  CGEventCreateMouseEvent: {
    parameters: ["pointer", "u32", CGPoint, "u32"],
    result: "pointer",
  },
  // CGEvent.h: CG_EXTERN CGEventRef __nullable CGEventCreateKeyboardEvent(
  //     CGEventSourceRef __nullable source,
  //     CGKeyCode virtualKey, bool keyDown)
  CGEventCreateKeyboardEvent: { parameters: ["pointer", "u16", "bool"], result: "pointer" },
  // CGEvent.h: CG_EXTERN CGEventRef __nullable CGEventCreateScrollWheelEvent2(
  //     CGEventSourceRef __nullable source,
  //     CGScrollEventUnit units, uint32_t wheelCount, int32_t wheel1, int32_t wheel2, int32_t wheel3)
  //   (CGEventCreateScrollWheelEvent is variadic and cannot be declared with a fixed arity.)
  CGEventCreateScrollWheelEvent2: {
    parameters: ["pointer", "u32", "u32", "i32", "i32", "i32"],
    result: "pointer",
  },
  // CGEvent.h: CG_EXTERN void CGEventSetFlags(CGEventRef __nullable event, CGEventFlags flags)
  CGEventSetFlags: { parameters: ["pointer", "u64"], result: "void" },
  // CGEvent.h: CG_EXTERN void CGEventSetIntegerValueField(CGEventRef __nullable event, CGEventField field, int64_t value)
  CGEventSetIntegerValueField: { parameters: ["pointer", "u32", "i64"], result: "void" },
  // CGEvent.h: CG_EXTERN void CGEventKeyboardSetUnicodeString(CGEventRef __nullable event,
  //     UniCharCount stringLength, const UniChar * __nullable unicodeString)
  CGEventKeyboardSetUnicodeString: {
    parameters: ["pointer", "usize", "buffer"],
    result: "void",
  },
  // CGEvent.h: CG_EXTERN void CGEventPost(CGEventTapLocation tap, CGEventRef __nullable event)
  CGEventPost: { parameters: ["u32", "pointer"], result: "void" },
  // CGEvent.h: CG_EXTERN void CGEventPostToPid(pid_t pid, CGEventRef __nullable event)
  //   CG_AVAILABLE_STARTING(10.11);  keys go to the process whose window was checked
  CGEventPostToPid: { parameters: ["i32", "pointer"], result: "void", optional: true },
} as const satisfies Deno.ForeignLibraryInterface;
