/**
 * `choto selftest`: proves a build works on this machine, end to end, with
 * the code paths it would use for real. It decodes a PNG carried in the
 * code, reads it with each OCR engine of the platform and checks known
 * words, encodes a screenshot, opens and migrates a throwaway database, and
 * lists windows and captures a frame when a display is there. Each check
 * prints the backend it ran on (sharp or built-in images, OCR workers or
 * in-process, Vision or tesseract), so a compiled binary shows which
 * fallbacks it took.
 *
 * @module
 */

import { join } from "node:path";

import { openDesktop } from "../desktop/open.ts";
import { Store } from "../db/store.ts";
import { createScreenReader } from "../ocr/reader.ts";
import { TesseractEngine } from "../ocr/engines/tesseract.ts";
import type { OcrEngine } from "../ocr/types.ts";
import { createVisionEngine } from "../ocr/engines/vision.ts";
import { decodeImage, imageBackend, screenshotPng } from "../image/codec.ts";
import { envVar } from "../common/env.ts";
import { chooseLanguages, localeLanguages } from "../common/languages.ts";
import { tesseractModels } from "../ocr/engines/platform.ts";
import { SELFTEST_SIZE, SELFTEST_WORDS, selftestPng } from "./selftest_image.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Command } from "./command.ts";

/** The outcome of one check. */
export interface SelftestResult {
  name: string;
  status: "ok" | "FAIL" | "skip";
  /** The code that did the work ("built-in (forced by CHOTO_IMAGE=builtin)"). */
  backend: string;
  detail: string;
  ms: number;
}

/** A check: returns its backend and detail, throws on failure, or returns a skip. */
type Check = () => Promise<{ backend: string; detail: string; skip?: boolean }>;

async function timed(name: string, check: Check): Promise<SelftestResult> {
  const t0 = performance.now();
  try {
    const r = await check();
    return {
      name,
      status: r.skip ? "skip" : "ok",
      backend: r.backend,
      detail: r.detail,
      ms: performance.now() - t0,
    };
  } catch (err) {
    return { name, status: "FAIL", backend: "", detail: (err as Error).message, ms: performance.now() - t0 };
  }
}

async function imageLabel(): Promise<string> {
  const b = await imageBackend();
  return `${b.name === "sharp" ? "sharp" : "built-in"} (${b.why})`;
}

/** Reads the selftest image with `engine` and fails unless every known word is found. */
async function readWords(engine: OcrEngine, image: RgbaImage): Promise<string> {
  const reader = createScreenReader(engine);
  try {
    const text = await reader.read(image, { x: 0, y: 0, width: image.width, height: image.height });
    const seen = text.elements.map((e) => e.text).join(" ");
    const missing = SELFTEST_WORDS.filter((w) => !seen.includes(w));
    if (missing.length) throw new Error(`did not find ${missing.join(", ")} (read: ${seen || "nothing"})`);
    return `found ${SELFTEST_WORDS.join(", ")}`;
  } finally {
    await reader.close();
  }
}

