/**
 * The service's hold on its place: the folder made the user's alone, the
 * lock that lets one service run per folder, a socket left behind by a
 * service that died cleared away, and the socket opened 0600.
 *
 * @module
 */

import { folderProblem, type ServicePlace, socketPathProblem } from "./service_place.ts";

/** The folder made ready for the socket: created 0700, or narrowed to 0700 when it is the user's own. */
export function readyFolder(dir: string): void {
  Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = Deno.statSync(dir);
  const mode = info.mode ?? 0o700;
  let uid: number | null = null;
  try {
    uid = Deno.uid();
  } catch {
    // Without the grant the owner is unknown: the folder is taken as another's, and refused if open.
  }
  const problem = folderProblem(dir, mode, uid !== null && info.uid === uid);
  if (problem) throw new Error(problem);
  if ((mode & 0o077) !== 0) Deno.chmodSync(dir, 0o700);
}

/** Takes the service's lock without waiting; null when another service holds it. */
export function takeLock(path: string): Deno.FsFile | null {
  const file = Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 });
  if (file.tryLockSync(true)) return file;
  file.close();
  return null;
}

/**
 * Removes the socket a dead service left (only while this process holds the
 * lock, so no live service owns it); refuses anything at the path that is
 * not a socket, which the user may want.
 */
export function clearStaleSocket(socket: string): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(socket);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw err;
  }
  if (!info.isSocket) {
    throw new Error(`${socket} is there and is not a socket: move it away, then start the service again`);
  }
  Deno.removeSync(socket);
}

/** Listens on the place's socket, readable and writable by the user alone. */
export function listenOn(place: ServicePlace): Deno.UnixListener {
  const problem = socketPathProblem(place.socket);
  if (problem) throw new Error(problem);
  clearStaleSocket(place.socket);
  let listener: Deno.UnixListener;
  try {
    listener = Deno.listen({ transport: "unix", path: place.socket });
  } catch (err) {
    if (err instanceof Deno.errors.NotCapable) {
      throw new Error(
        `the permission flags do not allow the socket ${place.socket}: add unix:${place.socket} to --allow-net`,
      );
    }
    throw err;
  }
  Deno.chmodSync(place.socket, 0o600);
  return listener;
}
