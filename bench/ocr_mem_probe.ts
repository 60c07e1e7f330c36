// temporary experiment harness (deleted before hand-off)
import { fixtureEntries, loadFixture, scoreWords, type Score } from "./ocr_score.ts";
import { TesseractEngine } from "../src/ocr/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { changeBand } from "./ocr_bench.ts";
const engine = new TesseractEngine(2);
await engine.warm();
const orig = engine.recognize.bind(engine);
let mp = 0, calls = 0, maxArea = 0;
engine.recognize = async (img, mode) => { mp += img.width * img.height / 1e6; calls++; maxArea = Math.max(maxArea, img.width*img.height);
  if (Deno.env.get("V")) console.error(`  call ${mode} ${img.width}x${img.height}`); return await orig(img, mode); };
let peak = 0; const scores: Score[] = []; let tc = 0, tr = 0; const rr: number[] = [];
for (const e of fixtureEntries(Deno.args[0] ? (n) => n.includes(Deno.args[0]) : undefined)) {
  const f = await loadFixture(e);
  const p = new ScreenPipeline(engine);
  const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
  let t = performance.now();
  const r = await p.run(f.frame, full); tc += performance.now() - t;
  peak = Math.max(peak, Deno.memoryUsage().rss);
  await p.run(f.frame, full);
  t = performance.now();
  await p.run(changeBand(f.frame), full); const d = performance.now() - t; tr += d; rr.push(d);
  peak = Math.max(peak, Deno.memoryUsage().rss);
  scores.push(scoreWords(f.words, r.words));
  const mu = Deno.memoryUsage(); console.error(`heap=${(mu.heapTotal/1048576).toFixed(0)} ext=${(mu.external/1048576).toFixed(0)} rec=${engine.recycled} ${f.name} rss=${(Deno.memoryUsage().rss/1048576).toFixed(0)} mp=${mp.toFixed(1)} calls=${calls} maxArea=${(maxArea/1e6).toFixed(1)} reread=${d.toFixed(0)}`);
}
await engine.close();
const s = (k: keyof Score) => scores.reduce((a, x) => a + (x[k] as number), 0);
rr.sort((a,b)=>a-b);
const { trimMs } = await import("../src/ocr/tesseract.ts"); console.log(`trim=${trimMs.toFixed(0)} recall=${(s("found")/s("truth")).toFixed(4)} prec=${(s("matched")/s("ocr")).toFixed(4)} peakRSS=${(peak/1048576).toFixed(0)} cold_total=${tc.toFixed(0)} reread_total=${tr.toFixed(0)} reread_max=${rr.at(-1)!.toFixed(0)} MP=${mp.toFixed(1)} calls=${calls}`);
