/**
 * Stopping the service a bridge started, so that no detached `choto service`
 * outlives the test that started it through a bridge (the MCP Bundle's entry
 * is one).
 *
 * @module
 */

import { join } from "node:path";
import { stopServicesOf } from "../../build/service_stop.ts";
import { probe } from "./service.ts";

/**
 * Stops the service of the database folder `dbDir`: the one its socket's
 * greeting names and any other whose command line names the folder.
 */
export async function stopService(dbDir: string): Promise<void> {
  const hello = await probe(join(dbDir, "choto.sock"));
  await stopServicesOf(dbDir, hello && hello.pid > 0 ? [hello.pid] : []);
}

/** The database folder of a bridge's argument list (`… bridge … --db PATH …`), or null when it starts no bridge. */
export function bridgeDbDir(args: string[]): string | null {
  const at = args.indexOf("bridge");
  if (at < 0) return null;
  const db = args.indexOf("--db", at);
  if (db < 0 || args[db + 1] === undefined) return null;
  const path = args[db + 1];
  return path.slice(0, path.lastIndexOf("/")) || "/";
}
