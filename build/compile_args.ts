/**
 * The arguments of `deno compile` for choto's standalone binary: the
 * permissions, every path of `build/include.ts`, the target and the output.
 * One list for `deno task compile` and for Choto.app's main executable
 * (`deno task app`), so the app is the binary `choto selftest` proves.
 *
 * @module
 */

import { COMPILE_INCLUDE } from "./include.ts";
import { V8_FLAGS_ARG } from "./v8_flags.ts";

/** `deno compile …` arguments (without `deno`), run from the repository root. */
export function compileArgs(output: string, target?: string): string[] {
  return [
    "compile",
    // Baked into the binary, as every other shipped command line passes them.
    V8_FLAGS_ARG,
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-ffi",
    "--allow-sys",
    "--allow-run",
    // `choto service` listens on a Unix socket and `serve --http` on loopback: Deno asks for net for both. The
    // binary holds unscoped ffi and run already, so an unscoped net widens nothing real.
    "--allow-net",
    ...COMPILE_INCLUDE.flatMap((i) => ["--include", i.path]),
    ...(target ? ["--target", target] : []),
    "--output",
    output,
    "main.ts",
  ];
}
