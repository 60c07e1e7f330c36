/**
 * Control states and entries on real GTK4 (libadwaita), Qt5 and Qt6 forms
 * (fixtures/views/gtk4_form*.png, qt5_form*.png and qt6_form.png, their
 * windows as captured from tests/support/gtk4_form.py, qt5_form.py and
 * qt6_form.py under Xvfb):
 * Adwaita draws rounded checkboxes (a grey outline, or a blue fill with a
 * white tick), blue discs for selected radios, entries and drop-downs as
 * filled boxes without a border, and a switch as a track with a knob; Qt's
 * Fusion draws a focused line edit with its caret (read with the label
 * before it) and a combo box across its layout's column. The labels' boxes
 * are as the reader gave them on each capture.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import { attachControls } from "../src/perceive/controls.ts";
import { withoutCaret } from "../src/perceive/entries.ts";
import { hasRoundedCorners } from "../src/perceive/control_shapes.ts";
import { elementText } from "../src/render/element_rows.ts";
import type { Element } from "../src/ocr/types.ts";

async function view(name: string): Promise<RgbaImage> {
  return decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
}

/** A label as the reader gave it. */
function el(text: string, x: number, y: number, w: number, h: number, conf = 0.95): Element {
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf };
}

/** Each element as a reply writes it, the drawings' own glyph elements gone. */
async function said(fixture: string, elements: Element[]): Promise<string[]> {
  const img = await view(fixture);
  return attachControls(img, elements, { x: 0, y: 0, width: img.width, height: img.height }).map(elementText);
}

Deno.test("GTK4: rounded checkboxes, filled radios, filled entries, a switch and a drop-down, each with its state", async () => {
  assertEquals(
    await said("gtk4_form.png", [
      el("Full name", 20, 49, 63, 11),
      el("Email address", 20, 90, 91, 11),
      el("—", 28, 162, 10, 2),
      el("Subscribe to newsletter", 48, 166, 153, 11),
      el("—", 28, 180, 10, 2),
      el("® Accept the terms", 23, 200, 134, 20),
      el("™", 25, 204, 16, 13),
      el("Small", 48, 242, 35, 11),
      el("© Medium", 23, 276, 76, 20),
      el("LJ", 29, 282, 8, 8, 0.54),
      el("Large", 48, 320, 35, 12),
      el("|", 162, 349, 2, 9),
      el("Express delivery", 20, 355, 106, 14),
      el("Colour", 19, 395, 42, 11),
      el("Green", 149, 397, 44, 9),
      el("¥", 202, 398, 12, 6, 0.52),
    ]),
    [
      "Full name [entry empty]",
      "Email address [entry empty]",
      "Subscribe to newsletter [checkbox unchecked]",
      "Accept the terms [checkbox checked]",
      "Small [radio unchecked]",
      "Medium [radio checked]",
      "Large [radio unchecked]",
      "Express delivery [switch off]",
      "Colour",
      "Green [select Green]",
    ],
  );
});

Deno.test("GTK4: after clicks, the ticked box, the cleared box, the moved radio and the switch read as the app has them", async () => {
  const texts = await said("gtk4_form_changed.png", [
    el("™ Subscribe to newsletter", 25, 166, 176, 13),
    el("Accept the terms", 47, 204, 110, 14),
    el("Medium", 48, 280, 51, 11),
    el("0 Large", 23, 314, 60, 23),
    el("LJ", 29, 320, 8, 8, 0.54),
    // The switch's accent track and knob read as marks after the label, one element with it.
    el("Express delivery [ @)", 20, 348, 167, 27, 0.77),
  ]);
  assertEquals(texts, [
    "Subscribe to newsletter [checkbox checked]",
    "Accept the terms [checkbox unchecked]",
    "Medium [radio unchecked]",
    "Large [radio checked]",
    "Express delivery [switch on]",
  ]);
});

