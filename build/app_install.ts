/**
 * Builds, signs and installs Choto.app, then loads its LaunchAgent and asks
 * for the grants: what `deno task app` does on a Mac. Files are written
 * with Deno's file API; every program runs through the `Runner`, so the
 * tests record the command lines on any machine.
 *
 * @module
 */

import { join } from "node:path";
import {
  launchdTarget,
  MAC_APP_EXECUTABLE,
  MAC_APP_NAME,
  MAC_BUNDLE_ID,
  macAppPaths,
} from "../src/common/mac_app.ts";
import type { Runner } from "../src/cli/app/runner.ts";
import { entitlementsPlist, infoPlist, launchAgentPlist } from "./app_plists.ts";
import { chooseIdentity, codesignArgs, type SigningIdentity } from "./app_signing.ts";
import { compileArgs } from "./compile_args.ts";
import { toPlist } from "./plist.ts";

/** Everything the installer needs to know about this machine. */
export interface InstallContext {
  runner: Runner;
  /** The checkout: `deno compile` runs here. */
  repo: string;
  /** The deno that compiles. */
  deno: string;
  /** Where the app is built before it is copied to ~/Applications. */
  staging: string;
  home: string;
  uid: number;
  version: string;
  /** A fresh folder for the signing key while it is made. */
  scratch: string;
  log: (line: string) => void;
  /** Waits between tries of `launchctl bootstrap`. */
  sleep: (ms: number) => Promise<void>;
}

/** A step that failed: the install stops, saying which and why. */
export class InstallError extends Error {}

/** What was installed and how it was signed. */
export interface Installed {
  app: string;
  agent: string;
  identity: SigningIdentity;
}

/** Builds and installs Choto.app and its LaunchAgent, and asks for the grants. */
export async function installApp(ctx: InstallContext): Promise<Installed> {
  const paths = macAppPaths(ctx.home);
  const built = join(ctx.staging, `${MAC_APP_NAME}.app`);
  const entitlements = join(ctx.staging, "choto.entitlements");
  await Deno.remove(built, { recursive: true }).catch(() => {});
  await Deno.mkdir(join(built, "Contents", "MacOS"), { recursive: true });
  await Deno.writeTextFile(join(built, "Contents", "Info.plist"), toPlist(infoPlist(ctx.version)));
  await Deno.writeTextFile(entitlements, toPlist(entitlementsPlist()));

  ctx.log(`compiling ${MAC_APP_NAME}.app's executable (deno compile: a minute or two)`);
  const executable = join(built, "Contents", "MacOS", MAC_APP_EXECUTABLE);
  await must(ctx, [ctx.deno, ...compileArgs(executable)], "deno compile", ctx.repo);

  const identity = await chooseIdentity({
    runner: ctx.runner,
    home: ctx.home,
    scratch: ctx.scratch,
    log: ctx.log,
  });
  ctx.log(`signing with ${identity.name}`);
  await must(ctx, codesignArgs(identity, entitlements, built), "codesign");
  await must(ctx, ["/usr/bin/codesign", "--verify", "--strict", "--verbose=2", built], "codesign --verify");

  // The old service goes first, so nothing runs from the bundle being replaced. Not loaded is fine.
  await ctx.runner.run(["/bin/launchctl", "bootout", launchdTarget(ctx.uid)]);
  await Deno.remove(paths.app, { recursive: true }).catch(() => {});
  await Deno.mkdir(join(ctx.home, "Applications"), { recursive: true });
  // ditto keeps the signature's extended attributes and the bundle's layout as codesign sealed them.
  await must(ctx, ["/usr/bin/ditto", built, paths.app], "ditto");

  await Deno.mkdir(join(ctx.home, "Library", "LaunchAgents"), { recursive: true });
  // launchd does not make the log's folder, and a job whose log cannot open does not start.
  await Deno.mkdir(join(paths.log, ".."), { recursive: true });
  await Deno.writeTextFile(paths.agent, toPlist(launchAgentPlist(paths)));
  await bootstrap(ctx, paths.agent);

  if (identity.kind === "ad-hoc") {
    // An ad-hoc grant names the old build's hash: it would show as on and never hold. Clear it to ask anew.
    for (const service of ["ScreenCapture", "Accessibility"]) {
      await ctx.runner.run(["/usr/bin/tccutil", "reset", service, MAC_BUNDLE_ID]);
    }
  }
  // Through LaunchServices, so the prompts name Choto; -n: a new instance beside the running service.
  ctx.log("asking for Screen Recording and Accessibility: answer the two prompts (docs/macos.md)");
  await must(ctx, ["/usr/bin/open", "-n", "-W", "-a", paths.app, "--args", "grant"], "open");
  return { app: paths.app, agent: paths.agent, identity };
}

/** The closing lines: where things are, and what ad-hoc signing costs. */
export function installSummary(done: Installed): string[] {
  return [
    `installed ${done.app}, signed by ${done.identity.name}`,
    `loaded the service: ${done.agent}`,
    ...(done.identity.kind === "ad-hoc"
      ? [
        "signed ad-hoc (no Developer ID, and the local signing identity could not be made): macOS ties the " +
        "grants to this very build, so each rebuild clears them and asks for them again",
      ]
      : [`rebuilds keep the grants: they are signed by the same identity (${done.identity.name})`]),
    "point your MCP client at `choto bridge` (docs/macos.md)",
  ];
}

/**
 * `launchctl bootstrap`, tried again after a pause: right after a bootout
 * launchd may still be stopping the old job and refuse the new one.
 */
async function bootstrap(ctx: InstallContext, agent: string): Promise<void> {
  const argv = ["/bin/launchctl", "bootstrap", `gui/${ctx.uid}`, agent];
  for (let attempt = 1;; attempt++) {
    const out = await ctx.runner.run(argv);
    if (out.code === 0) return;
    if (attempt === 3) throw new InstallError(`launchctl bootstrap failed: ${out.stderr.trim() || out.code}`);
    await ctx.sleep(2_000);
  }
}

/** Runs a step that must succeed. */
async function must(ctx: InstallContext, argv: string[], what: string, cwd?: string): Promise<void> {
  const out = await ctx.runner.run(argv, cwd ? { cwd } : {});
  if (out.code !== 0) {
    throw new InstallError(`${what} failed (exit ${out.code}): ${(out.stderr || out.stdout).trim()}`);
  }
}
