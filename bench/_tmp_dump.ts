import { loadFixture, fixtureEntries } from "./ocr_score.ts";
import { greyOf } from "../src/ocr/pixels.ts";
import { findTextLines } from "../src/ocr/lines.ts";
import { prepareLine } from "../src/ocr/prepare.ts";
import { lineGround, rowHeight } from "../src/ocr/pipeline.ts";
const [name, ...boxes] = Deno.args;
const f = await loadFixture(fixtureEntries((n) => n.includes(name))[0]);
const g = greyOf(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
for (const l of findTextLines(g)) {
  for (const b of boxes) {
    const [x, y] = b.split(",").map(Number);
    if (Math.abs(l.x - x) <= 2 && Math.abs(l.y - y) <= 2) {
      const p = prepareLine(g, l, rowHeight(l), lineGround(l));
      const hdr = `P5\n${p.image.width} ${p.image.height}\n255\n`;
      const out = new Uint8Array(hdr.length + p.image.data.length);
      out.set(new TextEncoder().encode(hdr)); out.set(p.image.data, hdr.length);
      Deno.writeFileSync(`/tmp/w/line_${x}_${y}.pgm`, out);
      console.log(b, l.w, l.h, rowHeight(l), p.scale, p.image.width, p.image.height, l.blobs.length);
    }
  }
}
