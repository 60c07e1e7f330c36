/**
 * libxcb symbols, used on the connection Xlib opened (libX11-xcb hands it
 * over) to send many requests before waiting for any reply: a window
 * listing then costs a few round trips to the X server instead of one per
 * property. Declarations only.
 *
 * Types follow xcb.h and xproto.h: a request returns a cookie, a struct
 * holding the request's 32-bit sequence number, passed back by value to
 * fetch the reply; a reply is malloc'ed and freed by the caller, and so is
 * the error an `xcb_generic_error_t **` receives.
 *
 * @module
 */

/** Candidate sonames of libX11-xcb, most specific first. */
export const LIBX11_XCB_PATHS = ["libX11-xcb.so.1", "libX11-xcb.so"];
/** Candidate sonames of libxcb, most specific first. */
export const LIBXCB_PATHS = ["libxcb.so.1", "libxcb.so"];

export const libX11XcbSymbols = {
  // xcb_connection_t *XGetXCBConnection(Display *dpy);
  XGetXCBConnection: { parameters: ["pointer"], result: "pointer" },
} as const;

/** A cookie: `struct { unsigned int sequence; }`. */
const COOKIE = { struct: ["u32"] } as const;

export const libXcbSymbols = {
  // xcb_get_window_attributes_cookie_t xcb_get_window_attributes(xcb_connection_t *c, xcb_window_t window);
  xcb_get_window_attributes: { parameters: ["pointer", "u32"], result: COOKIE },
  // xcb_get_window_attributes_reply_t *xcb_get_window_attributes_reply(xcb_connection_t *c,
  //   xcb_get_window_attributes_cookie_t cookie, xcb_generic_error_t **e);
  xcb_get_window_attributes_reply: { parameters: ["pointer", COOKIE, "buffer"], result: "pointer" },
  // xcb_get_geometry_cookie_t xcb_get_geometry(xcb_connection_t *c, xcb_drawable_t drawable);
  xcb_get_geometry: { parameters: ["pointer", "u32"], result: COOKIE },
  // xcb_get_geometry_reply_t *xcb_get_geometry_reply(xcb_connection_t *c, xcb_get_geometry_cookie_t cookie,
  //   xcb_generic_error_t **e);
  xcb_get_geometry_reply: { parameters: ["pointer", COOKIE, "buffer"], result: "pointer" },
  // xcb_get_property_cookie_t xcb_get_property(xcb_connection_t *c, uint8_t _delete, xcb_window_t window,
  //   xcb_atom_t property, xcb_atom_t type, uint32_t long_offset, uint32_t long_length);
  xcb_get_property: { parameters: ["pointer", "u8", "u32", "u32", "u32", "u32", "u32"], result: COOKIE },
  // xcb_get_property_reply_t *xcb_get_property_reply(xcb_connection_t *c, xcb_get_property_cookie_t cookie,
  //   xcb_generic_error_t **e);
  xcb_get_property_reply: { parameters: ["pointer", COOKIE, "buffer"], result: "pointer" },
  // xcb_translate_coordinates_cookie_t xcb_translate_coordinates(xcb_connection_t *c, xcb_window_t src_window,
  //   xcb_window_t dst_window, int16_t src_x, int16_t src_y);
  xcb_translate_coordinates: { parameters: ["pointer", "u32", "u32", "i16", "i16"], result: COOKIE },
  // xcb_translate_coordinates_reply_t *xcb_translate_coordinates_reply(xcb_connection_t *c,
  //   xcb_translate_coordinates_cookie_t cookie, xcb_generic_error_t **e);
  xcb_translate_coordinates_reply: { parameters: ["pointer", COOKIE, "buffer"], result: "pointer" },
  // xcb_query_tree_cookie_t xcb_query_tree(xcb_connection_t *c, xcb_window_t window);
  xcb_query_tree: { parameters: ["pointer", "u32"], result: COOKIE },
  // xcb_query_tree_reply_t *xcb_query_tree_reply(xcb_connection_t *c, xcb_query_tree_cookie_t cookie,
  //   xcb_generic_error_t **e);
  xcb_query_tree_reply: { parameters: ["pointer", COOKIE, "buffer"], result: "pointer" },
} as const;

/** Byte offsets in xproto.h's reply structs (each reply's variable part starts at 32). */
export const XcbLayout = {
  windowAttributes: { mapState: 26, overrideRedirect: 27 },
  geometry: { x: 12, y: 14, width: 16, height: 18 },
  property: { format: 1, type: 8, valueLength: 16, value: 32 },
  translate: { dstX: 12, dstY: 14 },
  queryTree: { childrenLength: 16, children: 32 },
} as const;
