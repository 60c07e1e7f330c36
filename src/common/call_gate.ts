/**
 * Which comes first as a server starts: a client's calls, then the server's
 * own warming (the priming read, the passes compiled ahead of a first look).
 * A call holds the gate while it runs; warming waits for a moment with no
 * call in flight before each of its steps, so a client that calls right
 * after `initialize` never waits behind a read it did not ask for.
 *
 * @module
 */

/** Resolves after the tasks already queued (a request delivered in this turn starts its handler first). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Tool calls in flight, and waits for none to be. */
export class CallGate {
  #inFlight = 0;
  #began = 0;
  #waiters: Array<() => void> = [];

  /** Marks a call in flight; the returned function ends it (calling it twice ends it once). */
  begin(): () => void {
    this.#inFlight++;
    this.#began++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#inFlight--;
      if (!this.#inFlight) { for (const wake of this.#waiters.splice(0)) wake(); }
    };
  }

  /** Whether a call is in flight now. */
  get busy(): boolean {
    return this.#inFlight > 0;
  }

  /** How many calls have begun so far. */
  get began(): number {
    return this.#began;
  }

  /**
   * Resolves on a later turn at which no call is in flight: it lets the
   * requests delivered meanwhile begin first, then waits for them to end.
   */
  async idle(): Promise<void> {
    for (;;) {
      await nextTurn();
      if (!this.#inFlight) return;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }
}
