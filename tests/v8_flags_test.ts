/**
 * The V8 flags of build/v8_flags.ts: every shipped command line passes them,
 * exactly as written there, and the deno the tests run accepts them and
 * starts with the young generation they ask for.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { V8_FLAGS_ARG } from "../build/v8_flags.ts";
import { compileArgs } from "../build/compile_args.ts";
import { bundleEntry, readmeConfig, type Shipped, taskOf, taskStart } from "./support/shipped.ts";

/** Every command line choto ships that runs the server (a bridge runs main.ts too). */
async function shipped(): Promise<Shipped[]> {
  const home = "/home/u";
  const lines = [readmeConfig("darwin"), readmeConfig("linux"), taskStart(home)];
  lines.push(taskOf("service", home), taskOf("bridge", home));
  for (const platform of ["darwin", "linux"] as const) {
    const entry = await bundleEntry(platform, { home, databaseFolder: `${home}/db` });
    lines.push(entry, entry.service!);
  }
  return lines;
}

Deno.test("every shipped command line passes the V8 flags once, as build/v8_flags.ts writes them", async () => {
  for (const line of await shipped()) {
    const given = line.flags.filter((f) => f.startsWith("--v8-flags"));
    assertEquals(given, [V8_FLAGS_ARG], line.name);
  }
  const compile = compileArgs("choto");
  assertEquals(compile.filter((f) => f.startsWith("--v8-flags")), [V8_FLAGS_ARG], "deno compile's arguments");
});

/** Bytes the young generation may take before its first collection, in a deno started with `flags`. */
async function youngRoom(flags: string[]): Promise<number> {
  const probe = `import v8 from "node:v8";
    const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === "new_space");
    console.log(s.space_size + s.space_available_size);`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", ...flags, probe],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  assert(out.success, `deno refused ${flags.join(" ")}: ${err}`);
  return Number(new TextDecoder().decode(out.stdout).trim());
}

Deno.test("this deno accepts the V8 flags and starts with a young generation of at least 16 MB", async () => {
  const MB = 1024 * 1024;
  const [without, withFlags] = [await youngRoom([]), await youngRoom([V8_FLAGS_ARG])];
  assert(withFlags >= 15 * MB, `young generation with the flags: ${withFlags} bytes`);
  assert(without < withFlags / 4, `without the flags: ${without} bytes, with them ${withFlags}`);
});
