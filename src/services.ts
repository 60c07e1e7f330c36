/**
 * What tool handlers share: the desktop, the screen reader, the store and a
 * clock. The desktop opens on first use; the OCR engine opens on first use
 * or when `warm` starts it in the background as the server starts, so the
 * first look does not pay for the recognisers' start.
 *
 * @module
 */

import type { Desktop } from "./desktop/types.ts";
import { type HeldDesktop, trackHeldInput } from "./desktop/held.ts";
import type { ScreenReader } from "./ocr/reader.ts";
import type { Store } from "./db/store.ts";
import { defaultPolicy, type Policy } from "./common/policy.ts";
import { guardDesktop, type GuardEvent } from "./desktop/guard.ts";
import { AuditLog } from "./db/audit.ts";
import { TypedWords } from "./db/typed_words.ts";
import { warmPasses, warmTextPasses } from "./perceive/warm_passes.ts";
import { letChainsRun } from "./common/time.ts";

/** The user's answer to a question asked through the client (MCP elicitation). */
export type Answer = "accept" | "decline" | "cancel";

/** Shared, lazily created dependencies of the tools. */
export interface Services {
  /**
   * Asks the user a yes/no question through the client, when the client
   * can (MCP elicitation); set per call by the server, absent otherwise.
   */
  ask?: (message: string) => Promise<Answer>;
  /**
   * True when the client asks the user by the call's retry (MCP 2026-07-28
   * input requests): a plan pauses before a destructive step instead of
   * asking while it runs. Set per call by the server, for tools that can pause.
   */
  asksByRetry?: boolean;
  desktop(): Desktop;
  reader(): ScreenReader;
  readonly store: Store;
  /** The user's safety policy (deny list, launcher), fixed for the server's life. */
  readonly policy: Policy;
  /** The audit log: every input sent, question asked and refusal, tagged with its tool call. */
  readonly audit: AuditLog;
  /** Milliseconds since the epoch (injectable for tests). */
  now(): number;
  /**
   * Starts the OCR engine in the background and returns at once, then (on
   * X11; on macOS a capture at start would ask for Screen Recording before
   * the user asked for anything) reads the screen once into the reader's
   * line cache, recording nothing. A read that arrives meanwhile waits for
   * the same recognisers and that read; a failure here only means the first
   * read does the work (and reports the error itself). Resolves when done.
   */
  warm(): Promise<void>;
  /** Lets go of every button and modifier still held, and sends no more input. */
  releaseInput(): Promise<void>;
  /** Lets go of every button and modifier still held; input goes on (an acting call's end). */
  releaseHeld(): Promise<void>;
  /** Releases held input, then everything that was opened. */
  close(): Promise<void>;
}

/**
 * Builds services from factories; each factory runs at most once. The
 * desktop is always the guarded one, so no tool can look past the deny list.
 */
export function createServices(opts: {
  store: Store;
  policy?: Policy;
  openDesktop: () => Desktop;
  openReader: () => ScreenReader;
  now?: () => number;
}): Services {
  let desktop: HeldDesktop | null = null;
  let reader: ScreenReader | null = null;
  const policy = opts.policy ?? defaultPolicy();
  const now = opts.now ?? (() => Date.now());
  const audit = new AuditLog(opts.store, {
    keepText: policy.auditKeepText,
    retentionDays: policy.auditRetentionDays,
    now,
  });
  // What choto types is noted word by word, so no read of the screen stores it in the graph.
  const typedWords = new TypedWords(opts.store);
  const heard = (e: GuardEvent) => {
    if (e.typed) typedWords.remember(e.typed, now());
    audit.record(e);
  };
  // Held input is tracked outside the guard: the guard always lets a release through.
  const openDesktop = () => trackHeldInput(guardDesktop(opts.openDesktop(), policy, heard));
  return {
    store: opts.store,
    policy,
    audit,
    desktop: () => (desktop ??= openDesktop()),
    releaseInput: async () => await desktop?.releaseAll(),
    releaseHeld: async () => await desktop?.releaseHeld(),
    reader: () => (reader ??= opts.openReader()),
    now,
    async warm() {
      try {
        const r = (reader ??= opts.openReader());
        const started = r.engine.warm?.().catch(() => {});
        const d = (desktop ??= openDesktop());
        // The priming read is queued now, before the recognisers are up, so a first read waits behind it.
        if (d.platform !== "macos") {
          const frame = d.capture();
          const priming = r.prime?.(frame);
          // Awaited below; should the passes throw first, its failure is still no unhandled rejection.
          priming?.catch(() => {});
          // Once the priming read has found its lines and waits on the recognisers (their start, then the
          // read), this thread is free to compile the look's other passes.
          await letChainsRun();
          warmPasses(frame);
          await priming;
          // The primed frame reads from the caches at once: its text warms the passes that need text.
          const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
          warmTextPasses(frame, (await r.read(frame, whole)).elements);
        }
        await started;
      } catch {
        // No engine or no display: the first read will say why.
      }
    },
    async close() {
      await desktop?.releaseAll();
      await reader?.close();
      desktop?.close();
      opts.store.close();
    },
  };
}
