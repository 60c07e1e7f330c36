/**
 * `choto app uninstall`: removes what `deno task app` installed on macOS
 * (the LaunchAgent and Choto.app) and prints how to drop the grants. The
 * app itself is built and installed by `deno task app` (build/app.ts),
 * which needs the checkout.
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { type Command, UsageError } from "./command.ts";
import { systemRunner } from "./app/runner.ts";
import { uninstallApp } from "./app/uninstall.ts";

/** `choto app`. */
export const appCommand: Command = {
  usage: [["app uninstall", "macOS: stop the service, remove its LaunchAgent and Choto.app"]],
  details: ["(install with `deno task app` in the checkout: docs/macos.md)"],
  options: [],
  maxArgs: 1,
  tooMany: (rest) => `app takes one subcommand (got "${rest.join(" ")}")`,
  run: async (_v, rest) => {
    if (rest[0] !== "uninstall") {
      throw new UsageError(
        `app needs a subcommand: "uninstall" (got ${rest[0] ? `"${rest[0]}"` : "nothing"})`,
      );
    }
    if (Deno.build.os !== "darwin") {
      throw new UsageError("choto app is for macOS (Choto.app and its LaunchAgent)");
    }
    const home = envVar("HOME");
    if (!home) throw new UsageError("HOME is not set: it names where Choto.app and its LaunchAgent are");
    const log = (line: string) => console.error(line);
    const advice = await uninstallApp({ runner: systemRunner(log), home, uid: Deno.uid() ?? 0, log });
    console.log(advice.join("\n"));
    return 0;
  },
};
