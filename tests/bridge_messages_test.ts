/** What the bridge reads off the lines it pumps, the error replies it writes, and its line reader. */

import { assertEquals } from "./support/assert.ts";
import { errorLine, idKey, lineKind, withId } from "../src/cli/bridge_messages.ts";
import { LineReader } from "../src/cli/line_reader.ts";

Deno.test("requests, notifications and responses are told apart; anything else is other", () => {
  assertEquals(lineKind('{"jsonrpc":"2.0","id":3,"method":"tools/call"}'), {
    kind: "request",
    id: 3,
    method: "tools/call",
  });
  assertEquals(lineKind('{"jsonrpc":"2.0","method":"notifications/initialized"}'), {
    kind: "notification",
    method: "notifications/initialized",
  });
  assertEquals(lineKind('{"jsonrpc":"2.0","id":"a","result":{}}'), { kind: "response", id: "a" });
  for (const line of ["", "{", "[1]", '{"jsonrpc":"2.0"}', '{"id":{"x":1},"result":1}']) {
    assertEquals(lineKind(line), { kind: "other" }, line);
  }
  assertEquals(idKey(1) === idKey("1"), false);
});

Deno.test("an error reply answers its request's id; a replayed initialize keeps all but its id", () => {
  assertEquals(JSON.parse(errorLine(7, "gone")), {
    jsonrpc: "2.0",
    id: 7,
    error: { code: -32603, message: "gone" },
  });
  assertEquals(errorLine(7, "gone").endsWith("\n"), true);
  const init = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"c"}}}';
  assertEquals(JSON.parse(withId(init, "r-2")), { ...JSON.parse(init), id: "r-2" });
});

/** A stream that hands out `chunks` one read at a time. */
const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const s of chunks) c.enqueue(new TextEncoder().encode(s));
      c.close();
    },
  });

Deno.test("lines come whole however the bytes are cut, and the rest of the stream is kept", async () => {
  const r = new LineReader(streamOf(["ab", "c\nde", "f\r\n", "g\nrest", " of it"]));
  assertEquals(await r.line(), "abc");
  assertEquals(await r.line(), "def");
  assertEquals(await r.line(), "g");
  assertEquals(await new Response(r.rest()).text(), "rest of it");
  const last = new LineReader(streamOf(["x\n", "no newline"]));
  assertEquals(await last.line(), "x");
  assertEquals(await last.line(), "no newline");
  assertEquals(await last.line(), null);
});

Deno.test("a line past the limit is refused", async () => {
  const r = new LineReader(streamOf(["x".repeat(50), "y".repeat(50)]));
  let problem = "";
  await r.line(60).catch((err) => (problem = (err as Error).message));
  assertEquals(problem, "a line longer than 60 bytes");
});
