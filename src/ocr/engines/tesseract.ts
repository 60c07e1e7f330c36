/**
 * OCR engine on tesseract, fully offline.
 *
 * The language models come from the `@tesseract.js-data/<model>` packages
 * on disk (language_data.ts), one per language in force, read together as
 * tesseract's `eng+deu`, or the first alone with the others in a second
 * engine (`latinModels`); `cacheMethod: "none"` stops tesseract.js from
 * writing a copy into the working directory, and a local `langPath` means it
 * never builds a URL. The server runs without `--allow-net`, so a download
 * attempt would fail loudly.
 *
 * Recognisers start on the first read or on `warm` (the server calls it as
 * it starts, so the first read does not pay for their start) and are
 * reused; up to `size` of them run in parallel, one per core. Where they
 * run, in order of preference:
 * - libtesseract through FFI, when it is installed (`native_tesseract.ts`:
 *   faster, and lighter); `CHOTO_OCR_NATIVE=0` skips it;
 * - tesseract.js in `node:worker_threads` workers;
 * - one tesseract.js recogniser in-process, when a worker cannot start
 *   (or `CHOTO_OCR_WORKERS=0`) (`recognisers.ts`).
 *
 * @module
 */

import { type Grey, greyOf, type RgbaImage } from "../../image/pixels.ts";
import { envVar } from "../../common/env.ts";
import { languageOf } from "../../common/languages.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import { holdFreedMemory, IdleTrim, limitMallocArenas } from "./native_heap.ts";
import type { Recogniser } from "./recognisers.ts";
import { type ModelSource, nativeTesseract, startNativeRecogniser } from "./native_tesseract.ts";
import { LIBTESSERACT_PATHS } from "../../../ffi/tesseract.ts";
import { type ModelFile, modelFiles, unpackModels } from "./language_data.ts";
import { join } from "../../common/paths.ts";
import type { TesseractOptions } from "./tesseract_options.ts";

/**
 * tesseract's page segmentation mode per read, as the string both
 * libtesseract and tesseract.js take (tesseract.js's `PSM` has the same
 * values; it is not imported for them, so a server on libtesseract never
 * loads tesseract.js).
 */
const PSM_OF: Record<OcrMode, string> = {
  block: "6", // single block
  line: "7", // single line
  sparse: "11", // sparse text
  char: "10", // single character
};

/**
 * tesseract.js's recognisers, loaded on their first start: only when
 * libtesseract is missing or not wanted. Imported by computed path: a
 * literal one would make Deno resolve tesseract.js's package whenever this
 * module loads, on the way to every start (build/include.ts includes the
 * module, and the bundle caches it).
 */
const tesseractJs = (): Promise<typeof import("./recognisers.ts")> =>
  import(new URL("./recognisers.ts", import.meta.url).href);

interface Slot {
  worker: Promise<Recogniser>;
  /** A read has found its recogniser started. */
  up?: boolean;
  busy: boolean;
  mode: OcrMode | null;
  /** Characters the recogniser is limited to ("" = all; null = not set yet, so set it on first use). */
  alphabet: string | null;
  /** Pixels this recogniser has read since it started. */
  pixels: number;
}

export type { TesseractOptions } from "./tesseract_options.ts";

/** Where the recognisers run. */
export type OcrBackend = "native" | "workers" | "in-process";

/**
 * Default recycling budget: off. Recycling cut peak memory little and made
 * re-reads slower, because each ended worker leaves memory behind; small
 * stacks, shared malloc arenas and trimming do better (docs/benchmarks.md,
 * "Recycling recognisers").
 */
export const RECYCLE_MEGAPIXELS = 0;
/** glibc malloc arenas allowed once the pool exists. */
const MALLOC_ARENAS = 2;
/**
 * Reading stopped this long hands the heap's freed memory back: looks a
 * model's turn apart reuse it warm (native_heap.ts).
 */
export const TRIM_AFTER_IDLE_MS = 60_000;
/** Start waits kept: only a server's first reads meet a recogniser starting. */
const MAX_START_WAITS = 16;

