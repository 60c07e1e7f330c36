/**
 * `choto app uninstall`: stops the service, removes its LaunchAgent and
 * Choto.app, and prints the `tccutil reset` lines that drop its grants:
 * whether to forget them is the user's choice (a reinstall keeps them). The
 * local signing identity stays in the keychain, so a reinstall is the same
 * app to macOS.
 *
 * @module
 */

import { launchdTarget, LOCAL_SIGNING_NAME, MAC_BUNDLE_ID, macAppPaths } from "../../common/mac_app.ts";
import type { Runner } from "./runner.ts";

/** Who and where to uninstall, and the door for programs. */
export interface UninstallContext {
  runner: Runner;
  home: string;
  uid: number;
  log: (line: string) => void;
}

/** Removes the service and the app; returns the lines of advice printed last. */
export async function uninstallApp(ctx: UninstallContext): Promise<string[]> {
  const paths = macAppPaths(ctx.home);
  // Not loaded is fine: bootout says so and the rest goes on.
  const out = await ctx.runner.run(["/bin/launchctl", "bootout", launchdTarget(ctx.uid)]);
  ctx.log(out.code === 0 ? "stopped the service" : "the service was not loaded");
  for (const [path, what] of [[paths.agent, "the LaunchAgent"], [paths.app, "Choto.app"]] as const) {
    try {
      await Deno.remove(path, { recursive: true });
      ctx.log(`removed ${what}: ${path}`);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
      ctx.log(`${what} was not there: ${path}`);
    }
  }
  return [
    "The grants stay in System Settings until you remove them:",
    `  tccutil reset ScreenCapture ${MAC_BUNDLE_ID}`,
    `  tccutil reset Accessibility ${MAC_BUNDLE_ID}`,
    `The signing identity "${LOCAL_SIGNING_NAME}" (if deno task app made one) stays in the login keychain, ` +
    "so a reinstall keeps the same identity; delete it in Keychain Access if you want it gone.",
    "Remove choto from your MCP client's config (the entry that runs `choto bridge`).",
  ];
}
