/**
 * Run by tests/frame_pool_test.ts as a process of its own, with V8's `gc`
 * exposed: a frame dropped and collected gives its block back, and a frame
 * still held does not. Prints what it saw as JSON.
 */

import { FramePool } from "../../src/image/frame_pool.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc");

/** Collects garbage and lets the finalisers that it queued run. */
async function collect(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pool = new FramePool(4, 1 << 30);
const SIZE = 64 * 1024;
// Made in a function of its own: no variable of this one holds the dropped frame.
const drop = () => void pool.take(SIZE).fill(1);
drop();
const held = pool.take(SIZE).fill(7);
await collect();
const freeAfterDrop = pool.free;
const again = pool.take(SIZE).fill(9);
await collect();
// The screen changes size and back while a frame of the first size is held: that frame's block, dropped
// with the first size, is not taken back when the frame goes; the block of the size come back is.
const resized = new FramePool(4, 1 << 30);
let old: Uint8Array | null = resized.take(SIZE).fill(1);
resized.take(2 * SIZE);
resized.take(SIZE).fill(5);
const resizedHeldUntouched = old.every((v) => v === 1);
old = null;
await collect();

console.log(JSON.stringify({
  resizedHeldUntouched,
  resizedFree: resized.free,
  resizedOwned: resized.owned,
  freeAfterDrop,
  ownedAfterAgain: pool.owned,
  heldUntouched: held.every((v) => v === 7),
  againOwnPixels: again.every((v) => v === 9),
}));
