/**
 * Linux applications: which can be launched (freedesktop entries and
 * executables on PATH) and which processes are running.
 *
 * @module
 */

import { envVar } from "../../common/env.ts";
import { join } from "node:path";
import { parseDesktopEntry, toLaunchable } from "../desktop_entry.ts";
import type { LaunchableApp } from "../types.ts";
import { procPids, procText } from "./procfs.ts";

/** Folders holding `.desktop` files, per the XDG base directory spec. */
export function applicationDirs(env: (k: string) => string | undefined): string[] {
  const home = env("HOME") ?? "";
  const dataHome = env("XDG_DATA_HOME") || join(home, ".local", "share");
  const dataDirs = (env("XDG_DATA_DIRS") || "/usr/local/share:/usr/share").split(":");
  return [dataHome, ...dataDirs].filter(Boolean).map((d) => join(d, "applications"));
}

/**
 * The applications of every `.desktop` file, the first of a name winning;
 * `hidden` keeps the Hidden and NoDisplay ones too.
 */
function readEntries(hidden: boolean): LaunchableApp[] {
  const out: LaunchableApp[] = [];
  const seen = new Set<string>();
  for (const dir of applicationDirs(envVar)) {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!e.name.endsWith(".desktop") || seen.has(e.name)) continue;
      seen.add(e.name);
      try {
        const entry = parseDesktopEntry(Deno.readTextFileSync(join(dir, e.name)));
        if (entry && (hidden || !entry.hidden)) out.push(toLaunchable(entry));
      } catch {
        // An unreadable entry is skipped like a broken one would be by a desktop.
      }
    }
  }
  return out;
}

/**
 * Every launchable application from `.desktop` files. Hidden entries are
 * deleted ones; NoDisplay ones are helpers and settings pages, not applications.
 */
export async function desktopApps(): Promise<LaunchableApp[]> {
  return readEntries(false);
}

/**
 * Every application a desktop entry names, Hidden and NoDisplay ones
 * included, for the deny list's program index: a denied app is denied
 * however it is started.
 */
export function desktopAppsSync(): LaunchableApp[] {
  return readEntries(true);
}

/** The full path of `bin` on PATH (or `bin` itself when it is a path), or null. */
export function onPath(bin: string): string | null {
  if (bin.includes("/")) return bin;
  for (const dir of (envVar("PATH") ?? "").split(":")) {
    if (!dir) continue;
    try {
      const st = Deno.statSync(join(dir, bin));
      if (st.isFile && (st.mode ?? 0o111) & 0o111) return join(dir, bin);
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** An executable on PATH named exactly `name`, as a launch recipe. */
export function pathApp(name: string): LaunchableApp | null {
  const bin = name.trim().toLowerCase().replace(/\s+/g, "-");
  if (!/^[a-z0-9._+-]+$/.test(bin)) return null;
  for (const dir of (envVar("PATH") ?? "").split(":")) {
    if (!dir) continue;
    try {
      const st = Deno.statSync(join(dir, bin));
      if (st.isFile && (st.mode ?? 0o111) & 0o111) {
        return { name: bin, aliases: [], launch: [join(dir, bin)] };
      }
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Running processes by command name (from /proc), for apps with no window. */
export function processes(): Array<{ pid: number; comm: string }> {
  const out: Array<{ pid: number; comm: string }> = [];
  for (const pid of procPids()) {
    // null when the process ended while we looked
    const comm = procText(`/proc/${pid}/comm`)?.trim();
    if (comm) out.push({ pid, comm });
  }
  return out;
}

/**
 * Whether two X display names name the same display: ":1", ":1.0",
 * "unix:1" and "localhost:1.0" do.
 */
export function sameDisplay(a: string, b: string): boolean {
  const fold = (d: string) => d.replace(/^(unix|localhost)(?=:)/, "").replace(/\.\d+$/, "");
  return fold(a) === fold(b);
}
