/**
 * OCR engine on Apple's Vision framework (VNRecognizeTextRequest), macOS only.
 *
 * Vision runs in a worker thread of its own (`vision_worker.ts`): a read
 * takes tens to hundreds of milliseconds, and on the server's thread it
 * would hold MCP traffic, the corner failsafe and cancellation for that
 * long. The worker owns its Vision objects from start to end, as Vision
 * wants. Given libraries (a test's fake), the engine reads on the calling
 * thread instead.
 *
 * @module
 */

import type { MacLibs } from "../../desktop/macos/libs.ts";
import { VISION_MAX_STACK_HEIGHT, VisionReader } from "./vision_read.ts";
import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** How a Vision engine is made. */
export interface VisionOptions {
  /** Read on this thread through these libraries (tests); default: a worker with the system's. */
  libs?: MacLibs;
  /** Prefix of the library paths the worker opens: "" on a Mac, a test's stand-in tree elsewhere. */
  root?: string;
  /** BCP-47 languages to read, best first; default: the user's preferred languages Vision supports. */
  languages?: string[];
}

/** A Vision engine, with what it read in last. */
export interface VisionEngine extends OcrEngine {
  /** The languages Vision was asked for (null before the first read). */
  languages(): string[] | null;
  /** Why the chosen languages were dropped for Vision's default, when they were. */
  languageProblem(): string | null;
}

/** A Vision-backed OcrEngine. */
export function createVisionEngine(options: VisionOptions | MacLibs = {}): VisionEngine {
  const opts: VisionOptions = "cf" in options ? { libs: options as MacLibs } : options as VisionOptions;
  return opts.libs ? inProcessEngine(opts.libs, opts) : workerEngine(opts);
}

function inProcessEngine(libs: MacLibs, opts: VisionOptions): VisionEngine {
  const reader = new VisionReader(libs, opts.languages ? { languages: opts.languages } : {});
  let closed = false;
  return {
    name: "vision",
    maxStackHeight: VISION_MAX_STACK_HEIGHT,
    languages: () => reader.languages,
    languageProblem: () => reader.languageProblem,
    detail: () => describeLanguages(reader.languages, reader.languageProblem),
    recognize(image: RgbaImage, _mode: OcrMode = "block"): Promise<OcrWord[]> {
      if (closed) return Promise.reject(new Error("the OCR engine was closed"));
      try {
        return Promise.resolve(reader.recognize(image));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    close(): Promise<void> {
      if (!closed) {
        closed = true;
        reader.close();
        libs.close();
      }
      return Promise.resolve();
    },
  };
}

function describeLanguages(languages: string[] | null, problem: string | null): string | null {
  if (!languages) return null;
  return `languages ${languages.join(", ")}${problem ? ` (${problem})` : ""}`;
}

type Pending = { resolve: (w: OcrWord[]) => void; reject: (e: Error) => void };

function workerEngine(opts: VisionOptions): VisionEngine {
  const worker = new Worker(new URL("./vision_worker.ts", import.meta.url), { type: "module" });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  let languages: string[] | null = null;
  let languageProblem: string | null = null;
  let closing: (() => void) | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data;
      if (m.ready) return resolve();
      if (m.closed) return closing?.();
      if (m.failed) return reject(new Error(`Vision did not start: ${m.failed}`));
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else {
        languages = m.languages;
        languageProblem = m.languageProblem;
        p.resolve(m.words);
      }
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      const err = new Error(`the Vision worker stopped: ${e.message}`);
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
  });
  // A start failure is reported by the first read, not as an unhandled rejection.
  ready.catch(() => {});
  worker.postMessage({ kind: "init", root: opts.root ?? "", languages: opts.languages });
  return {
    name: "vision",
    maxStackHeight: VISION_MAX_STACK_HEIGHT,
    languages: () => languages,
    languageProblem: () => languageProblem,
    detail: () => describeLanguages(languages, languageProblem),
    warm: () => ready,
    async recognize(image: RgbaImage, _mode: OcrMode = "block"): Promise<OcrWord[]> {
      if (closed) throw new Error("the OCR engine was closed");
      if (image.width < 3 || image.height < 3) return [];
      await ready;
      const id = nextId++;
      // A copy is sent: the caller keeps its frame.
      const data = image.data.slice();
      return await new Promise<OcrWord[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ kind: "read", id, width: image.width, height: image.height, data }, [
          data.buffer,
        ]);
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const err = new Error("the OCR engine was closed");
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      // The worker releases its objects and says so (after a read in progress ends); terminate is the backstop.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        closing = resolve;
        timer = setTimeout(resolve, 5_000);
        worker.postMessage({ kind: "close" });
      });
      clearTimeout(timer);
      worker.terminate();
    },
  };
}
