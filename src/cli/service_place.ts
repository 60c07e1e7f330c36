/**
 * Where `choto service` lives for a database: its socket, its lock and the
 * folder holding them, which is the database's own folder (the default one
 * is per user). The folder is made the user's alone (0700) and the socket
 * 0600, so no other account on the machine can drive this desktop through it.
 *
 * @module
 */

/** The service's files beside a database. */
export interface ServicePlace {
  /** The folder: the database's. */
  dir: string;
  /** The Unix socket clients' bridges connect to. */
  socket: string;
  /** Held (flock) by the running service: a second one finds it taken. */
  lock: string;
}

/**
 * The longest socket path the OS takes: `sun_path` holds 108 bytes on Linux
 * and 104 on macOS, the terminating NUL included.
 */
export function maxSocketPath(os: string = Deno.build.os): number {
  return (os === "darwin" ? 104 : 108) - 1;
}

/** The service's files for the database at `db`; an in-memory database has none. */
export function servicePlace(db: string): ServicePlace | null {
  if (db === ":memory:") return null;
  const at = db.lastIndexOf("/");
  const dir = at < 0 ? "." : at === 0 ? "/" : db.slice(0, at);
  const join = (name: string) => (dir.endsWith("/") ? dir + name : `${dir}/${name}`);
  return { dir, socket: join("choto.sock"), lock: join("choto-service.lock") };
}

/** Why the socket path cannot be used, or null when it can. */
export function socketPathProblem(socket: string, os: string = Deno.build.os): string | null {
  const bytes = new TextEncoder().encode(socket).length;
  if (!socket.startsWith("/")) {
    return `the socket path ${socket} is not absolute: give --db as an absolute path`;
  }
  if (bytes > maxSocketPath(os)) {
    return `the socket path ${socket} is ${bytes} bytes, more than the ${maxSocketPath(os)} a Unix socket ` +
      "takes: keep the database in a folder with a shorter path";
  }
  return null;
}

/**
 * Why `mode` (a folder's permission bits, with its sticky bit) makes the
 * folder unfit to hold the socket, or null when it is fit or can be made fit
 * by its owner: a shared folder such as /tmp (sticky, written by everyone)
 * is never narrowed, and the socket is not put there.
 */
export function folderProblem(dir: string, mode: number, ownerIsMe: boolean): string | null {
  const open = (mode & 0o077) !== 0;
  if (!open) return null;
  if ((mode & 0o1000) !== 0 || !ownerIsMe) {
    return `the folder ${dir} is shared with other users, so the service's socket cannot be kept there: ` +
      "point --db (or CHOTO_DB) to a database in a folder of your own";
  }
  return null;
}
