/**
 * An Athena Toggle alone on its row: unset, it is drawn as any Command
 * button is (an outline round its label), so no state is claimed for it;
 * after a click it is set when it is then drawn in reverse in the same box,
 * and `expect {checked}` holds by that evidence. A button drawn plain after
 * the click (a Command button) gives no state, and the expectation fails.
 * Later looks list it set or unset once the window has shown it both ways
 * (plain, then in reverse in the same box and style, or back); a dark
 * button seen one way only, or whose plain look is another style (a
 * default button), is listed with no state.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { paint } from "./support/drawn.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Element } from "../src/ocr/types.ts";
import { attachToggleButtons, toggledByPixels } from "../src/perceive/toggle_buttons.ts";
import { attachLoneToggles, ToggleMemory } from "../src/perceive/lone_toggles.ts";
import { elementText } from "../src/render/element_rows.ts";
import { judge } from "../src/plan/expect.ts";

const GROUND = [214, 214, 214], INK = [0, 0, 0];
/** The label's box and the button's outline round it. */
const LABEL = { x: 40, y: 24, w: 52, h: 12 }, BUTTON = { x: 34, y: 19, w: 64, h: 22 };

/**
 * A frame with the button drawn plain (outline, dark letters) or in reverse (filled, letters in the ground's
 * grey); `outline` is the plain outline's colour and `fill` the reversed fill's, black unless given.
 */
function frame(reversed: boolean, { outline = INK, fill = INK, dx = 0 } = {}): RgbaImage {
  const img: RgbaImage = { width: 160, height: 64, data: new Uint8Array(160 * 64 * 4) };
  for (let i = 0; i < 160 * 64; i++) img.data.set([...GROUND, 255], i * 4);
  const { y, w, h } = BUTTON, x = BUTTON.x + dx;
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const edge = i === x || j === y || i === x + w - 1 || j === y + h - 1;
      if (reversed) paint(img, i, j, fill);
      else if (edge) paint(img, i, j, outline);
    }
  }
  for (let i = LABEL.x + dx; i < LABEL.x + dx + LABEL.w; i += 3) {
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

Deno.test("expect names the step's own evidence for a toggle an earlier look already settled", () => {
  const before = { frame: frame(false), elements: [label] };
  const settled = { ...label, control: { kind: "toggle" as const, state: "checked", ...BUTTON } };
  const set = judge({ checked: "Email me" }, before, { frame: frame(true), elements: [settled] });
  assertEquals(set, {
    holds: true,
    details: ['toggle "Email me" is checked (drawn in reverse since the step)'],
  });
});

/** The window the frames are drawn in: its corner at the frame's. */
const WINDOW = { id: "0x400001", bounds: { x: 0, y: 0, width: 160, height: 64 } };

/** One look: a frame, the window it shows, and how far right the button and its label were drawn. */
interface Look {
  img: RgbaImage;
  window?: typeof WINDOW;
  dx?: number;
}

/** The label as `attachLoneToggles` lists it in each look, taken in turn with one memory. */
function listed(looks: Array<RgbaImage | Look>): string[] {
  const memory = new ToggleMemory();
  return looks.map((l) => {
    const { img, window = WINDOW, dx = 0 } = "img" in l ? l : { img: l };
    const shifted = { ...label, x: label.x + dx, cx: label.cx + dx };
    return elementText(attachLoneToggles(img, [shifted], window, memory)[0]);
  });
}

Deno.test("a lone button seen plain, then in reverse in the same box and style, is a set toggle; back plain, unset", () => {
  assertEquals(listed([frame(false), frame(true), frame(false), frame(true)]), [
    "Email me",
    "Email me [toggle checked]",
    "Email me [toggle unchecked]",
    "Email me [toggle checked]",
  ]);
});

Deno.test("a lone dark button seen one way only keeps no state", () => {
  assertEquals(listed([frame(true), frame(true)]), ["Email me", "Email me"]);
  assertEquals(listed([frame(false), frame(false)]), ["Email me", "Email me"]);
});

Deno.test("a default button turned dark is no toggle: its plain outline is not the colour that fills it", () => {
  // Grey outlined while the form was incomplete, filled blue once it could be sent (GTK's, Chromium's look).
  const grey = [150, 150, 150], blue = [40, 90, 200];
  assertEquals(listed([frame(false, { outline: grey }), frame(true, { fill: blue })]), [
    "Email me",
    "Email me",
  ]);
});

Deno.test("the plain look counts only in the same window and the same place in it", () => {
  const other = { ...WINDOW, id: "0x600001" };
  assertEquals(listed([frame(false), { img: frame(true), window: other }]), ["Email me", "Email me"]);
  // Another button of that label elsewhere in the window.
  assertEquals(listed([frame(false), { img: frame(true, { dx: 20 }), dx: 20 }]), ["Email me", "Email me"]);
  // The window moved 20 pixels right, the button with it: the same place in the window.
  const moved = { ...WINDOW, bounds: { ...WINDOW.bounds, x: 20 } };
  assertEquals(listed([frame(false), { img: frame(true, { dx: 20 }), dx: 20, window: moved }]), [
    "Email me",
    "Email me [toggle checked]",
  ]);
});
