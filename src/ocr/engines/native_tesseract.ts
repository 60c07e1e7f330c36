/**
 * tesseract's own library (libtesseract 5), called through FFI: the same
 * recogniser and the same model as tesseract.js, compiled for the machine
 * instead of for WebAssembly: faster and lighter than tesseract.js on the
 * same words (docs/benchmarks.md, "libtesseract"). It is used when the
 * library is installed (Debian and Ubuntu: `libtesseract5`; Homebrew:
 * `tesseract`); otherwise choto reads with tesseract.js.
 *
 * One model is loaded from memory (`TessBaseAPIInit5`), unpacked from the
 * same `@tesseract.js-data/<model>` file tesseract.js reads, so both read
 * alike (the engine keeps it unpacked in choto's data folder, so that later
 * starts skip the unpacking: unpacked_model.ts). Several at once (`deu+eng`)
 * load only from a folder (`TessBaseAPIInit2`; given one model in memory and
 * `deu+eng`, the library silently reads German alone): the engine unpacks
 * them into one first (language_data.ts). Reads and model loads run on
 * Deno's blocking threads (`nonblocking` symbols), so the server's thread
 * stays free.
 *
 * Debian's build uses OpenMP, which by default starts threads for every core
 * inside each read, and two recognisers on two cores then fought over them
 * (docs/benchmarks.md, "OpenMP"). `OMP_THREAD_LIMIT=1` is set before the library loads (OpenMP
 * reads it once, as it starts), checked afterwards, and then put back as it
 * was, so that programs choto starts do not inherit it.
 *
 * @module
 */

import {
  LIBGOMP_PATHS,
  libGompSymbols,
  LIBTESSERACT_PATHS,
  libTesseractSymbols,
  OEM_LSTM_ONLY,
} from "../../../ffi/tesseract.ts";
import type { Grey } from "../../image/pixels.ts";
import type { OcrWord } from "../types.ts";
import { wordsOfTsv } from "./tsv.ts";
import { unpackedModel } from "./unpacked_model.ts";
import type { Recogniser } from "./recognisers.ts";

type Library = Deno.DynamicLibrary<typeof libTesseractSymbols>;

/**
 * The opened library, its version and OpenMP's thread limit in this process
 * (null when the library does not use OpenMP), or why it cannot be used.
 */
type Opened = { lib: Library; version: string; threadLimit: number | null } | { error: string };

const opened = new Map<string, Opened>();

const cString = (s: string) => new TextEncoder().encode(s + "\0");

/**
 * What a recogniser loads: one model file (gzipped or not), read into
 * memory with its unpacked copy kept in `keepIn` (unpacked_model.ts), or
 * the models `languages` names (`deu+eng`) from a folder of unpacked files.
 */
export type ModelSource =
  | { file: string; model: string; keepIn?: string }
  | { folder: string; languages: string };

function granted(desc: Deno.PermissionDescriptor): boolean {
  return Deno.permissions.querySync(desc).state === "granted";
}

/** Opens libtesseract from the first of `paths` that loads and is fit to use; never throws. */
function open(paths: string[]): Opened {
  if (!granted({ name: "ffi" })) return { error: "FFI is not permitted (--allow-ffi)" };
  if (!granted({ name: "env", variable: "OMP_THREAD_LIMIT" })) {
    return { error: "OMP_THREAD_LIMIT may not be set (--allow-env)" };
  }
  // Before the library (and the OpenMP runtime it brings) loads: see the module note.
  const before = Deno.env.get("OMP_THREAD_LIMIT");
  Deno.env.set("OMP_THREAD_LIMIT", "1");
  try {
    return load(paths);
  } finally {
    // OpenMP has read it by now: programs choto starts later (focus_app) get the user's value back.
    if (before === undefined) Deno.env.delete("OMP_THREAD_LIMIT");
    else Deno.env.set("OMP_THREAD_LIMIT", before);
  }
}

function load(paths: string[]): Opened {
  const errors: string[] = [];
  for (const path of paths) {
    let lib: Library;
    try {
      lib = Deno.dlopen(path, libTesseractSymbols);
    } catch (err) {
      errors.push((err as Error).message.split("\n")[0]);
      continue;
    }
    const version = Deno.UnsafePointerView.getCString(lib.symbols.TessVersion()!);
    const threadLimit = openMpThreadLimit();
    const unfit = !lib.symbols.TessBaseAPIInit5
      ? `libtesseract ${version} cannot load a model from memory (no TessBaseAPIInit5)`
      : threadLimit !== null && threadLimit !== 1
      ? `OpenMP had started before its thread limit could be set (limit ${threadLimit})`
      : "";
    if (unfit) {
      lib.close();
      return { error: unfit };
    }
    return { lib, version, threadLimit };
  }
  return { error: `libtesseract is not installed (${errors[0] ?? "no candidate paths"})` };
}

