/**
 * What tool handlers share: the desktop, the screen reader, the store and a
 * clock. The desktop opens on first use; the OCR engine opens on first use
 * or when `startEngine` starts it in the background as the server starts, so
 * the first look pays for as little of the recognisers' start as it can, and
 * can say how long it waited for the rest. The server's own warming (the
 * priming read, the passes and a made-up window's read compiled ahead of a
 * first look) waits for a moment with no tool call in flight
 * (common/call_gate.ts): a call made right after `initialize` comes first.
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
import { WARM_ROUNDS, warmPassSteps, warmTextPasses } from "./perceive/warm_passes.ts";
import { type WarmCalls, warmRead } from "./perceive/warm_read.ts";
import { warmRecord } from "./graph/warm_record.ts";
import { CallGate } from "./common/call_gate.ts";
import { warmNativeHeap } from "./ocr/engines/native_heap.ts";

/** Heap faulted in ahead of a first look: twice what a never-seen 1440x900 look grew it by (11 MB of page faults). */
const WARM_HEAP_BYTES = 24 << 20;

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
  /** Starts the OCR engine's recognisers in the background, once; returns at once. */
  startEngine(): void;
  /**
   * How long a call that began at `since` (performance.now()) waited for
   * the OCR engine to start: the longest any of its reads waited for a
   * recogniser's start, 0 when none did; null when that is not known (the
   * engine was not started ahead of the call, or still starts).
   */
  engineWait(since: number): number | null;
  /** Marks a tool call in flight until the returned function is called: warming waits for it. */
  callBegan(): () => void;
  /**
   * Starts the OCR engine at once; then, once `after` has settled (the
   * server has loaded) and no tool call is in flight, and only if no call
   * came first (on X11; on macOS a capture at start would ask for Screen
   * Recording before the user asked for anything), reads the screen once
   * into the reader's line cache, recording nothing, and runs the look's
   * passes once, each when no call is in flight. A call that comes first
   * reads only what it asks for, while the recognisers start. A failure
   * here only means the first read does the work (and reports the error
   * itself). `calls` loads observe's whole call for the made-up window's
   * looks (perceive/warm_read.ts), once the server has loaded. Resolves
   * when done.
   */
  warm(after?: Promise<unknown>, calls?: () => Promise<WarmCalls>): Promise<void>;
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
  const gate = new CallGate();
  /** The engine's start, and when its first recogniser was up (performance.now()). */
  let engine: { up: number | null; started: Promise<void> } | null = null;
  /** Reads made for calls (not by warming): once one has read the screen, warming reads nothing more. */
  let callReads = 0;
  let reader: CountedReader | null = null;
  const theReader = (): CountedReader => {
    if (reader) return reader;
    const r = opts.openReader();
    const read = r.read.bind(r);
    return reader = Object.assign(r, {
      read: (...args: Parameters<ScreenReader["read"]>) => (callReads++, read(...args)),
      readForWarm: read,
      callReads: () => callReads,
    });
  };
  const startEngine = () => {
    if (engine) return;
    const ocr = theReader().engine;
    const started = (ocr.warm?.() ?? Promise.resolve()).catch(() => {});
    engine = { up: null, started };
    // Up once a read need wait for no start: the first recogniser, while the others may still start.
    void (ocr.oneUp?.() ?? started).then(() => engine!.up ??= performance.now());
  };
  return {
    store: opts.store,
    policy,
    audit,
    desktop: () => (desktop ??= openDesktop()),
    releaseInput: async () => await desktop?.releaseAll(),
    releaseHeld: async () => await desktop?.releaseHeld(),
    reader: theReader,
    now,
    startEngine,
    engineWait(since) {
      if (engine?.up == null) return null;
      // Timed by the reads where the engine can: a recogniser that was up while the look's passes held the
      // thread was no wait, though the thread learned of it only at the read.
      return reader?.engine.startWait?.(since) ?? Math.max(0, engine.up - since);
    },
    callBegan: () => gate.begin(),
    async warm(after, calls) {
      try {
        startEngine();
        const r = theReader();
        const d = (desktop ??= openDesktop());
        if (d.platform !== "macos") await warmWhenIdle(d, r, gate, after, calls);
        await engine!.started;
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

/** The reader, with its reads for calls counted apart from warming's. */
type CountedReader = ScreenReader & { readForWarm: ScreenReader["read"]; callReads(): number };

/**
 * Once `after` has settled (the server has loaded) and no call is in
 * flight, the priming read of the screen, with the look's passes over its
 * frame and a made-up sighting's record (graph/warm_record.ts) while the
 * recognisers read, then a made-up window read through a pipeline of its
 * own (perceive/warm_read.ts), observe's looks at it as whole calls when
 * `calls` loads them: all left out when a call came first
 * (it reads what it asks for, and runs the passes itself), and the passes
 * and made-up reads left out once a call has read the screen meanwhile.
 */
async function warmWhenIdle(
  d: Desktop,
  r: CountedReader,
  gate: CallGate,
  after?: Promise<unknown>,
  calls?: () => Promise<WarmCalls>,
): Promise<void> {
  await after?.catch(() => {});
  await gate.idle();
  if (gate.began) return;
  const frame = d.capture();
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  // A call that comes while this read runs waits for it, and finds its lines in the caches.
  const priming = r.prime?.(frame);
  // Awaited below; should a pass throw first, its failure is still no unhandled rejection.
  priming?.catch(() => {});
  for (const step of [...warmPassSteps(frame), () => void warmRecord()]) {
    await gate.idle();
    if (r.callReads()) break;
    step();
  }
  await priming;
  await gate.idle();
  // Whether or not a call has read meanwhile, the looks to come capture into memory already mapped.
  d.spareFrames?.();
  if (r.callReads()) return;
  // The primed frame reads from the caches at once: its text warms the passes that need text.
  warmTextPasses(frame, (await r.readForWarm(frame, whole)).elements);
  // Should observe's call fail to load, the made-up window is still looked at, as a look.
  const open = await calls?.().catch(() => undefined);
  await warmRead(r.engine, WARM_ROUNDS, {
    idle: () => gate.idle(),
    get busy() {
      return gate.busy;
    },
    called: () => r.callReads() > 0,
  }, open && { open, like: d });
  await warmNativeHeap(WARM_HEAP_BYTES, 4 << 20, async () => {
    await gate.idle();
    return !r.callReads();
  });
}
