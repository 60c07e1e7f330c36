import { assert, assertEquals } from "./support/assert.ts";
import { FramePool } from "../src/image/frame_pool.ts";

const SIZE = 64 * 1024;

Deno.test("frames held at once never share memory, and past the pool's blocks come from the heap", () => {
  const pool = new FramePool(2, 1 << 30);
  const frames = Array.from({ length: 5 }, (_, i) => pool.take(SIZE).fill(i + 1));
  assertEquals(pool.owned, 2);
  frames.forEach((f, i) => assert(f.every((v) => v === i + 1), `frame ${i} was written over`));
});

Deno.test("spare blocks are handed out before any new one, and a new screen size drops the old size's blocks", () => {
  const pool = new FramePool(4, 1 << 30);
  pool.spare(2);
  assertEquals(pool.owned, 0, "no size asked for yet: nothing to spare");
  const first = pool.take(SIZE).fill(3);
  pool.spare(2);
  assertEquals([pool.owned, pool.free], [3, 2]);
  const second = pool.take(SIZE).fill(4);
  assertEquals([pool.owned, pool.free], [3, 1]);
  assert(first.every((v) => v === 3) && second.every((v) => v === 4));
  pool.take(2 * SIZE);
  assertEquals([pool.owned, pool.free], [1, 0]);
});

Deno.test("a screen whose frames are too large for the pool's bytes gets heap memory, pooled none", () => {
  const pool = new FramePool(4, SIZE - 1);
  pool.take(SIZE);
  pool.spare(2);
  assertEquals(pool.owned, 0);
});

Deno.test("a frame collected gives its block back, unless the screen changed size meanwhile; a frame held is not written over", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-ffi",
      "--v8-flags=--expose-gc",
      new URL("./support/frame_pool_probe.ts", import.meta.url).pathname,
    ],
    stderr: "inherit",
  }).output();
  assertEquals(out.code, 0);
  assertEquals(JSON.parse(new TextDecoder().decode(out.stdout)), {
    resizedHeldUntouched: true,
    resizedFree: 1,
    resizedOwned: 1,
    freeAfterDrop: 1,
    ownedAfterAgain: 2,
    heldUntouched: true,
    againOwnPixels: true,
  });
});