/** A pool of tesseract.js recognisers behind the OcrEngine interface. */
export class TesseractEngine implements OcrEngine {
  readonly name: string;
  readonly #about: string | null;
  #slots: Slot[] = [];
  #waiting: Array<() => void> = [];
  /** Reads that found their recogniser not yet known to be up: when each began, and how long it waited. */
  #startWaits: Array<{ began: number; ms: number }> = [];
  /** Recognisers started whose start this thread has not yet seen end. */
  #unsettled = 0;
  #closed = false;
  readonly #recyclePixels: number;
  /** Recognisers replaced so far (for tests and benchmarks). */
  recycled = 0;
  /** Recognisers started so far (for tests and benchmarks). */
  started = 0;
  readonly #trim: IdleTrim;
  /** Times the freed native memory was handed back so far (for tests). */
  get trims(): number {
    return this.#trim.trims;
  }
  #backend: OcrBackend;
  /** Whether the first recogniser has started, which settles the backend. */
  #settled = false;
  /** The first start of `warm`, settled. */
  #firstUp: Promise<void> | null = null;
  #why: string;
  readonly #workerScript: string | undefined;
  readonly #readTimeoutMs: number | undefined;
  readonly #libraryPaths: string[];
  /** The models read, the primary first. */
  readonly models: readonly string[];
  readonly cjk: boolean;
  readonly latin?: TesseractEngine;
  #files: Promise<ModelFile[]> | null = null;
  readonly #modelFolder: string | undefined;
  #tempFolder: Promise<string> | null = null;
  readonly #modelFile: string | undefined;
  readonly targetHeight: number | undefined;

  constructor(readonly size = 2, options: TesseractOptions = {}) {
    this.models = options.models?.length ? [...options.models] : ["eng"];
    this.cjk = languageOf(this.models[0])?.script === "cjk";
    if (options.latinModels?.length) {
      // English reads at its own text height, not the first model's, and with its packaged model.
      this.latin = new TesseractEngine(1, {
        ...options,
        models: options.latinModels,
        latinModels: undefined,
        targetHeight: undefined,
        modelFile: undefined,
        about: undefined,
      });
    }
    this.#modelFolder = options.modelFolder;
    this.name = options.name ?? "tesseract";
    this.#about = options.about ?? null;
    this.#modelFile = options.modelFile;
    this.targetHeight = options.targetHeight;
    const mp = options.recycleMegapixels ?? RECYCLE_MEGAPIXELS;
    this.#recyclePixels = mp > 0 ? mp * 1e6 : Infinity;
    this.#workerScript = options.workerScript;
    this.#readTimeoutMs = options.readTimeoutMs;
    this.#trim = new IdleTrim(options.trimAfterIdleMs ?? TRIM_AFTER_IDLE_MS, options.trimAboveRss);
    this.#libraryPaths = options.libraryPaths ?? LIBTESSERACT_PATHS;
    const forced = options.inProcess ?? envVar("CHOTO_OCR_WORKERS") === "0";
    const native = options.native ??
      (envVar("CHOTO_OCR_NATIVE") !== "0" && !forced && options.inProcess === undefined &&
        options.workerScript === undefined);
    this.#backend = native ? "native" : forced ? "in-process" : "workers";
    this.#why = native || !forced
      ? ""
      : options.inProcess
      ? "asked for in-process"
      : "forced by CHOTO_OCR_WORKERS=0";
    // The recognisers' threads would each keep a fragmented malloc arena: share two.
    limitMallocArenas(MALLOC_ARENAS);
    holdFreedMemory();
  }

  recognize(image: RgbaImage, mode: OcrMode = "block"): Promise<OcrWord[]> {
    return this.#read(greyOf(image, { x: 0, y: 0, width: image.width, height: image.height }), mode, "");
  }

