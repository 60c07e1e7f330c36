/**
 * ScreenCaptureKit and the C library pieces its completion blocks need,
 * for `Deno.dlopen`. Declarations only.
 *
 * ScreenCaptureKit exports no C functions choto calls: the framework is
 * opened so its classes (SCShareableContent, SCContentFilter,
 * SCStreamConfiguration, SCScreenshotManager) register with the runtime,
 * and they are messaged through the `objc_msgSend` aliases of objc.ts.
 * Checked against the macOS 15 SDK headers (alexey-lysiuk/macos-sdk,
 * MacOSX15.5.sdk ScreenCaptureKit.framework/Headers: SCScreenshotManager.h,
 * SCShareableContent.h, SCStream.h) and the Block ABI (libclosure's
 * Block_private.h: Block_layout, Block_descriptor_1/3, BLOCK_IS_GLOBAL,
 * BLOCK_HAS_SIGNATURE).
 *
 * @module
 */

/** The framework binary (in the dyld shared cache); SCScreenshotManager is macOS 14 or later. */
export const SCREEN_CAPTURE_KIT_PATH =
  "/System/Library/Frameworks/ScreenCaptureKit.framework/ScreenCaptureKit";

/** Nothing is called by name: opening the framework registers its classes. */
export const screenCaptureKit = {} as const satisfies Deno.ForeignLibraryInterface;

/** libSystem's install name (re-exports libsystem_malloc and libsystem_blocks). */
export const LIBSYSTEM_PATH = "/usr/lib/libSystem.B.dylib";

/** Symbol table for libSystem: memory for block literals, and the global block class. */
export const libSystem = {
  // malloc/malloc.h (stdlib.h): void *malloc(size_t size);  -- block literals live here, never moved
  malloc: { parameters: ["usize"], result: "pointer" },
  // Block.h: BLOCK_EXPORT void * _NSConcreteGlobalBlock[32];  -- its ADDRESS is a global block's isa
  _NSConcreteGlobalBlock: { type: "pointer" },
} as const satisfies Deno.ForeignLibraryInterface;
