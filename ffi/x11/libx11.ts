/**
 * libX11 symbols used by choto (declarations only; logic lives in
 * src/desktop/x11.ts). Types follow Xlib.h on LP64: `Window`, `Atom`,
 * `Time`, `KeySym` and `unsigned long` are 64-bit; `Bool`, `Status` and
 * `int` are 32-bit.
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBX11_PATHS = ["libX11.so.6", "libX11.so"];

export const libX11Symbols = {
  // Display *XOpenDisplay(_Xconst char *display_name);
  XOpenDisplay: { parameters: ["buffer"], result: "pointer" },
  // int XCloseDisplay(Display *display);
  XCloseDisplay: { parameters: ["pointer"], result: "i32" },
  // Window XDefaultRootWindow(Display *display);
  XDefaultRootWindow: { parameters: ["pointer"], result: "u64" },
  // int XDefaultScreen(Display *display);
  XDefaultScreen: { parameters: ["pointer"], result: "i32" },
  // int XDisplayWidth(Display *display, int screen_number);
  XDisplayWidth: { parameters: ["pointer", "i32"], result: "i32" },
  // int XDisplayHeight(Display *display, int screen_number);
  XDisplayHeight: { parameters: ["pointer", "i32"], result: "i32" },
  // Atom XInternAtom(Display *display, _Xconst char *atom_name, Bool only_if_exists);
  XInternAtom: { parameters: ["pointer", "buffer", "i32"], result: "u64" },
  // int XGetWindowProperty(Display *display, Window w, Atom property,
  //   long long_offset, long long_length, Bool delete, Atom req_type,
  //   Atom *actual_type_return, int *actual_format_return,
  //   unsigned long *nitems_return, unsigned long *bytes_after_return,
  //   unsigned char **prop_return);
  XGetWindowProperty: {
    parameters: [
      "pointer",
      "u64",
      "u64",
      "i64",
      "i64",
      "i32",
      "u64",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
    ],
    result: "i32",
  },
  // int XFree(void *data);
  XFree: { parameters: ["pointer"], result: "i32" },
  // Status XQueryTree(Display *display, Window w, Window *root_return,
  //   Window *parent_return, Window **children_return, unsigned int *nchildren_return);
  XQueryTree: {
    parameters: ["pointer", "u64", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  // Status XGetWindowAttributes(Display *display, Window w, XWindowAttributes *window_attributes_return);
  XGetWindowAttributes: {
    parameters: ["pointer", "u64", "buffer"],
    result: "i32",
  },
  // Bool XTranslateCoordinates(Display *display, Window src_w, Window dest_w,
  //   int src_x, int src_y, int *dest_x_return, int *dest_y_return, Window *child_return);
  XTranslateCoordinates: {
    parameters: [
      "pointer",
      "u64",
      "u64",
      "i32",
      "i32",
      "buffer",
      "buffer",
      "buffer",
    ],
    result: "i32",
  },
  // XImage *XGetImage(Display *display, Drawable d, int x, int y,
  //   unsigned int width, unsigned int height, unsigned long plane_mask, int format);
  XGetImage: {
    parameters: ["pointer", "u64", "i32", "i32", "u32", "u32", "u64", "i32"],
    result: "pointer",
  },
  // int XDestroyImage(XImage *ximage);  (exported as a real function by libX11)
  XDestroyImage: { parameters: ["pointer"], result: "i32" },
  // Bool XQueryPointer(Display *display, Window w, Window *root_return,
  //   Window *child_return, int *root_x_return, int *root_y_return,
  //   int *win_x_return, int *win_y_return, unsigned int *mask_return);
  XQueryPointer: {
    parameters: [
      "pointer",
      "u64",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
    ],
    result: "i32",
  },
  // Status XSendEvent(Display *display, Window w, Bool propagate, long event_mask, XEvent *event_send);
  XSendEvent: {
    parameters: ["pointer", "u64", "i32", "i64", "buffer"],
    result: "i32",
  },
  // int XFlush(Display *display);
  XFlush: { parameters: ["pointer"], result: "i32" },
  // int XSync(Display *display, Bool discard);
  XSync: { parameters: ["pointer", "i32"], result: "i32" },
  // KeyCode XKeysymToKeycode(Display *display, KeySym keysym);  (KeyCode is unsigned char)
  XKeysymToKeycode: { parameters: ["pointer", "u64"], result: "u8" },
  // KeySym XStringToKeysym(_Xconst char *string);
  XStringToKeysym: { parameters: ["buffer"], result: "u64" },
  // int XDisplayKeycodes(Display *display, int *min_keycodes_return, int *max_keycodes_return);
  XDisplayKeycodes: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // KeySym *XGetKeyboardMapping(Display *display, KeyCode first_keycode,
  //   int keycode_count, int *keysyms_per_keycode_return);
  XGetKeyboardMapping: {
    parameters: ["pointer", "u8", "i32", "buffer"],
    result: "pointer",
  },
  // int XChangeKeyboardMapping(Display *display, int first_keycode,
  //   int keysyms_per_keycode, KeySym *keysyms, int num_codes);
  XChangeKeyboardMapping: {
    parameters: ["pointer", "i32", "i32", "buffer", "i32"],
    result: "i32",
  },
  // int (*XSetErrorHandler(XErrorHandler handler))(Display *, XErrorEvent *);
  XSetErrorHandler: { parameters: ["function"], result: "pointer" },
  // int XGetInputFocus(Display *display, Window *focus_return, int *revert_to_return);
  XGetInputFocus: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // Window XCreateSimpleWindow(Display *display, Window parent, int x, int y,
  //   unsigned int width, unsigned int height, unsigned int border_width,
  //   unsigned long border, unsigned long background);
  XCreateSimpleWindow: {
    parameters: ["pointer", "u64", "i32", "i32", "u32", "u32", "u32", "u64", "u64"],
    result: "u64",
  },
  // int XDestroyWindow(Display *display, Window w);
  XDestroyWindow: { parameters: ["pointer", "u64"], result: "i32" },
  // int XConvertSelection(Display *display, Atom selection, Atom target,
  //   Atom property, Window requestor, Time time);
  XConvertSelection: {
    parameters: ["pointer", "u64", "u64", "u64", "u64", "u64"],
    result: "i32",
  },
  // Window XGetSelectionOwner(Display *display, Atom selection);
  XGetSelectionOwner: { parameters: ["pointer", "u64"], result: "u64" },
  // Bool XCheckTypedWindowEvent(Display *display, Window w, int event_type, XEvent *event_return);
  XCheckTypedWindowEvent: {
    parameters: ["pointer", "u64", "i32", "buffer"],
    result: "i32",
  },
  // char *XGetAtomName(Display *display, Atom atom);
  XGetAtomName: { parameters: ["pointer", "u64"], result: "pointer" },

  // Holding the server still while an input event's landing is checked and the event sent,
  // the windows choto draws itself (the mark around a target), and moving its question off it.
  // int XGrabServer(Display *display);
  XGrabServer: { parameters: ["pointer"], result: "i32" },
  // int XUngrabServer(Display *display);
  XUngrabServer: { parameters: ["pointer"], result: "i32" },
  // int XMapRaised(Display *display, Window w);
  XMapRaised: { parameters: ["pointer", "u64"], result: "i32" },
  // int XMoveWindow(Display *display, Window w, int x, int y);
  XMoveWindow: { parameters: ["pointer", "u64", "i32", "i32"], result: "i32" },
  // int XChangeWindowAttributes(Display *display, Window w, unsigned long valuemask,
  //   XSetWindowAttributes *attributes);
  XChangeWindowAttributes: { parameters: ["pointer", "u64", "u64", "buffer"], result: "i32" },
  // int XChangeProperty(Display *display, Window w, Atom property, Atom type, int format,
  //   int mode, _Xconst unsigned char *data, int nelements);
  XChangeProperty: {
    parameters: ["pointer", "u64", "u64", "u64", "i32", "i32", "buffer", "i32"],
    result: "i32",
  },

  // Drawing the marks choto shows the user: a picture put into a pixmap that becomes the window's
  // background (the server repaints it by itself), and, where sharp cannot write the note, the core font.
  // Pixmap XCreatePixmap(Display *display, Drawable d, unsigned int width, unsigned int height,
  //   unsigned int depth);
  XCreatePixmap: { parameters: ["pointer", "u64", "u32", "u32", "u32"], result: "u64" },
  // int XFreePixmap(Display *display, Pixmap pixmap);
  XFreePixmap: { parameters: ["pointer", "u64"], result: "i32" },
  // GC XCreateGC(Display *display, Drawable d, unsigned long valuemask, XGCValues *values);
  XCreateGC: { parameters: ["pointer", "u64", "u64", "pointer"], result: "pointer" },
  // int XFreeGC(Display *display, GC gc);
  XFreeGC: { parameters: ["pointer", "pointer"], result: "i32" },
  // Visual *XDefaultVisual(Display *display, int screen_number);
  XDefaultVisual: { parameters: ["pointer", "i32"], result: "pointer" },
  // int XDefaultDepth(Display *display, int screen_number);
  XDefaultDepth: { parameters: ["pointer", "i32"], result: "i32" },
  // XImage *XCreateImage(Display *display, Visual *visual, unsigned int depth, int format, int offset,
  //   char *data, unsigned int width, unsigned int height, int bitmap_pad, int bytes_per_line);
  XCreateImage: {
    parameters: ["pointer", "pointer", "u32", "i32", "i32", "pointer", "u32", "u32", "i32", "i32"],
    result: "pointer",
  },
  // int XPutImage(Display *display, Drawable d, GC gc, XImage *image, int src_x, int src_y,
  //   int dest_x, int dest_y, unsigned int width, unsigned int height);
  XPutImage: {
    parameters: ["pointer", "u64", "pointer", "pointer", "i32", "i32", "i32", "i32", "u32", "u32"],
    result: "i32",
  },
  // Font XLoadFont(Display *display, _Xconst char *name);
  XLoadFont: { parameters: ["pointer", "buffer"], result: "u64" },
  // int XUnloadFont(Display *display, Font font);
  XUnloadFont: { parameters: ["pointer", "u64"], result: "i32" },
  // int XQueryTextExtents(Display *display, XID font_ID, _Xconst char *string, int nchars,
  //   int *direction_return, int *font_ascent_return, int *font_descent_return, XCharStruct *overall_return);
  XQueryTextExtents: {
    parameters: ["pointer", "u64", "buffer", "i32", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  // int XSetFont(Display *display, GC gc, Font font);
  XSetFont: { parameters: ["pointer", "pointer", "u64"], result: "i32" },
  // int XSetForeground(Display *display, GC gc, unsigned long foreground);
  XSetForeground: { parameters: ["pointer", "pointer", "u64"], result: "i32" },
  // int XDrawString(Display *display, Drawable d, GC gc, int x, int y, _Xconst char *string, int length);
  XDrawString: { parameters: ["pointer", "u64", "pointer", "i32", "i32", "buffer", "i32"], result: "i32" },

  // Surviving the loss of the display. Xlib calls the IO-error handler, then the display's exit
  // handler, which exits by default; one that returns (libX11 1.7+) leaves the process running.
  // int (*XSetIOErrorHandler(XIOErrorHandler handler))(Display *);
  XSetIOErrorHandler: { parameters: ["function"], result: "pointer" },
  // void XSetIOErrorExitHandler(Display *display, XIOErrorExitHandler handler, void *user_data);
  XSetIOErrorExitHandler: { parameters: ["pointer", "function", "pointer"], result: "void", optional: true },
  // int XEventsQueued(Display *display, int mode);  (QueuedAfterReading reads without blocking)
  XEventsQueued: { parameters: ["pointer", "i32"], result: "i32" },
} as const;

/** Xlib constants used with the symbols above. */
export const X = {
  Success: 0,
  False: 0,
  True: 1,
  None: 0n,
  CurrentTime: 0n,
  AnyPropertyType: 0n,
  ZPixmap: 2,
  AllPlanes: 0xffffffffffffffffn,
  IsViewable: 2,
  QueuedAfterReading: 1,
  ClientMessage: 33,
  SelectionNotify: 31,
  SubstructureNotifyMask: 1n << 19n,
  SubstructureRedirectMask: 1n << 20n,
  XA_ATOM: 4n,
  XA_STRING: 31n,
  XA_WINDOW: 33n,
  XA_CARDINAL: 6n,
  XA_WM_NAME: 39n,
  XA_WM_CLASS: 67n,
  XA_WM_TRANSIENT_FOR: 68n,
  /** XSetWindowAttributes valuemask bits: background_pixmap, override_redirect. */
  CWBackPixmap: 1n << 0n,
  CWOverrideRedirect: 1n << 9n,
  /** Visual class of a display whose pixels are red, green and blue bit fields. */
  TrueColor: 4,
  PropModeReplace: 0,
  /** The focus values XGetInputFocus returns besides a window. */
  FocusNone: 0n,
  FocusPointerRoot: 1n,
} as const;

