/**
 * The CRC-32 of some bytes, as gzip writes it in its trailer. On Linux it
 * comes from the system's zlib through FFI: node:zlib would load Deno's Node
 * layer (tens of milliseconds) on the path that starts the recognisers,
 * which run nothing else first. Elsewhere, or without that library, it comes
 * from node:zlib, loaded when first needed.
 *
 * @module
 */

import { LIBZ_PATHS, zlibSymbols } from "../../../ffi/linux/zlib.ts";

/** The most bytes zlib's `crc32` takes in one call (its length is an unsigned int). */
const MAX_CALL = 2 ** 31;

type Crc = (bytes: Uint8Array) => number;

/** zlib's crc32 once looked for: null when there is none, so the lookup runs once. */
let native: Crc | null | undefined;

/** zlib's crc32 through FFI, or null when this system has none to open. */
function openNative(paths: readonly string[]): Crc | null {
  if (Deno.build.os !== "linux") return null;
  for (const path of paths) {
    try {
      const { symbols } = Deno.dlopen(path, zlibSymbols);
      return (bytes) => {
        let crc = 0, at = 0;
        do {
          const part = bytes.subarray(at, at + MAX_CALL);
          crc = Number(symbols.crc32(BigInt(crc), part, part.length));
          at += MAX_CALL;
        } while (at < bytes.length);
        return crc >>> 0;
      };
    } catch {
      // Not here, or not permitted: the next name, then node:zlib.
    }
  }
  return null;
}

/** The CRC-32 of `bytes` (unsigned). */
export async function crc32(bytes: Uint8Array): Promise<number> {
  if (native === undefined) native = openNative(LIBZ_PATHS);
  if (native) return native(bytes);
  const zlib = await import("node:zlib");
  return zlib.crc32(bytes) >>> 0;
}
