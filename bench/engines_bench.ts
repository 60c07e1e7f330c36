/**
 * The OCR engines and recogniser settings side by side, in one run: word
 * recall and precision on the fixture set, menu shortcuts read exactly, time
 * per never-seen frame, peak RSS and model size, for choto's pipeline under
 * each setting, and the stock tesseract CLI as installed (OpenMP on every
 * core) and with `OMP_THREAD_LIMIT=1`, on the same frames; and PaddleOCR's
 * PP-OCRv4 recogniser on ONNX Runtime fed by choto's line finder (`paddle`)
 * or by PP-OCRv4's detector (`paddle-det`), in bench/paddle/.
 *
 * Each setting runs in a child process of its own, so its peak RSS (GNU
 * time's maximum resident set size) is its own. "Cold" is a frame never seen:
 * a fresh pipeline (empty caches) per frame, recognisers already started.
 * The two 40-line mousepad screens (`fixtures/screens/`) are scored by the
 * words of their file fully visible in the window.
 *
 * Run: deno task bench:engines [setting,...] [--reps N]
 *
 * @module
 */

import process from "node:process";
import { parseArgs } from "node:util";
import { fixtureEntries, loadFixture, median, normaliseText, type Score, scoreWords } from "./ocr_score.ts";
import { fortyLines } from "./forty_lines.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { fastModelFile } from "../src/ocr/engines/engine_choice.ts";
import { modelFile as languageModel } from "../src/ocr/engines/language_data.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { groupWords } from "../src/ocr/group.ts";
import { readShortcut } from "../src/ocr/fixes/accelerators.ts";
import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { OcrWord } from "../src/ocr/types.ts";

/** A setting under test: a model, an enlargement, and how the pipeline sends lines; or the PaddleOCR reader. */
type Setting = TesseractSetting | { engine: "paddle"; detector?: boolean; label: string };

/** choto's pipeline on libtesseract with one model and enlargement. */
interface TesseractSetting {
  engine?: "tesseract";
  model: "best" | "fast";
  targetHeight: number;
  /** The larger model that reads again what the fast one was unsure of (fixes/second_model.ts). */
  recheck?: "best";
  /** One recogniser call per line (page segmentation "single line") instead of stacks of lines. */
  perLine?: boolean;
  /** Read every line, also those whose word pieces repeat on the screen (the word cache off within a frame). */
  noRepeatDeferral?: boolean;
  label: string;
}

const SETTINGS: Record<string, Setting> = {
  tesseract: {
    model: "best",
    targetHeight: 34,
    label: "`tesseract`: best_int model, text enlarged to 34 px",
  },
  enlarge28: { model: "best", targetHeight: 28, label: "best_int, 28 px" },
  enlarge24: { model: "best", targetHeight: 24, label: "best_int, 24 px" },
  perline: {
    model: "best",
    targetHeight: 34,
    perLine: true,
    label: "best_int, 34 px, one call per line (PSM 7)",
  },
  norepeat: {
    model: "best",
    targetHeight: 34,
    noRepeatDeferral: true,
    label: "best_int, 34 px, every line read (no reuse of word pieces repeated on the screen)",
  },
  fast34: { model: "fast", targetHeight: 34, label: "Debian's fast model, 34 px" },
  "tesseract-fast": {
    model: "fast",
    targetHeight: 24,
    label: "`tesseract-fast`: Debian's fast model, 24 px",
  },
  "fast+best": {
    model: "fast",
    targetHeight: 24,
    recheck: "best",
    label: "Debian's fast model, 24 px; best_int, 34 px, reads again what it was unsure of",
  },
  paddle: {
    engine: "paddle",
    label: "choto's line finder + PP-OCRv4 recogniser (ONNX Runtime, one Worker per core)",
  },
  "paddle-det": {
    engine: "paddle",
    detector: true,
    label: "PP-OCRv4 detector (2 threads) + recogniser (one Worker per core)",
  },
};

const SCREENS = new URL("../fixtures/screens/", import.meta.url).pathname;

