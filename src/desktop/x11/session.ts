/**
 * The link to one X display across its server going away: a session (the
 * connection, input and monitors built on it) is used while its server
 * answers; when the server is gone, the call that meets it fails with
 * {@link DisplayLost} saying so and what was held, and a later call opens a
 * new session as soon as a server answers on the same display.
 *
 * What a session pressed is released only through that session: a server
 * that went away took the press with it, and one started since never had
 * it, so nothing is ever let go of twice or on the wrong server.
 *
 * @module
 */

import { DisplayLost } from "../display_lost.ts";
import type { Modifier, MouseButton } from "../types.ts";
import { XConnection } from "./connection.ts";
import { XInput } from "./input.ts";
import { XMonitors } from "./monitors.ts";

/** One connection and what is built on it. */
export interface Session {
  c: XConnection;
  input: XInput;
  monitors: XMonitors;
  /** Buttons and modifiers pressed through this connection and not let go yet. */
  buttons: Set<MouseButton>;
  mods: Set<Modifier>;
}

interface Kept extends Session {
  /** Calls running on it: a dropped session is closed once none is (closing frees Xlib's display). */
  users: number;
  dropped: boolean;
}

function openSession(displayName?: string): Kept {
  const c = new XConnection(displayName);
  const ev = new Int32Array(4);
  if (
    !c.xtst.XTestQueryExtension(
      c.display,
      ev.subarray(0, 1),
      ev.subarray(1, 2),
      ev.subarray(2, 3),
      ev.subarray(3, 4),
    )
  ) {
    c.close();
    throw new Error(
      "the X server lacks the XTEST extension, so input cannot be sent (start Xvfb/Xorg with XTEST enabled)",
    );
  }
  return {
    c,
    input: new XInput(c),
    monitors: new XMonitors(c),
    buttons: new Set(),
    mods: new Set(),
    users: 0,
    dropped: false,
  };
}

function closeSession(s: Session): void {
  // Xinerama hooks the display's close: unload it only after the display is gone.
  s.c.close();
  s.monitors.close();
}

/** What a lost session had pressed, as a reply says it. */
function heldText(s: Session): string {
  const held = [...[...s.buttons].map((b) => `the ${b} button`), ...s.mods];
  return held.length ? `; ${held.join(", ")} held then went with it, so nothing stays pressed` : "";
}

/** The errors {@link DisplayLink} worded itself (what went, what was held), as against the connection's bare one. */
const WORDED = new WeakSet<Error>();

/** Sessions on one display, one at a time. */
export class DisplayLink {
  #current: Kept | null;
  #lostAt: number | null = null;
  /** The display's name as given or as `DISPLAY` says (":0"). */
  readonly name: string;

  /** Connects now; throws (as XConnection does) when no server answers. */
  constructor(readonly displayName?: string) {
    this.#current = openSession(displayName);
    this.name = this.#current.c.name;
  }

  get #shown(): string {
    return this.name || "(default)";
  }

  /** Runs `fn` on a live session; the server going away meanwhile becomes {@link DisplayLost}. */
  use<T>(fn: (s: Session) => T): T {
    const s = this.#enter();
    let out: T;
    try {
      out = fn(s);
    } catch (err) {
      throw this.#failed(s, err);
    }
    return this.#done(s, out);
  }

  /** {@link use} for a gesture that waits between its events. */
  async useAsync<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const s = this.#enter();
    let out: T;
    try {
      out = await fn(s);
    } catch (err) {
      throw this.#failed(s, err);
    }
    return this.#done(s, out);
  }

  /** Ends a call that returned: its result, unless the server went away meanwhile. */
  #done<T>(s: Kept, out: T): T {
    this.#leave(s);
    if (s.c.lost) throw this.#lostDuring(s);
    return out;
  }

  /** Ends a call that threw: whatever it made of a silent connection, the reason is the lost display. */
  #failed(s: Kept, err: unknown): unknown {
    this.#leave(s);
    if (!s.c.lost) return err;
    // Another call may have dropped the session first: a bare DisplayLost from the connection is still worded.
    return err instanceof DisplayLost && WORDED.has(err) ? err : this.#lostDuring(s);
  }

  /**
   * Lets go of input through the current session only, and never fails for
   * a lost display: what it held went with its server.
   */
  release(fn: (s: Session) => void): void {
    const s = this.#current;
    if (!s || s.c.lost) return;
    s.users++;
    try {
      fn(s);
    } catch (err) {
      if (!(err instanceof DisplayLost)) throw err;
    } finally {
      this.#leave(s);
    }
  }

  close(): void {
    if (this.#current) closeSession(this.#current);
    this.#current = null;
  }

  #enter(): Kept {
    const s = this.#live();
    s.users++;
    return s;
  }

  #leave(s: Kept): void {
    s.users--;
    if (s.dropped && s.users === 0) closeSession(s);
  }

  /**
   * The current session while its server answers, else a new one, else
   * DisplayLost. A session lost while it held input, or while a call is
   * still running on it (a checkpoint inside a typing gesture), is not
   * replaced within that call: the gesture cannot go on on another server.
   */
  #live(): Kept {
    const now = this.#current;
    if (now && now.c.alive()) return now;
    if (now) {
      const busy = now.users > 0;
      const err = this.#lost(now, busy ? " during this call" : "");
      if (busy || now.buttons.size + now.mods.size > 0) throw err;
    }
    try {
      this.#current = openSession(this.displayName);
      this.#lostAt = null;
      return this.#current;
    } catch {
      const since = this.#lostAt === null ? "" : ` ${Math.round((Date.now() - this.#lostAt) / 1000)} s ago`;
      throw new DisplayLost(
        `the X display ${this.#shown} went away${since} and no X server answers there yet; nothing was sent. ` +
          "choto connects again on the next call once one does",
      );
    }
  }

  /** Sends nothing more on `s`; it closes once no call uses it. */
  #drop(s: Kept): void {
    if (s.dropped) return;
    s.dropped = true;
    this.#lostAt = Date.now();
    if (this.#current === s) this.#current = null;
    if (s.users === 0) closeSession(s);
  }

  #lostDuring(s: Kept): DisplayLost {
    return this.#lost(s, " during this call");
  }

  /** Drops `s`, with the error that says it went and what it held. */
  #lost(s: Kept, when: string): DisplayLost {
    const err = new DisplayLost(
      `the X display ${this.#shown} went away${when} (its X server ended or the connection broke)${
        heldText(s)
      }; input sent before that reached the old server, and choto connects again on the next call once an X server answers on ${this.#shown}`,
    );
    WORDED.add(err);
    this.#drop(s);
    return err;
  }
}
