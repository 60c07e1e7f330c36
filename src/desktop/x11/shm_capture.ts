/**
 * Whole-screen captures through MIT-SHM: the X server copies the screen
 * into a shared segment, where a plain XGetImage sends megabytes over the
 * socket, a buffer at a time, each a switch between the two processes. One
 * segment the screen's size is made per connection and kept; any step that
 * fails (no extension, no segment, a server that cannot map it, such as a
 * remote one) leaves the capture to XGetImage.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import { LIBXEXT_PATHS } from "../../../ffi/x11/libxext.ts";
import { LIBC_PATHS } from "../../../ffi/linux/libc.ts";
import { libXshmSymbols, Shm, shmSymbols } from "../../../ffi/x11/libxshm.ts";
import type { XConnection } from "./connection.ts";
import { openFirst } from "./open_library.ts";

type XShm = Deno.DynamicLibrary<typeof libXshmSymbols>["symbols"];
type Libc = Deno.DynamicLibrary<typeof shmSymbols>["symbols"];

let libs: { xshm: XShm; libc: Libc } | null | undefined;

function openLibs(): { xshm: XShm; libc: Libc } | null {
  if (libs !== undefined) return libs;
  const xshm = openFirst(LIBXEXT_PATHS, libXshmSymbols), libc = openFirst(LIBC_PATHS, shmSymbols);
  libs = xshm && libc ? { xshm: xshm.symbols, libc: libc.symbols } : null;
  return libs;
}

/** A shared segment attached on both sides, and the XImage over it. */
interface Segment {
  c: XConnection;
  width: number;
  height: number;
  image: Deno.PointerObject;
  info: Uint8Array<ArrayBuffer>;
  addr: Deno.PointerObject;
  bytesPerLine: number;
  /** The segment's system id. */
  id: number;
}

/** Each connection's segment, or null where shared memory failed (not tried again on it). */
const segments = new WeakMap<XConnection, Segment | null>();

const NO_ADDRESS = 0xffffffffffffffffn;

/** Makes and attaches a segment for a `width` x `height` screen, or null (and nothing left behind). */
function attach(c: XConnection, width: number, height: number): Segment | null {
  const l = openLibs();
  if (!l || !l.xshm.XShmQueryExtension(c.display)) return null;
  const depth = c.x.XDefaultDepth(c.display, c.screen);
  const visual = c.x.XDefaultVisual(c.display, c.screen);
  const info = new Uint8Array(Shm.segmentInfoSize);
  const image = l.xshm.XShmCreateImage(c.display, visual, depth, X.ZPixmap, null, info, width, height);
  if (!image) return null;
  const view = new Deno.UnsafePointerView(image);
  const bytesPerLine = view.getInt32(XLayout.image.bytesPerLine);
  if (view.getInt32(XLayout.image.bitsPerPixel) !== 32) {
    c.x.XDestroyImage(image);
    return null;
  }
  const id = l.libc.shmget(Shm.IPC_PRIVATE, BigInt(bytesPerLine * height), Shm.IPC_CREAT | Shm.mode);
  if (id < 0) {
    c.x.XDestroyImage(image);
    return null;
  }
  const addr = l.libc.shmat(id, null, 0);
  if (!addr || Deno.UnsafePointer.value(addr) === NO_ADDRESS) {
    l.libc.shmctl(id, Shm.IPC_RMID, null);
    c.x.XDestroyImage(image);
    return null;
  }
  const fields = new DataView(info.buffer);
  fields.setInt32(Shm.segmentInfo.shmid, id, true);
  fields.setBigUint64(Shm.segmentInfo.shmaddr, BigInt(Deno.UnsafePointer.value(addr)), true);
  fields.setInt32(Shm.segmentInfo.readOnly, 0, true);
  // The image's data pointer is the segment (XShmCreateImage was given none).
  new DataView(Deno.UnsafePointerView.getArrayBuffer(image, 24)).setBigUint64(
    XLayout.image.data,
    BigInt(Deno.UnsafePointer.value(addr)),
    true,
  );
  c.lastError = 0;
  let ok = l.xshm.XShmAttach(c.display, info) !== 0;
  // An attach the server refuses comes back as an error: wait for its answer.
  c.x.XSync(c.display, 0);
  ok &&= c.lastError === 0;
  // Marked for removal now: the system frees it once both sides let go, even if this process dies.
  l.libc.shmctl(id, Shm.IPC_RMID, null);
  if (!ok) {
    c.x.XDestroyImage(image);
    l.libc.shmdt(addr);
    return null;
  }
  return { c, width, height, image, info, addr, bytesPerLine, id };
}

/** Lets go of a segment; the X side only while its connection still answers. */
function release(s: Segment): void {
  const l = openLibs()!;
  if (!s.c.lost) {
    l.xshm.XShmDetach(s.c.display, s.info);
    s.c.x.XSync(s.c.display, 0);
  }
  s.c.x.XDestroyImage(s.image);
  l.libc.shmdt(s.addr);
}

/**
 * The whole screen (`width` x `height`) as 32-bit pixels, `bytesPerLine`
 * bytes a row, read through shared memory; null where that cannot be done.
 * The bytes are valid only until the next call: copy them out at once.
 */
export function sharedScreen(
  c: XConnection,
  width: number,
  height: number,
): { bytes: Uint8Array; bytesPerLine: number } | null {
  let s = segments.get(c);
  if (s === null) return null;
  if (s && (s.width !== width || s.height !== height)) {
    release(s);
    s = undefined;
  }
  if (!s) {
    s = attach(c, width, height);
    segments.set(c, s);
    if (!s) return null;
    const made = s;
    c.beforeClose(() => {
      if (segments.get(c) === made) release(made);
      segments.delete(c);
    });
  }
  const l = openLibs()!;
  c.lastError = 0;
  if (!l.xshm.XShmGetImage(c.display, c.root, s.image, 0, 0, X.AllPlanes) || c.lastError !== 0) return null;
  const bytes = new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(s.addr, s.bytesPerLine * height));
  return { bytes, bytesPerLine: s.bytesPerLine };
}

/** The system id of the segment `c` captures through, or null while it has none. */
export function sharedSegmentId(c: XConnection): number | null {
  return segments.get(c)?.id ?? null;
}