/** Words of a file fully visible in the benchmark's mousepad window: 22 rows of 70 columns. */
function visibleWords(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n").slice(0, 22)) {
    for (const m of line.matchAll(/\S+/g)) if (m.index! + m[0].length <= 70) out.push(normaliseText(m[0]));
  }
  return out;
}

/** Share of `bag` among the words read (each read word counted once). */
function bagRecall(bag: string[], words: OcrWord[]): number {
  const pool = new Map<string, number>();
  for (const w of words) pool.set(normaliseText(w.text), (pool.get(normaliseText(w.text)) ?? 0) + 1);
  let found = 0;
  for (const t of bag) {
    const n = pool.get(t) ?? 0;
    if (n > 0) {
      found++;
      pool.set(t, n - 1);
    }
  }
  return found / bag.length;
}

async function screenFrames() {
  const prose = await Deno.readTextFile(new URL("./fixtures/prose40.txt", import.meta.url));
  return [
    { name: "forty", png: `${SCREENS}mousepad_forty_lines.png`, bag: visibleWords(fortyLines()) },
    { name: "prose", png: `${SCREENS}mousepad_prose.png`, bag: visibleWords(prose) },
  ];
}

/** What one child reports. */
interface Report {
  recall: number;
  precision: number;
  worst: string;
  shortcuts: string;
  coldMedian: number;
  coldMean: number;
  screens: Record<string, { ms: number; recall: number }>;
  startMs: number;
  rssMb: number;
  model: string;
  /** CPU time (user + system, all threads) per new fixture frame and per read of each screen, mean, ms. */
  cpu?: { cold: number; screens: Record<string, number> };
}

/** This process's CPU time so far (user + system, every thread), ms. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const PADDLE_READER = new URL("./paddle/reader.ts", import.meta.url).href;

/** A started setting: reads a frame as never seen (empty caches) each time. */
interface FrameReader {
  read(frame: RgbaImage): Promise<OcrWord[]>;
  model: string;
  close(): Promise<void>;
}

/** Starts a setting's recognisers (two, one per core) and says how it reads a frame. */
async function openSetting(s: Setting): Promise<FrameReader> {
  // Loaded only here: onnxruntime-node's native library stays out of the libtesseract rows' processes.
  // The path is a variable so the lock never sees its packages (bench/paddle/packages.ts says why).
  if (s.engine === "paddle") {
    const reader: { openPaddleReader(workers: number, detector?: boolean): Promise<FrameReader> } =
      await import(PADDLE_READER);
    return await reader.openPaddleReader(2, s.detector);
  }
  const modelFile = s.model === "fast" ? fastModelFile() : (await languageModel("eng")).file;
  if (!modelFile) throw new Error("the fast model is not installed (apt-get install tesseract-ocr-eng)");
  const engine = new TesseractEngine(2, {
    modelFile,
    targetHeight: s.targetHeight,
    ...(s.recheck ? { latinModels: ["eng"] } : {}),
  });
  await engine.warm?.();
  const options = { stacked: !s.perLine, deferRepeats: !s.noRepeatDeferral };
  return {
    read: async (frame) =>
      (await new ScreenPipeline(engine).run(
        frame,
        { x: 0, y: 0, width: frame.width, height: frame.height },
        options,
      ))
        .words,
    model: `${modelFile} (${(Deno.statSync(modelFile).size / 1048576).toFixed(1)} MB on disk)`,
    close: () => engine.close(),
  };
}

/** Recall, precision, the worst frame and the cold times over the fixture frames, as a report gives them. */
function fixtureSummary(scores: Score[], names: string[], cold: number[]) {
  const sum = (k: "truth" | "found" | "ocr" | "matched") => scores.reduce((a, x) => a + x[k], 0);
  const worst = scores.map((x, i) => ({ r: x.found / x.truth, n: names[i] })).sort((a, b) => a.r - b.r)[0];
  return {
    recall: sum("found") / sum("truth"),
    precision: sum("matched") / sum("ocr"),
    worst: `${worst.r.toFixed(3)} ${worst.n}`,
    coldMedian: median(cold),
    coldMean: cold.reduce((a, b) => a + b, 0) / cold.length,
  };
}

