/**
 * A label controls.ts cut past its checkbox or radio, read unsure, is read
 * again alone (src/perceive/label_reread.ts): which labels qualify, and
 * which second readings replace the first (one row of letters, much surer).
 * The reader here is the real one, reading the real Qt6 capture
 * (fixtures/views/qt6_form.png) where the recogniser took the `Small`
 * radio's circle in with the word.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { cutUnsureLabel, rereadCutLabels, surerReading } from "../src/perceive/label_reread.ts";
import { decodeImage } from "../src/image/codec.ts";
import { attachControls } from "../src/perceive/controls.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import type { Element } from "../src/ocr/types.ts";

function el(text: string, x: number, y: number, w: number, h: number, conf: number): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

const RADIO = { kind: "radio" as const, state: "unchecked", x: 19, y: 228, w: 14, h: 14 };

Deno.test("only an unsure label cut past its checkbox or radio is read again", () => {
  assert(cutUnsureLabel({ ...el("Small", 33, 228, 38, 13, 0.34), control: RADIO }));
  assert(!cutUnsureLabel({ ...el("Small", 33, 228, 38, 13, 0.9), control: RADIO }), "sure already");
  assert(!cutUnsureLabel({ ...el("Small", 40, 228, 31, 13, 0.34), control: RADIO }), "box not cut");
  assert(!cutUnsureLabel(el("Small", 33, 228, 38, 13, 0.34)), "no control");
  assert(!cutUnsureLabel({ ...el("Small", 33, 228, 38, 13, 0.34), control: { ...RADIO, kind: "switch" } }));
});

Deno.test("a second reading replaces the first only when it is one row of letters and much surer", () => {
  const label = { ...el("Small", 33, 228, 38, 13, 0.34), control: RADIO };
  const better = surerReading(label, [el("Small", 40, 230, 31, 10, 0.96)]);
  assertEquals(better?.text, "Small");
  assertEquals(better?.conf, 0.96);
  assertEquals(better?.control, RADIO);
  assertEquals(surerReading(label, []), null);
  assertEquals(surerReading(label, [el("Small", 40, 230, 31, 10, 0.45)]), null, "not sure enough");
  assertEquals(surerReading(label, [el("|", 40, 230, 3, 10, 0.95)]), null, "no letters");
  assertEquals(surerReading(label, [el("Small", 40, 260, 31, 10, 0.95)]), null, "another row");
  assertEquals(
    surerReading({ ...label, conf: 0.8 }, [el("Small", 40, 230, 31, 10, 0.9)]),
    null,
    "not surer by enough",
  );
});

Deno.test({
  name: "on the Qt6 capture, the radio's label read with its circle is read again alone, surer and the same",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const img = await decodeImage(
      await Deno.readFile(new URL("../fixtures/views/qt6_form.png", import.meta.url)),
    );
    const area = { x: 0, y: 0, width: img.width, height: img.height };
    const labelled = attachControls(img, [el("Small", 19, 228, 52, 13, 0.34)], area);
    const reader = createScreenReader(new TesseractEngine(1));
    try {
      const [small] = await rereadCutLabels(reader, img, labelled);
      assertEquals(small.text, "Small");
      assert(small.conf >= 0.85, `still unsure: ${JSON.stringify(small)}`);
      assertEquals(small.control?.state, "unchecked");
    } finally {
      await reader.close();
    }
  },
});
