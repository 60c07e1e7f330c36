/** Escaping screen text so it cannot break a reply's lines. */

import { assert, assertEquals } from "./support/assert.ts";
import { escapeScreenText, quotedBlock } from "../src/common/untrusted.ts";
import { quote } from "../src/graph/routes.ts";
import { openTitles } from "../src/look/look.ts";
import { escaped } from "../src/ocr/reader.ts";
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

Deno.test("an element leaves the reader with its text, its least sure word and its segments escaped", () => {
  const raw = "Run\u202Enow";
  const run = { text: raw, x: 0, y: 0, w: 40, h: 11, cx: 20, cy: 5, conf: 0.9 };
  const e = escaped({
    ...run,
    text: `${raw} twice`,
    w: 90,
    leastSure: { text: raw, conf: 0.5, x: 0, w: 40 },
    segments: [run],
  });
  const seen = JSON.stringify(e);
  assert(!seen.includes("\u202E"), seen);
  assertEquals([e.text.startsWith(escapeScreenText(raw)), e.leastSure?.text, e.segments?.[0].text], [
    true,
    escapeScreenText(raw),
    escapeScreenText(raw),
  ]);
});
