/**
 * Facts about the process macOS charges privacy grants to, read from the
 * environment and the parent process.
 *
 * @module
 */

import { envVar } from "../../common/env.ts";
import type { HostFacts } from "./permissions.ts";

/** Reads who is responsible for our grants from the environment and the parent process. */
export function hostFacts(systemRoot = ""): HostFacts {
  let parentName: string | undefined;
  try {
    const out = new Deno.Command(`${systemRoot}/bin/ps`, { args: ["-o", "comm=", "-p", String(Deno.ppid)] })
      .outputSync();
    parentName = new TextDecoder().decode(out.stdout).trim().split("/").pop() || undefined;
  } catch {
    // Without --allow-run=/bin/ps the environment alone has to do.
  }
  let execPath = "deno";
  try {
    execPath = Deno.execPath();
  } catch {
    // Needs --allow-read; the note still makes sense without the path.
  }
  return {
    termProgram: envVar("TERM_PROGRAM"),
    bundleId: envVar("__CFBundleIdentifier"),
    parentName,
    execPath,
  };
}
