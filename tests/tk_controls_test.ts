/**
 * Control states and entries on a real Tk form's pixels (fixtures/views/
 * tk_form*.png, a capture of tests/support/tk_form.py): Tk draws its
 * checkbox and radio buttons white inside on a grey form, which is no mark;
 * a ticked box under the pointer sits on Tk's lighter active ground; its
 * entries are empty white boxes, one right of its label and one below.
 * Also: a box filled with an accent and nothing else says no state, and an
 * expectation never holds on a state that is unknown.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { attachControls } from "../src/perceive/controls.ts";
import { stateOf } from "../src/perceive/control_shapes.ts";
import { elementText } from "../src/render/element_rows.ts";
import type { Element } from "../src/ocr/types.ts";
import { judge } from "../src/plan/expect.ts";
import { paint, whiteFrame } from "./support/drawn.ts";

async function view(name: string): Promise<RgbaImage> {
  return decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
}

/** A label as the reader gave it (boxes read off the fixture). */
function el(text: string, x: number, y: number, w: number, h: number, conf = 0.96): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

const labels = (tick: string) => [
  el("Full name", 20, 42, 68, 11),
  el("Email address", 20, 79, 99, 11),
  el(
    tick,
    tick === "Subscribe to newsletter" ? 43 : 26,
    136,
    tick === "Subscribe to newsletter" ? 164 : 181,
    12,
  ),
  el("Small", 47, 163, 38, 12),
  el("Medium", 47, 186, 55, 11),
  el("Large", 47, 210, 39, 14),
  el("Submit", 33, 248, 50, 11),
];

/** Each label as a reply writes it. */
async function said(fixture: string, tick: string): Promise<string[]> {
  const img = await view(fixture);
  const found = attachControls(img, labels(tick), { x: 0, y: 0, width: img.width, height: img.height });
  return found.map(elementText);
}

Deno.test("Tk: an empty box is unchecked, only the selected radio is checked, entries are named by their labels", async () => {
  assertEquals(await said("tk_form.png", "Subscribe to newsletter"), [
    "Full name [entry empty]",
    "Email address [entry empty]",
    "Subscribe to newsletter [checkbox unchecked]",
    "Small [radio unchecked]",
    "Medium [radio checked]",
    "Large [radio unchecked]",
    "Submit",
  ]);
});

Deno.test("Tk: a ticked box under the pointer, on the lighter active ground, is checked; its tick leaves the text", async () => {
  const texts = await said("tk_form_hovered_tick.png", "WV Subscribe to newsletter");
  assertEquals(texts[2], "Subscribe to newsletter [checkbox checked]");
});

Deno.test("the entry's click point is inside the entry, right of its label or below it", async () => {
  const img = await view("tk_form.png");
  const [name, email] = attachControls(img, labels("Subscribe to newsletter").slice(0, 2), {
    x: 0,
    y: 0,
    width: img.width,
    height: img.height,
  });
  assert(
    name.control && name.control.x > name.x + name.w &&
      Math.abs(name.control.y + name.control.h / 2 - name.cy) <= 3,
  );
  assert(email.control && email.control.y > email.y + email.h && Math.abs(email.control.x - email.x) <= 4);
});

Deno.test("a box filled flat with an accent says no state; a flat white one on grey is empty", () => {
  const img = whiteFrame(20, 20);
  const box = { x: 2, y: 2, w: 14, h: 14 };
  for (let x = 2; x < 16; x++) for (let y = 2; y < 16; y++) paint(img, x, y, [53, 132, 228]);
  assertEquals(stateOf(img, "checkbox", box, [255, 255, 255]), "unknown");
  for (let x = 2; x < 16; x++) for (let y = 2; y < 16; y++) paint(img, x, y, [255, 255, 255]);
  assertEquals(stateOf(img, "checkbox", box, [217, 217, 217]), "unchecked");
  assertEquals(
    elementText({
      ...el("Remember me", 20, 2, 80, 12),
      control: { kind: "checkbox", state: "unknown", ...box },
    }),
    "Remember me [checkbox state unknown]",
  );
});

Deno.test("an expectation holds neither way on a state that is unknown", () => {
  const frame = whiteFrame(20, 20);
  const remember = {
    ...el("Remember me", 20, 2, 80, 12),
    control: { kind: "checkbox" as const, state: "unknown", x: 2, y: 2, w: 12, h: 12 },
  };
  const before = { frame, elements: [remember] };
  for (const expect of [{ checked: "Remember me" }, { unchecked: "Remember me" }]) {
    const v = judge(expect, before, { frame, elements: [remember] });
    assertEquals(v.holds, false);
    assert(v.details[0].includes("unknown"), v.details[0]);
  }
});
