/**
 * Applications on macOS: the running ones (derived from the window list,
 * since NSWorkspace does not refresh without a run loop), the installed
 * bundles, launching, reopening and versions.
 *
 * @module
 */

import type { LaunchableApp, RunningApp } from "../types.ts";
import { bundleVersionOf } from "./bundle_version.ts";
import { envVar } from "../../common/env.ts";
import type { MacSession } from "./session.ts";
import { LIST_EXCLUDE_DESKTOP, readRawWindows } from "./windows.ts";
import { appsOf } from "./window_list.ts";

/** The NSRunningApplication of a pid (autoreleased: call inside a pool), or null. */
export function runningApplication(s: MacSession, pid: number): Deno.PointerValue {
  return s.libs.objc.msgSend_id_i32(
    s.objc.cls("NSRunningApplication"),
    s.objc.sel("runningApplicationWithProcessIdentifier:"),
    pid,
  );
}

/** The bundle id of the app running as `pid`, or null (no AppKit, no bundle). */
export function bundleId(s: MacSession, pid: number): string | null {
  if (!s.libs.loaded.appKit) return null;
  return s.objc.pool(() => {
    const app = runningApplication(s, pid);
    if (!app) return null;
    return s.cf.readString(s.libs.objc.msgSend_id(app, s.objc.sel("bundleIdentifier")));
  });
}

/** Apps that own windows (on screen or not), with their bundle id as an alias. */
export function runningApps(s: MacSession): RunningApp[] {
  return appsOf(readRawWindows(s, LIST_EXCLUDE_DESKTOP)).map((a) => {
    const id = bundleId(s, a.pid);
    return { name: a.name, pid: a.pid, aliases: id ? [id] : [], windowIds: a.windowIds };
  });
}

/** The *.app bundles of the usual Applications folders, first name wins. */
export function launchableApps(s: MacSession): LaunchableApp[] {
  const home = envVar("HOME");
  const dirs = [
    "/Applications",
    "/Applications/Utilities",
    "/System/Applications",
    "/System/Applications/Utilities",
    ...(home ? [`${home}/Applications`] : []),
  ];
  const list = s.opts.listApps ?? listAppBundles;
  const seen = new Set<string>();
  const out: LaunchableApp[] = [];
  for (const dir of dirs) {
    for (const bundle of list(dir)) {
      const name = bundle.replace(/\.app$/, "");
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, aliases: [], launch: [s.program("/usr/bin/open"), "-a", `${dir}/${bundle}`] });
    }
  }
  return out;
}

/** Starts an app with `open -a`. */
export async function launch(s: MacSession, app: LaunchableApp): Promise<void> {
  const [cmd, ...args] = app.launch.length ? app.launch : [s.program("/usr/bin/open"), "-a", app.name];
  await (s.opts.run ?? runCommand)(cmd, args);
}

/** Asks a running app to show a window (`open -a` reopens it). */
export async function reopen(s: MacSession, app: RunningApp): Promise<void> {
  await (s.opts.run ?? runCommand)(s.program("/usr/bin/open"), ["-a", app.name]);
}

/**
 * Asks LaunchServices to bring the app with bundle id `id` forward
 * (`open -b`): it activates the app on the user's behalf where macOS 14 and
 * later decline a request from a process that is not the active app.
 */
export async function openBundle(s: MacSession, id: string): Promise<void> {
  await (s.opts.run ?? runCommand)(s.program("/usr/bin/open"), ["-b", id]);
}

/** Versions by pid: an update restarts the app under a new pid, and every look asks. */
export function versionReader(s: MacSession): (pid: number | null) => string | null {
  const versions = new Map<number, string | null>();
  return (pid) => {
    if (pid === null) return null;
    const read = s.opts.bundleVersion ?? ((p: number) => bundleVersionOf(p, s.program("/bin/ps")));
    if (!versions.has(pid)) versions.set(pid, read(pid));
    return versions.get(pid)!;
  };
}

function listAppBundles(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)]
      .filter((e) => e.name.endsWith(".app"))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

async function runCommand(cmd: string, args: string[]): Promise<void> {
  const res = await new Deno.Command(cmd, { args, stdout: "null", stderr: "piped" }).output();
  if (!res.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(res.stderr).trim()}`);
  }
}
