import { assert, assertEquals } from "./support/assert.ts";
import { attachControls, controlMemory } from "../src/perceive/controls.ts";
import { ChangedRows } from "../src/image/changed_rows.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { checkbox, label, letters, paint, whiteFrame } from "./support/drawn.ts";
import type { Element } from "../src/ocr/types.ts";

const W = 400, H = 240;
const AREA = { x: 0, y: 0, width: W, height: H };

const copy = (img: RgbaImage): RgbaImage => ({ ...img, data: img.data.slice() });

/** A switch's track, `w` by `h` with round ends, at (x, y); its knob at the left end (off) or the right (on). */
function pill(img: RgbaImage, x: number, y: number, on: boolean, w = 36, h = 18): void {
  const r = h / 2;
  for (let i = 0; i < w; i++) {
    for (let j = 0; j < h; j++) {
      const cx = Math.min(Math.max(i + 0.5, r), w - r), d = Math.hypot(i + 0.5 - cx, j + 0.5 - r);
      if (d > r) continue;
      const knob = Math.hypot(i + 0.5 - (on ? w - r : r), j + 0.5 - r) < r - 3;
      paint(img, x + i, y + j, knob ? [255, 255, 255] : on ? [42, 170, 119] : [150, 150, 150]);
    }
  }
}

/** Two checkbox rows, 100 px apart: "Send me the newsletter" and "Wrap it as a gift". */
function form(newsletter: boolean, gift: boolean): RgbaImage {
  const img = whiteFrame(W, H);
  checkbox(img, 20, 40, newsletter);
  letters(img, 42, 40, 180, 13);
  checkbox(img, 20, 140, gift);
  letters(img, 42, 140, 120, 13);
  return img;
}
const FORM = [label("Send me the newsletter", 42, 40, 180), label("Wrap it as a gift", 42, 140, 120)];

const states = (els: Element[]) => els.map((e) => `${e.text}: ${e.control?.state ?? "none"}`);

Deno.test("a later look reports the control whose rows changed, and keeps the one whose rows did not", () => {
  const memory = controlMemory();
  assertEquals(states(attachControls(form(false, false), FORM, AREA, memory)), [
    "Send me the newsletter: unchecked",
    "Wrap it as a gift: unchecked",
  ]);
  // Only the gift's box changed: the same labels, read alike, must not get the last look's state.
  assertEquals(states(attachControls(form(false, true), FORM, AREA, memory)), [
    "Send me the newsletter: unchecked",
    "Wrap it as a gift: checked",
  ]);
  assertEquals(states(attachControls(form(true, true), FORM, AREA, memory)), [
    "Send me the newsletter: checked",
    "Wrap it as a gift: checked",
  ]);
});

Deno.test("a control drawn where the last look saw none is found; one taken away is gone", () => {
  const memory = controlMemory();
  const bare = form(false, false);
  // The gift's row without its box: white again from x 20 to 33.
  for (let x = 20; x < 34; x++) for (let y = 140; y < 153; y++) paint(bare, x, y, [255, 255, 255]);
  assertEquals(states(attachControls(bare, FORM, AREA, memory)), [
    "Send me the newsletter: unchecked",
    "Wrap it as a gift: none",
  ]);
  assertEquals(states(attachControls(form(false, false), FORM, AREA, memory)), [
    "Send me the newsletter: unchecked",
    "Wrap it as a gift: unchecked",
  ]);
  assertEquals(states(attachControls(bare, FORM, AREA, memory)), [
    "Send me the newsletter: unchecked",
    "Wrap it as a gift: none",
  ]);
});

Deno.test("a change of one pixel at the edge of a label's band is seen, and so is a frame of another size", () => {
  const memory = controlMemory();
  const img = form(false, false);
  attachControls(img, FORM, AREA, memory);
  // A mark far right on the gift's row: the checkbox is the same, but the row changed, so it is looked at again.
  const marked = copy(img);
  paint(marked, W - 1, 146, [0, 0, 0]);
  assertEquals(states(attachControls(marked, FORM, AREA, memory)).at(-1), "Wrap it as a gift: unchecked");
  const wider = whiteFrame(W + 40, H);
  letters(wider, 42, 140, 120, 13);
  assertEquals(states(attachControls(wider, FORM, AREA, memory)).at(-1), "Wrap it as a gift: none");
});

Deno.test("a label read otherwise on unchanged pixels is looked at again, and a reply's edits do not reach the memory", () => {
  const memory = controlMemory();
  const img = form(false, true);
  const [, gift] = attachControls(img, FORM, AREA, memory);
  assertEquals(gift.control?.state, "checked");
  gift.control!.state = "unchecked";
  gift.text = "changed by a caller";
  const [, again] = attachControls(img, FORM, AREA, memory);
  assertEquals([again.text, again.control?.state], ["Wrap it as a gift", "checked"]);
  // The same pixels read as a label moved down by a row: its bands are others.
  const moved = label("Wrap it as a gift", 42, 141, 120);
  const [, shifted] = attachControls(img, [FORM[0], moved], AREA, memory);
  assertEquals(shifted.y, 141);
});

Deno.test("a switch at the end of its label's row is found with its state, and not where the row is blank", () => {
  const img = whiteFrame(W, H);
  letters(img, 20, 40, 120, 13);
  pill(img, 300, 37, true);
  letters(img, 20, 140, 120, 13);
  pill(img, 300, 137, false);
  letters(img, 20, 200, 120, 13);
  const els = [
    label("Express delivery", 20, 40, 120),
    label("Gift wrap", 20, 140, 120),
    label("Notes", 20, 200, 120),
  ];
  const found = attachControls(img, els, AREA);
  assertEquals(found.map((e) => [e.control?.kind, e.control?.state]), [
    ["switch", "on"],
    ["switch", "off"],
    [undefined, undefined],
  ]);
});

Deno.test("a change below a label's own rows, in the band its switch is looked for in, is seen", () => {
  const memory = controlMemory();
  const img = whiteFrame(W, H);
  letters(img, 20, 40, 120, 13);
  pill(img, 300, 37, true);
  const els = [label("Express delivery", 20, 40, 120)];
  assertEquals(attachControls(img, els, AREA, memory)[0].control?.kind, "switch");
  // A second drawing under the row (y 62 to 66, the label ends at 53): the switch is no longer alone there.
  const crowded = copy(img);
  for (let x = 250; x < 256; x++) for (let y = 62; y < 67; y++) paint(crowded, x, y, [40, 40, 40]);
  assertEquals(attachControls(crowded, els, AREA, memory)[0].control, undefined);
});

Deno.test("changed rows are told apart from unchanged ones, and every row of a frame of another size changed", () => {
  const a = whiteFrame(50, 30), b = copy(a);
  paint(b, 49, 12, [254, 255, 255]);
  const rows = ChangedRows.between(a, b);
  assertEquals(rows.count, 1);
  assert(rows.clean(0, 11) && rows.clean(13, 29) && !rows.clean(12, 12) && !rows.clean(0, 29));
  assert(rows.clean(-5, 11) && !rows.clean(5, 100));
  assertEquals(ChangedRows.between(null, b).count, 30);
  assertEquals(ChangedRows.between(whiteFrame(51, 30), b).count, 30);
  // Pixels not aligned on four bytes are compared byte by byte.
  const odd = { ...b, data: new Uint8Array([0, ...b.data]).subarray(1) };
  assertEquals(ChangedRows.between(a, odd).count, 1);
});