/** OpenMP's thread limit in this process, or null when its runtime is not there (then nothing uses it). */
function openMpThreadLimit(): number | null {
  for (const path of LIBGOMP_PATHS) {
    let gomp: Deno.DynamicLibrary<typeof libGompSymbols>;
    try {
      gomp = Deno.dlopen(path, libGompSymbols);
    } catch {
      continue;
    }
    const limit = gomp.symbols.omp_get_thread_limit();
    gomp.close();
    return limit;
  }
  return null;
}

/** The library, opened once per set of paths, or why it cannot be used. */
export function nativeTesseract(paths: string[] = LIBTESSERACT_PATHS): Opened {
  const key = paths.join("\n");
  let o = opened.get(key);
  if (!o) opened.set(key, o = open(paths));
  return o;
}

type Usable = Extract<Opened, { lib: Library }>;

/**
 * Creates a handle and loads the model into it (on a blocking thread). The
 * strings handed to the load are held until it returns: it runs on another
 * thread, and a buffer must outlive the call (the model's bytes are kept by
 * unpacked_model.ts for the same reason).
 */
async function loadHandle(o: Usable, source: ModelSource): Promise<Deno.PointerObject> {
  const t = o.lib.symbols;
  const handle = t.TessBaseAPICreate();
  if (!handle) throw new Error("libtesseract could not create a recogniser");
  let rc: number;
  if ("file" in source) {
    const model = await unpackedModel(source.file, source.keepIn);
    const name = cString(source.model);
    rc = await t.TessBaseAPIInit5!(
      handle,
      model,
      model.length,
      name,
      OEM_LSTM_ONLY,
      null,
      0,
      null,
      null,
      0n,
      0,
    );
    name.fill(0);
  } else {
    const folder = cString(source.folder), languages = cString(source.languages);
    rc = await t.TessBaseAPIInit2(handle, folder, languages, OEM_LSTM_ONLY);
    folder.fill(0), languages.fill(0);
  }
  if (rc !== 0) {
    t.TessBaseAPIDelete(handle);
    const what = "file" in source
      ? `the model in ${source.file}`
      : `${source.languages} from ${source.folder}`;
    throw new Error(`libtesseract ${o.version} could not load ${what} (code ${rc})`);
  }
  return handle;
}

/**
 * Starts a recogniser on libtesseract with the models of `source`. Rejects
 * with the reason when the library cannot be used or a model does not load.
 * Calls on one recogniser run one after another.
 */
export async function startNativeRecogniser(
  source: ModelSource,
  paths: string[] = LIBTESSERACT_PATHS,
): Promise<Recogniser> {
  const o = nativeTesseract(paths);
  if ("error" in o) throw new Error(o.error);
  const t = o.lib.symbols;
  const handle = await loadHandle(o, source);
  let freed = false;
  let ending: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  // The handle is not safe to share between threads: one call at a time, in order.
  const serial = <T>(fn: () => T | Promise<T>): Promise<T> => {
    const next = queue.then(() => {
      if (freed) throw new Error("the native recogniser was terminated");
      return fn();
    });
    queue = next.catch(() => {});
    return next;
  };
  return {
    alive: () => !ending,
    setParameters: (params) =>
      serial(() => {
        for (const [name, value] of Object.entries(params)) {
          if (!t.TessBaseAPISetVariable(handle, cString(name), cString(value))) {
            throw new Error(`libtesseract ${o.version} has no parameter ${name}`);
          }
        }
      }),
    read: (image: Grey) =>
      serial(async (): Promise<OcrWord[]> => {
        const { width, height } = image;
        t.TessBaseAPISetImage(handle, image.data.subarray(0, width * height), width, height, 1, width);
        try {
          if ((await t.TessBaseAPIRecognize(handle, null)) !== 0) {
            throw new Error(`libtesseract could not read a ${width}x${height} image`);
          }
          const tsv = await t.TessBaseAPIGetTsvText(handle, 0);
          if (!tsv) return [];
          try {
            return wordsOfTsv(Deno.UnsafePointerView.getCString(tsv));
          } finally {
            t.TessDeleteText(tsv);
          }
        } finally {
          // Frees the image and the page's results until the next read.
          t.TessBaseAPIClear(handle);
        }
      }),
    // Queued behind any read in flight, so the handle is never freed under it.
    terminate: () =>
      ending ??= serial(() => {
        t.TessBaseAPIEnd(handle);
        t.TessBaseAPIDelete(handle);
        freed = true;
      }),
  };
}
