/**
 * Objective-C runtime (libobjc) symbols for `Deno.dlopen`. Declarations only.
 *
 * Checked against include/objc/objc.h, runtime.h and message.h of the SDK in
 * mitchellh/zig-build-macos-sdk. message.h declares the dispatcher as
 *
 *     OBJC_EXPORT void objc_msgSend(void);   // when !OBJC_OLD_DISPATCH_PROTOTYPES
 *     OBJC_EXPORT id _Nullable objc_msgSend(id _Nullable self, SEL _Nonnull op, ...);  // otherwise
 *
 * and says it "must be cast to an appropriate function pointer type before
 * being called". Each alias below is one such cast: same symbol (`name`), one
 * fixed signature. Never call a variadic shape: arm64 passes variadic
 * arguments on the stack, methods read them from registers.
 *
 * Types: `id`, `Class`, `SEL` are pointers; `NSUInteger` is unsigned long
 * (usize), `NSInteger` is long (isize); `BOOL` is bool on arm64 and signed char
 * on x86_64 (objc.h), so it is read as u8 and compared with 0.
 *
 * @module
 */

/** The runtime's install name (lib/libobjc.A.tbd). */
export const LIBOBJC_PATH = "/usr/lib/libobjc.A.dylib";

const CGRect = { struct: ["f64", "f64", "f64", "f64"] } as const;
/** NSObjCRuntime.h: typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange; */
const NSRange = { struct: ["usize", "usize"] } as const;

