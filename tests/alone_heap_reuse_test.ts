/**
 * A large block freed by one look is handed to the next warm, the idle trim
 * hands it back to the system, and the heap warmed at start hands out pages
 * already touched: counted in page faults (each first touch of a page the
 * heap got from the system, or gave back, faults once).
 *
 * Not part of `deno task test:unit`: the probe changes how its process's
 * heap keeps freed memory, and runs as a process of its own so that its
 * script is on the main thread, as the server's is; and the engine's trim
 * is timed.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { BLOCK } from "./support/heap_probe.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { sleep } from "../src/common/time.ts";

const PAGES = BLOCK / 4096;
/**
 * The engine's idle time in the test: many times a blank line's read
 * (10-30 ms), and the test waits four idle times for the trim.
 */
const IDLE_MS = 400;

Deno.test({
  name:
    "a freed large block is reused without faulting its pages until the idle trim, and a warmed heap's too",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    // The server's own permissions for this: reading /proc and calling libc.
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-ffi",
        new URL("./support/heap_probe.ts", import.meta.url).pathname,
      ],
      stderr: "inherit",
    }).output();
    assertEquals(out.code, 0);
    const probe = JSON.parse(new TextDecoder().decode(out.stdout));
    assertEquals(probe.skipped, undefined);
    assert(
      probe.first > PAGES / 2,
      `a new block faulted only ${probe.first} of ${PAGES} pages: the count is not seen`,
    );
    assert(
      probe.reused < PAGES / 8,
      `a block freed and allocated again faulted ${probe.reused} of its ${PAGES} pages`,
    );
    assert(
      probe.trimmed > PAGES / 2,
      `after the trim only ${probe.trimmed} of ${PAGES} pages faulted: none went back`,
    );
  },
});

Deno.test("the engine hands freed memory back once reading has stopped for its idle time, not while reads come", async () => {
  const engine = new TesseractEngine(1, { trimAfterIdleMs: IDLE_MS });
  const blank = { width: 60, height: 30, data: new Uint8Array(60 * 30).fill(255) };
  try {
    // Reads closer together than the idle time: none is followed by a trim.
    for (let i = 0; i < 4; i++) {
      await engine.recognizeGrey(blank, "block");
      await sleep(IDLE_MS / 4);
    }
    assertEquals(engine.trims, 0);
    await sleep(IDLE_MS * 4);
    assertEquals(engine.trims, 1);
  } finally {
    await engine.close();
  }
});
