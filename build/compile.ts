/**
 * `deno task compile [--target T] [--output FILE]`: builds the standalone
 * binary with `deno compile`, the same permissions as `deno task start`, and
 * every path of `build/include.ts`. Needs the internet (the compiler
 * downloads Deno's runtime for the target).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { compileArgs } from "./compile_args.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { target: { type: "string" }, output: { type: "string", default: "dist/choto" } },
});

const args = compileArgs(values.output!, values.target);
console.error(`deno ${args.join(" ")}`);
const { code } = await new Deno.Command(Deno.execPath(), { args, cwd: new URL("..", import.meta.url) })
  .spawn().status;
if (code === 0) console.error(`built ${values.output}; prove it with: ${values.output} selftest`);
Deno.exit(code);
