/**
 * Newline-delimited text off a byte stream, a line at a time, keeping what
 * follows the line: the service reads a connection's purpose and then hands
 * the rest of the stream, untouched, to the MCP transport; the bridge reads
 * the greeting, and both sides of its pump read JSON-RPC lines.
 *
 * @module
 */

import { concatBytes } from "../common/bytes.ts";

const utf8 = new TextDecoder();

/** Reads lines from `stream`; what has been read past the last line stays available as {@link rest}. */
export class LineReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #held: Uint8Array[] = [];
  #size = 0;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.getReader();
  }

  /**
   * The next line without its newline (a final line without one counts),
   * or null at the end of the stream. A line longer than `max` bytes throws.
   */
  async line(max = Infinity): Promise<string | null> {
    // Only the newest chunk can hold the newline: the held ones were searched when they came.
    for (;;) {
      const last = this.#held.at(-1);
      const nl = last ? last.indexOf(0x0a) : -1;
      if (nl >= 0) {
        const line = concatBytes([...this.#held.slice(0, -1), last!.subarray(0, nl)]);
        const rest = last!.subarray(nl + 1);
        this.#held = rest.length ? [rest] : [];
        this.#size = rest.length;
        return utf8.decode(line).replace(/\r$/, "");
      }
      if (this.#size > max) throw new Error(`a line longer than ${max} bytes`);
      const { value, done } = await this.#reader.read();
      if (done) {
        if (!this.#size) return null;
        const line = concatBytes(this.#held);
        this.#held = [];
        this.#size = 0;
        return utf8.decode(line);
      }
      this.#held.push(value);
      this.#size += value.length;
    }
  }

  /** The stream from here on: the bytes read past the last line, then everything after them. */
  rest(): ReadableStream<Uint8Array> {
    const held = this.#held.splice(0);
    const reader = this.#reader;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of held) controller.enqueue(chunk);
      },
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => {});
      },
    });
  }

  /** Stops reading the stream. */
  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}
