/**
 * The fallbacks next to the normal paths, measured in one run
 * (`deno task bench:fallback`):
 * - images: sharp against the built-in code (decode, PNG encode, downscale
 *   and the observe screenshot) on real 1440x900 frames;
 * - OCR: the whole fixture set read by libtesseract (when installed)
 *   against tesseract.js in workers and in-process, each frame read cold
 *   (empty cache).
 * Prints a Markdown table of medians and ratios (fallback / normal).
 */

import sharp from "sharp";
import { FIXTURES, loadFixtures, median } from "./ocr_score.ts";
import { decodePng, encodePng } from "../src/image/png.ts";
import { downscale } from "../src/image/resize.ts";
import { screenshotPng } from "../src/image/codec.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

/** Rounds per frame (ROUNDS in the environment, default 7). */
const rounds = () => Number(Deno.env.get("ROUNDS") ?? 7);
const FRAMES = ["apps/mousepad_file_menu_light", "web/dashboard_dark_13"];

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Runs both sides alternately, `rounds()` times per frame, and returns their medians. */
async function pair(
  normal: (f: { png: Uint8Array; frame: RgbaImage }) => Promise<unknown> | unknown,
  fallback: (f: { png: Uint8Array; frame: RgbaImage }) => Promise<unknown> | unknown,
  frames: Array<{ png: Uint8Array; frame: RgbaImage }>,
): Promise<[number, number]> {
  const a: number[] = [], b: number[] = [];
  for (let r = 0; r < rounds(); r++) {
    for (const f of frames) {
      a.push(await time(() => normal(f)));
      b.push(await time(() => fallback(f)));
    }
  }
  return [median(a), median(b)];
}

/** The benchmark; nothing runs on import (`deno bench bench/` loads this file too). */
async function main(): Promise<void> {
  const raw = (f: RgbaImage) => ({ raw: { width: f.width, height: f.height, channels: 4 as const } });
  const frames = await Promise.all(FRAMES.map(async (name) => {
    const png = await Deno.readFile(`${FIXTURES}${name}.png`);
    return { png, frame: decodePng(png) };
  }));

  const rows: Array<[string, number, number]> = [];
  rows.push([
    "decode a 1440x900 PNG",
    ...await pair(
      (f) => sharp(f.png).ensureAlpha().raw().toBuffer(),
      (f) => decodePng(f.png),
      frames,
    ),
  ]);
  rows.push([
    "encode 1440x900 RGBA as PNG",
    ...await pair(
      (f) => sharp(f.frame.data, raw(f.frame)).png({ compressionLevel: 6 }).toBuffer(),
      (f) => encodePng(f.frame),
      frames,
    ),
  ]);
  rows.push([
    "downscale 1440x900 to 720x450",
    ...await pair(
      (f) => sharp(f.frame.data, raw(f.frame)).resize(720, 450, { kernel: "lanczos3" }).raw().toBuffer(),
      (f) => downscale(f.frame, 720, 450),
      frames,
    ),
  ]);
  const withImage = async (backend: string, fn: () => Promise<unknown>) => {
    Deno.env.set("CHOTO_IMAGE", backend);
    try {
      return await fn();
    } finally {
      Deno.env.delete("CHOTO_IMAGE");
    }
  };
  rows.push([
    "observe screenshot of a 1440x900 frame",
    ...await pair(
      (f) => withImage("sharp", () => screenshotPng(f.frame)),
      (f) => withImage("builtin", () => screenshotPng(f.frame)),
      frames,
    ),
  ]);

  // OCR: every fixture frame, cold, with each backend; the engines are started before timing.
  const fixtures = await loadFixtures();
  const engines = {
    libtesseract: new TesseractEngine(2, { native: true }),
    workers: new TesseractEngine(2, { inProcess: false }),
    "in-process": new TesseractEngine(2, { inProcess: true }),
  };
  await Promise.all(Object.values(engines).map((e) => e.warm()));
  const normal = engines.libtesseract.backend().name === "native" ? "libtesseract" : "workers";
  const full = { x: 0, y: 0, width: 1440, height: 900 };
  const perFrame: Record<string, number[]> = {};
  const totals: Record<string, number> = {};
  for (const f of fixtures) {
    for (const [name, engine] of Object.entries(engines)) {
      const ms = await time(() => new ScreenPipeline(engine).run(f.frame, full));
      (perFrame[name] ??= []).push(ms);
      totals[name] = (totals[name] ?? 0) + ms;
    }
  }
  await Promise.all(Object.values(engines).map((e) => e.close()));
  const ocrRows: Array<[string, string, number, string, number]> = [];
  for (const fallback of ["workers", "in-process"].filter((f) => f !== normal)) {
    ocrRows.push([
      `OCR, one cold frame (median of ${fixtures.length})`,
      normal,
      median(perFrame[normal]),
      fallback,
      median(perFrame[fallback]),
    ]);
    ocrRows.push([
      `OCR, all ${fixtures.length} fixture frames`,
      normal,
      totals[normal],
      fallback,
      totals[fallback],
    ]);
  }

  console.log("| operation | normal path | fallback | fallback / normal |");
  console.log("| --- | --- | --- | --- |");
  const all = [...rows.map(([name, a, b]) => [name, "sharp", a, "built-in", b] as const), ...ocrRows];
  for (const [name, n, a, fb, b] of all) {
    console.log(`| ${name} | ${n} ${a.toFixed(1)} ms | ${fb} ${b.toFixed(1)} ms | x${(b / a).toFixed(2)} |`);
  }
}

if (import.meta.main) await main();
