/**
 * libXRes (the X-Resource extension) symbols: which process owns a window,
 * asked of the X server rather than of the window's own `_NET_WM_PID`
 * (which some programs never set). Declarations only; the library is
 * optional (Debian/Ubuntu: libxres1).
 *
 * Types follow X11/extensions/XRes.h on LP64: `XID` is 64-bit, and
 *
 *     typedef struct { XID client; unsigned int mask; } XResClientIdSpec;            // 16 bytes
 *     typedef struct { XResClientIdSpec spec; long length; void *value; } XResClientIdValue; // 32 bytes
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBXRES_PATHS = ["libXRes.so.1", "libXRes.so"];

export const libXResSymbols = {
  // Status XResQueryClientIds(Display *dpy, long num_specs, XResClientIdSpec *client_specs,
  //   long *num_ids, XResClientIdValue **client_ids);
  XResQueryClientIds: {
    parameters: ["pointer", "i64", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  // pid_t XResGetClientPid(XResClientIdValue *value);  (-1 when the value is not a pid)
  XResGetClientPid: { parameters: ["pointer"], result: "i32" },
  // void XResClientIdsDestroy(long num_ids, XResClientIdValue *client_ids);
  XResClientIdsDestroy: { parameters: ["i64", "pointer"], result: "void" },
} as const;

/** XRes.h: XRES_CLIENT_ID_PID_MASK = 1 << XRES_CLIENT_ID_PID (1). */
export const XRES_CLIENT_ID_PID_MASK = 1 << 1;
/** sizeof(XResClientIdSpec) and sizeof(XResClientIdValue) on LP64. */
export const XResLayout = { specSize: 16, valueSize: 32 } as const;
