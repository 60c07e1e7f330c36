/**
 * The OCR benchmark's languages: each language's labelled frames
 * (`fixtures/lang/<code>/`) read with the models a user of that language
 * gets (the language, then English: common/languages.ts), with recall and
 * precision beside the stock `tesseract` CLI given the same models (the
 * npm packages' files, unpacked), and the time per new frame against
 * English on the same frames.
 *
 * Scores: words by the exact rule of ocr_score.ts (a wrong accent is a
 * miss); Japanese and Chinese by their characters (`scoreChars`), with the
 * exact word figures beside them (whether a label came out whole).
 *
 * Time: each frame is read cold (a new pipeline, recognisers started) by the
 * language's engine and by the English engine, one after the other, in
 * `ROUNDS` rounds; a frame's time is its median over the rounds, a set's the
 * mean over its frames, and the ratio is the language's over English's on
 * the same frames: the language frames hold more text than the English set,
 * so comparing across sets would measure the text, not the language.
 *
 * @module
 */

import process from "node:process";
import { chooseLanguages } from "../src/common/languages.ts";
import { modelFiles, unpackModels } from "../src/ocr/engines/language_data.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { tesseractModels } from "../src/ocr/engines/platform.ts";
import { wordsOfTsv } from "../src/ocr/engines/tsv.ts";
import { groupWords } from "../src/ocr/group.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import {
  type Fixture,
  FIXTURE_LANGUAGES,
  languageEntries,
  loadFixture,
  median,
  scoreChars,
  scoreWords,
} from "./ocr_score.ts";

/** Cold reads per frame and engine for the time ratio. */
export const ROUNDS = 3;

/** Totals of one reader over one language's frames. */
interface Tally {
  truth: number;
  found: number;
  ocr: number;
  chars: number;
  charsFound: number;
  ocrChars: number;
  missed: string[];
}

const tally = (): Tally => ({ truth: 0, found: 0, ocr: 0, chars: 0, charsFound: 0, ocrChars: 0, missed: [] });

function add(t: Tally, f: Fixture, words: OcrWord[]): void {
  const s = scoreWords(f.words, words);
  t.truth += s.truth, t.found += s.found, t.ocr += s.ocr;
  const c = scoreChars(f.words, words);
  t.chars += c.truthChars, t.charsFound += c.found, t.ocrChars += c.ocrChars;
  t.missed.push(...(f.script === "cjk" ? c.missed : s.missed).map((m) => `${f.name.split("/").pop()}: ${m}`));
}

/** Recall and precision of a tally by the frames' rule: characters for CJK, words otherwise. */
export function figures(t: Tally, cjk: boolean): { recall: number; precision: number } {
  return cjk
    ? { recall: t.charsFound / Math.max(1, t.chars), precision: t.charsFound / Math.max(1, t.ocrChars) }
    : { recall: t.found / Math.max(1, t.truth), precision: t.found / Math.max(1, t.ocr) };
}

