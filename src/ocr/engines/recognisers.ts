/**
 * The recogniser interface, and the two ways to run tesseract.js's
 * recogniser behind it (the third, libtesseract, is `native_tesseract.ts`):
 * - in a `node:worker_threads` worker (reads run in parallel and never
 *   block the server's thread);
 * - in-process, on the calling thread, for wherever a worker cannot start
 *   (WebAssembly inside workers of a compiled binary has been reported to
 *   fail), or when asked for (`CHOTO_OCR_WORKERS=0`).
 *
 * Both drive tesseract.js's own worker script with its packet protocol, on
 * the same WebAssembly core and the language data read from the package
 * folder on disk. The worker is started here rather than by tesseract.js's
 * `createWorker` so that a worker that dies is an error this module catches
 * (tesseract.js leaves a worker's error event unhandled, which ends the
 * process).
 *
 * @module
 */

import { Worker } from "node:worker_threads";
import { gunzipSync } from "node:zlib";
import { OEM } from "tesseract.js";
import nodeDefaults from "tesseract.js/src/worker/node/defaultOptions.js";
import type { Grey } from "../../image/pixels.ts";
import type { OcrWord } from "../types.ts";

/**
 * tesseract.js's worker script for Node (what each worker runs), as
 * tesseract.js itself locates it: right wherever the package lives.
 */
export function workerScriptPath(): string {
  return nodeDefaults.workerPath as string;
}

/** One recogniser: its parameters, a read, and its end. */
export interface Recogniser {
  setParameters(params: Record<string, string>): Promise<unknown>;
  /** The words of a greyscale image, with the parameters set last. */
  read(image: Grey): Promise<OcrWord[]>;
  terminate(): Promise<unknown>;
  /** False once the recogniser has died or was terminated. */
  alive(): boolean;
}

/** The header of a binary greyscale PGM, which leptonica reads directly and cheaply. */
function pgmHeader(width: number, height: number): Uint8Array {
  return new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
}

/** Encodes a greyscale image as a binary PGM, the encoded form tesseract.js takes. */
export function greyPgm(image: Grey): Uint8Array {
  const header = pgmHeader(image.width, image.height);
  const out = new Uint8Array(header.length + image.width * image.height);
  out.set(header);
  out.set(image.data.subarray(0, image.width * image.height), header.length);
  return out;
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

/** Flattens tesseract.js's block tree into words, dropping empty ones. */
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

/** What tesseract.js is asked for: the block tree (words with boxes), no plain text. */
const OUTPUT = { blocks: true, text: false };

/** The words of a tesseract.js reply. */
function wordsOfReply(data: unknown): OcrWord[] {
  return wordsOf(((data as { blocks?: TBlock[] | null }).blocks ?? []) as TBlock[]);
}

/** A reply packet of the worker script. */
interface Packet {
  jobId: string;
  status: "resolve" | "reject" | "progress";
  data: unknown;
}

type Send = (action: string, payload: unknown, transfer?: ArrayBuffer[]) => Promise<unknown>;

let jobs = 0;

/** Loads the core and the English LSTM model, offline. */
async function initialise(send: Send, langPath: string): Promise<void> {
  await send("load", { options: { lstmOnly: true, corePath: undefined, logging: false } });
  await send("loadLanguage", {
    langs: "eng",
    options: { langPath, cacheMethod: "none", gzip: true, lstmOnly: true },
  });
  await send("initialize", { langs: "eng", oem: OEM.LSTM_ONLY, config: {} });
}

/**
 * The V8 heap each worker may use, in MB. A read leaves garbage in the
 * worker's heap in proportion to its pixels (the image's way through the
 * recogniser's JavaScript side), and under V8's default limits a worker lets
 * it pile up long before collecting it; bounded, the heap stays small
 * between reads (docs/benchmarks.md, "Worker heaps"). A worker that reaches
 * the limit stalls instead of failing, which `READ_TIMEOUT_MS` ends.
 */
export const WORKER_HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 4 };

/**
 * A worker that gives no answer to a request in this long is stopped; the
 * request fails with an error that says so, and the next read starts a new
 * worker. The largest stack takes under 2 s on a loaded 2-core machine.
 */
export const READ_TIMEOUT_MS = 30_000;

/**
 * Starts a recogniser in a worker thread. Rejects if the worker dies or
 * reports an error before it is ready, or gives no answer in `timeoutMs`.
 * Later requests with no answer in `readTimeoutMs` stop the worker.
 */
