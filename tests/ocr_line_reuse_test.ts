/**
 * Lines kept from the last look where the pixels did not change must be the
 * lines the whole region gives: after every change, `LineFinder` is held to
 * `findTextLines` on the same pixels, blobs and grounds included.
 */

import { random } from "./support/random.ts";
import { assertEquals } from "./support/assert.ts";
import { decodeImage } from "../src/image/codec.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import { findTextLines } from "../src/ocr/lines/find.ts";
import { LineFinder } from "../src/ocr/lines/reuse.ts";

async function fixtureGrey(name: string): Promise<Grey> {
  const frame = await decodeImage(await Deno.readFile(new URL(`../fixtures/${name}.png`, import.meta.url)));
  return greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
}

const copyGrey = (g: Grey): Grey => ({ ...g, data: g.data.slice() });

function fill(g: Grey, x: number, y: number, w: number, h: number, v: number): void {
  for (let j = y; j < Math.min(g.height, y + h); j++) {
    g.data.fill(v, j * g.width + x, j * g.width + Math.min(g.width, x + w));
  }
}

/** Copies a rectangle of `g` to another place of it (text moved, a view scrolled in part). */
function move(g: Grey, x: number, y: number, w: number, h: number, tx: number, ty: number): void {
  const from = g.data.slice();
  for (let j = 0; j < h; j++) {
    if (y + j >= g.height || ty + j >= g.height) break;
    const n = Math.min(w, g.width - x, g.width - tx);
    g.data.set(from.subarray((y + j) * g.width + x, (y + j) * g.width + x + n), (ty + j) * g.width + tx);
  }
}

const look = (finder: LineFinder, g: Grey) => assertEquals(finder.find(g, false, "frame"), findTextLines(g));

Deno.test("lines kept across random changes to real screens are the lines the whole screen gives", async () => {
  for (const name of ["apps/mousepad_file_menu_light", "apps/zenity_list_dark", "apps/xterm_output"]) {
    const g = await fixtureGrey(name);
    const next = random(name.length);
    const finder = new LineFinder();
    look(finder, g);
    for (let step = 0; step < 12; step++) {
      const x = Math.floor(next() * g.width * 0.8), y = Math.floor(next() * g.height * 0.9);
      const w = 10 + Math.floor(next() * g.width * 0.5), h = 1 + Math.floor(next() * 40);
      const kind = step % 4;
      if (kind === 0) fill(g, x, y, w, h, Math.floor(next() * 256));
      else if (kind === 1) {
        move(g, x, y, w, h, Math.floor(next() * g.width * 0.5), Math.floor(next() * g.height * 0.9));
      } else if (kind === 2) fill(g, x, y, 2, Math.floor(next() * 300), 0);
      else g.data[y * g.width + x] ^= 0xff;
      look(finder, g);
      // The same pixels again keep everything.
      if (step % 3 === 0) look(finder, g);
    }
  }
});

Deno.test("a rule cut near its end leaves a piece too short to erase, far from the cut, and it is found", () => {
  const g: Grey = { width: 300, height: 300, data: new Uint8Array(300 * 300).fill(230) };
  // Some text far below, so the look has lines to keep.
  for (let i = 20; i < 200; i += 3) fill(g, i, 250, 1, 12, 20);
  fill(g, 150, 40, 2, 160, 20);
  const finder = new LineFinder();
  look(finder, g);
  const cut = copyGrey(g);
  // Rows 54..58 cleared: the rule's top 14 rows now stand alone, 14 rows above the change.
  fill(cut, 150, 54, 2, 5, 230);
  const lines = finder.find(cut, false, "frame");
  assertEquals(lines, findTextLines(cut));
  assertEquals(lines.map((l) => [l.x, l.y, l.w, l.h])[0], [149, 39, 4, 16]);
});

Deno.test("a ground changed two rows above a strip, with no edge in it, is the ground its lines carry", () => {
  const g: Grey = { width: 200, height: 80, data: new Uint8Array(200 * 80).fill(200) };
  for (let i = 20; i < 120; i += 3) fill(g, i, 20, 1, 13, 20);
  // The rows the letters' grounds are sampled from, two rows outside their boxes.
  fill(g, 0, 17, 200, 1, 180);
  fill(g, 0, 35, 200, 1, 180);
  const finder = new LineFinder();
  look(finder, g);
  const lighter = copyGrey(g);
  fill(lighter, 0, 17, 200, 1, 190);
  const lines = finder.find(lighter, false, "frame");
  assertEquals(lines, findTextLines(lighter));
  assertEquals(lines[0].blobs[0].ground, 190);
});

Deno.test("a strip whose own rows keep their mask, but whose neighbour row lost its ink, is found again", () => {
  const g: Grey = { width: 300, height: 140, data: new Uint8Array(300 * 140).fill(230) };
  for (let i = 20; i < 200; i += 3) fill(g, i, 20, 1, 13, 20);
  // A short rule from just under the text's last row: too short to erase, so a line of its own.
  fill(g, 250, 34, 2, 21, 20);
  const finder = new LineFinder();
  look(finder, g);
  // Drawn on far below, it is long enough to erase: the row under the text has no ink left,
  // though no pixel within two rows of the text changed.
  const longer = copyGrey(g);
  fill(longer, 250, 55, 2, 30, 20);
  const lines = finder.find(longer, false, "frame");
  assertEquals(lines, findTextLines(longer));
  assertEquals(lines.length, 1);
});
