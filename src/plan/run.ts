/**
 * The state of one plan run: the action budget, the time limit, the corner
 * failsafe, the windows seen, and the journey so far. Actions go through it
 * so every one of them is counted and checked the same way.
 *
 * @module
 */

import type { Services } from "../services.ts";
import { frameHash } from "./expect.ts";
import { type Look, look } from "./look.ts";
import type { NearText } from "../common/match.ts";
import { type Clock, realClock } from "../common/time.ts";
import type { ResolveStage } from "./resolve.ts";

/** How a run ended. */
export type RunStatus = "success" | "escalated" | "aborted" | "declined";

/** What one step did. */
export interface StepReport {
  /** 1-based. */
  step: number;
  action: string;
  outcome: "done" | "skipped" | "failed" | "not_run";
  /** One line for the journey. */
  line: string;
  /** The element a target resolved to, when there was one. */
  match?: {
    text: string;
    stage: ResolveStage;
    score: number;
    /** Equally good matches there were before region narrowed them (1 when unique). */
    candidates: number;
    scope: "window" | "chrome";
    x: number;
    y: number;
  };
}

/** Text a step brought back. */
export interface Extract {
  step: number;
  source: string;
  text: string;
  note: string;
}

/** A window the run passed through. */
export interface SeenWindow {
  node: number;
  app: string;
  title: string;
  sample: string[];
}

/** A step failed: stop and escalate with the evidence. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly evidence: {
      surface?: "window" | "chrome";
      target?: string;
      closest?: NearText[];
      look?: Look;
    } = {},
  ) {
    super(message);
  }
}

/**
 * What a step does when what it needs is absent: with `skip_if_absent` it
 * is skipped (the plan goes on), otherwise `failure` stops the run.
 */
export function skipOrThrow(
  step: { action: string; skip_if_absent?: boolean },
  n: number,
  reason: string,
  failure: StepFailure,
): StepReport {
  if (!step.skip_if_absent) throw failure;
  return { step: n, action: step.action, outcome: "skipped", line: `skipped: ${reason}` };
}

/** The user pulled the pointer into the corner, or the run ran out of budget/time. */
export class RunStopped extends Error {
  constructor(message: string, readonly status: "aborted" | "escalated" | "declined") {
    super(message);
  }
}

/** Budget, clock, failsafe and memory of one run. */
export class Run {
  actions = 0;
  readonly started: number;
  readonly seen = new Map<number, SeenWindow>();
  readonly extracts: Extract[] = [];
  readonly reports: StepReport[] = [];
  /**
   * The menus opened by the last clicks in one window ("File", then a
   * submenu), so a menu item that leads elsewhere is remembered with the
   * clicks that reach it.
   */
  menuPath: { node: number; texts: string[] } | null = null;

  constructor(
    readonly services: Services,
    readonly maxActions: number,
    readonly timeLimitMs: number,
    /** Where the run's time comes from (a fake clock in tests). */
    readonly clock: Clock = realClock,
  ) {
    this.started = clock.now();
  }

  /** Time spent waiting for the user's answer, which the time limit does not count. */
  #askedMs = 0;

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

  /** Throws when the user wants out (pointer in the corner) or time is up. */
  checkpoint(): void {
    if (this.services.desktop().pointerInCorner()) {
      throw new RunStopped("the pointer is in the top-left corner: the user stopped the run", "aborted");
    }
    if (this.remainingMs() <= 0) {
      throw new RunStopped(`the plan's time limit (${this.timeLimitMs} ms) ran out`, "escalated");
    }
  }

  /** Counts `n` input actions against the budget, after the failsafe check. */
  spend(n = 1): void {
    this.checkpoint();
    if (this.actions + n > this.maxActions) {
      throw new RunStopped(
        `the action budget (${this.maxActions}) is used up; raise max_actions or split the plan`,
        "escalated",
      );
    }
    this.actions += n;
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
    const l = await look(this.services, windowId);
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