Deno.test("Qt5: the focused line edit's caret leaves its label, the wide combo box shows its option", async () => {
  assertEquals(
    await said("qt5_form.png", [
      el("Full name I", 20, 38, 74, 25),
      el("Email address", 20, 76, 89, 10),
      el("Subscribe to newsletter", 39, 141, 153, 10),
      el("Vv Accept the terms", 22, 174, 127, 13),
      el("Small", 40, 207, 34, 10),
      el("®", 23, 242, 7, 7, 0.76),
      el("Medium", 40, 240, 50, 10),
      el("Large", 40, 274, 35, 12),
      el("Colour", 20, 307, 41, 10),
      el("Green", 95, 308, 38, 9),
    ]),
    [
      "Full name [entry empty]",
      "Email address [entry empty]",
      "Subscribe to newsletter [checkbox unchecked]",
      "Accept the terms [checkbox checked]",
      "Small [radio unchecked]",
      "Medium [radio checked]",
      "Large [radio unchecked]",
      "Colour",
      "Green [select Green]",
    ],
  );
  assertEquals(
    await said("qt5_form_changed.png", [
      el("Vv Subscribe to newsletter", 22, 141, 170, 10),
      el("Accept the terms", 38, 174, 111, 13),
      el("Medium", 40, 240, 50, 10),
      el("®", 23, 275, 6, 6, 0.76),
      el("Large", 40, 274, 35, 12),
    ]),
    [
      "Subscribe to newsletter [checkbox checked]",
      "Accept the terms [checkbox unchecked]",
      "Medium [radio unchecked]",
      "Large [radio checked]",
    ],
  );
});

Deno.test("Qt6: a radio whose circle the reader took in with its word gets its state, its box cut past the circle", async () => {
  const img = await view("qt6_form.png");
  const found = attachControls(img, [
    el("Full name", 20, 82, 57, 10, 0.96),
    el("Email address", 20, 110, 83, 10, 0.96),
    el("Subscribe to newsletter", 39, 169, 141, 10, 0.96),
    el("Accept the terms", 38, 199, 102, 13, 0.97),
    // Read with the unchecked circle before it (x 19-32), and unsure for it.
    el("Small", 19, 228, 52, 13, 0.34),
    el("Medium", 40, 259, 47, 10, 0.89),
    el("Large", 40, 290, 33, 12, 0.96),
    el("Colour", 19, 320, 39, 10, 0.96),
    el("Green", 90, 321, 35, 9, 0.96),
  ], { x: 0, y: 0, width: img.width, height: img.height });
  assertEquals(found.map(elementText), [
    "Full name [entry empty]",
    "Email address [entry empty]",
    "Subscribe to newsletter [checkbox unchecked]",
    "Accept the terms [checkbox checked]",
    "Small [radio unchecked]",
    "Medium [radio checked]",
    "Large [radio unchecked]",
    "Colour",
    "Green [select Green]",
  ]);
  const small = found[4];
  // The box is the letters' (from x 40) and not the circle's; the reading stays as unsure as it was.
  assert(small.x >= 33 && small.x <= 40 && small.x + small.w === 71, JSON.stringify(small));
  assertEquals(small.conf, 0.34);
});

Deno.test("Qt6: the focused line edit's caret read as a 1 after its label leaves the label, the entry named by it", async () => {
  // The reading of a look whose frame showed the caret (it blinks; the capture's frame is between blinks):
  // the label's box runs to the caret, inside the line edit.
  assertEquals(await said("qt6_form.png", [el("Full name 1", 20, 78, 70, 22, 0.9)]), [
    "Full name [entry empty]",
  ]);
});

Deno.test("an unsure word with no drawing at its start stays a plain word", async () => {
  const img = await view("qt6_form.png");
  // "Colour" starts at the window's margin with nothing drawn before it.
  const [colour] = attachControls(img, [el("Colour", 19, 320, 39, 10, 0.34)], {
    x: 0,
    y: 0,
    width: img.width,
    height: img.height,
  });
  assertEquals(elementText(colour), "Colour");
  assertEquals(colour.control, undefined);
});

/** A mask of a square of side `d` with corners rounded at radius `r` (r = d/2: a circle), outline 2 px. */
function outline(d: number, r: number): (x: number, y: number) => boolean {
  return (x, y) => {
    const cx = Math.min(Math.max(x + 0.5, r), d - r), cy = Math.min(Math.max(y + 0.5, r), d - r);
    const out = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
    return out <= r && out >= r - 2;
  };
}

Deno.test("a rounded square's corners are told from a circle's at the sizes toolkits draw", () => {
  for (const d of [14, 16, 20, 24]) {
    assert(hasRoundedCorners(outline(d, Math.round(d / 5)), d, d), `rounded square ${d}`);
    assert(hasRoundedCorners(outline(d, 1), d, d), `square ${d}`);
    assert(!hasRoundedCorners(outline(d, d / 2), d, d), `circle ${d}`);
  }
});

Deno.test("a focused entry's caret read after its label, alone or with the entry's edge, leaves the label", () => {
  for (const token of ["I", "1", "|", "[", "[i", "|l", "]1"]) {
    assertEquals(withoutCaret(el(`Full name ${token}`, 20, 38, 90, 25))?.text, "Full name", token);
  }
  for (const text of ["Full name", "Full name is", "Part ii", "Full name [x"]) {
    assertEquals(withoutCaret(el(text, 20, 38, 90, 25)), null, text);
  }
});
