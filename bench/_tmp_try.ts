import { loadFixture, fixtureEntries } from "./ocr_score.ts";
import { greyOf, rgbaOf } from "../src/ocr/pixels.ts";
import { findTextLines } from "../src/ocr/lines.ts";
import { prepareLine } from "../src/ocr/prepare.ts";
import { lineGround, rowHeight } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/tesseract.ts";
const engine = new TesseractEngine(1);
const jobs: Array<[string, number, number]> = [["galculator_basic_light", 356, 454], ["longlist_end", 593, 448], ["longlist_end", 593, 563], ["longlist_end", 593, 586], ["longlist_top", 593, 345], ["calculator_light", 616, 288], ["longlist_top", 528, 390], ["longlist_top", 528, 505], ["files_dark", 0, 0]];
for (const [name, x, y] of jobs) {
  const f = await loadFixture(fixtureEntries((n) => n.includes(name))[0]);
  const g = greyOf(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
  const l = findTextLines(g).find((l) => Math.abs(l.x - x) <= 3 && Math.abs(l.y - y) <= 3);
  if (!l) { console.log(name, x, y, "no line"); continue; }
  const out: string[] = [];
  for (const th of [rowHeight(l), 8, 20]) {
    const p = prepareLine(g, l, th, lineGround(l));
    for (const mode of ["line", "block", "sparse", "char"] as const) {
      const w = await engine.recognize(rgbaOf(p.image), mode);
      out.push(`${th}/${mode}: ${w.map((w) => `${w.text}(${w.conf.toFixed(2)})`).join(" ")}`);
    }
  }
  console.log(name, x, y, l.w, l.h, "\n  " + out.join("\n  "));
}
await engine.close();