export async function startWorkerRecogniser(
  langPath: string,
  options: { script?: string; timeoutMs?: number; readTimeoutMs?: number } = {},
): Promise<Recogniser> {
  const worker = new Worker(options.script ?? workerScriptPath(), { resourceLimits: WORKER_HEAP });
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let dead: Error | null = null;
  const die = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };
  worker.on("message", (p: Packet) => {
    const job = pending.get(p.jobId);
    if (!job || p.status === "progress") return;
    pending.delete(p.jobId);
    if (p.status === "resolve") job.resolve(p.data);
    else job.reject(new Error(`OCR worker: ${String(p.data)}`));
  });
  worker.on("error", (err: Error) => die(new Error(`OCR worker failed: ${err.message}`)));
  worker.on("exit", (code: number) => die(new Error(`OCR worker exited (code ${code})`)));
  const readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS;
  // The start has its own limit (`timeoutMs`): a slow start on a loaded machine is not a stalled request.
  let started = false;
  const send: Send = (action, payload, transfer) => {
    if (dead) return Promise.reject(dead);
    const jobId = `job-${++jobs}`;
    const timer = started
      ? setTimeout(() => {
        die(
          new Error(
            `the OCR worker gave no answer to ${action} within ${readTimeoutMs / 1000} s and was stopped`,
          ),
        );
        void worker.terminate();
      }, readTimeoutMs)
      : undefined;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(jobId, { resolve, reject });
      worker.postMessage({ workerId: "worker", jobId, action, payload }, transfer);
    }).finally(() => clearTimeout(timer));
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      initialise(send, langPath),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`OCR worker gave no answer within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (err) {
    die(err as Error);
    await worker.terminate();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  started = true;
  return {
    alive: () => dead === null,
    setParameters: (params) => send("setParameters", { params }),
    read: (image) => {
      const pgm = greyPgm(image);
      // The encoded image moves to the worker rather than being copied: nothing here reads it again.
      return send("recognize", { image: pgm, options: {}, output: OUTPUT }, [pgm.buffer as ArrayBuffer])
        .then(wordsOfReply);
    },
    terminate: async () => {
      die(new Error("the OCR worker was terminated"));
      await worker.terminate();
    },
  };
}

interface WorkerScript {
  dispatchHandlers(packet: Record<string, unknown>, send: (p: Packet) => void): void;
  setAdapter(adapter: Record<string, unknown>): void;
}

let core: Promise<Send> | null = null;
/** The in-process handle whose parameters the core holds now. */
let applied: object | null = null;

async function loadInProcessCore(langPath: string): Promise<Send> {
  // Literal specifiers: `deno compile` puts both files in the binary's module graph.
  const script = (await import("tesseract.js/src/worker-script/index.js")) as unknown as WorkerScript;
  const getCore = (await import("tesseract.js/src/worker-script/node/getCore.js")).default;
  script.setAdapter({
    getCore,
    gunzip: (data: Uint8Array) => gunzipSync(data),
    // The language data is a local path, so the script never fetches; if it tried, refuse.
    fetch: () => Promise.reject(new Error("choto never downloads OCR data")),
    readCache: (path: string) => Deno.readFile(path),
    writeCache: () => Promise.resolve(),
    deleteCache: () => Promise.resolve(),
    checkCache: () => Promise.resolve(false),
  });
  // The script's handlers for parameters and reads never wait, so each runs to
  // completion inside dispatchHandlers: that keeps a handle's parameters and its read together.
  const send: Send = (action, payload) =>
    new Promise((resolve, reject) => {
      script.dispatchHandlers({ workerId: "in-process", jobId: `job-${++jobs}`, action, payload }, (p) => {
        if (p.status === "resolve") resolve(p.data);
        else if (p.status === "reject") {
          reject(new Error(`in-process OCR ${action} failed: ${String(p.data)}`));
        }
      });
    });
  await initialise(send, langPath);
  return send;
}

/**
 * A handle onto the process's in-process recogniser. The worker script keeps
 * its state in module scope, so a process has one core: the first call loads
 * it (~0.3 s) and it stays loaded; later handles share it. Each handle keeps
 * its own parameters and puts them back before its reads, so two engines
 * sharing the core never see each other's page mode or character list. A
 * read blocks the thread while it runs.
 */
export async function startInProcessRecogniser(langPath: string): Promise<Recogniser> {
  core ??= loadInProcessCore(langPath);
  let send: Send;
  try {
    send = await core;
  } catch (err) {
    core = null;
    throw err;
  }
  const params: Record<string, string> = {};
  let ended = false;
  const gone = () => Promise.reject(new Error("the in-process recogniser was terminated"));
  const handle: Recogniser = {
    alive: () => !ended,
    setParameters(p) {
      if (ended) return gone();
      Object.assign(params, p);
      applied = handle;
      return send("setParameters", { params: p });
    },
    read(image) {
      if (ended) return gone();
      // Another handle may have changed the core's parameters since: put ours back first.
      if (applied !== handle && Object.keys(params).length) void send("setParameters", { params });
      applied = handle;
      return send("recognize", { image: greyPgm(image), options: {}, output: OUTPUT }).then(wordsOfReply);
    },
    terminate() {
      ended = true;
      if (applied === handle) applied = null;
      return Promise.resolve();
    },
  };
  return handle;
}