/** Symbol table for libobjc. */
export const objc = {
  // runtime.h: OBJC_EXPORT Class _Nullable objc_getClass(const char * _Nonnull name)
  objc_getClass: { parameters: ["buffer"], result: "pointer" },
  // objc.h: OBJC_EXPORT SEL _Nonnull sel_registerName(const char * _Nonnull str)
  sel_registerName: { parameters: ["buffer"], result: "pointer" },
  // Not in the public headers: exported by libobjc (lib/libobjc.A.tbd lists
  // _objc_autoreleasePoolPush/_objc_autoreleasePoolPop); the runtime defines
  //   void *objc_autoreleasePoolPush(void);  void objc_autoreleasePoolPop(void *context);
  // (the functions clang emits for @autoreleasepool).
  objc_autoreleasePoolPush: { parameters: [], result: "pointer" },
  objc_autoreleasePoolPop: { parameters: ["pointer"], result: "void" },

  // id (id self, SEL op) -- alloc, init, new, results, string, generalPasteboard, bundleIdentifier,
  // localizedDescription
  msgSend_id: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: "pointer" },
  // void (id self, SEL op) -- release
  msgSend_void: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: "void" },
  // NSUInteger (id self, SEL op) -- count
  msgSend_usize: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: "usize" },
  // float (id self, SEL op) -- VNConfidence confidence (VNTypes.h: typedef float VNConfidence)
  msgSend_f32: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: "f32" },
  // id (id self, SEL op, id arg) -- stringForType:, arrayWithObject:
  msgSend_id_id: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer"],
    result: "pointer",
  },
  // id (id self, SEL op, NSUInteger arg) -- objectAtIndex:, topCandidates:
  msgSend_id_usize: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "usize"],
    result: "pointer",
  },
  // id (id self, SEL op, pid_t arg) -- runningApplicationWithProcessIdentifier:
  msgSend_id_i32: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "i32"],
    result: "pointer",
  },
  // id (id self, SEL op, id a, id b) -- initWithCGImage:options:
  msgSend_id_id_id: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer", "pointer"],
    result: "pointer",
  },
  // BOOL (id self, SEL op, id a, NSError **b) -- performRequests:error:
  msgSend_bool_id_ptr: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer", "buffer"],
    result: "u8",
  },
  // BOOL (id self, SEL op, SEL a) -- respondsToSelector: (NSObject.h: - (BOOL)respondsToSelector:(SEL)aSelector;)
  msgSend_bool_id: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer"],
    result: "u8",
  },
  // BOOL (id self, SEL op, id a, NSUInteger b) -- activateFromApplication:options: (macOS 14)
  msgSend_bool_id_usize: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer", "usize"],
    result: "u8",
  },
  // BOOL (id self, SEL op, NSUInteger a) -- activateWithOptions:
  msgSend_bool_usize: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "usize"],
    result: "u8",
  },
  // void (id self, SEL op, NSInteger a) -- setRecognitionLevel:
  msgSend_void_isize: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "isize"],
    result: "void",
  },
  // void (id self, SEL op, float a) -- setMinimumTextHeight: (a float in s0 on arm64, xmm0 on x86_64)
  msgSend_void_f32: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "f32"],
    result: "void",
  },
  // CGDirectDisplayID (id self, SEL op) -- SCDisplay displayID
  //   (SCShareableContent.h: @property (readonly) CGDirectDisplayID displayID; CGDirectDisplayID is uint32_t)
  msgSend_u32: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: "u32" },
  // void (id self, SEL op, size_t a) -- SCStreamConfiguration setWidth:, setHeight:
  //   (SCStream.h: @property(nonatomic, assign) size_t width; ... size_t height;)
  msgSend_void_usize: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "usize"],
    result: "void",
  },
  // void (id self, SEL op, OSType a) -- SCStreamConfiguration setPixelFormat:
  //   (SCStream.h: @property(nonatomic, assign) OSType pixelFormat; OSType is FourCharCode, UInt32)
  msgSend_void_u32: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "u32"],
    result: "void",
  },
  // void (id self, SEL op, id a, id b, id c) --
  //   SCScreenshotManager.h (macOS 14): + (void)captureImageWithFilter:(SCContentFilter *)contentFilter
  //     configuration:(SCStreamConfiguration *)config
  //     completionHandler:(nullable void (^)(CGImageRef _Nullable sampleBuffer, NSError *_Nullable error))completionHandler;
  //   (a block is an object pointer)
  msgSend_void_id_id_id: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer", "pointer", "pointer"],
    result: "void",
  },
  // void (id self, SEL op, id a) -- setRecognitionLanguages:; and, with a block,
  //   SCShareableContent.h: + (void)getShareableContentWithCompletionHandler:
  //     (void (^)(SCShareableContent * _Nullable content, NSError * _Nullable error))completionHandler;
  msgSend_void_id: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "pointer"],
    result: "void",
  },
  // id (id self, SEL op, NSError **a) -- supportedRecognitionLanguagesAndReturnError: (macOS 12)
  msgSend_id_ptr: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "buffer"],
    result: "pointer",
  },
  // void (id self, SEL op, BOOL a) -- setUsesLanguageCorrection:
  msgSend_void_u8: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", "u8"],
    result: "void",
  },
  // id (id self, SEL op, NSRange r, NSError **e) -- boundingBoxForRange:error:
  msgSend_id_range_ptr: {
    name: "objc_msgSend",
    parameters: ["pointer", "pointer", NSRange, "pointer"],
    result: "pointer",
  },
  // CGRect (id self, SEL op) -- boundingBox, on arm64: a CGRect is a homogeneous
  // aggregate of four doubles and comes back in d0-d3, so plain objc_msgSend is right.
  msgSend_rect: { name: "objc_msgSend", parameters: ["pointer", "pointer"], result: CGRect },
  // message.h: OBJC_EXPORT void objc_msgSend_stret(void) ... OBJC_ARM64_UNAVAILABLE;
  // CGRect (id self, SEL op) -- boundingBox, on x86_64: a 32-byte struct is returned
  // through a hidden pointer in rdi, which is exactly the _stret convention.
  msgSend_stret_rect: {
    name: "objc_msgSend_stret",
    parameters: ["pointer", "pointer"],
    result: CGRect,
    optional: true,
  },
} as const satisfies Deno.ForeignLibraryInterface;
