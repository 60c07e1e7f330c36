/**
 * Stand-ins for a server's stdin and stdout in process: web streams, as
 * the stdio transport reads and writes them.
 *
 * @module
 */

const encoder = new TextEncoder();

/** A stdin: what is written reaches the reader in order; `end` is the client closing it. */
export function inputPipe(): {
  readable: ReadableStream<Uint8Array>;
  write(text: string): void;
  writeBytes(bytes: Uint8Array): void;
  end(): Promise<void>;
} {
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const writer = pipe.writable.getWriter();
  return {
    readable: pipe.readable,
    write: (text) => void writer.write(encoder.encode(text)),
    writeBytes: (bytes) => void writer.write(bytes),
    end: () => writer.close(),
  };
}

/** A stdout that keeps everything written to it, as text. */
export function outputPipe(): { writable: WritableStream<Uint8Array>; text(): string } {
  const decoder = new TextDecoder();
  let text = "";
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => {
      text += decoder.decode(chunk, { stream: true });
    },
  });
  return { writable, text: () => text };
}
