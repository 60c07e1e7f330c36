/** What the service and the bridge say before MCP, and how a bridge judges a service's version. */

import { assertEquals } from "./support/assert.ts";
import {
  compareVersions,
  helloLine,
  parseHello,
  parsePurpose,
  purposeLine,
  verdict,
} from "../src/cli/service_protocol.ts";

Deno.test("the greeting and the purpose read back as written; anything else is none", () => {
  assertEquals(parseHello(helloLine("1.2.3", 42).trimEnd()), { choto: "service", version: "1.2.3", pid: 42 });
  assertEquals(parsePurpose(purposeLine("session")), "session");
  assertEquals(parsePurpose(purposeLine("stop")), "stop");
  assertEquals(parsePurpose(purposeLine("hello")), "hello");
  for (
    const line of ['{"jsonrpc":"2.0","id":1,"method":"initialize"}', "[]", "null", "{", '{"choto":"other"}']
  ) {
    assertEquals(parsePurpose(line), null, line);
    assertEquals(parseHello(line), null, line);
  }
  assertEquals(parseHello('{"choto":"service","version":"1","pid":1.5}'), null);
  assertEquals(parseHello('{"choto":"service","version":2,"pid":1}'), null);
});

Deno.test("versions compare by number, part by part; a pre-release comes before its release", () => {
  const ordered = ["0.6.9", "0.7.0-rc.1", "0.7.0", "0.7.1", "0.10.0", "1.0.0"];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = 0; j < ordered.length; j++) {
      assertEquals(
        Math.sign(compareVersions(ordered[i], ordered[j])),
        Math.sign(i - j),
        `${ordered[i]} ${ordered[j]}`,
      );
    }
  }
  assertEquals(compareVersions("1.0", "1.0.0"), 0);
});

Deno.test("a bridge uses a service of its version, replaces an older one and uses a newer one", () => {
  assertEquals(verdict("0.7.0", "0.7.0"), "use");
  assertEquals(verdict("0.7.1", "0.7.0"), "replace");
  assertEquals(verdict("0.7.0", "0.7.1"), "use-newer");
});