/** The CLI's words on a PNG with the models in `folder`, one thread (as choto's recognisers run). */
async function cliWords(png: string, models: string, folder: string): Promise<OcrWord[] | null> {
  try {
    const out = await new Deno.Command("tesseract", {
      // The `tsv` config file lives in the system's tessdata folder, not in `folder`: set what it sets.
      args: [png, "stdout", "-l", models, "--tessdata-dir", folder, "-c", "tessedit_create_tsv=1"],
      env: { OMP_THREAD_LIMIT: "1" },
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? wordsOfTsv(new TextDecoder().decode(out.stdout)) : null;
  } catch {
    return null;
  }
}

/**
 * One cold read: a new pipeline on a started engine, grouped as the reader
 * groups; its wall time and the process's CPU time (user and system) over
 * it. libtesseract reads on threads of this process (and tesseract.js in
 * workers, which are threads too), and nothing else reads meanwhile, so the
 * process's CPU time is the read's: unlike the wall time, it does not grow
 * while other programs hold the cores.
 */
async function coldRead(
  engine: TesseractEngine,
  f: Fixture,
): Promise<{ words: OcrWord[]; ms: number; cpuMs: number }> {
  const pipeline = new ScreenPipeline(engine);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await pipeline.run(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
  groupWords(r.words);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  return { words: r.words, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** One language's row. */
export interface LanguageRow {
  code: string;
  models: string;
  frames: number;
  truth: number;
  ours: Tally;
  /** English alone on the same frames: what choto read before it read other languages. */
  before: Tally;
  cli: Tally | null;
  ms: number;
  englishMs: number;
  /** CPU time per frame (user and system), the same way. */
  cpuMs: number;
  englishCpuMs: number;
  cjk: boolean;
}

/** How much of the comparison to run: a quick look at the scores skips the CLI and the time rounds. */
export interface LanguageBenchOptions {
  rounds?: number;
  cli?: boolean;
}

/** Reads one language's frames; `english` is a started English engine for the time ratio. */
export async function benchLanguage(
  code: string,
  english: TesseractEngine | null,
  folder: string,
  options: LanguageBenchOptions = {},
): Promise<LanguageRow> {
  const rounds = options.rounds ?? ROUNDS;
  const languages = chooseLanguages({ override: code }).languages;
  const models = languages.map((l) => l.tesseract);
  const plan = tesseractModels(languages);
  const engine = new TesseractEngine(2, { ...plan, modelFolder: folder });
  await engine.warm();
  const cliFolder = options.cli === false
    ? ""
    : await unpackModels(await modelFiles(models), `${folder}/cli`);
  const entries = languageEntries(code);
  const ours = tally();
  const before = tally();
  let cli: Tally | null = options.cli === false ? null : tally();
  const times: number[] = [], englishTimes: number[] = [];
  const cpuTimes: number[] = [], englishCpuTimes: number[] = [];
  let cjk = false;
  try {
    for (const entry of entries) {
      const f = await loadFixture(entry);
      cjk ||= f.script === "cjk";
      const mine: number[] = [], theirs: number[] = [], myCpu: number[] = [], theirCpu: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const read = await coldRead(engine, f);
        if (round === 0) add(ours, f, read.words);
        mine.push(read.ms);
        myCpu.push(read.cpuMs);
        if (english) {
          const read = await coldRead(english, f);
          if (round === 0) add(before, f, read.words);
          theirs.push(read.ms);
          theirCpu.push(read.cpuMs);
        }
      }
      times.push(median(mine));
      englishTimes.push(median(theirs));
      cpuTimes.push(median(myCpu));
      englishCpuTimes.push(median(theirCpu));
      const words = cli ? await cliWords(f.png, models.join("+"), cliFolder) : null;
      if (words && cli) add(cli, f, words);
      else cli = null;
    }
  } finally {
    await engine.close();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    code,
    models: `${(plan.models ?? []).join("+")}${
      plan.latinModels?.length ? `, ${cjk ? "Latin runs" : "unsure words"} ${plan.latinModels.join("+")}` : ""
    }${plan.targetHeight ? `, ${plan.targetHeight} px` : ""}`,
    frames: entries.length,
    truth: ours.truth,
    ours,
    before,
    cli,
    ms: mean(times),
    englishMs: mean(englishTimes),
    cpuMs: mean(cpuTimes),
    englishCpuMs: mean(englishCpuTimes),
    cjk,
  };
}

const fmt = (v: number, d = 3) => v.toFixed(d);

/** The 1, 5 and 15 minute load averages, as the machine's load moves the wall times. */
function loadAverage(): string {
  try {
    return Deno.loadavg().map((v) => v.toFixed(2)).join(" ");
  } catch {
    return "unknown";
  }
}

/** The languages' table, as bench:ocr prints it after the English set. */
export async function benchLanguages(
  codes: readonly string[] = FIXTURE_LANGUAGES,
  verbose = false,
  options: LanguageBenchOptions = {},
): Promise<string[]> {
  const load = loadAverage();
  const folder = await Deno.makeTempDir({ prefix: "choto-bench-models-" });
  const english = new TesseractEngine(2);
  await english.warm();
  const lines = [
    "| language | models | frames | words | by | eng only recall / prec | recall / prec | cli recall / prec | ms/frame | english ms | time ratio | cpu ms | english cpu ms | cpu ratio |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  try {
    for (const code of codes) {
      const row = await benchLanguage(code, english, folder, options);
      const ours = figures(row.ours, row.cjk);
      const before = figures(row.before, row.cjk);
      const cli = row.cli ? figures(row.cli, row.cjk) : null;
      const pair = (f: { recall: number; precision: number }) => `${fmt(f.recall)} / ${fmt(f.precision)}`;
      const words = row.cjk
        ? ` (words ${fmt(row.ours.found / Math.max(1, row.ours.truth))} / ${
          fmt(row.ours.found / Math.max(1, row.ours.ocr))
        })`
        : "";
      lines.push(
        `| ${row.code} | ${row.models} | ${row.frames} | ${row.truth} | ${row.cjk ? "chars" : "words"} | ${
          pair(before)
        } | ${pair(ours)}${words} | ${cli ? pair(cli) : "-"} | ${fmt(row.ms, 0)} | ${
          fmt(row.englishMs, 0)
        } | x${fmt(row.ms / row.englishMs, 2)} | ${fmt(row.cpuMs, 0)} | ${fmt(row.englishCpuMs, 0)} | x${
          fmt(row.cpuMs / row.englishCpuMs, 2)
        } |`,
      );
      if (verbose) console.error(`${code} missed: ${row.ours.missed.join(" | ")}`);
    }
  } finally {
    await english.close();
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  }
  lines.push("");
  lines.push(
    `time: mean over a language's frames of each frame's median cold read (${
      options.rounds ?? ROUNDS
    } rounds), against English on the same frames; wall and the process's CPU time (user+sys); load average (1, 5, 15 min) ${load} at the start, ${loadAverage()} at the end`,
  );
  return lines;
}