async function child(name: string, reps: number): Promise<Report> {
  const t0 = performance.now();
  const reader = await openSetting(SETTINGS[name]);
  const startMs = performance.now() - t0;
  const scores: Score[] = [];
  const names: string[] = [];
  const cold: number[] = [];
  let keys = 0;
  const wrong: string[] = [];
  let cpuCold = 0;
  for (const entry of fixtureEntries()) {
    const f = await loadFixture(entry);
    const t = performance.now(), c = cpuMs();
    const r = { words: await reader.read(f.frame) };
    groupWords(r.words);
    cold.push(performance.now() - t);
    cpuCold += cpuMs() - c;
    scores.push(scoreWords(f.words, r.words));
    names.push(f.name);
    if (!f.name.startsWith("apps/menu_")) continue;
    for (const truth of f.words.filter((w) => readShortcut(w.text) !== null)) {
      keys++;
      const cx = truth.x + truth.w / 2, cy = truth.y + truth.h / 2;
      const read = r.words.find((w) =>
        Math.abs(w.x + w.w / 2 - cx) <= 6 && Math.abs(w.y + w.h / 2 - cy) <= 4
      );
      if (read?.text !== truth.text) wrong.push(`${truth.text}→${read?.text ?? "nothing"}`);
    }
  }
  const screens: Report["screens"] = {};
  const cpuScreens: Record<string, number> = {};
  for (const sc of await screenFrames()) {
    const frame = await decodeImage(await Deno.readFile(sc.png));
    const times: number[] = [];
    let recall = 0;
    const c = cpuMs();
    for (let i = 0; i < reps; i++) {
      const t = performance.now();
      const r = { words: await reader.read(frame) };
      groupWords(r.words);
      times.push(performance.now() - t);
      recall = bagRecall(sc.bag, r.words);
    }
    screens[sc.name] = { ms: median(times), recall };
    cpuScreens[sc.name] = (cpuMs() - c) / reps;
  }
  await reader.close();
  return {
    ...fixtureSummary(scores, names, cold),
    shortcuts: `${keys - wrong.length}/${keys}${wrong.length ? ` (${wrong.join(", ")})` : ""}`,
    screens,
    startMs,
    rssMb: NaN, // the parent has it from GNU time
    model: reader.model,
    cpu: { cold: cpuCold / names.length, screens: cpuScreens },
  };
}

/** Words of the stock CLI's TSV output. */
function tsvWords(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split("\n").slice(1)) {
    const c = line.split("\t");
    if (c.length < 12 || !c[11].trim()) continue;
    words.push({ text: c[11].trim(), x: +c[6], y: +c[7], w: +c[8], h: +c[9], conf: +c[10] / 100 });
  }
  return words;
}

/** The stock CLI under GNU time: words, wall ms and max RSS. */
async function cliRead(png: string, tuned: boolean) {
  const env: Record<string, string> = tuned ? { OMP_THREAD_LIMIT: "1" } : {};
  const t = performance.now();
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%M", "tesseract", png, "stdout", "tsv"],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t;
  const err = new TextDecoder().decode(out.stderr).trim().split("\n");
  return { words: tsvWords(new TextDecoder().decode(out.stdout)), ms, rssMb: Number(err.at(-1)) / 1024 };
}

