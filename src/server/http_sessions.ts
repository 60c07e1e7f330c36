/**
 * The HTTP server's open MCP sessions, bounded: a session nobody used for
 * the idle time is closed, and a new one beyond the cap first closes the
 * session idle the longest. A session with a request in flight or an event
 * stream open is in use, never idle: only clients that left are let go of.
 *
 * @module
 */

/** How long a session may sit unused, and how many may be open at once. */
export interface SessionLimits {
  idleMs: number;
  max: number;
}

/** Thirty minutes unused, and 32 open: more than any desktop's clients need. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, max: 32 };

/** What the table needs of a session: a way to end it. */
export interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  session: T;
  lastUsed: number;
  /** Requests in flight and response streams still open. */
  inUse: number;
}

/** Open sessions by id, with their use. */
export class SessionTable<T extends Closable> {
  #entries = new Map<string, Entry<T>>();

  constructor(readonly limits: SessionLimits, readonly now: () => number = Date.now) {}

  get size(): number {
    return this.#entries.size;
  }

  /** True when `id` names an open session. */
  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Adds a session that just started. */
  add(id: string, session: T): void {
    this.#entries.set(id, { session, lastUsed: this.now(), inUse: 0 });
  }

  /** Forgets a session that ended. */
  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** The session, marked as in use until the returned function is called; null when unknown. */
  use(id: string): { session: T; done: () => void } | null {
    const e = this.#entries.get(id);
    if (!e) return null;
    e.inUse++;
    e.lastUsed = this.now();
    let done = false;
    return {
      session: e.session,
      done: () => {
        if (done) return;
        done = true;
        e.inUse--;
        e.lastUsed = this.now();
      },
    };
  }

  /** Closes every session unused for longer than the idle time; how many were closed. */
  async expire(): Promise<number> {
    const cutoff = this.now() - this.limits.idleMs;
    const idle = [...this.#entries].filter(([, e]) => e.inUse === 0 && e.lastUsed < cutoff);
    for (const [id, e] of idle) await this.#close(id, e);
    return idle.length;
  }

  /**
   * Makes room for one more session: at the cap, the session idle the
   * longest is closed. False when every open session is in use.
   */
  async makeRoom(): Promise<boolean> {
    if (this.#entries.size < this.limits.max) return true;
    const idle = [...this.#entries].filter(([, e]) => e.inUse === 0)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    if (!idle.length) return false;
    await this.#close(...idle[0]);
    return true;
  }

  async #close(id: string, e: Entry<T>): Promise<void> {
    this.#entries.delete(id);
    await e.session.close().catch(() => {});
  }
}
