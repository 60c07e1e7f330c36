/**
 * libXext's SHAPE extension symbols (declarations only): the marks choto
 * draws for the user are windows cut to the shape of what they show, and
 * with no input region, so the pointer passes through them to the app
 * beneath. Types follow X11/extensions/shape.h on LP64; an XRectangle is
 * `{ short x, y; unsigned short width, height; }` (8 bytes).
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBXEXT_PATHS = ["libXext.so.6", "libXext.so"];

export const libXextSymbols = {
  // Bool XShapeQueryExtension(Display *display, int *event_base, int *error_base);
  XShapeQueryExtension: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // Status XShapeQueryVersion(Display *display, int *major_version, int *minor_version);
  XShapeQueryVersion: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // void XShapeCombineRectangles(Display *display, Window dest, int dest_kind, int x_off, int y_off,
  //   XRectangle *rectangles, int n_rects, int op, int ordering);
  XShapeCombineRectangles: {
    parameters: ["pointer", "u64", "i32", "i32", "i32", "buffer", "i32", "i32", "i32"],
    result: "void",
  },
  // XRectangle *XShapeGetRectangles(Display *display, Window window, int kind, int *count, int *ordering);
  XShapeGetRectangles: { parameters: ["pointer", "u64", "i32", "buffer", "buffer"], result: "pointer" },
} as const;

/** shape.h constants. */
export const Shape = {
  /** The region a window is drawn in, and the one that takes pointer input (SHAPE 1.1). */
  Bounding: 0,
  Input: 2,
  /** Operation: replace the region. */
  Set: 0,
  /** Ordering: no promise about the rectangles' order. */
  Unsorted: 0,
  rectangleSize: 8,
} as const;
