/**
 * OCR engine on tesseract.js, fully offline.
 *
 * The language model comes from the `@tesseract.js-data/eng` package on
 * disk; `cacheMethod: "none"` stops tesseract.js from writing a copy into the
 * working directory, and a local `langPath` means it never builds a URL. The
 * server runs without `--allow-net`, so a download attempt would fail loudly.
 *
 * Recognisers start on the first read or on `warm` (the server calls it as
 * it starts, so the first read does not pay their ~0.3 s) and are reused;
 * up to `size` of them run in parallel, one per core, each in a
 * `node:worker_threads` worker. When a worker cannot start (or
 * `CHOTO_OCR_WORKERS=0`), one recogniser runs in-process on the same
 * WebAssembly core instead (`recognisers.ts`).
 *
 * @module
 */

import { dirname, join } from "node:path";
import engData from "@tesseract.js-data/eng";
import { PSM } from "tesseract.js";
import type { RgbaImage } from "../desktop/types.ts";
import type { Grey } from "./pixels.ts";
import { envVar } from "../env.ts";
import type { OcrEngine, OcrMode, OcrWord } from "./types.ts";
import { limitMallocArenas, trimNativeMemory } from "./memory.ts";
import { type Recogniser, startInProcessRecogniser, startWorkerRecogniser } from "./recognisers.ts";

/**
 * Folder holding `eng.traineddata.gz` (the LSTM-only integer model). The
 * package's entry names its own folder (`langPath`, the legacy model beside
 * ours), which is right wherever the package lives: `node_modules/`, Deno's
 * global npm cache, or inside a compiled binary.
 */
export function languageDataDir(): string {
  return join(dirname(engData.langPath as string), "4.0.0_best_int");
}

const PSM_OF: Record<OcrMode, PSM> = {
  block: PSM.SINGLE_BLOCK,
  line: PSM.SINGLE_LINE,
  sparse: PSM.SPARSE_TEXT,
  char: PSM.SINGLE_CHAR,
};

/** The header of a binary greyscale PGM, which leptonica reads directly and cheaply. */
function pgmHeader(width: number, height: number): Uint8Array {
  return new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
}

/** Encodes a greyscale image as a binary PGM. */
export function greyPgm(image: Grey): Uint8Array {
  const header = pgmHeader(image.width, image.height);
  const out = new Uint8Array(header.length + image.width * image.height);
  out.set(header);
  out.set(image.data.subarray(0, image.width * image.height), header.length);
  return out;
}

/** Encodes an RGBA image as a binary greyscale PGM. */
export function toPgm(image: RgbaImage): Uint8Array {
  const header = pgmHeader(image.width, image.height);
  const n = image.width * image.height;
  const out = new Uint8Array(header.length + n);
  out.set(header);
  const src = image.data;
  for (let i = 0, j = header.length; i < n; i++, j++) {
    const k = i * 4;
    // Integer Rec. 601 luma: fast and close enough for recognition.
    out[j] = (src[k] * 77 + src[k + 1] * 150 + src[k + 2] * 29) >> 8;
  }
  return out;
}

interface Slot {
  worker: Promise<Recogniser>;
  busy: boolean;
  mode: OcrMode | null;
  /** Characters the recogniser is limited to ("" = all; null = not set yet, so set it on first use). */
  alphabet: string | null;
  /** Pixels this recogniser has read since it started. */
  pixels: number;
}

/** Tuning of the recogniser pool. */
export interface TesseractOptions {
  /**
   * A recogniser is replaced by a fresh one once it has read this many
   * megapixels. tesseract.js's WebAssembly heap grows with every large image
   * and never shrinks; only ending the worker returns the memory. The
   * replacement starts in the background (~250 ms) while the other
   * recognisers keep working. 0 disables recycling.
   */
  recycleMegapixels?: number;
  /**
   * Run the recogniser on the calling thread instead of in workers.
   * Default: only when `CHOTO_OCR_WORKERS=0`, or once a worker failed to start.
   */
  inProcess?: boolean;
  /** The worker script to run (default: tesseract.js's); a test points it at a missing file. */
  workerScript?: string;
  /** A worker with no answer in this long is stopped (default `READ_TIMEOUT_MS`). */
  readTimeoutMs?: number;
}

