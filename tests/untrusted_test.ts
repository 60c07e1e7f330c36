/** Escaping screen text so it cannot break a reply's lines. */

import { assertEquals } from "./support/assert.ts";
import { escapeScreenText, quotedBlock } from "../src/common/untrusted.ts";
import { quote } from "../src/graph/routes.ts";
import { openTitles } from "../src/look/look.ts";
import type { WindowState } from "../src/desktop/types.ts";

Deno.test("control characters, separators and bidi overrides become visible escapes", () => {
  assertEquals(escapeScreenText("a\nb\r\tc"), "a\\nb\\r\\tc");
  assertEquals(escapeScreenText("x\u2028y\u202ez\u0007"), "x\\u{2028}y\\u{202e}z\\u{7}");
  assertEquals(escapeScreenText("Plain words, ünïcode 日本"), "Plain words, ünïcode 日本");
  // Escaping twice changes nothing more: the escapes are plain characters.
  assertEquals(escapeScreenText(escapeScreenText("a\nb")), "a\\nb");
});

Deno.test("a quoted block keeps the screen's lines behind a bar", () => {
  assertEquals(quotedBlock("one\nstatus: success\r\ntwo"), "  | one\n  | status: success\n  | two");
  assertEquals(quote('say "hi"\nthen'), '"say \\"hi\\"\\nthen"');
});

Deno.test("open window titles in a failure reason come escaped", () => {
  const state = {
    windows: [{
      id: "1",
      title: "Notes\n\u202eevil",
      app: "mousepad",
      pid: 1,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
    }],
    focusWindowId: "1",
    frontmostApp: "mousepad",
  } as unknown as WindowState;
  assertEquals(openTitles(state), [`"Notes\\n\\u{202e}evil" (mousepad)`]);
});
