/**
 * CoreFoundation symbols for `Deno.dlopen`. Declarations only.
 *
 * Checked against the macOS SDK headers in mitchellh/zig-build-macos-sdk
 * (CoreFoundation.framework/Versions/A/Headers). On 64-bit macOS `CFIndex` is
 * `signed long` (isize), `CFTypeID` is `unsigned long` (usize), `Boolean` is
 * `unsigned char` (u8), `UInt32`/`CFStringEncoding` is u32.
 *
 * @module
 */

/** Where the framework binary lives (a path inside the dyld shared cache). */
export const CORE_FOUNDATION_PATH = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation";

/** Symbol table for CoreFoundation. */
export const coreFoundation = {
  // CFBase.h: void CFRelease(CFTypeRef cf);
  CFRelease: { parameters: ["pointer"], result: "void" },
  // CFBase.h: CFTypeID CFGetTypeID(CFTypeRef cf);
  CFGetTypeID: { parameters: ["pointer"], result: "usize" },
  // CFArray.h: CFIndex CFArrayGetCount(CFArrayRef theArray);
  CFArrayGetCount: { parameters: ["pointer"], result: "isize" },
  // CFArray.h: const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);
  CFArrayGetValueAtIndex: { parameters: ["pointer", "isize"], result: "pointer" },
  // CFDictionary.h: const void *CFDictionaryGetValue(CFDictionaryRef theDict, const void *key);
  CFDictionaryGetValue: { parameters: ["pointer", "pointer"], result: "pointer" },
  // CFNumber.h: Boolean CFNumberGetValue(CFNumberRef number, CFNumberType theType, void *valuePtr);
  // CFNumberType is a CF_ENUM(CFIndex, ...) in CFNumber.h, hence isize.
  CFNumberGetValue: { parameters: ["pointer", "isize", "buffer"], result: "u8" },
  // CFNumber.h: Boolean CFBooleanGetValue(CFBooleanRef boolean);
  CFBooleanGetValue: { parameters: ["pointer"], result: "u8" },
  // CFString.h: CFTypeID CFStringGetTypeID(void);
  CFStringGetTypeID: { parameters: [], result: "usize" },
  // CFNumber.h: CFTypeID CFNumberGetTypeID(void);
  CFNumberGetTypeID: { parameters: [], result: "usize" },
  // CFNumber.h: CFTypeID CFBooleanGetTypeID(void);
  CFBooleanGetTypeID: { parameters: [], result: "usize" },
  // CFString.h: CFIndex CFStringGetLength(CFStringRef theString);
  CFStringGetLength: { parameters: ["pointer"], result: "isize" },
  // CFString.h: CFIndex CFStringGetMaximumSizeForEncoding(CFIndex length, CFStringEncoding encoding);
  CFStringGetMaximumSizeForEncoding: { parameters: ["isize", "u32"], result: "isize" },
  // CFString.h: Boolean CFStringGetCString(CFStringRef theString, char *buffer, CFIndex bufferSize, CFStringEncoding encoding);
  CFStringGetCString: { parameters: ["pointer", "buffer", "isize", "u32"], result: "u8" },
  // CFString.h: CFStringRef CFStringCreateWithCString(CFAllocatorRef alloc, const char *cStr, CFStringEncoding encoding) CF_FORMAT_ARGUMENT(2);
  CFStringCreateWithCString: { parameters: ["pointer", "buffer", "u32"], result: "pointer" },
  // CFData.h: CFDataRef CFDataCreate(CFAllocatorRef allocator, const UInt8 *bytes, CFIndex length);
  // Copies the bytes: the CFData owns its memory (Create rule: CFRelease).
  CFDataCreate: { parameters: ["pointer", "buffer", "isize"], result: "pointer" },
  // CFData.h: CFIndex CFDataGetLength(CFDataRef theData);
  CFDataGetLength: { parameters: ["pointer"], result: "isize" },
  // CFData.h: const UInt8 *CFDataGetBytePtr(CFDataRef theData);
  CFDataGetBytePtr: { parameters: ["pointer"], result: "pointer" },
  // CFNumber.h: CF_EXPORT const CFBooleanRef kCFBooleanTrue;
  // A pointer static yields the ADDRESS of the variable; read it once to get the CFBooleanRef.
  kCFBooleanTrue: { type: "pointer" },
} as const satisfies Deno.ForeignLibraryInterface;

/** CFString.h: kCFStringEncodingUTF8 = 0x08000100. */
export const kCFStringEncodingUTF8 = 0x08000100;
/** CFNumber.h: kCFNumberSInt64Type = 4. */
export const kCFNumberSInt64Type = 4;
/** CFNumber.h: kCFNumberFloat64Type = 6. */
export const kCFNumberFloat64Type = 6;
