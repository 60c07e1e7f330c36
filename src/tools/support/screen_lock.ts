/**
 * One pair of hands per display, across processes: an exclusive advisory
 * lock (flock, through Deno's own `FsFile.tryLockSync`, so no FFI grant is
 * needed) on one file per display, held by the choto process acting on it.
 * The system drops the lock when its process dies, however it dies, so a
 * crash never leaves the screen taken. Beside the lock the holder writes who
 * it is (pid, tool, client, since when) for a waiter to name; a note left by
 * a process that died is told from a live one by its pid.
 *
 * @module
 */

import { envVar } from "../../common/env.ts";
import { processAlive } from "../../common/process_alive.ts";
import type { ScreenHolder } from "../../render/turn_text.ts";
import { lockFolders, screenKey } from "./screen_key.ts";

/** Whether the process with this pid still runs. */
export type IsAlive = (pid: number) => boolean;

/** The lock file of one display and the note beside it; one handle holds it at a time. */
export class ScreenLock {
  #held: Deno.FsFile | null = null;
  /** The last note judged, and whether its process ran: a waiter reads the same note many times. */
  #judged: { note: string; alive: boolean } | null = null;

  constructor(
    /** The lock file. */
    readonly path: string,
    /** False when the file can only be opened for reading: it still locks, but no note is written. */
    readonly writable: boolean,
    readonly isAlive: IsAlive = processAlive,
  ) {}

  /** Where the holder says who it is. */
  get notePath(): string {
    return this.path.replace(/\.lock$/, "") + ".holder.json";
  }

  /** True while this handle holds the lock. */
  get held(): boolean {
    return this.#held !== null;
  }

  /** Takes the lock when no one holds it (never waits) and writes `me` beside it; false when it is taken. */
  tryTake(me: ScreenHolder): boolean {
    if (this.#held) return true;
    const file = Deno.openSync(
      this.path,
      this.writable ? { read: true, write: true, create: true } : { read: true },
    );
    let got = false;
    try {
      got = file.tryLockSync(true);
    } finally {
      if (!got) file.close();
    }
    if (!got) return false;
    this.#held = file;
    if (this.writable) {
      try {
        Deno.writeTextFileSync(this.notePath, JSON.stringify(me));
      } catch {
        // Without the note a waiter says "another choto process"; the lock itself holds.
      }
    }
    return true;
  }

  /** Lets the lock go (and takes the note down first: after the unlock the note is the next holder's). */
  release(): void {
    const file = this.#held;
    if (!file) return;
    this.#held = null;
    if (this.writable) {
      try {
        Deno.removeSync(this.notePath);
      } catch {
        // Already gone; a stale note is told by its dead pid.
      }
    }
    try {
      file.unlockSync();
    } catch {
      // Closing lets it go as well.
    }
    file.close();
  }

  /** Who holds the lock by its note, or null when the note is missing, unreadable or left by a dead process. */
  holder(): ScreenHolder | null {
    let text: string, note: unknown;
    try {
      text = Deno.readTextFileSync(this.notePath);
      note = JSON.parse(text);
    } catch {
      return null;
    }
    if (typeof note !== "object" || note === null) return null;
    const { pid, tool, client, since } = note as Record<string, unknown>;
    if (typeof pid !== "number" || typeof tool !== "string" || typeof since !== "number") return null;
    if (client !== null && typeof client !== "string") return null;
    if (this.#judged?.note !== text) this.#judged = { note: text, alive: this.isAlive(pid) };
    if (!this.#judged.alive) return null;
    return { pid, tool, client, since };
  }
}

/**
 * The lock of display `key`, in the first of `folders` where its file can
 * be created and written; null when none can (the process then keeps to its
 * own queue). A file it may only read is passed over: a server holding such a
 * lock through a whole call saw choto's own desktop question end at once
 * (zenity exiting in under two seconds, unseen), under the MCP Bundle's flags.
 */
export function openScreenLock(
  folders: readonly string[],
  key: string,
  uid: number | null,
  isAlive: IsAlive = processAlive,
): ScreenLock | null {
  for (const folder of folders) {
    const path = `${folder}/${key}.lock`;
    try {
      Deno.mkdirSync(folder, { recursive: true, mode: 0o700 });
      // A folder someone else made (under /tmp) is not trusted with our lock.
      const owner = Deno.statSync(folder).uid;
      if (uid !== null && owner !== null && owner !== uid) continue;
      Deno.openSync(path, { read: true, write: true, create: true }).close();
      return new ScreenLock(path, true, isAlive);
    } catch {
      // Not granted or not ours: the next folder, then.
    }
  }
  return null;
}

/** This process's user id, or null where it cannot be asked (Windows, or no `--allow-sys=uid`). */
function userId(): number | null {
  try {
    return Deno.uid();
  } catch {
    return null;
  }
}

/** The lock of the display this process acts on: `$DISPLAY` on X11, the user's login session on macOS. */
export function openDisplayLock(dbPath: string | null): ScreenLock | null {
  const uid = userId();
  return openScreenLock(lockFolders(dbPath, uid), screenKey(Deno.build.os, envVar("DISPLAY"), uid), uid);
}
