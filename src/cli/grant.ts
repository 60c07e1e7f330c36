/**
 * `choto grant`: asks macOS once for the prompts of the grants still
 * missing, says which are there, and exits. `deno task app` runs it as
 * Choto.app through LaunchServices (`open -a … --args grant`), so the
 * prompts, and the rows they add in System Settings, name Choto: the
 * identity the service runs under. Run from a terminal it asks for the
 * terminal instead, and says so.
 *
 * @module
 */

import { askForGrants } from "../desktop/grant_prompts.ts";
import { type Command, UsageError } from "./command.ts";

/**
 * How long the process stays after asking: the prompts are shown by the
 * system while it runs; staying a moment keeps the asking process alive
 * while macOS looks up whom to name.
 */
const LINGER_MS = 5_000;

const PANES = {
  screenRecording: "Screen Recording (Screen & System Audio Recording on macOS 15 and later)",
  accessibility: "Accessibility",
};

/** `choto grant`. */
export const grantCommand: Command = {
  usage: [["grant", "macOS: ask once for the Screen Recording and Accessibility prompts, then exit"]],
  options: [],
  maxArgs: 0,
  run: async () => {
    if (Deno.build.os !== "darwin") throw new UsageError("choto grant is for macOS (its privacy prompts)");
    const got = askForGrants((line) => console.error(line));
    const line = (name: keyof typeof PANES, state: boolean | null) =>
      state === true
        ? `${PANES[name]}: granted to ${got.holder}.`
        : state === null
        ? `${PANES[name]}: this macOS cannot say (older than 10.15).`
        : `${
          PANES[name]
        }: not granted to ${got.holder} yet; macOS was asked to prompt. In System Settings → ` +
          `Privacy & Security → ${PANES[name]}, turn on "${got.holder}".`;
    console.log(line("screenRecording", got.screenRecording));
    console.log(line("accessibility", got.accessibility));
    if (got.asked.length) await new Promise((r) => setTimeout(r, LINGER_MS));
    return 0;
  },
};
