/**
 * CoreFoundation symbols for `Deno.dlopen`. Declarations only.
 *
 * Checked against the macOS SDK headers in mitchellh/zig-build-macos-sdk
 * (CoreFoundation.framework/Versions/A/Headers). On 64-bit macOS `CFIndex` is
 * `signed long` (isize), `CFTypeID` is `unsigned long` (usize), `Boolean` is
 * `unsigned char` (u8), `UInt32`/`CFStringEncoding` is u32.
 *
 * Every declaration works under an `--allow-ffi` scoped to the framework
 * paths: values come back through buffers and results, never through
 * Deno's raw-pointer reads (docs/macos-ffi.md, "Permissions").
 *
 * @module
 */

/** CFBase.h: typedef struct { CFIndex location; CFIndex length; } CFRange; */
export const CFRange = { struct: ["isize", "isize"] } as const;

/** Where the framework binary lives (a path inside the dyld shared cache). */
export const CORE_FOUNDATION_PATH = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation";

/** Symbol table for CoreFoundation. */
export const coreFoundation = {
  // CFBase.h: void CFRelease(CFTypeRef cf);
  CFRelease: { parameters: ["pointer"], result: "void" },
  // CFBase.h: CFTypeRef CFRetain(CFTypeRef cf);  ("Returns: The input value, cf.")
  CFRetain: { parameters: ["pointer"], result: "pointer" },
  // The same function taking the object's address as a number: an out-parameter (CFTypeRef *)
  // is read into a BigUint64Array, and this turns the address back into a pointer without
  // Deno.UnsafePointer.create, which a scoped --allow-ffi refuses. The caller releases the
  // extra reference it adds.
  CFRetainAddress: { name: "CFRetain", parameters: ["usize"], result: "pointer" },
  // CFBase.h: CFTypeID CFGetTypeID(CFTypeRef cf);
  CFGetTypeID: { parameters: ["pointer"], result: "usize" },
  // CFArray.h: CFIndex CFArrayGetCount(CFArrayRef theArray);
  CFArrayGetCount: { parameters: ["pointer"], result: "isize" },
  // CFArray.h: const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);
  CFArrayGetValueAtIndex: { parameters: ["pointer", "isize"], result: "pointer" },
  // CFArray.h: CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex numValues, const CFArrayCallBacks *callBacks);
  // Given the address of a constant (a pointer static) as `values` and a count of 1, the array
  // holds the constant's value: how a CFStringRef/CFBooleanRef constant is read without
  // dereferencing memory from JavaScript. Create rule: CFRelease.
  CFArrayCreate: { parameters: ["pointer", "pointer", "isize", "pointer"], result: "pointer" },
  // CFArray.h: CFMutableArrayRef CFArrayCreateMutable(CFAllocatorRef allocator, CFIndex capacity, const CFArrayCallBacks *callBacks);
  CFArrayCreateMutable: { parameters: ["pointer", "isize", "pointer"], result: "pointer" },
  // CFArray.h: void CFArrayAppendValue(CFMutableArrayRef theArray, const void *value);
  CFArrayAppendValue: { parameters: ["pointer", "pointer"], result: "void" },
  // CFDictionary.h: CFDictionaryRef CFDictionaryCreate(CFAllocatorRef allocator, const void **keys, const void **values, CFIndex numValues, const CFDictionaryKeyCallBacks *keyCallBacks, const CFDictionaryValueCallBacks *valueCallBacks);
  CFDictionaryCreate: {
    parameters: ["pointer", "pointer", "pointer", "isize", "pointer", "pointer"],
    result: "pointer",
  },
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
  // Only handed on to C (UCKeyTranslate's layout); never read from JavaScript.
  CFDataGetBytePtr: { parameters: ["pointer"], result: "pointer" },
  // CFData.h: void CFDataGetBytes(CFDataRef theData, CFRange range, UInt8 *buffer);
  // Copies pixels into a JavaScript buffer, which a scoped --allow-ffi permits
  // (UnsafePointerView.getArrayBuffer is refused).
  CFDataGetBytes: { parameters: ["pointer", CFRange, "buffer"], result: "void" },
  // CFLocale.h: CFArrayRef CFLocaleCopyPreferredLanguages(void);  Copy rule: CFRelease.
  CFLocaleCopyPreferredLanguages: { parameters: [], result: "pointer" },
  // CFNumber.h: CF_EXPORT const CFBooleanRef kCFBooleanTrue;
  // A pointer static yields the ADDRESS of the variable, which is a one-element array of
  // CFBooleanRef: CFArrayCreate or CFDictionaryCreate read it from there.
  kCFBooleanTrue: { type: "pointer" },
  // CFArray.h: CF_EXPORT const CFArrayCallBacks kCFTypeArrayCallBacks;  (its address is what is passed)
  kCFTypeArrayCallBacks: { type: "pointer" },
  // CFDictionary.h: CF_EXPORT const CFDictionaryKeyCallBacks kCFTypeDictionaryKeyCallBacks;
  kCFTypeDictionaryKeyCallBacks: { type: "pointer" },
  // CFDictionary.h: CF_EXPORT const CFDictionaryValueCallBacks kCFTypeDictionaryValueCallBacks;
  kCFTypeDictionaryValueCallBacks: { type: "pointer" },
} as const satisfies Deno.ForeignLibraryInterface;

/** CFString.h: kCFStringEncodingUTF8 = 0x08000100. */
export const kCFStringEncodingUTF8 = 0x08000100;
/** CFNumber.h: kCFNumberSInt64Type = 4. */
export const kCFNumberSInt64Type = 4;
/** CFNumber.h: kCFNumberFloat64Type = 6. */
export const kCFNumberFloat64Type = 6;
