import { assert, assertEquals } from "./support/assert.ts";
import { attachControls } from "../src/perceive/controls.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { checkbox, label, letters, paint, whiteFrame } from "./support/drawn.ts";

const W = 400, H = 200;

const frame = () => whiteFrame(W, H);

/** A 14 px radio button at (x, y): a grey ring, with a dot when checked. */
function radio(img: RgbaImage, x: number, y: number, checked: boolean): void {
  for (let i = 0; i < 14; i++) {
    for (let j = 0; j < 14; j++) {
      const d = Math.hypot(i + 0.5 - 7, j + 0.5 - 7);
      if ((d >= 5.8 && d <= 7) || (checked && d <= 3.2)) paint(img, x + i, y + j, [60, 60, 60]);
    }
  }
}

Deno.test("a checkbox beside its label is put on the label with its state; its glyph leaves the text", () => {
  const img = frame();
  checkbox(img, 20, 40, false);
  letters(img, 42, 40, 180, 13);
  checkbox(img, 20, 100, true);
  letters(img, 42, 100, 120, 13);
  // OCR read the empty box as "[J" at the start of its label, and the filled one not at all.
  const elements = [
    label("[J Send me the newsletter", 20, 40, 202),
    label("Wrap it as a gift", 42, 100, 120),
  ];
  const [news, gift] = attachControls(img, elements, { x: 0, y: 0, width: W, height: H });
  assertEquals(news.text, "Send me the newsletter");
  assertEquals(news.control?.kind, "checkbox");
  assertEquals(news.control?.state, "unchecked");
  assert(news.x >= 33, `the label starts past the box: ${news.x}`);
  assertEquals(gift.control?.kind, "checkbox");
  assertEquals(gift.control?.state, "checked");
});

Deno.test("text without a drawing beside it carries no control", () => {
  const img = frame();
  letters(img, 42, 40, 180, 13);
  const [plain] = attachControls(img, [label("Send me the newsletter", 42, 40, 180)], {
    x: 0,
    y: 0,
    width: W,
    height: H,
  });
  assertEquals(plain.control, undefined);
  assertEquals(plain.text, "Send me the newsletter");
});

Deno.test("radio buttons are told from checkboxes, checked by their dot", () => {
  const img = frame();
  radio(img, 20, 40, true);
  letters(img, 42, 40, 90, 13);
  radio(img, 20, 100, false);
  letters(img, 42, 100, 110, 13);
  const elements = [label("© Whole beans", 20, 40, 112), label("O Espresso grind", 20, 100, 132)];
  const [whole, espresso] = attachControls(img, elements, { x: 0, y: 0, width: W, height: H });
  assertEquals([whole.text, whole.control?.kind, whole.control?.state], ["Whole beans", "radio", "checked"]);
  assertEquals([espresso.text, espresso.control?.kind, espresso.control?.state], [
    "Espresso grind",
    "radio",
    "unchecked",
  ]);
});