async function cli(tuned: boolean, reps: number): Promise<Report> {
  const scores: Score[] = [];
  const names: string[] = [];
  const cold: number[] = [];
  let rss = 0;
  for (const entry of fixtureEntries()) {
    const f = await loadFixture(entry);
    const r = await cliRead(f.png, tuned);
    cold.push(r.ms);
    rss = Math.max(rss, r.rssMb);
    scores.push(scoreWords(f.words, r.words));
    names.push(f.name);
  }
  const screens: Report["screens"] = {};
  for (const sc of await screenFrames()) {
    const times: number[] = [];
    let recall = 0;
    for (let i = 0; i < reps; i++) {
      const r = await cliRead(sc.png, tuned);
      times.push(r.ms);
      recall = bagRecall(sc.bag, r.words);
    }
    screens[sc.name] = { ms: median(times), recall };
  }
  return {
    ...fixtureSummary(scores, names, cold),
    shortcuts: "-",
    screens,
    startMs: NaN,
    rssMb: rss,
    model: "tessdata/eng.traineddata of the tesseract-ocr-eng package",
  };
}

async function main() {
  const args = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: { reps: { type: "string", default: "3" }, child: { type: "string" } },
  });
  const reps = Math.max(1, Number(args.values.reps));
  if (args.values.child) {
    console.log(JSON.stringify(await child(args.values.child, reps)));
    return;
  }
  const names = args.positionals[0]?.split(",") ?? Object.keys(SETTINGS);
  for (const n of names) {
    if (!SETTINGS[n]) throw new Error(`no setting "${n}": ${Object.keys(SETTINGS).join(", ")}`);
  }
  const load = Deno.loadavg();
  const rows: Array<[string, string, Report]> = [];
  rows.push(["cli", "stock tesseract CLI as installed (OpenMP)", await cli(false, reps)]);
  rows.push(["cli1", "stock tesseract CLI, OMP_THREAD_LIMIT=1", await cli(true, reps)]);
  for (const n of names) {
    const out = await new Deno.Command("/usr/bin/time", {
      args: [
        "-f",
        "%M",
        Deno.execPath(),
        "run",
        "--allow-read",
        "--allow-write",
        "--allow-env",
        "--allow-ffi",
        "--allow-sys",
        "--allow-run",
        ...(SETTINGS[n].engine === "paddle" ? ["--no-lock"] : []),
        import.meta.filename!,
        "--child",
        n,
        "--reps",
        String(reps),
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr).trim().split("\n");
    if (!out.success) throw new Error(`setting ${n} failed: ${err.join("\n")}`);
    const report: Report = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
    report.rssMb = Number(err.at(-1)) / 1024;
    rows.push([n, SETTINGS[n].label, report]);
  }
  const tuned = rows[1][2];
  const f0 = (v: number) => Number.isFinite(v) ? v.toFixed(0) : "-";
  console.log(
    `load average at start ${
      load.map((v) => v.toFixed(2)).join(" ")
    } (2 cores); ${fixtureEntries().length} fixture frames; screens median of ${reps}`,
  );
  console.log(
    "| setting | recall | precision | worst frame | menu shortcuts exact | cold ms median (x tuned CLI) | forty-line screen ms (x tuned CLI) | recall | prose screen ms (x tuned CLI) | recall | start ms | peak RSS MB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [n, label, r] of rows) {
    const x = (v: number, of: number) => `${f0(v)} (${(v / of).toFixed(2)}x)`;
    console.log(
      `| ${n}: ${label} | ${r.recall.toFixed(3)} | ${
        r.precision.toFixed(3)
      } | ${r.worst} | ${r.shortcuts} | ${x(r.coldMedian, tuned.coldMedian)} | ${
        x(r.screens.forty.ms, tuned.screens.forty.ms)
      } | ${r.screens.forty.recall.toFixed(3)} | ${x(r.screens.prose.ms, tuned.screens.prose.ms)} | ${
        r.screens.prose.recall.toFixed(3)
      } | ${f0(r.startMs)} | ${f0(r.rssMb)} |`,
    );
  }
  for (const [n, , r] of rows) {
    const cpu = r.cpu
      ? `; CPU per new frame ${f0(r.cpu.cold)} ms, forty-line screen ${f0(r.cpu.screens.forty)} ms, prose ${
        f0(r.cpu.screens.prose)
      } ms`
      : "";
    console.log(`${n}: model ${r.model}${cpu}`);
  }
}

if (import.meta.main) await main();
