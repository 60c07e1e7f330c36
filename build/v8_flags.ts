/**
 * The V8 flags every shipped command line gives the server: `deno task
 * start`, `service` and `bridge` (deno.json), the README's two Claude
 * Desktop configs, the MCP Bundle's entries and `deno compile`. They are not
 * permissions: they tell V8's collector how to treat a server that looks at
 * the screen in bursts and waits between them while the model thinks.
 *
 * - `--min-semi-space-size=16`: a look allocates about 10-16 MB of short-lived
 *   objects. V8 sizes its young generation by the recent allocation rate,
 *   which a pause brings near zero: the look after one cut it back (the heap
 *   from 62 to 31 MB in one log) and the next collected it six times,
 *   promoting each time what was still in use.
 * - `--memory-reducer-delay-ms=60000`: V8's memory reducer runs full
 *   collections and hands the heap back 8 s after the last burst of
 *   allocation, so a look after a pause of 8-60 s began with a heap cut to
 *   its live size and marked it again, concurrently, while it ran. After a
 *   minute without a call the heap still goes back, as the recognisers'
 *   native memory does (`TRIM_AFTER_IDLE_MS` in `ocr/engines/tesseract.ts`).
 *
 * Measured in docs/benchmarks.md ("A look after a pause"); the server works
 * without them, at the cost measured there.
 *
 * @module
 */

/** The flags, comma-separated as `--v8-flags` takes them. */
export const V8_FLAGS = ["--min-semi-space-size=16", "--memory-reducer-delay-ms=60000"];

/** The one argument of a `deno run` or `deno compile` command line that passes them. */
export const V8_FLAGS_ARG = `--v8-flags=${V8_FLAGS.join(",")}`;
