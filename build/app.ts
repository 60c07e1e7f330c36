/**
 * `deno task app` (on a Mac): builds Choto.app from this checkout, signs
 * it, installs it in ~/Applications, loads its LaunchAgent (the service
 * every MCP client's `choto bridge` talks to) and asks for the two grants
 * through the app, so the prompts name Choto. `deno task app uninstall`
 * removes it again (as `choto app uninstall` does). Steps and reasons:
 * docs/macos.md.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { VERSION } from "../src/common/version.ts";
import { systemRunner } from "../src/cli/app/runner.ts";
import { uninstallApp } from "../src/cli/app/uninstall.ts";
import { installApp, InstallError, installSummary } from "./app_install.ts";

const log = (line: string) => console.error(line);

async function main(args: string[]): Promise<number> {
  if (Deno.build.os !== "darwin") {
    log("deno task app builds Choto.app, for macOS; on Linux the service runs as `choto service`");
    return 2;
  }
  const home = Deno.env.get("HOME");
  if (!home) {
    log("HOME is not set: it names where Choto.app and its LaunchAgent go");
    return 2;
  }
  const runner = systemRunner(log);
  const uid = Deno.uid() ?? 0;
  if (args[0] === "uninstall") {
    console.log((await uninstallApp({ runner, home, uid, log })).join("\n"));
    return 0;
  }
  if (args.length) {
    log(`deno task app takes nothing, or "uninstall" (got "${args.join(" ")}")`);
    return 2;
  }
  const repo = fileURLToPath(new URL("..", import.meta.url));
  try {
    const done = await installApp({
      runner,
      repo,
      deno: Deno.execPath(),
      staging: `${repo}dist`,
      home,
      uid,
      version: VERSION,
      scratch: await Deno.makeTempDir({ prefix: "choto-signing-" }),
      log,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    console.log(installSummary(done).join("\n"));
    return 0;
  } catch (e) {
    if (!(e instanceof InstallError)) throw e;
    log(`deno task app: ${e.message}`);
    return 1;
  }
}

Deno.exit(await main(Deno.args));
