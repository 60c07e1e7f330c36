/**
 * The state of one plan run: the action budget, the time limit, the corner
 * failsafe, the windows seen, and the journey so far. Actions go through it
 * so every one of them is counted and checked the same way.
 *
 * @module
 */

import type { NodeId } from "../graph/identity.ts";
import type { Services } from "../services.ts";
import type { InputGate, Modifier, MouseButton } from "../desktop/types.ts";

import { type Look, look } from "../look/look.ts";
import { type Clock, realClock } from "../common/time.ts";
import type { Extract, SeenWindow, StepReport } from "./step_report.ts";
import { frameHash } from "../image/compare.ts";
import type { Point } from "../common/rect.ts";
import { type Expected, landingMessage, LandingMoved, landsAsExpected, RunStopped } from "./run_stops.ts";
import type { RunHooks, RunProgress } from "./run_progress.ts";

// Re-exported so that the actions keep importing the run's vocabulary from one module.
export {
  type Expected,
  LandingMoved,
  type RunStatus,
  RunStopped,
  skipOrThrow,
  StepFailure,
} from "./run_stops.ts";
export type { RunHooks, RunProgress } from "./run_progress.ts";

/** Tries of a gesture whose first event would land elsewhere (the focus still settling), and the pause between. */
const LANDING_TRIES = 8;
const LANDING_PAUSE_MS = 120;

/**
 * The budget's counting rule: a step's input events (a key, a click, a wheel
 * notch, a pointer move) cost one action for its first event and one more
 * for every further {@link EVENTS_PER_ACTION}.
 */
export const EVENTS_PER_ACTION = 25;

/**
 * Presses this close together in time and place make a double-click to
 * toolkits (GTK's default is 400 ms, Chromium's 500): a press of a new step
 * that near the last one waits the rest of it out, so a click and the drag
 * after it do not open the file they meant to move.
 */
const DOUBLE_CLICK = { ms: 550, px: 8 };

/** Budget, clock, failsafe, cancellation and memory of one run. */
export class Run {
  actions = 0;
  /** Input events the current step has sent. */
  stepEvents = 0;
  /**
   * Of those, the ones sent only to look: scrolling to find a target or to
   * read, bringing the window named by target.window or focus_app's app
   * forward. A step whose every event was one of these has acted on nothing.
   */
  lookingEvents = 0;
  #looking = 0;
  /** The step running and the plan's length, for progress. */
  #step = 0;
  #steps = 0;
  #sub = 0;
  #told = -1;
  /** How far the current step's input got ("typed 87 of 150 characters"), for a cut step. */
  progress: string | null = null;
  readonly started: number;
  readonly seen = new Map<NodeId, SeenWindow>();
  readonly extracts: Extract[] = [];
  readonly reports: StepReport[] = [];
  /** What the graph could not store during the run (a full disk, a replaced file), each said once. */
  readonly unstored: string[] = [];
  /**
   * The menus opened by the last clicks in one window ("File", then a
   * submenu), so a menu item that leads elsewhere is remembered with the
   * clicks that reach it.
   */
  menuPath: { node: NodeId; texts: string[] } | null = null;
  /** The last window a step named (target.window, focus_app) was the client's own: it is worked in, not passed over. */
  clientNamed = false;

  constructor(
    readonly services: Services,
    readonly maxActions: number,
    readonly timeLimitMs: number,
    /** Where the run's time comes from (a fake clock in tests). */
    readonly clock: Clock = realClock,
    public hooks: RunHooks = {},
  ) {
    this.started = clock.now();
    this.signal = hooks.signal;
  }

  /** The request's abort signal: the client cancelled it (a resumed run's is its retry's). */
  signal?: AbortSignal;

  /** Goes on under a new request (the retry of a paused run), leaving the `pausedMs` waited out of the time limit. */
  resumeWith(hooks: RunHooks, pausedMs: number): void {
    this.hooks = hooks;
    this.signal = hooks.signal;
    this.#askedMs += pausedMs;
  }

  /** True when the current step sent input that reached an app (more than looking). */
  acted(): boolean {
    return this.stepEvents > this.lookingEvents;
  }

  /** Runs `fn` with every input event it sends counted as looking (see {@link lookingEvents}). */
  async lookingOnly<T>(fn: () => Promise<T>): Promise<T> {
    this.#looking++;
    try {
      return await fn();
    } finally {
      this.#looking--;
    }
  }