  /**
   * Reads a greyscale image, limited to the characters of `alphabet` when
   * one is given (a digits-favouring second read of a token like `Fruit1O`).
   */
  recognizeGrey(image: Grey, mode: OcrMode = "block", alphabet = ""): Promise<OcrWord[]> {
    return this.#read(image, mode, alphabet);
  }

  async #read(image: Grey, mode: OcrMode, alphabet: string): Promise<OcrWord[]> {
    if (this.#closed) throw new Error("the OCR engine was closed");
    if (image.width < 3 || image.height < 3) return [];
    const slot = await this.#acquire();
    let worker: Recogniser | undefined;
    try {
      const began = performance.now();
      worker = await slot.worker;
      if (!slot.up) {
        slot.up = true;
        this.#startWaits.push({ began, ms: performance.now() - began });
        if (this.#startWaits.length > MAX_START_WAITS) this.#startWaits.shift();
      }
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
      const words = await worker.read(image);
      slot.pixels += image.width * image.height;
      return words;
    } finally {
      this.#release(slot, worker);
    }
  }

  detail(): string | null {
    // tesseract.js loads only its own model: another model file is libtesseract's alone.
    if (this.#about && this.#modelFile && this.#backend !== "native") {
      return `${this.#about}; tesseract.js reads its own best_int model instead`;
    }
    return this.#about;
  }

  /** Where the recognisers run, and why (settled once the first one has started). */
  backend(): { name: OcrBackend; why: string } {
    const lib = this.#backend === "native" ? nativeTesseract(this.#libraryPaths) : null;
    const started = !lib
      ? "workers started"
      : `libtesseract ${"error" in lib ? "" : `${lib.version} `}through FFI`;
    return { name: this.#backend, why: this.#why || (this.#settled ? started : "not started yet") };
  }

  /**
   * Starts every recogniser now instead of on first use; resolves once all
   * are up. The first starts alone: it settles where the others run, and
   * with a core to itself (the other runs the thread that looks meanwhile)
   * it is up sooner, so a first look waits for it alone, and the look is
   * not slowed by a second load beside it. The others, and the second
   * engine's, start once it is up. The first slot is in the pool before
   * this awaits anything, so a read that comes meanwhile takes it and waits
   * for its start instead of starting another.
   */
  async warm(): Promise<void> {
    if (this.#closed) return;
    if (!this.#slots.length) this.#slots.push(this.#spawn());
    this.#firstUp ??= Promise.allSettled(this.#slots.map((s) => s.worker)).then(() => {});
    await Promise.all(this.#slots.map((s) => s.worker));
    const latin = this.latin?.warm();
    while (!this.#closed && this.#slots.length < this.#capacity()) this.#slots.push(this.#spawn());
    await Promise.all([...this.#slots.map((s) => s.worker), latin]);
  }

  /**
   * The longest a read waited for its recogniser to start from `since`
   * (performance.now()) on: 0 when none did. Timed by the reads themselves,
   * so a recogniser that was up while the caller's thread was busy
   * elsewhere counts as no wait; a read begun before `since` (the server's
   * priming read, which a call's read waits for) counts from `since`.
   */
  startWait(since: number): number {
    return Math.max(0, ...this.#startWaits.map((w) => w.began + w.ms - Math.max(w.began, since)));
  }

  /**
   * Resolves once the first recogniser `warm` started is up, or failed to
   * start (never rejects): from then on a read need not wait for a start.
   */
  oneUp(): Promise<void> {
    return this.#firstUp ?? Promise.resolve();
  }

  /**
   * How many recognisers may exist: one until the first has started (it
   * settles where they run), one in-process (there is one core), else `size`.
   */
  #capacity(): number {
    return this.#settled && this.#backend !== "in-process" ? this.size : 1;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#trim.cancel();
    await this.latin?.close();
    const slots = this.#slots;
    this.#slots = [];
    await Promise.allSettled(
      slots.map(async (s) => (await s.worker).terminate()),
    );
    const temp = this.#tempFolder;
    if (temp) await temp.then((dir) => Deno.remove(dir, { recursive: true })).catch(() => {});
  }

  starting(): boolean {
    return this.#unsettled > 0 || (this.latin?.starting() ?? false);
  }

  #spawn(): Slot {
    this.started++;
    this.#unsettled++;
    const worker = this.#start();
    const seen = () => void this.#unsettled--;
    worker.then(seen, seen);
    // A slot whose start failed is dropped, so the next read starts afresh.
    worker.catch(() => {
      const i = this.#slots.findIndex((s) => s.worker === worker);
      if (i >= 0 && !this.#slots[i].busy) this.#slots.splice(i, 1);
    });
    return { worker, busy: false, mode: null, alphabet: null, pixels: 0 };
  }

  /** The model files, found once; a missing package rejects every start with the same clear message. */
  modelFiles(): Promise<ModelFile[]> {
    return this.#files ??= modelFiles(this.models);
  }

  async modelsFound(): Promise<void> {
    await Promise.allSettled([this.modelFiles(), this.latin?.modelFiles()]);
  }

  /** Where unpacked models are kept: choto's data folder, when it has one. */
  #keptModels(): string | undefined {
    return this.#modelFolder === undefined ? undefined : join(this.#modelFolder, "ocr-models");
  }

  /**
   * What libtesseract loads: one model from memory (its unpacked copy kept
   * for the next start), or several from a folder they are unpacked into.
   */
  async #nativeSource(files: ModelFile[]): Promise<ModelSource> {
    if (files.length === 1) return { file: files[0].file, model: files[0].model, keepIn: this.#keptModels() };
    let folder = this.#keptModels();
    if (folder === undefined) {
      this.#tempFolder ??= Deno.makeTempDir({ prefix: "choto-models-" });
      folder = await this.#tempFolder;
    }
    try {
      return { folder: await unpackModels(files, folder), languages: files.map((f) => f.model).join("+") };
    } catch (err) {
      throw new Error(
        `${files.length} models are read from a folder, and ${folder} cannot hold them: ${
          (err as Error).message
        }`,
      );
    }
  }

  async #start(): Promise<Recogniser> {
    const files = await this.modelFiles();
    if (this.#backend === "native") {
      try {
        // Another model file (the fast English one) stands in for the English model alone.
        const source: ModelSource = this.#modelFile && this.models.length === 1 && this.models[0] === "eng"
          ? { file: this.#modelFile, model: "eng" }
          : await this.#nativeSource(files);
        const r = await startNativeRecogniser(source, this.#libraryPaths);
        this.#settle();
        return r;
      } catch (err) {
        if (this.#settled) throw err; // it did start before: this is not a missing library
        // Another slot may have fallen back already; either way, tesseract.js from here on.
        if (this.#backend === "native") {
          this.#backend = "workers";
          this.#why = `libtesseract not used: ${(err as Error).message}`;
        }
      }
    }
    const { startInProcessRecogniser, startWorkerRecogniser } = await tesseractJs();
    if (this.#backend === "in-process") {
      const r = await startInProcessRecogniser(files);
      this.#settle();
      return r;
    }
    try {
      const r = await startWorkerRecogniser(files, {
        script: this.#workerScript,
        readTimeoutMs: this.#readTimeoutMs,
      });
      this.#settle();
      return r;
    } catch (err) {
      if (this.#settled) throw err; // workers did start before: this is not a missing capability
      this.#backend = "in-process";
      this.#why = [this.#why, `a worker did not start: ${(err as Error).message}`].filter(Boolean).join("; ");
      const r = await startInProcessRecogniser(files);
      this.#settle();
      return r;
    }
  }

  /**
   * Marks the backend known and wakes every read waiting meanwhile: until
   * now the pool held one recogniser (so that a missing library is found
   * once, not once per read); from now on they may start the others.
   */
  #settle(): void {
    this.#settled = true;
    for (const wake of this.#waiting.splice(0)) wake();
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
    if (!this.#slots.some((s) => s.busy) && !this.#waiting.length) {
      this.#trim.schedule(() => this.#slots.some((s) => s.busy));
    }
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
