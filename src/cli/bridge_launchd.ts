/**
 * The bridge's way to the service on a Mac where `deno task app` installed
 * Choto.app: the service there is launchd's job, running as Choto.app so
 * that the Screen Recording and Accessibility grants are Choto's. A bridge
 * asks launchd to start that job instead of starting a service of its own
 * (which macOS would charge to the client's grants, or to `deno`'s), and
 * never replaces it, older or not.
 *
 * @module
 */

import { kickstartCommand, macAppPaths } from "../common/mac_app.ts";
import { defaultDbPath } from "../db/db_path.ts";
import { servicePlace } from "./service_place.ts";

/**
 * The command that has launchd start Choto.app's service, or null when
 * launchd has no such job for this bridge: not macOS, no LaunchAgent
 * installed, or a bridge for a database elsewhere than the default one
 * (the app's service serves the default folder only).
 */
export function launchdStart(
  socket: string,
  os: string,
  home: string,
  uid: number,
  agentInstalled: (path: string) => boolean,
): string[] | null {
  if (os !== "darwin") return null;
  if (servicePlace(defaultDbPath(os, (n) => (n === "HOME" ? home : undefined)))?.socket !== socket) {
    return null;
  }
  if (!agentInstalled(macAppPaths(home).agent)) return null;
  // Without -k: a job that runs already is left alone (the bridge found no socket, so it is starting).
  return kickstartCommand(uid).filter((w) => w !== "-k");
}

/** Whether a file is there (false when it is not, or the flags do not let the bridge look). */
export function fileThere(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** What a bridge says when Choto.app's service is older than the bridge: it is used, and how to update it. */
export function olderAppNote(bridge: string, service: string, pid: number): string {
  return `choto: bridge ${bridge} uses Choto.app's older service ${service} (pid ${pid}), which launchd keeps: ` +
    "run `deno task app` in the newer checkout to update the app";
}