/** Where the recognisers run. */
export type OcrBackend = "workers" | "in-process";

/**
 * Default recycling budget: off. Measured on the fixtures, recycling every
 * 4 MP cut peak RSS only from ~650 to ~555 MB and made re-reads up to 3x
 * slower, because each ended worker leaves ~12 MB behind; small stacks,
 * shared malloc arenas and trimming do better (bench/ocr_bench.ts).
 */
export const RECYCLE_MEGAPIXELS = 0;
/** glibc malloc arenas allowed once the pool exists. */
const MALLOC_ARENAS = 2;

/** A pool of tesseract.js recognisers behind the OcrEngine interface. */
export class TesseractEngine implements OcrEngine {
  readonly name = "tesseract";
  #slots: Slot[] = [];
  #waiting: Array<() => void> = [];
  #closed = false;
  readonly #recyclePixels: number;
  /** Recognisers replaced so far (for tests and benchmarks). */
  recycled = 0;
  /** Recognisers started so far (for tests and benchmarks). */
  started = 0;
  #backend: OcrBackend;
  /** Whether the first recogniser has started, which settles the backend. */
  #settled = false;
  #why: string;
  readonly #workerScript: string | undefined;
  readonly #readTimeoutMs: number | undefined;

  constructor(readonly size = 2, options: TesseractOptions = {}) {
    const mp = options.recycleMegapixels ?? RECYCLE_MEGAPIXELS;
    this.#recyclePixels = mp > 0 ? mp * 1e6 : Infinity;
    this.#workerScript = options.workerScript;
    this.#readTimeoutMs = options.readTimeoutMs;
    const forced = options.inProcess ?? envVar("CHOTO_OCR_WORKERS") === "0";
    this.#backend = forced ? "in-process" : "workers";
    this.#why = forced ? (options.inProcess ? "asked for in-process" : "forced by CHOTO_OCR_WORKERS=0") : "";
    // The recognisers' threads would each keep a fragmented malloc arena: share two.
    limitMallocArenas(MALLOC_ARENAS);
  }

  recognize(image: RgbaImage, mode: OcrMode = "block"): Promise<OcrWord[]> {
    return this.#read(image.width, image.height, () => toPgm(image), mode, "");
  }

  /**
   * Reads a greyscale image, limited to the characters of `alphabet` when
   * one is given (a digits-favouring second read of a token like `Fruit1O`).
   */
  recognizeGrey(image: Grey, mode: OcrMode = "block", alphabet = ""): Promise<OcrWord[]> {
    return this.#read(image.width, image.height, () => greyPgm(image), mode, alphabet);
  }

