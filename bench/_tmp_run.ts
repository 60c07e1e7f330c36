import { fixtureEntries, loadFixture, scoreWords } from "./ocr_score.ts";
import { TesseractEngine } from "../src/ocr/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
const filters = Deno.args;
const entries = fixtureEntries((n) => !filters.length || filters.some((f) => n.includes(f)));
const engine = new TesseractEngine(2);
await engine.warm();
let T = 0, F = 0, O = 0, M = 0, peak = 0;
for (const e of entries) {
  const f = await loadFixture(e);
  const p = new ScreenPipeline(engine);
  const t = performance.now();
  const r = await p.run(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height }, { stacked: !Deno.env.get("UNSTACKED") });
  const ms = performance.now() - t;
  peak = Math.max(peak, Deno.memoryUsage().rss);
  const s = scoreWords(f.words, r.words);
  T += s.truth;
  F += s.found;
  O += s.ocr;
  M += s.matched;
  console.log(
    `${f.name} r=${(s.found / s.truth).toFixed(3)} p=${(s.matched / s.ocr).toFixed(3)} ${
      ms.toFixed(0)
    }ms missed: ${s.missed.join(" ")} | extra: ${s.extra.join(" ")}`,
  );
}
await engine.close();
console.log(
  `TOTAL r=${(F / T).toFixed(3)} p=${(M / O).toFixed(3)} truth=${T} rss=${(peak / 1048576).toFixed(0)}MB`,
);
