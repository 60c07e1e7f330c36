/**
 * The pure pieces of icon naming: sheet keys are the shortest unique hash
 * prefixes, and a place is described in words.
 */

import { keyFor } from "../src/graph/glyph_sheet.ts";
import { hashDistance } from "../src/perceive/phash.ts";
import { whereInWindow } from "../src/render/icon_text.ts";
import { assertEquals } from "./support/assert.ts";

Deno.test("a sheet key is the shortest prefix of at least 8 digits no other glyph of the app shares", () => {
  const all = ["0123456789abcdef", "0123456799999999", "fedcba9876543210"];
  assertEquals(keyFor(all[0], all), "012345678");
  assertEquals(keyFor(all[2], all), "fedcba98");
  assertEquals(hashDistance("0f", "f0"), 8);
});

Deno.test("where a box lies in its window, in words", () => {
  const win = { width: 900, height: 600 };
  assertEquals(whereInWindow({ x: 5, y: 3, w: 16, h: 16 }, win), "title bar, left");
  assertEquals(whereInWindow({ x: 400, y: 60, w: 20, h: 20 }, win), "toolbar strip, middle");
  assertEquals(whereInWindow({ x: 10, y: 300, w: 12, h: 12 }, win), "left column (sidebar)");
  assertEquals(whereInWindow({ x: 880, y: 580, w: 12, h: 12 }, win), "bottom strip, right");
});
