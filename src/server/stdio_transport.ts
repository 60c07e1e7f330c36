/**
 * The MCP stdio transport with a bound on request lines that does not end
 * the session: a line longer than {@link MAX_LINE_BYTES} is skipped to its
 * newline and answered with a JSON-RPC error (to its id, when the id can be
 * read from the line's ends), and the server keeps serving. The SDK's own
 * transport closes itself on an oversized buffer instead.
 *
 * It can start reading before the server is connected ({@link BoundedStdioTransport.listen}):
 * a handshake answers `initialize` and `tools/list` at once, and every other
 * line waits, in order, until the server starts the transport. The SDK's
 * message schemas come with the server ({@link BoundedStdioTransport.parseWith}),
 * so the first answers do not wait for them. It reads and writes with Deno's
 * own streams: Node's `process` costs more to load than the whole handshake
 * (about 20 ms of the start, stdin's stream included).
 *
 * @module
 */

import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import type { EarlyAnswer, Handshake } from "./handshake.ts";
import { concatBytes } from "../common/bytes.ts";

/** The longest request line read; any valid call is far smaller (every field has a maximum). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Bytes kept from each end of an oversized line to find its id. */
const ENDS = 256;

const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/** Reads newline-delimited JSON-RPC from stdin and writes it to stdout. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #chunks: Uint8Array[] = [];
  #size = 0;
  /** While skipping an oversized line: its length so far and its first and last bytes. */
  #skipping: { bytes: number; head: string; tail: Uint8Array } | null = null;
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  #writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  #ended = Promise.withResolvers<void>();
  /** Resolved once stdin has ended (the client closed it) or failed: nothing more will be read. */
  readonly ended: Promise<void> = this.#ended.promise;
  /** Reads a line as a JSON-RPC message: given by the server's side, before it connects. */
  #parser: ((line: string) => JSONRPCMessage) | null = null;
  /** Set once the server has started the transport: the parser, from then on used for every line. */
  #deserialize: ((line: string) => JSONRPCMessage) | null = null;
  /** Lines read before the server started, in order, and whether the handshake answered each already. */
  #waiting: Array<{ line: string; early: boolean }> = [];
  /** Requests answered early that the server sees too, by id: the answer given, its own is not sent. */
  #answered = new Map<string, string>();
  #handshake: Handshake | null = null;
  /** Resolved when a line read early needs the server, the handshake is over, or the client is quiet. */
  #needed = Promise.withResolvers<void>();
  #quiet: ReturnType<typeof setTimeout> | undefined;
  #quietMs = 0;

  constructor(
    private stdin: ReadableStream<Uint8Array> = Deno.stdin.readable,
    private stdout: WritableStream<Uint8Array> = Deno.stdout.writable,
    private maxLine = MAX_LINE_BYTES,
  ) {}

  /** Reads stdin to its end, a chunk at a time. */
  async #read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.#ondata(value);
      }
    } catch (err) {
      if (this.#reader) this.onerror?.(err as Error);
    } finally {
      // With nothing more to read, whatever waits in the handshake's queue needs the server.
      this.#needed.resolve();
      this.#ended.resolve();
    }
  }

  /** Writes `text` to stdout after everything written before it; resolves once it is written. */
  #write(text: string): Promise<void> {
    this.#writer ??= this.stdout.getWriter();
    return this.#writer.write(encoder.encode(text)).catch((err) => this.onerror?.(err as Error));
  }

  #ondata = (chunk: Uint8Array) => {
    let rest = chunk;
    while (rest.length) {
      const nl = rest.indexOf(0x0a);
      const piece = nl < 0 ? rest : rest.subarray(0, nl);
      if (this.#skipping) {
        this.#skipping.bytes += piece.length;
        this.#skipping.tail = concatBytes([this.#skipping.tail, piece]).slice(-ENDS);
      } else if (this.#size + piece.length > this.maxLine) {
        const line = concatBytes([...this.#chunks, piece]);
        this.#skipping = {
          bytes: this.#size + piece.length,
          head: utf8.decode(line.subarray(0, ENDS)),
          tail: line.slice(-ENDS),
        };
        this.#chunks = [];
        this.#size = 0;
      } else {
        this.#chunks.push(piece);
        this.#size += piece.length;
      }
      if (nl < 0) break;
      this.#endLine();
      rest = rest.subarray(nl + 1);
    }
  };

  #endLine(): void {
    if (this.#skipping) {
      const s = this.#skipping;
      this.#skipping = null;
      this.#refuse(s.bytes, s.head, utf8.decode(s.tail));
      return;
    }
    const line = utf8.decode(concatBytes(this.#chunks)).replace(/\r$/, "");
    this.#chunks = [];
    this.#size = 0;
    if (!line.trim()) return;
    if (this.#deserialize) this.#deliver(line);
    else {
      const early = this.#answerEarly(line);
      if (early?.server !== "never") this.#waiting.push({ line, early: early !== null });
    }
  }

  #deliver(line: string): void {
    try {
      this.onmessage?.(this.#deserialize!(line));
    } catch (err) {
      this.onerror?.(err as Error);
    }
  }

  /** Answers a line the handshake knows: what it made of it (null: the server answers it). */
  #answerEarly(line: string): EarlyAnswer | null {
    let message: { id?: string | number } | undefined;
    try {
      message = JSON.parse(line);
    } catch {
      message = undefined;
    }
    const early = message === undefined ? null : this.#handshake?.(message);
    this.#waitQuiet();
    if (!early) {
      this.#needed.resolve();
      return null;
    }
    if (early.result) {
      const reply = JSON.stringify({ jsonrpc: "2.0", id: message!.id!, result: early.result }) + "\n";
      // Written out before the server loads, which holds the thread: a reply still queued would wait for it.
      void this.#write(reply).then(() => early.server === "never" && this.#needed.resolve());
      if (early.server === "later") {
        this.#answered.set(JSON.stringify(message!.id), JSON.stringify(early.result));
      }
    }
    return early;
  }

  #refuse(bytes: number, head: string, tail: string): void {
    const found = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,100}")/.exec(head) ??
      /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,100}")/.exec(tail);
    const id = found ? JSON.parse(found[1]) as string | number : null;
    const message =
      `request of ${bytes} bytes refused: a request line may hold at most ${this.maxLine} bytes. ` +
      "Nothing was done; send less (every field's maximum is in the tool's schema).";
    console.error(`choto: ${message}`);
    // An error reply needs an id; without one the refusal is only logged.
    if (id !== null) {
      void this.send({ jsonrpc: "2.0", id, error: { code: -32600, message } } as JSONRPCMessage);
    }
  }

  /**
   * Starts reading now, before the server is connected: `handshake` answers
   * what it can, and the rest waits for {@link start}. Resolves when the
   * server is needed: a line came that the handshake does not answer, the
   * handshake is over, or the client said nothing for `quietMs`. Loading
   * the server holds the thread, so loading it earlier would hold up the
   * handshake's answers.
   */
  listen(handshake: Handshake | null = null, quietMs = 0): Promise<void> {
    this.#handshake = handshake;
    this.#quietMs = quietMs;
    if (!this.#reader) {
      this.#reader = this.stdin.getReader();
      void this.#read(this.#reader);
    }
    this.#waitQuiet();
    return this.#needed.promise;
  }

  /** (Re)starts the wait for a quiet client. */
  #waitQuiet(): void {
    clearTimeout(this.#quiet);
    if (this.#quietMs > 0 && !this.#deserialize) {
      this.#quiet = setTimeout(() => this.#needed.resolve(), this.#quietMs);
    }
  }

  /**
   * Sets how a line becomes a message once the server has started (the SDK's
   * `deserializeMessage`, schema-checked). The server's side hands it over:
   * imported here, the SDK and zod would be on the start path, where Deno
   * resolves every npm package before the handshake can be answered.
   */
  parseWith(parse: (line: string) => JSONRPCMessage): this {
    this.#parser = parse;
    return this;
  }

  /** Called by the server on connect: every line read so far reaches it, in order, then every later one. */
  async start(): Promise<void> {
    if (!this.#parser) throw new Error("the transport was started before parseWith gave it a message parser");
    this.#deserialize = this.#parser;
    clearTimeout(this.#quiet);
    void this.listen(this.#handshake);
    for (const { line } of this.#waiting.splice(0)) this.#deliver(line);
  }

  /**
   * Takes the first request still waiting for the server out of its queue,
   * when the handshake answered every line before it (so the client has
   * initialized) and `accept` takes the message: its caller answers it with
   * {@link send}, and the server never sees it. A request whose id the
   * handshake's answers use is left to the server.
   */
  takeFirstRequest<M>(accept: (message: unknown) => M | null): M | null {
    const at = this.#waiting.findIndex((w) => !w.early);
    if (at <= 0 || this.#deserialize) return null;
    let message: unknown;
    try {
      message = JSON.parse(this.#waiting[at].line);
    } catch {
      return null;
    }
    const id = (message as { id?: unknown })?.id;
    if (id === undefined || this.#answered.has(JSON.stringify(id))) return null;
    const taken = accept(message);
    if (taken !== null) this.#waiting.splice(at, 1);
    return taken;
  }

  async close(): Promise<void> {
    const reader = this.#reader;
    this.#reader = null;
    clearTimeout(this.#quiet);
    this.#chunks = [];
    await reader?.cancel().catch(() => {});
    this.#writer?.releaseLock();
    this.#writer = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const id = "id" in message ? JSON.stringify(message.id) : undefined;
    const early = id === undefined || "method" in message ? undefined : this.#answered.get(id);
    if (early !== undefined) {
      this.#answered.delete(id!);
      // The early answer is the server's own, written at build time; a difference means it is stale.
      if (!("result" in message) || JSON.stringify(message.result) !== early) {
        console.error("choto: the server's answer differs from the handshake's: run `deno task docs:tools`");
      }
      return Promise.resolve();
    }
    return this.#write(JSON.stringify(message) + "\n");
  }
}
