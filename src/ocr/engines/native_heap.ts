/**
 * How the server's native heap is kept on Linux/glibc: warm while it is
 * reading, handed back once it is idle.
 *
 * A look allocates buffers of megabytes (the frame, its grey copy, the
 * enlarged lines, libtesseract's images). glibc gives blocks that large a
 * mapping of their own and unmaps it when freed, and returns any heap top
 * freed above 128 KiB; so each look met fresh pages again, and touching a
 * fresh page costs a fault (13 ms per 5 MB on the machines the benchmarks
 * run on, 0.3 ms to reuse them). `holdFreedMemory` keeps freed memory in
 * the heap for the next look instead, `warmNativeHeap` faults in what a
 * first look will need while the server is idle, and `trimNativeMemory`
 * (`malloc_trim(0)`) returns the free pages of every arena once reading
 * stops for a while, or soon after when the process holds too much. Calls go
 * through FFI only when FFI is already permitted (no prompt), and are
 * no-ops elsewhere (macOS, musl, no permission).
 *
 * @module
 */

import {
  heapSymbols,
  LIBC_PATHS,
  libcSymbols,
  M_ARENA_MAX,
  M_MMAP_THRESHOLD,
  M_TRIM_THRESHOLD,
} from "../../../ffi/linux/libc.ts";

/** Blocks below this come from the heap, so they are reused warm: a 4K screen's frame is 33 MB. */
const OWN_MAPPING_FROM = 64 << 20;
/** Free memory at a heap's top kept for reuse until the idle trim. */
const KEEP_FREE_UP_TO = 512 << 20;
/**
 * Resident memory above which freed memory is handed back soon after reading stops: what is
 * held is every arena's high-water mark, and a run of reads of new frames
 * (37 fixture frames) held 306 MB against a peak of 244 trimmed.
 */
export const HOLD_UP_TO_RSS = 272 << 20;

interface Libc {
  trim(): void;
  option(param: number, value: number): void;
  malloc(bytes: number): Deno.PointerValue;
  free(p: Deno.PointerValue): void;
}

const symbols = { ...libcSymbols, ...heapSymbols } as const;

let libc: Libc | null | undefined;
/** Whether `holdFreedMemory` has run. */
let holding = false;

function load(): Libc | null {
  if (Deno.build.os !== "linux") return null;
  try {
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return null;
    const lib = openLibc();
    if (!lib) return null;
    return {
      trim: () => void lib.symbols.malloc_trim(0n),
      option: (param, value) => void lib.symbols.mallopt(param, value),
      malloc: (bytes) => lib.symbols.malloc(BigInt(bytes)),
      free: (p) => lib.symbols.free(p),
    };
  } catch {
    return null;
  }
}

/** Opens the first libc soname that loads, or null. */
function openLibc(): Deno.DynamicLibrary<typeof symbols> | null {
  for (const path of LIBC_PATHS) {
    try {
      return Deno.dlopen(path, symbols);
    } catch {
      // try the next name
    }
  }
  return null;
}

/** Whether `trimNativeMemory` does anything in this process. */
export function canTrimNativeMemory(): boolean {
  if (libc === undefined) libc = load();
  return libc !== null;
}

/**
 * Releases free native heap pages of every thread's arena to the system
 * (best effort). It walks every arena and takes milliseconds: call it when
 * nothing waits on the thread.
 */
export function trimNativeMemory(): void {
  if (canTrimNativeMemory()) libc!.trim();
}

/** Whether the process holds more than `cap` resident bytes, so freed memory should go back soon. */
export function holdingTooMuch(cap = HOLD_UP_TO_RSS): boolean {
  return holding && Deno.memoryUsage().rss > cap;
}

/**
 * Caps the number of glibc malloc arenas, so threads started afterwards
 * (the recognisers) share arenas instead of each keeping its own
 * fragmented one. Best effort, as `trimNativeMemory`.
 */
export function limitMallocArenas(n: number): void {
  if (canTrimNativeMemory()) libc!.option(M_ARENA_MAX, n);
}

/**
 * Keeps large freed blocks in the heap for reuse (up to `KEEP_FREE_UP_TO`
 * at a heap's top) until `trimNativeMemory` returns them. Best effort, as
 * `trimNativeMemory`.
 */
export function holdFreedMemory(): void {
  if (!canTrimNativeMemory()) return;
  holding = true;
  libc!.option(M_MMAP_THRESHOLD, OWN_MAPPING_FROM);
  libc!.option(M_TRIM_THRESHOLD, KEEP_FREE_UP_TO);
}

/**
 * Grows the held heap by `bytes` of memory already touched: one block,
 * written `step` bytes per `between()`, then freed, so a first look at a
 * new window takes its buffers from pages already faulted in. One block,
 * not several: the view over each would sit between them and cut the free
 * memory into pieces smaller than a frame. Nothing is done unless freed
 * memory is held.
 */
export async function warmNativeHeap(
  bytes: number,
  step: number,
  between: () => Promise<boolean>,
): Promise<void> {
  if (!canTrimNativeMemory() || !holding) return;
  const p = libc!.malloc(bytes);
  if (!p) return;
  try {
    const view = new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(p, bytes));
    for (let at = 0; at < bytes; at += step) {
      if (!(await between())) break;
      view.fill(0, at, at + step);
    }
  } finally {
    libc!.free(p);
  }
}

/**
 * Reading stopped this long hands freed memory back when the process holds
 * too much: a look's rounds follow each other within milliseconds, so the
 * trim (milliseconds on this thread) comes after the look, not inside it.
 */
export const TRIM_SOON_MS = 250;

/**
 * When a reader's freed memory goes back: once reading has stopped for
 * `idleMs`, or for `TRIM_SOON_MS` while the process holds more than `cap`
 * resident bytes.
 */
export class IdleTrim {
  /** Times the memory was handed back so far. */
  trims = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly idleMs: number, readonly cap = HOLD_UP_TO_RSS) {}

  /** Reading has stopped: trims after the idle time unless `busy()` says it has started again by then. */
  schedule(busy: () => boolean): void {
    clearTimeout(this.#timer);
    const after = holdingTooMuch(this.cap) ? Math.min(TRIM_SOON_MS, this.idleMs) : this.idleMs;
    this.#timer = setTimeout(() => {
      if (busy()) return;
      trimNativeMemory();
      this.trims++;
    }, after);
    // An idle server's memory is not a reason to keep the process alive.
    Deno.unrefTimer(this.#timer);
  }

  cancel(): void {
    clearTimeout(this.#timer);
  }
}
