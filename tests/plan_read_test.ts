/** A read's size limit: where it cuts, and the from_text that continues it. */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { limitLines } from "../src/plan/actions/read/read.ts";
import { boundLines } from "../src/plan/actions/read/layout.ts";

const LOG = Array.from({ length: 400 }, (_, i) => `line ${i + 1}: the server answered request ${i + 1}`);

Deno.test("a read within max_chars is left whole", () => {
  assertEquals(limitLines(LOG.slice(0, 3), 20_000), null);
});

Deno.test("a long read is cut at a line boundary and says where to continue", () => {
  const cut = limitLines(LOG, 2000);
  assert(cut);
  assert(cut.lines.join("\n").length <= 2000);
  assertEquals(cut.lines, LOG.slice(0, cut.lines.length));
  const next = LOG[cut.lines.length];
  assertMatch(
    cut.note,
    new RegExp(`cut at \\d+ of ${LOG.join("\n").length} characters \\(max_chars 2000\\)`),
  );
  assertMatch(cut.note, new RegExp(`from_text "${next}"`));
  // Following the advice reads on from exactly the first line left out.
  const from = cut.note.match(/from_text "([^"]+)"/)![1];
  const again = boundLines(LOG, from);
  assert(again.found);
  assertEquals(again.start, cut.lines.length);
});

Deno.test("the continuation skips a line whose words also appear before the cut", () => {
  const lines = ["Total", "a".repeat(50), "Total", "Subtotal 12", "end"];
  const cut = limitLines(lines, 56);
  assert(cut);
  assertEquals(cut.lines, ["Total", "a".repeat(50)]);
  assertMatch(cut.note, /from_text "Subtotal 12"/);
});

Deno.test("a single line longer than max_chars is cut inside", () => {
  const cut = limitLines(["x".repeat(500), "after"], 200);
  assert(cut);
  assertEquals(cut.lines, ["x".repeat(200)]);
  assertMatch(cut.note, /from_text "after"/);
});
