/**
 * The CRC-32 that checks a kept model copy (src/ocr/engines/crc32.ts) is
 * gzip's, as node:zlib computes it, for empty, small and model-sized bytes.
 */

import { crc32 as nodeCrc32 } from "node:zlib";
import { assertEquals } from "./support/assert.ts";
import { crc32 } from "../src/ocr/engines/crc32.ts";

Deno.test("the CRC-32 of bytes is gzip's, as node:zlib gives it", async () => {
  const big = new Uint8Array(5 << 20);
  for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
  for (const bytes of [new Uint8Array(0), new TextEncoder().encode("a model's weights"), big]) {
    assertEquals(await crc32(bytes), nodeCrc32(bytes) >>> 0, `${bytes.length} bytes`);
  }
  assertEquals(await crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
});