  /** Reports progress: at the start of step `n` of `total`, within it, or at the end. */
  async tell(doing: RunProgress["doing"], step?: { n: number; total: number }): Promise<void> {
    if (step) {
      this.#step = step.n;
      this.#steps = step.total;
      this.#sub = 0;
    }
    if (!this.hooks.progress || this.#steps === 0) return;
    let done: number;
    if (doing.kind === "end") done = this.#steps;
    else if (doing.kind === "step") done = this.#step - 1;
    else done = this.#step - 1 + Math.round((1 - 1 / (++this.#sub + 1)) * 1e4) / 1e4;
    // Progress only ever grows: a report that would not move it is left out.
    if (done <= this.#told) return;
    this.#told = done;
    try {
      await this.hooks.progress({ done, total: this.#steps, step: this.#step, doing });
    } catch {
      // A client that went away cannot be told; the run goes on regardless.
    }
  }

  /** Time spent waiting for the user's answer, which the time limit does not count. */
  #askedMs = 0;

  /** Keeps a reason something was not stored, for the end of the journey. */
  noteUnstored(reason: string): void {
    if (!this.unstored.includes(reason)) this.unstored.push(reason);
  }

  /** Milliseconds since the run started, less the time the user took to answer. */
  elapsedMs(): number {
    return this.clock.now() - this.started - this.#askedMs;
  }

  /** Runs `fn` (a question to the user) with the run's clock stopped. */
  async whileAsking<T>(fn: () => Promise<T>): Promise<T> {
    const t0 = this.clock.now();
    try {
      return await fn();
    } finally {
      this.#askedMs += this.clock.now() - t0;
    }
  }

  /** Milliseconds left before the plan's time limit. */
  remainingMs(): number {
    return this.timeLimitMs - this.elapsedMs();
  }

  /** False when a checkpoint would stop the run: input meant to tidy up is then left unsent. */
  mayAct(): boolean {
    try {
      this.checkpoint();
      return true;
    } catch {
      return false;
    }
  }

  /** Starts counting a new step's input. */
  beginStep(): void {
    this.stepEvents = 0;
    this.lookingEvents = 0;
    this.progress = null;
  }

  /** Throws when the client cancelled, the user wants out (pointer in the corner) or time is up. */
  checkpoint(): void {
    if (this.signal?.aborted) throw new RunStopped("the client cancelled the request", "aborted");
    if (this.services.desktop().pointerInCorner()) {
      throw new RunStopped("the pointer is in the top-left corner: the user stopped the run", "aborted");
    }
    if (this.remainingMs() <= 0) {
      throw new RunStopped(`the plan's time limit (${this.timeLimitMs} ms) ran out`, "escalated");
    }
  }

  /**
   * The checkpoint before every input event: cancellation, the corner, the
   * time limit, then the budget by {@link EVENTS_PER_ACTION}. Throws
   * {@link RunStopped} to stop before the event is sent.
   */
  event(): void {
    this.checkpoint();
    if (this.stepEvents % EVENTS_PER_ACTION === 0) {
      if (this.actions + 1 > this.maxActions) {
        throw new RunStopped(
          `the action budget (${this.maxActions}) is used up; raise max_actions or split the plan`,
          "escalated",
        );
      }
      this.actions++;
    }
    this.stepEvents++;
    if (this.#looking > 0) this.lookingEvents++;
  }

  /** Actions `events` more input events of the current step would cost, by the budget's rule. */
  costOf(events: number): number {
    const per = EVENTS_PER_ACTION;
    return Math.ceil((this.stepEvents + events) / per) - Math.ceil(this.stepEvents / per);
  }

  /**
   * Counts input events sent past the checkpoint (a read putting the view
   * back where the user had it, which must happen whatever the budget says)
   * the way {@link event} counts them, so the budget tells the truth.
   */
  countUnchecked(events: number): void {
    this.actions += this.costOf(events);
    this.stepEvents += events;
    if (this.#looking > 0) this.lookingEvents += events;
  }

  /**
   * A gate for a gesture: before each event it keeps {@link progress} as
   * `say` puts it (when given), stops the step when the event would land
   * elsewhere than `expect`, then checks as {@link event} does. An event
   * asked about twice (a click's modifiers go to the focus window, its press
   * under the pointer) is counted once.
   */
  gate(total: number, say: ((sent: number, total: number) => string) | null, expect?: Expected): InputGate {
    let counted = -1;
    return (sent, landing) => {
      if (say) this.progress = say(sent, total);
      if (expect && !landsAsExpected(expect, landing)) {
        throw new LandingMoved(landingMessage(expect, landing), sent);
      }
      if (sent !== counted) {
        counted = sent;
        this.event();
      }
      // Past every check this event goes out: a later refusal (the guard's) finds the count right.
      if (say) this.progress = say(sent + 1, total);
    };
  }

  /**
   * Runs a gesture; when its very first event would land elsewhere than
   * expected (the focus still moving to the window that just came forward),
   * waits a moment and tries again, about a second at most: nothing was sent.
   */
  async #landed<T>(gesture: () => Promise<T>): Promise<T> {
    for (let i = 1;; i++) {
      try {
        return await gesture();
      } catch (err) {
        if (!(err instanceof LandingMoved) || err.sent > 0 || i >= LANDING_TRIES) throw err;
        await this.clock.sleep(LANDING_PAUSE_MS);
      }
    }
  }

  /** Scrolls with a checkpoint before every notch, each landing where `expect` says. */
  async scroll(at: Point, notches: number, expect?: Expected): Promise<void> {
    const gate = this.gate(Math.abs(notches), (s, t) => `scrolled ${s} of ${t} notch(es)`, expect);
    await this.#landed(() => this.services.desktop().scroll(at, notches, gate));
    this.progress = `scrolled ${Math.abs(notches)} of ${Math.abs(notches)} notch(es)`;
  }

  /** Types with a checkpoint before every character, each landing where `expect` says. */
  async type(text: string, expect?: Expected): Promise<void> {
    const total = [...text].length;
    const into = expect ? ` into "${expect.title}"` : "";
    const gate = this.gate(total, (s, t) => `typed ${s} of ${t} characters${into}`, expect);
    await this.#landed(() => this.services.desktop().type(text, gate));
    this.progress = `typed ${total} of ${total} characters${into}`;
  }

  /** Where and when the last press of this run was let go. */
  #lastPress: { at: Point; t: number } | null = null;

  /** Waits until a press at `at` can no longer join the last one into a double-click. */
  async apartFromLastPress(at: Point): Promise<void> {
    const last = this.#lastPress;
    if (!last || Math.hypot(at.x - last.at.x, at.y - last.at.y) > DOUBLE_CLICK.px) return;
    const wait = last.t + DOUBLE_CLICK.ms - this.clock.now();
    if (wait > 0) await this.pause(wait);
  }

  /** Clicks with a checkpoint before each press, landing where `expect` says. */
  async click(
    at: Point,
    button: MouseButton,
    count: number,
    mods: Modifier[],
    expect?: Expected,
  ): Promise<void> {
    await this.apartFromLastPress(at);
    const gate = this.gate(count, null, expect);
    try {
      await this.#landed(() => this.services.desktop().click(at, button, count, mods, gate));
    } finally {
      this.#lastPress = { at, t: this.clock.now() };
    }
  }

  /** Presses a key combination after a checkpoint, landing where `expect` says. */
  async hotkey(keys: string[], expect?: Expected): Promise<void> {
    const gate = this.gate(1, null, expect);
    await this.#landed(() => this.services.desktop().hotkey(keys, gate));
  }

  /** Moves the pointer after a checkpoint. */
  async move(to: Point): Promise<void> {
    this.event();
    await this.services.desktop().move(to);
  }

  /** Presses a button, after a checkpoint, landing where `expect` says; letting go is never held back. */
  async button(button: MouseButton, down: boolean, expect?: Expected): Promise<void> {
    const desktop = this.services.desktop();
    if (!down) {
      this.#lastPress = { at: desktop.pointer(), t: this.clock.now() };
      return await desktop.button(button, false);
    }
    await this.apartFromLastPress(desktop.pointer());
    const gate = this.gate(1, null, expect);
    await this.#landed(() => desktop.button(button, true, gate));
  }

  /** Holds modifiers after a checkpoint; letting go is never held back. */
  async modifiers(mods: Modifier[], down: boolean): Promise<void> {
    if (!mods.length) return;
    const desktop = this.services.desktop();
    if (!down) return await desktop.modifiers(mods, false);
    await desktop.modifiers(mods, true, this.gate(1, null));
  }

  /** Sleeps in small slices, honouring the failsafe. */
  async pause(ms: number): Promise<void> {
    const end = this.clock.now() + ms;
    while (this.clock.now() < end) {
      this.checkpoint();
      await this.clock.sleep(Math.max(0, Math.min(100, end - this.clock.now())));
    }
  }

  /**
   * Waits until the screen stops changing (two captures 80 ms apart agree),
   * at most `maxMs`: toolkits animate scrolling, and a frame caught mid-way
   * reads as a torn mixture of two positions.
   */
  async settle(maxMs = 1500): Promise<void> {
    const desktop = this.services.desktop();
    const end = this.clock.now() + maxMs;
    let last = frameHash(desktop.capture());
    while (this.clock.now() < end) {
      await this.clock.sleep(80);
      const now = frameHash(desktop.capture());
      if (now === last) return;
      last = now;
    }
  }

  /** Looks at the screen and remembers the window as seen during this run. */
  async look(windowId?: string): Promise<Look> {
    const l = await look(this.services, windowId, this.clientNamed);
    if (l.unstored) this.noteUnstored(l.unstored);
    if (l.nodeId !== null && l.window) {
      this.seen.set(l.nodeId, {
        node: l.nodeId,
        app: l.window.app,
        title: l.window.title,
        sample: l.windowElements.slice(0, 8).map((e) => e.text),
      });
    }
    return l;
  }
}
