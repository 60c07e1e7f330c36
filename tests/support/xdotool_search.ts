/**
 * Window searches by xdotool, the tests' own eyes on the X server, apart
 * from choto's.
 *
 * Debian's xdotool (3.20160805) predates the upstream fix for a race in
 * `search`: a window destroyed while the search reads it (a tooltip going
 * after a click) raises BadWindow, and Xlib's default handler ends xdotool
 * with nothing printed. An empty answer then reads as "no such window",
 * which would pass a check that a window closed and fail one that it
 * stayed. A search that ends on an X error is asked again instead.
 */

import { sleep } from "../../src/common/time.ts";

/** How often a search cut short by an X error is asked again, and the pause between. */
const TRIES = 10;
const PAUSE_MS = 50;

/** True when xdotool's error output is Xlib's report of a failed request. */
export function endedOnXError(stderr: string): boolean {
  return stderr.includes("X Error of failed request");
}

/**
 * The ids xdotool's `search` prints for `args` (for example `["--onlyvisible",
 * "--class", "galculator"]`) on the display `env` names; empty when it finds
 * none. Throws when every try ended on an X error.
 */
export async function xdotoolSearch(env: Record<string, string>, args: string[]): Promise<string[]> {
  let stderr = "";
  for (let i = 0; i < TRIES; i++) {
    const out = await new Deno.Command("xdotool", {
      args: ["search", ...args],
      env,
      stdout: "piped",
      stderr: "piped",
    })
      .output();
    stderr = new TextDecoder().decode(out.stderr);
    if (!endedOnXError(stderr)) return new TextDecoder().decode(out.stdout).split("\n").filter(Boolean);
    await sleep(PAUSE_MS);
  }
  throw new Error(`xdotool search ${args.join(" ")} ended on an X error ${TRIES} times: ${stderr}`);
}
