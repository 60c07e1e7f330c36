/**
 * Which process owns an X window, asked of the server through the
 * X-Resource extension: it knows every local client's pid, including those
 * of programs that never set `_NET_WM_PID` and of windows that are not top
 * level (a clipboard owner). libXRes is optional; without it, or for a
 * client on another machine, the answer is null.
 *
 * @module
 */

import {
  LIBXRES_PATHS,
  libXResSymbols,
  XRES_CLIENT_ID_PID_MASK,
  XResLayout,
} from "../../../ffi/x11/libxres.ts";
import type { XConnection } from "./connection.ts";

type XRes = Deno.DynamicLibrary<typeof libXResSymbols>["symbols"];

let xres: XRes | null | undefined;

function open(): XRes | null {
  if (xres !== undefined) return xres;
  xres = null;
  for (const path of LIBXRES_PATHS) {
    try {
      xres = Deno.dlopen(path, libXResSymbols).symbols;
      break;
    } catch {
      // try the next name
    }
  }
  return xres;
}

/** True when libXRes could be loaded (doctor says so). */
export function haveClientPids(): boolean {
  return open() !== null;
}

/** The pid of the local process that created the window (or any resource) `xid`, or null. */
export function clientPid(c: XConnection, xid: bigint): number | null {
  const lib = open();
  if (!lib || xid === 0n) return null;
  const spec = new Uint8Array(XResLayout.specSize);
  const dv = new DataView(spec.buffer);
  dv.setBigUint64(0, xid, true);
  dv.setUint32(8, XRES_CLIENT_ID_PID_MASK, true);
  const count = new BigInt64Array(1);
  const values = new BigUint64Array(1);
  if (lib.XResQueryClientIds(c.display, 1n, spec, count, values) !== 0) return null;
  const list = Deno.UnsafePointer.create(values[0]);
  if (!list) return null;
  try {
    for (let i = 0; i < Number(count[0]); i++) {
      const pid = lib.XResGetClientPid(Deno.UnsafePointer.offset(list, i * XResLayout.valueSize));
      if (pid > 0) return pid;
    }
    return null;
  } finally {
    lib.XResClientIdsDestroy(count[0], list);
  }
}
