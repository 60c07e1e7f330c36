/**
 * An Athena Toggle alone on its row: unset, it is drawn as any Command
 * button is (an outline round its label), so no state is claimed for it;
 * after a click it is set when it is then drawn in reverse in the same box,
 * and `expect {checked}` holds by that evidence. A button drawn plain after
 * the click (a Command button) gives no state, and the expectation fails.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { paint } from "./support/drawn.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Element } from "../src/ocr/types.ts";
import { attachToggleButtons, toggledByPixels } from "../src/perceive/toggle_buttons.ts";
import { judge } from "../src/plan/expect.ts";

const GROUND = [214, 214, 214], INK = [0, 0, 0];
/** The label's box and the button's outline round it. */
const LABEL = { x: 40, y: 24, w: 52, h: 12 }, BUTTON = { x: 34, y: 19, w: 64, h: 22 };

/** A frame with the button drawn plain (outline, dark letters) or in reverse (filled, letters in the ground's grey). */
function frame(reversed: boolean): RgbaImage {
  const img: RgbaImage = { width: 160, height: 64, data: new Uint8Array(160 * 64 * 4) };
  for (let i = 0; i < 160 * 64; i++) img.data.set([...GROUND, 255], i * 4);
  const { x, y, w, h } = BUTTON;
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const edge = i === x || j === y || i === x + w - 1 || j === y + h - 1;
      if (edge || reversed) paint(img, i, j, INK);
    }
  }
  for (let i = LABEL.x; i < LABEL.x + LABEL.w; i += 3) {
    for (let j = LABEL.y; j < LABEL.y + LABEL.h; j++) paint(img, i, j, reversed ? GROUND : INK);
  }
  return img;
}

const label: Element = {
  text: "Email me",
  ...LABEL,
  cx: LABEL.x + LABEL.w / 2,
  cy: LABEL.y + LABEL.h / 2,
  conf: 0.95,
};

Deno.test("a lone unset toggle is no control: its state is not claimed", () => {
  const [e] = attachToggleButtons(frame(false), [label, { ...label, text: "Alerts", x: 2, w: 28, cx: 16 }]);
  assertEquals(e.control, undefined);
});

Deno.test("a click that leaves the button drawn in reverse set it; undoing that unset it", () => {
  assertEquals(toggledByPixels(frame(false), frame(true), label), { state: "checked", label: "Email me" });
  assertEquals(toggledByPixels(frame(true), frame(false), label), { state: "unchecked", label: "Email me" });
  assertEquals(toggledByPixels(frame(false), frame(false), label), null);
});

Deno.test("expect checked holds on a lone toggle drawn in reverse since the step, not on a plain button", () => {
  const before = { frame: frame(false), elements: [label] };
  const set = judge({ checked: "Email me" }, before, { frame: frame(true), elements: [label] });
  assert(set.holds, set.details.join("; "));
  assertEquals(set.details, ['toggle "Email me" is checked (drawn in reverse since the step)']);
  const wrong = judge({ unchecked: "Email me" }, before, { frame: frame(true), elements: [label] });
  assertEquals(wrong.holds, false);
  const plain = judge({ checked: "Email me" }, before, { frame: frame(false), elements: [label] });
  assertEquals(plain.holds, false);
  assert(plain.details[0].includes("no checkbox"), plain.details[0]);
});