/** Byte offsets in structs (x86_64 / LP64), checked against Xlib.h. */
export const XLayout = {
  /** sizeof(XEvent): a union padded to 24 longs. */
  eventSize: 192,
  image: {
    width: 0,
    height: 4,
    data: 16,
    depth: 40,
    bytesPerLine: 44,
    bitsPerPixel: 48,
  },
  /** sizeof(XWindowAttributes) is 136 on LP64. */
  windowAttributesSize: 136,
  windowAttributes: {
    x: 0,
    y: 4,
    width: 8,
    height: 12,
    mapState: 92,
    overrideRedirect: 120,
  },
  clientMessage: {
    type: 0,
    serial: 8,
    sendEvent: 16,
    display: 24,
    window: 32,
    messageType: 40,
    format: 48,
    data: 56,
  },
  /** sizeof(XSetWindowAttributes) is 112 on LP64; override_redirect is a Bool (int) at 88. */
  setWindowAttributesSize: 112,
  setWindowAttributes: {
    backgroundPixmap: 0,
    overrideRedirect: 88,
  },
  /** Visual: class (int), then the colour masks (unsigned long). */
  visual: { class: 16, redMask: 24, greenMask: 32, blueMask: 40 },
  /** XCharStruct: six 16-bit fields, width at 4. */
  charStructSize: 12,
  charStruct: { width: 4 },
  selection: {
    requestor: 32,
    selection: 40,
    target: 48,
    property: 56,
  },
} as const;
