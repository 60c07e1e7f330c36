/**
 * What a macOS process is, for the deny list: its bundle id (which stays
 * when the .app is renamed or copied), its bundle's folder name and its
 * executable's file name, through NSRunningApplication.
 *
 * @module
 */

import { runningApplication } from "./apps.ts";
import type { MacSession } from "./session.ts";

/** Reads the names by pid, once per pid. */
export function programNamesReader(s: MacSession): (pid: number) => string[] {
  const known = new Map<number, string[]>();
  return (pid) => {
    let names = known.get(pid);
    if (!names) known.set(pid, names = readNames(s, pid));
    return names;
  };
}

function readNames(s: MacSession, pid: number): string[] {
  if (!s.libs.loaded.appKit) return [];
  const { objc } = s.libs;
  return s.objc.pool(() => {
    const app = runningApplication(s, pid);
    if (!app) return [];
    const text = (obj: Deno.PointerValue, sel: string) =>
      obj ? s.cf.readString(objc.msgSend_id(obj, s.objc.sel(sel))) : null;
    const lastPart = (urlSel: string) => text(objc.msgSend_id(app, s.objc.sel(urlSel)), "lastPathComponent");
    const names = [
      s.cf.readString(objc.msgSend_id(app, s.objc.sel("bundleIdentifier"))),
      lastPart("bundleURL")?.replace(/\.app$/, "") ?? null,
      lastPart("executableURL"),
    ];
    return names.filter((n): n is string => Boolean(n));
  });
}
