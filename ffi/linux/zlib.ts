/**
 * zlib's checksum (from `<zlib.h>`), used to check a kept model copy without
 * loading Deno's Node layer before the recognisers start. Declarations only.
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBZ_PATHS = ["libz.so.1"];

export const zlibSymbols = {
  // uLong crc32(uLong crc, const Bytef *buf, uInt len);  (uLong is 64 bits on LP64, uInt 32)
  crc32: { parameters: ["usize", "buffer", "u32"], result: "usize" },
} as const;
