/**
 * Reads that cannot be text, dropped before a reply: a shape's corner left
 * as a tiny mark by line finding, and an icon's curved edge read as an
 * opening bracket and a few capitals; and a number read joined to its unit.
 * The pixels and the readings are the fixture frames' own.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { greyOf } from "../src/image/pixels.ts";
import { isShapeCorner } from "../src/ocr/fixes/corners.ts";
import { cleanWords, isIconEdge } from "../src/ocr/fixes/plausible.ts";
import { splitNumberUnit } from "../src/ocr/fixes/units.ts";
import { findTextLines } from "../src/ocr/lines/find.ts";

async function greyFixture(name: string) {
  const frame = await decodeImage(await Deno.readFile(new URL(`../fixtures/${name}.png`, import.meta.url)));
  return greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
}

Deno.test("the rounded corner of a banner, a dialog or a scrollbar's thumb is no mark", async () => {
  // Where the recogniser read `.`, `a` and `-` on these frames.
  assert(isShapeCorner(await greyFixture("web/banners_light_13"), { x: 20, y: 42, w: 3, h: 3 }));
  assert(isShapeCorner(await greyFixture("web/dialog_light_13"), { x: 471, y: 251, w: 4, h: 4 }));
  assert(isShapeCorner(await greyFixture("apps/zenity_longlist_end"), { x: 894, y: 499, w: 4, h: 2 }));
});

Deno.test("a calculator's full stop and minus, islands of ink, stay marks", async () => {
  for (const theme of ["light", "dark"]) {
    const g = await greyFixture(`apps/galculator_basic_${theme}`);
    // The truth boxes of the `.` and `-` keys' labels.
    assertEquals(isShapeCorner(g, { x: 299, y: 460, w: 4, h: 5 }), false, `${theme} .`);
    assertEquals(isShapeCorner(g, { x: 428, y: 418, w: 6, h: 4 }), false, `${theme} -`);
  }
  // A word too big to be a corner is not looked at.
  const g = await greyFixture("web/banners_light_13");
  assertEquals(isShapeCorner(g, { x: 20, y: 42, w: 30, h: 12 }), false);
});

Deno.test("an icon's edge read as an unclosed bracket and capitals is dropped, prose is kept", () => {
  const word = (text: string, conf: number, x = 4) => ({ text, conf, x, y: 104, w: 16, h: 16 });
  // The mousepad search menu's icons, as read.
  assert(isIconEdge(word("[3", 0.57), []));
  assert(isIconEdge(word("(J", 0.45), []));
  // Brackets of real text: before lower case, closed, or read sure.
  for (const text of ["(const", "(aus", "(S)"]) assertEquals(isIconEdge(word(text, 0.4), []), false, text);
  assertEquals(isIconEdge(word("(C", 0.9), []), false);
  // A mnemonic's bracket after its label: a Japanese menu's `リロード(L)` read `リロード` `(UL`, 10 px apart.
  const label = { text: "リロード", conf: 0.91, x: 111, y: 342, w: 37, h: 16 };
  const mnemonic = { text: "(UL", conf: 0.46, x: 158, y: 343, w: 19, h: 14 };
  assertEquals(isIconEdge(mnemonic, [label, mnemonic]), false);
  assert(isIconEdge(mnemonic, [mnemonic]));
  assertEquals(cleanWords([word("(J", 0.45), word("Find", 0.9, 60)]).map((w) => w.text), ["Find"]);
});

Deno.test("a number and its unit read as one word are cut at the space their ink keeps", async () => {
  const g = await greyFixture("web/files_dark_11");
  const line = findTextLines(g).find((l) => l.x <= 390 && l.x + l.w >= 420 && l.y <= 214 && l.y + l.h >= 214);
  assert(line, "the size column's line");
  // The recogniser's reading of `1.2 GB` in an 11 px file list, relative to the line.
  const read = { text: "1.2GB", conf: 0.9, x: 387 - line.x, y: 211 - line.y, w: 35, h: 9 };
  const parts = splitNumberUnit(read, line).map((w) => ({ text: w.text, x: w.x + line.x, w: w.w }));
  assertEquals(parts.map((p) => p.text), ["1.2", "GB"]);
  assert(parts[0].x + parts[0].w < parts[1].x, JSON.stringify(parts));
  // Text that is no number and unit, or ink without the gap, is left whole.
  assertEquals(splitNumberUnit({ ...read, text: "C38" }, line).length, 1);
  assertEquals(splitNumberUnit({ ...read, w: 17 }, line).length, 1);
});
