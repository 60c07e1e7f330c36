/**
 * OCR benchmark over the fixtures: word recall, precision, centre error and
 * time per frame for choto's screen pipeline, and the same figures for the
 * stock `tesseract` CLI (if installed) on the same frames, side by side: as
 * installed (OpenMP on every core) and tuned (`OMP_THREAD_LIMIT=1`).
 * The engine is the one `CHOTO_OCR_ENGINE` names (default `tesseract`).
 *
 * Run: deno task bench:ocr [name-filter]
 * (`lang` reads only the languages' frames, `lang/de` one language's).
 *
 * Then, per language (bench/ocr_lang.ts): recall and precision with English
 * alone (what choto read before it read other languages), with the
 * language's own models, and with the stock CLI given the same models, and
 * the time per new frame against English on the same frames.
 *
 * Columns (matching rule in bench/ocr_score.ts):
 * - cold ms: a frame never seen (empty cache), recognisers already started;
 * - warm ms: the same frame read again (every line a cache hit);
 * - reread ms: after ~10% of the frame's area changed (a band of rows
 *   brightened), the lines in it must be recognised again.
 *
 * @module
 */

import { fixtureEntries, loadFixture, median, type Score, scoreWords } from "./ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { chosenEngine, tesseractSettings } from "../src/ocr/engines/engine_choice.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { groupWords } from "../src/ocr/group.ts";
import { benchLanguages } from "./ocr_lang.ts";

import type { OcrWord } from "../src/ocr/types.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

/** Brightens a band of rows covering `fraction` of the frame (a copy). */
export function changeBand(frame: RgbaImage, fraction = 0.1): RgbaImage {
  const data = frame.data.slice();
  const rows = Math.round(frame.height * fraction);
  const top = Math.round(frame.height * 0.25);
  for (let y = top; y < top + rows; y++) {
    for (let x = 0; x < frame.width; x++) {
      const k = (y * frame.width + x) * 4;
      for (let c = 0; c < 3; c++) data[k + c] = Math.min(255, data[k + c] + 6);
    }
  }
  return { width: frame.width, height: frame.height, data };
}

/** Words of the stock tesseract CLI on a PNG file, and its wall time. */
async function cliWords(png: string, tuned = false): Promise<{ words: OcrWord[]; ms: number } | null> {
  const t0 = performance.now();
  try {
    const out = await new Deno.Command("tesseract", {
      args: [png, "stdout", "tsv"],
      env: tuned ? { OMP_THREAD_LIMIT: "1" } : {},
      stdout: "piped",
      stderr: "null",
    }).output();
    const words: OcrWord[] = [];
    for (const line of new TextDecoder().decode(out.stdout).split("\n").slice(1)) {
      const c = line.split("\t");
      if (c.length < 12 || !c[11].trim()) continue;
      words.push({
        text: c[11].trim(),
        x: +c[6],
        y: +c[7],
        w: +c[8],
        h: +c[9],
        conf: Math.max(0, +c[10] / 100),
      });
    }
    return { words, ms: performance.now() - t0 };
  } catch {
    return null;
  }
}

const fmt = (v: number, d = 3) => v.toFixed(d);