/** A 1440x900 frame tiled from the selftest image, the size of a real screen. */
function tiledFrame(tile: RgbaImage): RgbaImage {
  const width = 1440, height = 900;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const ty = y % tile.height;
    for (let x = 0; x < width; x += tile.width) {
      const n = Math.min(tile.width, width - x);
      const s = ty * tile.width * 4;
      data.set(tile.data.subarray(s, s + n * 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Runs every check and returns the results, in order. */
export async function selftestChecks(): Promise<SelftestResult[]> {
  const results: SelftestResult[] = [];
  let image: RgbaImage | null = null;

  results.push(
    await timed("decode PNG", async () => {
      image = await decodeImage(selftestPng());
      if (image.width !== SELFTEST_SIZE.width || image.height !== SELFTEST_SIZE.height) {
        throw new Error(
          `decoded ${image.width}x${image.height}, expected ${SELFTEST_SIZE.width}x${SELFTEST_SIZE.height}`,
        );
      }
      return { backend: await imageLabel(), detail: `${image.width}x${image.height}` };
    }),
  );

  results.push(
    await timed("OCR, tesseract", async () => {
      if (!image) throw new Error("no image: decoding failed");
      const engine = new TesseractEngine(2);
      const detail = await readWords(engine, image);
      const b = engine.backend();
      return { backend: b.name === "native" ? b.why : `tesseract.js, ${b.name} (${b.why})`, detail };
    }),
  );

  // The languages the desktop or CHOTO_LANGS name: their models load and read the image's (Latin) words.
  const languages = chooseLanguages({ override: envVar("CHOTO_LANGS"), desktop: localeLanguages(envVar) });
  if (languages.languages.length > 1) {
    results.push(
      await timed(`OCR, tesseract in ${languages.languages.map((l) => l.tesseract).join("+")}`, async () => {
        if (!image) throw new Error("no image: decoding failed");
        const engine = new TesseractEngine(2, tesseractModels(languages.languages));
        return {
          backend: `${engine.models.join("+")}${
            engine.latin
              ? `, ${engine.cjk ? "Latin runs" : "unsure words"} ${engine.latin.models.join("+")}`
              : ""
          }, from ${languages.source}`,
          detail: await readWords(engine, image),
        };
      }),
    );
  }

  if (Deno.build.os === "darwin") {
    results.push(
      await timed("OCR, Vision", async () => {
        if (!image) throw new Error("no image: decoding failed");
        return { backend: "Vision", detail: await readWords(createVisionEngine(), image) };
      }),
    );
  }

  results.push(
    await timed("encode screenshot", async () => {
      if (!image) throw new Error("no image: decoding failed");
      const frame = tiledFrame(image);
      const shot = await screenshotPng(frame);
      if (shot.png.byteLength >= 1_000_000) throw new Error(`screenshot is ${shot.png.byteLength} bytes`);
      const back = await decodeImage(shot.png);
      if (back.width !== shot.width || back.height !== shot.height) {
        throw new Error(
          `screenshot reads back as ${back.width}x${back.height}, not ${shot.width}x${shot.height}`,
        );
      }
      return {
        backend: await imageLabel(),
        detail: `${frame.width}x${frame.height} -> ${shot.width}x${shot.height} PNG, ${
          Math.round(shot.png.byteLength / 1024)
        } KB`,
      };
    }),
  );

  results.push(
    await timed("database", async () => {
      const dir = await Deno.makeTempDir({ prefix: "choto-selftest-" });
      try {
        const store = new Store(join(dir, "choto.db"));
        try {
          const version =
            (store.db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
          const tables = store.get<{ n: number }>("table_count")!.n;
          if (version < 1 || tables < 1) throw new Error(`migrations did not run (version ${version})`);
          return { backend: "node:sqlite", detail: `migrated to version ${version}, ${tables} tables` };
        } finally {
          store.close();
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    }),
  );

  results.push(
    await timed("windows and capture", async () => {
      if (Deno.build.os !== "darwin" && !envVar("DISPLAY")) {
        return { backend: "", detail: "no display (DISPLAY is not set)", skip: true };
      }
      const desktop = openDesktop();
      try {
        const state = desktop.windows();
        const frame = desktop.capture();
        if (frame.width < 1 || frame.height < 1) throw new Error("the capture is empty");
        return {
          backend: desktop.platform,
          detail: `${state.windows.length} window(s), captured ${frame.width}x${frame.height}`,
        };
      } finally {
        desktop.close();
      }
    }),
  );
  return results;
}

/** Runs the checks and prints one line each and a summary; true when none failed. */
export async function runSelftest(print: (line: string) => void = console.log): Promise<boolean> {
  const results = await selftestChecks();
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const backend = r.backend ? ` [${r.backend}]` : "";
    print(`${r.status.padEnd(4)}  ${r.name.padEnd(width)}  ${r.detail}${backend} (${Math.round(r.ms)} ms)`);
  }
  const count = (s: SelftestResult["status"]) => results.filter((r) => r.status === s).length;
  print(`selftest: ${count("ok")} passed, ${count("FAIL")} failed, ${count("skip")} skipped`);
  return count("FAIL") === 0;
}

/** `choto selftest`. */
export const selftestCommand: Command = {
  usage: [["selftest", "prove this build works: image decode/encode, OCR, database, capture"]],
  details: ["prints the backend each check used; exits 1 when a check fails"],
  options: [],
  maxArgs: 0,
  run: async () => (await runSelftest()) ? 0 : 1,
};
