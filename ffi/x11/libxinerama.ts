/**
 * libXinerama symbols for `Deno.dlopen`: the monitors that make up the root
 * window. Declarations only. Optional at run time: without the library or
 * the extension the root window is one display.
 *
 * From X11/extensions/Xinerama.h (libXinerama 1.1):
 *
 *     typedef struct {
 *        int   screen_number;
 *        short x_org;
 *        short y_org;
 *        short width;
 *        short height;
 *     } XineramaScreenInfo;
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBXINERAMA_PATHS = ["libXinerama.so.1", "libXinerama.so"];

/** Byte offsets and size of XineramaScreenInfo on LP64 (int, then four shorts). */
export const XineramaScreenInfoLayout = { xOrg: 4, yOrg: 6, width: 8, height: 10, size: 12 } as const;

/** Symbol table for libXinerama. */
export const libXineramaSymbols = {
  // Bool XineramaIsActive(Display *dpy);
  XineramaIsActive: { parameters: ["pointer"], result: "i32" },
  // XineramaScreenInfo *XineramaQueryScreens(Display *dpy, int *number);  (free with XFree)
  XineramaQueryScreens: { parameters: ["pointer", "buffer"], result: "pointer" },
} as const satisfies Deno.ForeignLibraryInterface;