async function main() {
  const filter = Deno.args[0];
  // Frames are decoded one at a time so the RSS figure is the reader's, not the fixture set's.
  const fixtures = fixtureEntries(filter ? (n) => n.includes(filter) : undefined);
  const name = chosenEngine();
  const engine = new TesseractEngine(2, { name, ...tesseractSettings(name) });
  const t0 = performance.now();
  await engine.warm();
  const startMs = performance.now() - t0;
  let peakRss = Deno.memoryUsage().rss;
  const sample = () => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss));
  const totals = { ours: [] as Score[], cli: [] as Score[] };
  const times = {
    cold: [] as number[],
    warm: [] as number[],
    reread: [] as number[],
    cli: [] as number[],
    tuned: [] as number[],
  };
  const rows: string[] = [];
  const header = [
    "fixture",
    "words",
    "recall",
    "prec",
    "err px",
    "cold ms",
    "warm ms",
    "reread ms",
    "cli recall",
    "cli prec",
    "cli ms",
    "tuned cli ms",
  ];
  for (const entry of fixtures) {
    const f = await loadFixture(entry);
    const pipeline = new ScreenPipeline(engine);
    const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
    let t = performance.now();
    const first = await pipeline.run(f.frame, full);
    groupWords(first.words);
    const cold = performance.now() - t;
    sample();
    t = performance.now();
    await pipeline.run(f.frame, full);
    const warm = performance.now() - t;
    const changed = changeBand(f.frame);
    t = performance.now();
    await pipeline.run(changed, full);
    const reread = performance.now() - t;
    sample();
    const s = scoreWords(f.words, first.words);
    totals.ours.push(s);
    times.cold.push(cold);
    times.warm.push(warm);
    times.reread.push(reread);
    const cli = await cliWords(f.png);
    const tuned = await cliWords(f.png, true);
    const cs = cli ? scoreWords(f.words, cli.words) : null;
    if (cs && cli) {
      totals.cli.push(cs);
      times.cli.push(cli.ms);
    }
    if (tuned) times.tuned.push(tuned.ms);
    rows.push([
      f.name,
      String(s.truth),
      fmt(s.found / s.truth),
      fmt(s.matched / Math.max(1, s.ocr)),
      fmt(median(s.centreErrors), 1),
      fmt(cold, 0),
      fmt(warm, 0),
      fmt(reread, 0),
      cs ? fmt(cs.found / cs.truth) : "-",
      cs ? fmt(cs.matched / Math.max(1, cs.ocr)) : "-",
      cli ? fmt(cli.ms, 0) : "-",
      tuned ? fmt(tuned.ms, 0) : "-",
    ].join(" | "));
    if (Deno.env.get("OCR_BENCH_VERBOSE")) {
      console.error(`${f.name} missed: ${s.missed.join(" ")} | extra: ${s.extra.join(" ")}`);
    }
  }
  await engine.close();
  const sum = (xs: Score[], k: "truth" | "found" | "ocr" | "matched") => xs.reduce((a, s) => a + s[k], 0);
  const recall = sum(totals.ours, "found") / sum(totals.ours, "truth");
  const precision = sum(totals.ours, "matched") / sum(totals.ours, "ocr");
  const err = median(totals.ours.flatMap((s) => s.centreErrors));
  const cliRecall = totals.cli.length ? sum(totals.cli, "found") / sum(totals.cli, "truth") : NaN;
  const cliPrecision = totals.cli.length ? sum(totals.cli, "matched") / sum(totals.cli, "ocr") : NaN;
  const worst = totals.ours.map((s, i) => ({ r: s.found / s.truth, n: fixtures[i].name }))
    .sort((a, b) => a.r - b.r)[0];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${r} |`);
  console.log(
    `| TOTAL (${fixtures.length} frames) | ${sum(totals.ours, "truth")} | ${fmt(recall)} | ${
      fmt(precision)
    } | ${fmt(err, 1)} | ${fmt(median(times.cold), 0)} | ${fmt(median(times.warm), 0)} | ${
      fmt(median(times.reread), 0)
    } | ${fmt(cliRecall)} | ${fmt(cliPrecision)} | ${fmt(median(times.cli), 0)} | ${
      fmt(median(times.tuned), 0)
    } |`,
  );
  console.log("");
  console.log(
    `engine ${engine.name} (${engine.detail()}); times are medians over frames; recogniser start (2, ${engine.backend().name}): ${
      fmt(startMs, 0)
    } ms`,
  );
  console.log(`lowest frame recall: ${worst ? `${fmt(worst.r)} (${worst.n})` : "-"}`);
  console.log(`peak RSS: ${(peakRss / 1048576).toFixed(0)} MB`);
  if (totals.cli.length) {
    console.log(
      `ratios choto/CLI: recall x${fmt(recall / cliRecall, 2)}, precision x${
        fmt(precision / cliPrecision, 2)
      }, time per new frame x${fmt(median(times.cold) / median(times.cli), 2)}; x${
        fmt(median(times.cold) / median(times.tuned), 2)
      } the tuned CLI (OMP_THREAD_LIMIT=1)`,
    );
  }
  // The languages' frames (fixtures/lang/), each read with its user's models, after the English set.
  if (!filter || filter.startsWith("lang")) {
    const codes = filter?.startsWith("lang/") ? [filter.slice(5)] : undefined;
    console.log("");
    for (const line of await benchLanguages(codes, Boolean(Deno.env.get("OCR_BENCH_VERBOSE")))) {
      console.log(line);
    }
  }
}

if (import.meta.main) await main();
