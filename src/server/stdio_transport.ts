/**
 * The MCP stdio transport with a bound on request lines that does not end
 * the session: a line longer than {@link MAX_LINE_BYTES} is skipped to its
 * newline and answered with a JSON-RPC error (to its id, when the id can be
 * read from the line's ends), and the server keeps serving. The SDK's own
 * transport closes itself on an oversized buffer instead.
 *
 * @module
 */

import process from "node:process";
import { Buffer } from "node:buffer";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The longest request line read; any valid call is far smaller (every field has a maximum). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Bytes kept from each end of an oversized line to find its id. */
const ENDS = 256;

/** Reads newline-delimited JSON-RPC from stdin and writes it to stdout. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #chunks: Buffer[] = [];
  #size = 0;
  /** While skipping an oversized line: its length so far and its first and last bytes. */
  #skipping: { bytes: number; head: string; tail: Buffer } | null = null;

  constructor(
    private stdin: NodeJS.ReadableStream = process.stdin,
    private stdout: NodeJS.WritableStream = process.stdout,
    private maxLine = MAX_LINE_BYTES,
  ) {}

  #ondata = (chunk: Buffer) => {
    let rest = chunk;
    while (rest.length) {
      const nl = rest.indexOf(0x0a);
      const piece = nl < 0 ? rest : rest.subarray(0, nl);
      if (this.#skipping) {
        this.#skipping.bytes += piece.length;
        this.#skipping.tail = Buffer.concat([this.#skipping.tail, piece]).subarray(-ENDS);
      } else if (this.#size + piece.length > this.maxLine) {
        const head = Buffer.concat([...this.#chunks, piece]).subarray(0, ENDS).toString("utf8");
        this.#skipping = {
          bytes: this.#size + piece.length,
          head,
          tail: Buffer.concat([...this.#chunks, piece]).subarray(-ENDS),
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
      this.#refuse(s.bytes, s.head, s.tail.toString("utf8"));
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#size = 0;
    if (!line.trim()) return;
    try {
      this.onmessage?.(deserializeMessage(line));
    } catch (err) {
      this.onerror?.(err as Error);
    }
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

  start(): Promise<void> {
    this.stdin.on("data", this.#ondata);
    this.stdin.on("error", this.#onerror);
    return Promise.resolve();
  }

  #onerror = (error: Error) => this.onerror?.(error);

  close(): Promise<void> {
    this.stdin.off("data", this.#ondata);
    this.stdin.off("error", this.#onerror);
    this.#chunks = [];
    this.onclose?.();
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once("drain", () => resolve());
    });
  }
}
