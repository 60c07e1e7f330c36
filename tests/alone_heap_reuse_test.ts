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

const PAGES = BLOCK / 4096;

/** Runs `tests/support/heap_probe.ts` (in `mode`) under `deno run` with `flags`; what it printed, parsed. */
async function probe(flags: string[], mode?: string): Promise<Record<string, unknown>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...flags,
      new URL("./support/heap_probe.ts", import.meta.url).pathname,
      ...(mode ? [mode] : []),
    ],
    stderr: "inherit",
  }).output();
  assertEquals(out.code, 0);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test({
  name:
    "a freed large block is reused without faulting its pages until the idle trim, and a warmed heap's too",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    // The server's own permissions for this: reading /proc and calling libc.
    const faults = await probe(["--allow-read", "--allow-ffi"]) as Record<string, number>;
    assertEquals(faults.skipped, undefined);
    assert(
      faults.first > PAGES / 2,
      `a new block faulted only ${faults.first} of ${PAGES} pages: the count is not seen`,
    );
    assert(
      faults.reused < PAGES / 8,
      `a block freed and allocated again faulted ${faults.reused} of its ${PAGES} pages`,
    );
    assert(
      faults.trimmed > PAGES / 2,
      `after the trim only ${faults.trimmed} of ${PAGES} pages faulted: none went back`,
    );
    assert(
      faults.warmed < PAGES / 8,
      `a block from the warmed heap faulted ${faults.warmed} of its ${PAGES} pages`,
    );
  },
});

Deno.test("the engine hands freed memory back once reading has stopped for its idle time, not while reads come", async () => {
  // In a process of its own under `deno run`: `deno test` may type-check in this one, which holds more
  // memory than the engine holds freed before it trims at once.
  const flags = ["--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys"];
  assertEquals(await probe(flags, "engine"), { afterReads: 0, afterPause: 1 });
});

Deno.test("an engine holding too much hands freed memory back soon after reading stops, not between reads", async () => {
  const flags = ["--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys"];
  assertEquals(await probe(flags, "engine-over"), { afterReads: 0, afterPause: 1 });
});
