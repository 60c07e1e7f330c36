/** Stack packing and planning, icon-line rejection and native-memory trimming (pure logic, no recogniser). */

import { assert, assertEquals } from "./support/assert.ts";

import {
  type Blob,
  findTextLines,
  isIconBlob,
  isIconLine,
  isTextLine,
  rowHeight,
  type TextLine,
} from "../src/ocr/lines/find.ts";
import { preparedSize, prepareLine, TARGET_HEIGHT } from "../src/ocr/lines/prepare.ts";
import { greyOf } from "../src/image/pixels.ts";
import { decodeImage } from "../src/image/codec.ts";
import { canTrimNativeMemory, trimNativeMemory } from "../src/ocr/engines/native_heap.ts";
import { costliestFirst, packStacks } from "../src/ocr/lines/stack.ts";

const size = (t: { w: number; h: number }) => ({ width: t.w, height: t.h });

Deno.test("packStacks keeps screen order and bounds each stack's area", () => {
  const items = Array.from({ length: 10 }, (_, i) => ({ i, w: i % 2 ? 1000 : 200, h: 100 }));
  const groups = packStacks(items, size, 300_000, 2);
  assertEquals(groups.flat().map((t) => t.i), items.map((t) => t.i));
  for (const g of groups) {
    const area = Math.max(...g.map((t) => t.w)) * g.reduce((s, t) => s + t.h, 0);
    assert(area <= 300_000 * 1.05 || g.length === 1, `stack of ${area} px`);
  }
});

Deno.test("packStacks splits small work between the recognisers", () => {
  const items = Array.from({ length: 4 }, (_, i) => ({ i, w: 100, h: 10 }));
  assertEquals(packStacks(items, size, 1e6, 2).map((g) => g.length), [2, 2]);
  assertEquals(packStacks([items[0]], size, 1e6, 2).length, 1);
  assertEquals(packStacks([], size, 1e6, 2), []);
});

Deno.test("stacks are asked for costliest first, each keeping its lines in screen order", () => {
  // As the forty-line screen's first round packs: a long stack among short ones, not the first.
  const stacks = [[{ w: 667, h: 100 }], [{ w: 1230, h: 100 }, { w: 900, h: 100 }], [{ w: 601, h: 60 }]];
  const ordered = costliestFirst(stacks, (t) => t.w * t.h);
  assertEquals(ordered, [stacks[1], stacks[0], stacks[2]]);
  assertEquals(ordered[0].map((t) => t.w), [1230, 900]);
  assertEquals(costliestFirst([], (t: { w: number }) => t.w), []);
});

const blob = (x: number, w: number, h: number, mass: number): Blob => ({ x, y: 0, w, h, mass });
const line = (blobs: Blob[]): TextLine => ({
  x: blobs[0].x,
  y: 0,
  w: blobs.at(-1)!.x + blobs.at(-1)!.w - blobs[0].x,
  h: Math.max(...blobs.map((b) => b.h)),
  blobs,
});

Deno.test("a row of window buttons is an icon line, text is not", () => {
  // Measured on the fixtures: three 14x14 buttons with 156-186 edge pixels each.
  const buttons = line([blob(0, 14, 14, 156), blob(16, 14, 14, 186), blob(32, 14, 14, 172)]);
  assert(isIconLine(buttons));
  assert(!isTextLine(buttons));
  // A hollow `O` (21x22, 136 edge pixels) and a word with one dense glyph stay text.
  assert(!isIconBlob(blob(0, 21, 22, 136)));
  const word = line([blob(0, 14, 14, 180), blob(16, 8, 11, 40)]);
  assert(!isIconLine(word));
  assert(isTextLine(word));
});

Deno.test("trimming native memory is safe whatever the platform", () => {
  assertEquals(typeof canTrimNativeMemory(), "boolean");
  trimNativeMemory();
});

Deno.test("a line's prepared size is known before its pixels are prepared", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const grey = greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  const lines = findTextLines(grey);
  assert(lines.length > 20, `${lines.length} lines`);
  for (const line of lines) {
    for (
      const [height, target] of [[rowHeight(line), TARGET_HEIGHT], [8, TARGET_HEIGHT], [rowHeight(line), 64]]
    ) {
      const { image } = prepareLine(grey, line, height, undefined, target);
      assertEquals(preparedSize(line, height, target), { width: image.width, height: image.height });
    }
  }
});
