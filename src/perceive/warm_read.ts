/**
 * The look itself, warmed ahead of a first look: the made-up window
 * (warm_page.ts) and its variant looked at in turn as observe and a plan
 * step look (perceive.ts), through a reader and a look memory of their own,
 * with the recognisers. The passes warmed on their own (warm_passes.ts)
 * leave most of a read's code to compile in the first look at a window of
 * text: on the forty-line prose screen after a bare one, V8's compiler
 * threads worked 122-148 ms of CPU during that look and its main thread
 * 184-196 ms; after reads of this window, 85-99 and 135-145 (three servers
 * each, quiet). Reads alone still left what a look does around them to
 * compile then (the icons beside the text, the letters that are drawings,
 * the title bar, the controls and toggles, the look's own steps): 169
 * functions compiled to bytecode for the first time in that look, 96 after
 * these looks (docs/benchmarks.md). On later code the prose look compiled
 * 170 again, most of them observe's call around the look (its reply, its
 * checks, the call's way through the server); with observe's looks here
 * made whole calls (`WarmCalls`), 94. The first round goes to the recognisers
 * (43 reads, 300-400 ms), the variant reads only the lines it changed, and
 * the rounds after come from the reader's caches while the passes over
 * their words run again; reader and memory are dropped after, so nothing
 * they saw is left for a later look to start from.
 *
 * @module
 */

import type { Desktop, WindowState } from "../desktop/types.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { createScreenReader, type ScreenReader } from "../ocr/reader.ts";
import type { OcrEngine } from "../ocr/types.ts";
import { newLookMemory } from "./look_memory.ts";
import { perceiveFrame } from "./perceive.ts";
import { type WarmPage, warmPage } from "./warm_page.ts";

/** Why a warming read stopped: a call came, and its reads go first. */
class CallCame extends Error {}

/** Reads of warming's at the recognisers at once: one per recogniser, so a call's reads queue behind no more. */
const IN_FLIGHT = 2;

/** When warming may go on: calls come first. */
export interface WarmTurns {
  /** Resolves at a moment with no call in flight, once calls delivered meanwhile have begun. */
  idle(): Promise<void>;
  /** Whether a call is in flight now. */
  readonly busy: boolean;
  /** Whether a call has read the screen since the server started: warming has no more to do. */
  called(): boolean;
}

/**
 * `engine` whose reads go to the recognisers `IN_FLIGHT` at a time, each
 * waiting while a call is in flight and failing once a call has read: the
 * reads of a call made meanwhile wait for those few only, and a round ends
 * at its next read.
 */
function yielding(engine: OcrEngine, turns: WarmTurns): OcrEngine {
  let free = IN_FLIGHT;
  const queued: Array<() => void> = [];
  const turn = async <T>(read: () => Promise<T>): Promise<T> => {
    while (free === 0) await new Promise<void>((resolve) => queued.push(resolve));
    free--;
    try {
      if (turns.busy) await turns.idle();
      if (turns.called()) throw new CallCame();
      return await read();
    } finally {
      free++;
      queued.shift()?.();
    }
  };
  const grey = engine.recognizeGrey?.bind(engine);
  return {
    name: engine.name,
    maxStackHeight: engine.maxStackHeight,
    cjk: engine.cjk,
    latin: engine.latin,
    models: engine.models,
    targetHeight: engine.targetHeight,
    recognize: (image, mode) => turn(() => engine.recognize(image, mode)),
    recognizeGrey: grey && ((image, mode, alphabet) => turn(() => grey(image, mode, alphabet))),
    // The recognisers are the server's: closing this view of them closes nothing.
    close: () => Promise.resolve(),
  };
}

/**
 * observe's call as the server makes it (its arguments checked, the look,
 * the record, the reply and its checks), run by a layer above this one on a
 * still screen through `reader`; `like` is the real desktop, whose platform
 * the replies speak of. A first call runs much code around its look that no
 * look alone runs.
 */
export type WarmCalls = (
  reader: ScreenReader,
  like: Pick<Desktop, "platform" | "cmdMeaning">,
) => {
  /** One observe call on `screen`; its reply, which warming drops. */
  observe(screen: { state: WindowState; frame: RgbaImage }): Promise<unknown>;
  /** Lets go of what the calls opened. */
  close(): void;
};

/** The made-up window alone on a screen of its size, in front and focused. */
export function warmState(page: WarmPage): WindowState {
  const { width, height } = page.frame;
  return {
    screen: { widthPx: width, heightPx: height, widthPt: width, heightPt: height, scale: 1 },
    windows: [{
      id: "warm",
      app: "warm",
      pid: null,
      title: page.title.text,
      bounds: page.window,
      frame: { left: 0, right: 0, top: page.title.height, bottom: 0 },
      kind: "normal",
      transient: false,
    }],
    chrome: [],
    focusWindowId: "warm",
    frontmostApp: "warm",
  };
}

/**
 * Looks at the made-up window and its variant in turn, `rounds` looks in
 * all, as observe does and as a plan step does in turn, dropping what they
 * give; observe's looks are whole observe calls when `calls` is given (on
 * the platform of `like`). Each round begins at a moment with no call in
 * flight, and none begins, nor does a round's next read, once a call has
 * read.
 */
export async function warmRead(
  engine: OcrEngine,
  rounds: number,
  turns: WarmTurns,
  calls?: { open: WarmCalls; like: Pick<Desktop, "platform" | "cmdMeaning"> },
): Promise<void> {
  const pages = [warmPage(0), warmPage(1)];
  const reader = createScreenReader(yielding(engine, turns));
  const memory = newLookMemory();
  const observe = calls?.open(reader, calls.like);
  try {
    for (let round = 0; round < rounds; round++) {
      await turns.idle();
      if (turns.called()) return;
      const page = pages[round % 2];
      const screen = { state: warmState(page), frame: page.frame };
      // Observe's look twice, the window and its variant, then a plan step's twice.
      const whole = round % 4 < 2;
      // A call's read stopped by a call that came is the call's failed reply: the next round sees the call.
      if (whole && observe) await observe.observe(screen);
      else await perceiveFrame(screen, reader, memory, { whole });
    }
  } catch (err) {
    if (!(err instanceof CallCame)) throw err;
  } finally {
    observe?.close();
  }
}
