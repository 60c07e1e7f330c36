/**
 * libXtst (the XTEST extension) symbols: synthetic input that the X server
 * treats like real device events. Declarations only.
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBXTST_PATHS = ["libXtst.so.6", "libXtst.so"];

export const libXtstSymbols = {
  // Bool XTestQueryExtension(Display *display, int *event_base_return,
  //   int *error_base_return, int *major_version_return, int *minor_version_return);
  XTestQueryExtension: {
    parameters: ["pointer", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  // int XTestFakeMotionEvent(Display *display, int screen_number, int x, int y, unsigned long delay);
  XTestFakeMotionEvent: {
    parameters: ["pointer", "i32", "i32", "i32", "u64"],
    result: "i32",
  },
  // int XTestFakeButtonEvent(Display *display, unsigned int button, Bool is_press, unsigned long delay);
  XTestFakeButtonEvent: {
    parameters: ["pointer", "u32", "i32", "u64"],
    result: "i32",
  },
  // int XTestFakeKeyEvent(Display *display, unsigned int keycode, Bool is_press, unsigned long delay);
  XTestFakeKeyEvent: {
    parameters: ["pointer", "u32", "i32", "u64"],
    result: "i32",
  },
} as const;
