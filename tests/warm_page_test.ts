import { assert, assertEquals } from "./support/assert.ts";
import { greyOf } from "../src/image/pixels.ts";
import { flattenBands } from "../src/ocr/lines/bands.ts";
import { LineFinder } from "../src/ocr/lines/reuse.ts";
import { attachControls, controlMemory } from "../src/perceive/controls.ts";
import { IconShapeFinder } from "../src/perceive/icon_reuse.ts";
import { warmPage } from "../src/perceive/warm_page.ts";
import { warmPassSteps } from "../src/perceive/warm_passes.ts";
import { whiteFrame } from "./support/drawn.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";

Deno.test("the made-up window warms the passes over text: its lines are found and its controls told", () => {
  const { frame, window, labels } = warmPage();
  const lines = new LineFinder().find(flattenBands(greyOf(frame, window)), false, "page");
  // Twelve lines of text and the form's two labels, at least.
  assert(lines.length >= 14, `${lines.length} lines`);
  const kinds = attachControls(frame, labels, window, controlMemory()).flatMap((e) =>
    e.control ? [e.control.kind] : []
  );
  assertEquals(kinds.sort(), ["checkbox", "entry"]);
  assert(new IconShapeFinder().find(frame, window).length > 0);
});

Deno.test("the variant changes some lines and keeps the rest, so the passes' reuse runs too", () => {
  const a = warmPage(0).frame.data, b = warmPage(1).frame.data;
  let changed = 0, same = 0;
  const row = 640 * 4;
  for (let y = 0; y < a.length / row; y++) {
    const r = (d: Uint8Array) => d.subarray(y * row, (y + 1) * row);
    if (r(a).every((v, i) => v === r(b)[i])) same++;
    else changed++;
  }
  assert(changed > 0 && same > changed, `${changed} rows changed, ${same} the same`);
});

Deno.test("every warming step runs on a bare screen and leaves the frame as it was", () => {
  const frame = whiteFrame(320, 200);
  const before = frame.data.slice();
  const steps = warmPassSteps(frame);
  for (const step of steps) step();
  assert(steps.length > 3);
  assertEquals(frame.data.every((v, i) => v === before[i]), true);
});

Deno.test("the made-up window's title bar is told from its title, as a window manager's is, not recognised", async () => {
  const { frame, window, title } = warmPage();
  const reader = createScreenReader(new TesseractEngine(1));
  try {
    const band = { x: 0, y: 0, width: window.width, height: title.height };
    const read = await reader.read(frame, window, { title: { band, text: title.text } });
    const inBar = read.elements.filter((e) => e.cy < title.height);
    assertEquals(inBar.map((e) => [e.text, e.conf]), [[title.text, 1]]);
  } finally {
    await reader.close();
  }
});
