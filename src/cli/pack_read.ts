/**
 * Reading a memory pack from a file or from stdin without trusting its
 * size: the header line is read first, and a pack whose header declares
 * more content than this machine imports is refused before its content is
 * read; the bytes that follow are counted as they arrive, and reading stops
 * as soon as they pass what the header declared. So a pack of any size, a
 * stream that never ends included, costs at most the limit in memory.
 *
 * @module
 */

import { concatBytes } from "../common/bytes.ts";
import { VERSION } from "../common/version.ts";
import { MAX_HEADER_BYTES, type PackHeader, readHeader, refuse } from "../graph/pack/format.ts";

/** A pack's bytes read whole, or why reading stopped (a sentence ending in "Nothing was imported."). */
export type PackBytes =
  | { ok: true; data: Uint8Array }
  | { ok: false; text: string };

/**
 * Reads a pack from `stream` up to `maxBytes` of content. `before`, given
 * the header, may stop the read with a sentence (a seed imported already).
 */
export async function readPackStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  before?: (header: PackHeader) => string | null,
): Promise<PackBytes> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let header: PackHeader | null = null;
  /** The most bytes a pack may take: its header line, the content it declares, the closing newline. */
  let limit = MAX_HEADER_BYTES + 1;
  const stop = async (text: string): Promise<PackBytes> => {
    await reader.cancel().catch(() => {});
    return { ok: false, text };
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
      if (header === null) {
        const head = concatBytes(chunks);
        const newline = head.indexOf(0x0a);
        if (newline < 0) {
          if (total > MAX_HEADER_BYTES) {
            return await stop(
              refuse(
                "not_a_pack",
                "this is not a choto memory pack (its first line is longer than a header).",
              ).text,
            );
          }
          continue;
        }
        chunks.splice(0, chunks.length, head);
        const read = readHeader(new TextDecoder().decode(head.subarray(0, newline)), true, VERSION, maxBytes);
        if (!read.ok) return await stop(read.text);
        header = read.header;
        const skip = before?.(header);
        if (skip) return await stop(skip);
        limit = newline + 1 + header.bytes + 1;
      }
      if (total > limit) {
        return await stop(
          refuse(
            "checksum",
            `the pack holds more than the ${header.bytes} bytes of content its header declares: it was changed after export, or is no pack. Reading stopped there.`,
          ).text,
        );
      }
    }
  } finally {
    reader.releaseLock();
  }
  // A pack that ended early (inside its header, or short of its content) is refused by decoding, which says which.
  return { ok: true, data: concatBytes(chunks) };
}
