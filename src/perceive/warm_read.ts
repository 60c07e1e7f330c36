/**
 * The read itself, warmed ahead of a first look: the made-up window
 * (warm_page.ts) and its variant read in turn through a pipeline of their
 * own, with the recognisers, and the look's passes run over the text each
 * read gave. The passes warmed on their own (warm_passes.ts) leave most of
 * a read's code to compile in the first look at a window of text: on the
 * forty-line prose screen after a bare one, V8's compiler threads worked
 * 122-148 ms of CPU during that look and its main thread 184-196 ms; after
 * these reads, 85-99 and 135-145 (three servers each, quiet). The first
 * round goes to the recognisers (43 reads, 300-400 ms), the variant reads
 * only the lines it changed, and the rounds after come from the pipeline's
 * caches while the passes over their words run again; the pipeline is
 * dropped after, so nothing it saw is left for a later read to start from.
 *
 * @module
 */

import { ScreenPipeline } from "../ocr/pipeline.ts";
import { groupWords } from "../ocr/group.ts";
import type { OcrEngine } from "../ocr/types.ts";
import { warmPage } from "./warm_page.ts";
import { warmTextPasses } from "./warm_passes.ts";

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
 * Reads the made-up window and its variant in turn, `rounds` reads in all,
 * dropping what they give; each round begins at a moment with no call in
 * flight, and none begins, nor does a round's next read, once a call has read.
 */
export async function warmRead(engine: OcrEngine, rounds: number, turns: WarmTurns): Promise<void> {
  const pages = [warmPage(0), warmPage(1)];
  const pipeline = new ScreenPipeline(yielding(engine, turns));
  for (let round = 0; round < rounds; round++) {
    await turns.idle();
    if (turns.called()) return;
    const { frame, window } = pages[round % 2];
    try {
      const read = await pipeline.run(frame, window, { unsureAtEdges: true });
      warmTextPasses(frame, groupWords(read.words));
    } catch (err) {
      if (err instanceof CallCame) return;
      throw err;
    }
  }
}
