/**
 * The arguments of `deno compile` for choto's standalone binary: the
 * permissions, every path of `build/include.ts`, the target and the output.
 * One list for `deno task compile` and for Choto.app's main executable
 * (`deno task app`), so the app is the binary `choto selftest` proves.
 *
 * @module
 */

import { COMPILE_INCLUDE } from "./include.ts";

/** `deno compile …` arguments (without `deno`), run from the repository root. */
export function compileArgs(output: string, target?: string): string[] {
  return [
    "compile",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-ffi",
    "--allow-sys",
    "--allow-run",
    ...COMPILE_INCLUDE.flatMap((i) => ["--include", i.path]),
    ...(target ? ["--target", target] : []),
    "--output",
    output,
    "main.ts",
  ];
}
