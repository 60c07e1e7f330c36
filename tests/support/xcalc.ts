/**
 * xcalc's own answer, for the xcalc tests' judge: a click on its display
 * (by xdotool, not choto) makes xcalc put the number into PRIMARY, read
 * with xclip.
 *
 * @module
 */

import { type Session, until } from "./session.ts";
import { pointerAway } from "./calculators.ts";
import { xdotoolSearch } from "./xdotool_search.ts";

/** Runs `cmd` on the session's display, returning its output. */
async function onDisplay(s: Session, cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, env: s.desktop.env, stdout: "piped", stderr: "null" })
    .output();
  return new TextDecoder().decode(out.stdout).trim();
}

/** The number xcalc's display holds, as xcalc hands it over; "" when it gave none within 8 s. */
export async function displayed(s: Session): Promise<string> {
  const [id] = await xdotoolSearch(s.desktop.env, ["--name", "^Calculator$"]);
  await onDisplay(s, "xdotool", ["mousemove", "--window", id, "100", "20", "click", "1"]);
  let last = "";
  await until(async () => (last = await onDisplay(s, "xclip", ["-o", "-selection", "primary"])) !== "", 8_000)
    .catch(() => null);
  await pointerAway(s);
  return last;
}
