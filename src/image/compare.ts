/**
 * Telling frames apart cheaply: a fingerprint of sampled pixels, to see
 * whether the screen moved at all, and the share of pixels that differ.
 *
 * @module
 */

import type { RgbaImage } from "./pixels.ts";

/** A cheap fingerprint of a frame: sampled pixels hashed (FNV-1a). */
export function frameHash(frame: RgbaImage): number {
  let h = 0x811c9dc5;
  const d = frame.data;
  // Every 3rd pixel of every row: a typed character changes several of them.
  for (let i = 0; i < d.length; i += 12) {
    h ^= d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fraction of pixels that differ between two frames of one size. */
export function changedFraction(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n * 4; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) {
      changed++;
    }
  }
  return changed / n;
}

/** Whether two byte arrays hold the same bytes (compared four at a time where they line up). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const aligned = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0;
  const n = aligned ? a.length >> 2 : 0;
  if (n) {
    const a32 = new Uint32Array(a.buffer, a.byteOffset, n), b32 = new Uint32Array(b.buffer, b.byteOffset, n);
    for (let i = 0; i < n; i++) if (a32[i] !== b32[i]) return false;
  }
  for (let i = n << 2; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
