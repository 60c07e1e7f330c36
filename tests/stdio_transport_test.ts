/**
 * The stdio transport reads stdin as a client writes it: lines split over
 * chunks, several lines in one chunk and characters cut between chunks all
 * arrive whole, and the client closing stdin ends the reading.
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { BoundedStdioTransport } from "../src/server/stdio_transport.ts";
import { assertEquals } from "./support/assert.ts";
import { inputPipe, outputPipe } from "./support/pipes.ts";

const parse = (line: string) => JSON.parse(line) as JSONRPCMessage;

Deno.test("lines cut anywhere between chunks, even inside a character, reach the server whole and in order", async () => {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith(parse);
  const got: JSONRPCMessage[] = [];
  t.onmessage = (m) => got.push(m);
  await t.start();
  const first = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { q: "Grüße 日本" } });
  const second = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
  const bytes = new TextEncoder().encode(`${first}\r\n${second}\n`);
  // Cut inside "日" (three bytes), then hand the rest over with the second line in the same chunk.
  const cut = new TextEncoder().encode(first).indexOf(0xe6) + 1;
  stdin.writeBytes(bytes.subarray(0, cut));
  stdin.writeBytes(bytes.subarray(cut));
  await stdin.end();
  await t.ended;
  assertEquals(got.map((m) => (m as { id: number }).id), [1, 2]);
  assertEquals((got[0] as { params: { q: string } }).params.q, "Grüße 日本");
  await t.close();
});

Deno.test("replies are written in the order they are sent", async () => {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith(parse);
  await t.start();
  await Promise.all([1, 2, 3].map((id) => t.send({ jsonrpc: "2.0", id, result: {} })));
  assertEquals(stdout.text().trim().split("\n").map((l) => JSON.parse(l).id), [1, 2, 3]);
  await stdin.end();
  await t.close();
});

Deno.test("stdin closed before the server started: the lines read reach it, and the transport says it has ended", async () => {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith(parse);
  const needed = t.listen(null, 60_000);
  stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }) + "\n");
  await stdin.end();
  // Not the 60 s quiet wait: the end of stdin means the server is needed now.
  await needed;
  await t.ended;
  const got: JSONRPCMessage[] = [];
  t.onmessage = (m) => got.push(m);
  await t.start();
  assertEquals(got.map((m) => (m as { id: number }).id), [9]);
  await t.close();
});

Deno.test("a stdin that fails is reported once and ends the reading; the server is not left waiting", async () => {
  const stdin = new ReadableStream<Uint8Array>({
    pull: (c) => c.error(new Error("stdin broke")),
  });
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin, stdout.writable).parseWith(parse);
  const errors: string[] = [];
  t.onerror = (e) => errors.push(e.message);
  await t.listen(null, 60_000);
  await t.ended;
  assertEquals(errors, ["stdin broke"]);
  await t.close();
});

Deno.test("a stdout that refuses a write is reported, and the send still settles", async () => {
  const stdin = inputPipe();
  const stdout = new WritableStream<Uint8Array>({
    write: () => Promise.reject(new Error("stdout closed")),
  });
  const t = new BoundedStdioTransport(stdin.readable, stdout).parseWith(parse);
  const errors: string[] = [];
  t.onerror = (e) => errors.push(e.message);
  await t.start();
  await t.send({ jsonrpc: "2.0", id: 1, result: {} });
  assertEquals(errors, ["stdout closed"]);
  await stdin.end();
  await t.close();
});
