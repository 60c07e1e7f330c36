import { decodeImage } from "../src/render/image.ts";
import { greyOf } from "../src/ocr/pixels.ts";
import { findTextLines } from "../src/ocr/lines.ts";
const img = await decodeImage(await Deno.readFile(Deno.args[0]));
const g = greyOf(img, { x: 0, y: 0, width: img.width, height: img.height });
for (const l of findTextLines(g)) {
  // split into words at gaps > 0.35 * h
  const bl = [...l.blobs].sort((a, b) => a.x - b.x);
  const words: number[][] = [];
  let cur: typeof bl = [];
  const flush = () => {
    if (cur.length) {
      const x = Math.min(...cur.map((b) => b.x)),
        y = Math.min(...cur.map((b) => b.y)),
        x2 = Math.max(...cur.map((b) => b.x + b.w)),
        y2 = Math.max(...cur.map((b) => b.y + b.h));
      words.push([x, y, x2 - x, y2 - y]);
    }
    cur = [];
  };
  let right = -1;
  for (const b of bl) {
    if (cur.length && b.x - right > Math.max(2, l.h * 0.2)) flush();
    cur.push(b);
    right = Math.max(right, b.x + b.w);
  }
  flush();
  console.log(`line ${l.x},${l.y},${l.w},${l.h}: ` + words.map((w) => w.join(",")).join("  "));
}
