/**
 * The clipboard as xclip reads it: the app's own output, which an
 * end-to-end test trusts where choto's reading would only check itself.
 *
 * @module
 */

import type { Session } from "./session.ts";

/** The clipboard's text as xclip reads it on the session's display. */
export async function clipboard(s: Session): Promise<string> {
  const out = await new Deno.Command("xclip", {
    args: ["-o", "-selection", "clipboard"],
    env: s.desktop.env,
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}