  async #read(
    width: number,
    height: number,
    pgm: () => Uint8Array,
    mode: OcrMode,
    alphabet: string,
  ): Promise<OcrWord[]> {
    if (this.#closed) throw new Error("the OCR engine was closed");
    if (width < 3 || height < 3) return [];
    const slot = await this.#acquire();
    let worker: Recogniser | undefined;
    try {
      worker = await slot.worker;
      if (slot.mode !== mode) {
        await worker.setParameters({
          tessedit_pageseg_mode: PSM_OF[mode],
          // Screens have no dictionary words to lean on: keep spacing literal.
          preserve_interword_spaces: "1",
          // Without a DPI tesseract prints "Estimating resolution" to stdout, which would corrupt the stdio protocol.
          user_defined_dpi: "300",
        });
        slot.mode = mode;
      }
      if (slot.alphabet !== alphabet) {
        await worker.setParameters({ tessedit_char_whitelist: alphabet });
        slot.alphabet = alphabet;
      }
      const result = await worker.recognize(pgm(), {}, { blocks: true, text: false });
      slot.pixels += width * height;
      return wordsOf((result.data.blocks ?? []) as TBlock[]);
    } finally {
      this.#release(slot, worker);
    }
  }

  /** Where the recognisers run, and why (settled once the first one has started). */
  backend(): { name: OcrBackend; why: string } {
    return { name: this.#backend, why: this.#why || (this.#settled ? "workers started" : "not started yet") };
  }

  /**
   * Starts every recogniser now instead of on first use, all at once: each
   * start is mostly compiling the core and loading the model, and the cores
   * are free while the server shakes hands. The first slot is in the pool
   * before this awaits anything, so a read that comes meanwhile takes it and
   * waits for its start instead of starting another. If workers turn out
   * not to start, the extra slots are dropped once all have settled.
   */
  async warm(): Promise<void> {
    if (this.#closed) return;
    const want = this.#backend === "workers" ? this.size : 1;
    while (this.#slots.length < want) this.#slots.push(this.#spawn());
    await Promise.allSettled(this.#slots.map((s) => s.worker));
    for (const extra of this.#slots.filter((s) => !s.busy).slice(this.#capacity())) {
      this.#slots = this.#slots.filter((s) => s !== extra);
      extra.worker.then((w) => w.terminate()).catch(() => {});
    }
    await Promise.all(this.#slots.map((s) => s.worker));
  }

  /**
   * How many recognisers may exist: one until the first has started (it
   * settles whether workers work), one in-process (there is one core), else `size`.
   */
  #capacity(): number {
    return this.#settled && this.#backend === "workers" ? this.size : 1;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const slots = this.#slots;
    this.#slots = [];
    await Promise.allSettled(
      slots.map(async (s) => (await s.worker).terminate()),
    );
  }

  #spawn(): Slot {
    this.started++;
    const worker = this.#start();
    // A slot whose start failed is dropped, so the next read starts afresh.
    worker.catch(() => {
      const i = this.#slots.findIndex((s) => s.worker === worker);
      if (i >= 0 && !this.#slots[i].busy) this.#slots.splice(i, 1);
    });
    return { worker, busy: false, mode: null, alphabet: null, pixels: 0 };
  }

  async #start(): Promise<Recogniser> {
    if (this.#backend === "in-process") {
      const r = await startInProcessRecogniser(languageDataDir());
      this.#settled = true;
      return r;
    }
    try {
      const r = await startWorkerRecogniser(languageDataDir(), {
        script: this.#workerScript,
        readTimeoutMs: this.#readTimeoutMs,
      });
      this.#settled = true;
      return r;
    } catch (err) {
      if (this.#settled) throw err; // workers did start before: this is not a missing capability
      this.#backend = "in-process";
      this.#why = `a worker did not start: ${(err as Error).message}`;
      const r = await startInProcessRecogniser(languageDataDir());
      this.#settled = true;
      return r;
    }
  }

  async #acquire(): Promise<Slot> {
    for (;;) {
      const idle = this.#slots.find((s) => !s.busy);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      if (this.#slots.length < this.#capacity()) {
        const slot = this.#spawn();
        slot.busy = true;
        this.#slots.push(slot);
        return slot;
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  #release(slot: Slot, worker: Recogniser | undefined): void {
    slot.busy = false;
    if (!worker?.alive()) {
      // The recogniser never started or has died: drop it, and the next read starts a new one.
      this.#slots = this.#slots.filter((s) => s !== slot);
      worker?.terminate().catch(() => {});
    }
    // When the pool goes idle (a read is done), hand the freed native memory back.
    if (!this.#slots.some((s) => s.busy) && !this.#waiting.length) trimNativeMemory();
    if (slot.pixels >= this.#recyclePixels && !this.#closed) {
      const i = this.#slots.indexOf(slot);
      if (i >= 0) {
        // Start the replacement first so the next read never waits for the old one to end.
        this.#slots[i] = this.#spawn();
        this.recycled++;
        slot.worker.then((w) => w.terminate()).catch(() => {});
      }
    }
    this.#waiting.shift()?.();
  }
}

interface TBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TWord {
  text: string;
  confidence: number;
  bbox: TBox;
}
interface TBlock {
  paragraphs: Array<{ lines: Array<{ words: TWord[] }> }>;
}

/** Flattens tesseract's block tree into words, dropping empty ones. */
export function wordsOf(blocks: TBlock[]): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of blocks) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        for (const w of line.words) {
          const text = w.text.trim();
          if (!text) continue;
          words.push({
            text,
            x: w.bbox.x0,
            y: w.bbox.y0,
            w: w.bbox.x1 - w.bbox.x0,
            h: w.bbox.y1 - w.bbox.y0,
            conf: Math.max(0, Math.min(1, w.confidence / 100)),
          });
        }
      }
    }
  }
  return words;
}
