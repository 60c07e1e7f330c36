/**
 * Run by tests/alone_heap_reuse_test.ts under `deno run`, where the script
 * runs on the process's main thread and allocates from glibc's main arena,
 * as the server does. Allocates, writes and frees a frame-sized block four
 * times, holding freed memory as the engine does, trimming before the third
 * and warming the heap as the server does at start before the fourth, and
 * prints the page faults each took as JSON.
 *
 * @module
 */

import { heapSymbols, LIBC_PATHS } from "../../ffi/linux/libc.ts";
import {
  canTrimNativeMemory,
  holdFreedMemory,
  trimNativeMemory,
  warmNativeHeap,
} from "../../src/ocr/engines/native_heap.ts";
import { procText } from "../../src/desktop/x11/procfs.ts";
import { TesseractEngine } from "../../src/ocr/engines/tesseract.ts";
import { sleep } from "../../src/common/time.ts";

/** A frame-sized block: a 1440x900 RGBA frame is 5 MB. */
export const BLOCK = 8 << 20;
/** The engine's idle time in `engine` mode: many times a blank line's read (10-30 ms). */
export const IDLE_MS = 400;

/**
 * `engine` mode: four reads 100 ms apart, then a pause of four idle times;
 * the engine's trims after the reads and after the pause. `engine-over`
 * mode: the same engine told it always holds too much, and four reads one
 * after another, as a look's rounds come.
 */
async function engineTrims(over: boolean): Promise<{ afterReads: number; afterPause: number }> {
  const engine = new TesseractEngine(1, { trimAfterIdleMs: IDLE_MS, trimAboveRss: over ? 0 : undefined });
  const blank = { width: 60, height: 30, data: new Uint8Array(60 * 30).fill(255) };
  try {
    for (let i = 0; i < 4; i++) {
      await engine.recognizeGrey(blank, "block");
      if (!over) await sleep(IDLE_MS / 4);
    }
    const afterReads = engine.trims;
    await sleep(IDLE_MS * 4);
    return { afterReads, afterPause: engine.trims };
  } finally {
    await engine.close();
  }
}

/** Minor page faults of the calling thread so far (`/proc/thread-self/stat`, field 10). */
function threadFaults(): number {
  const stat = procText("/proc/thread-self/stat")!;
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
}

if (import.meta.main && Deno.args[0]?.startsWith("engine")) {
  console.log(JSON.stringify(await engineTrims(Deno.args[0] === "engine-over")));
} else if (import.meta.main) {
  if (!canTrimNativeMemory()) {
    console.log(JSON.stringify({ skipped: "no glibc heap to tune here" }));
    Deno.exit(0);
  }
  // The server warms its heap once it has loaded, npm packages among them (services.ts, warmWhenIdle). A
  // process that has loaded none lays out its heap otherwise: under these permissions its warmed 16 MB then
  // did not hold the next 8 MB block (2,041 of 2,048 pages faulted; 1 once zod had loaded, or under -A).
  await import("zod");
  holdFreedMemory();
  const lib = Deno.dlopen(LIBC_PATHS[0], heapSymbols);
  const oneBlock = (): number => {
    const p = lib.symbols.malloc(BigInt(BLOCK));
    if (p === null) throw new Error("malloc failed");
    const before = threadFaults();
    new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(p, BLOCK)).fill(1);
    const faults = threadFaults() - before;
    lib.symbols.free(p);
    return faults;
  };
  const first = oneBlock();
  const reused = oneBlock();
  trimNativeMemory();
  const trimmed = oneBlock();
  trimNativeMemory();
  await warmNativeHeap(2 * BLOCK, 4 << 20, () => Promise.resolve(true));
  const warmed = oneBlock();
  console.log(JSON.stringify({ first, reused, trimmed, warmed }));
}
