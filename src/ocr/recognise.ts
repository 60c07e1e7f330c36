/**
 * Recognising the lines the caches do not know. Each job's line is
 * prepared (polarity, contrast, enlargement: lines/prepare.ts), stacked
 * with others into one image per recogniser (lines/stack.ts) and read;
 * short lines a stack left empty or half-read are read again alone
 * (fixes/reread.ts), and words whose tail looks like digits read as letters
 * (`Fruitlo`) again with a digits-favouring alphabet when their pixels have
 * digit shapes (fixes/digits.ts); words read unsure again larger
 * (fixes/unsure.ts), and shortcut-shaped words the confidence floor drops
 * again alone (fixes/faint_shortcuts.ts). Every job carries its own result,
 * so nothing is addressed by its position in a list.
 *
 * @module
 */

import { type StageTimes, timed } from "../common/stages.ts";
import { letChainsRun } from "../common/time.ts";
import type { Grey } from "../image/pixels.ts";
import { readGrey } from "./engines/read_grey.ts";
import { readShortcut } from "./fixes/accelerators.ts";
import { hasAlphabet } from "./fixes/digits.ts";
import { fixUiWord } from "./fixes/lexicon.ts";
import { cjkLabels, fitCjkBoxes, fitCjkToInk } from "./fixes/cjk.ts";
import {
  type LatinSpan,
  latinSpans,
  MNEMONIC_ALPHABET,
  mnemonicGaps,
  mnemonicLetter,
  replaceSpan,
  replaceUnsure,
  spanLine,
  unsureSpans,
} from "./fixes/latin_runs.ts";
import { largerModel, recheckSpans, replaceRechecked } from "./fixes/second_model.ts";
import { looksLikeShortcut } from "./fixes/faint_shortcuts.ts";
import { splitNumberUnit } from "./fixes/units.ts";
import { inkBox } from "./fixes/shapes.ts";
import { rowHeight, type TextLine } from "./lines/find.ts";
import { lineGround, surfaceBox } from "./lines/ground.ts";
import { type PreparedLine, preparedSize, prepareLine, ringLevel } from "./lines/prepare.ts";
import { costliestFirst, packStacks, STACK_GAP, stackLines, toSource, unstackWords } from "./lines/stack.ts";
import type { OcrEngine, OcrWord } from "./types.ts";
import { MIN_WORD_CONF, type ReadJob, readKeyChar, splitAtGaps } from "./read_job.ts";
import {
  readKeyLabels,
  rereadCapitals,
  rereadDigits,
  rereadFaint,
  rereadShortLines,
  rereadUnsureWords,
} from "./second_looks.ts";

// Re-exported so that callers keep importing the reading of lines from one module.
export { MIN_WORD_CONF, type ReadJob, SPACE_GAP, splitAtGaps } from "./read_job.ts";

/**
 * Most pixels one stacked image may hold. The recogniser's memory grows with
 * the largest image it has read and never shrinks, so this bounds it, at a
 * little more time per new frame (docs/benchmarks.md, "Stack size").
 */
export const MAX_STACK_AREA = 0.35e6;

/** How to recognise: lines stacked per engine call (the default) or one call per line, and how many at once. */
export interface RecogniseOptions {
  stacked: boolean;
  parallel: number;
  /** Read each line as the labels of a script without spaces (fixes/cjk.ts). */
  cjk?: boolean;
  /**
   * The engine that reads again (fixes/latin_runs.ts): with `cjk` the Latin
   * runs of CJK lines, else the words the first model was unsure of.
   */
  latin?: OcrEngine;
  /** Every line found on the frame, whose ink shows how tall a small letter is beside a word (fixes/capitals.ts); default: the jobs' lines. */
  around?: readonly TextLine[];
}

/**
 * Recognises every job's line and sets its words (relative to the line
 * box). Jobs come in screen order, and a stack keeps that order: the
 * recogniser reads top to bottom. `prepare` time is added to its own stage.
 */
export async function recognise(
  engine: OcrEngine,
  grey: Grey,
  jobs: ReadJob[],
  options: RecogniseOptions,
  stages: StageTimes,
): Promise<void> {
  if (!jobs.length) return;
  // Each line's box, scale and size are planned before any pixel is touched; its pixels are prepared
  // when its stack is about to be read, so the first stacks reach the recognisers sooner.
  const planned = timed(stages, "prepare", () =>
    jobs.map((job) => {
      const ground = lineGround(job.line, grey);
      const box = surfaceBox(grey, job.line, ground);
      // On an inner surface (a selection) the line's one component is the highlight: the text in it
      // is shorter, and scaled by the highlight's height it would come out too small.
      const height = box === job.line ? rowHeight(job.line) : Math.max(6, inkBox(grey, box, ground!).h);
      return { job, box, height, ground, size: preparedSize(box, height, engine.targetHeight) };
    }));
  const prepare = (p: (typeof planned)[number]) =>
    prepareLine(grey, p.box, p.height, p.ground, engine.targetHeight);
  // Shortcut-shaped words the floor drops are read again alone (fixes/faint_shortcuts.ts).
  const faint: Array<{ job: ReadJob; word: OcrWord }> = [];
  const store = (job: ReadJob, image: PreparedLine, found: OcrWord[]) => {
    const box = job.line;
    for (const w of found) {
      if (w.conf < MIN_WORD_CONF && looksLikeShortcut(fixUiWord(w.text))) {
        faint.push({ job, word: toSource(image, w, -box.x, -box.y) });
      }
    }
    job.words = found
      .map((w) => ({ ...w, text: fixUiWord(w.text) }))
      // A word that parses as a shortcut is one, however faint (a disabled item's grey `Ctrl+Z`).
      .filter((w) => w.conf >= MIN_WORD_CONF || readShortcut(w.text) !== null)
      .map((w) => readKeyChar(grey, box, toSource(image, w, -box.x, -box.y)))
      .flatMap((w) => splitAtGaps(w, box, rowHeight(box)))
      .flatMap((w) => splitNumberUnit(w, box));
  };
  if (!options.stacked) {
    const lines = timed(stages, "prepare", () => planned.map(prepare));
    await Promise.all(planned.map(async (p, i) => {
      store(p.job, lines[i], await readGrey(engine, lines[i].image, "line"));
    }));
    await rereadFaint(engine, grey, faint);
    return;
  }
  const linePixels = (p: (typeof planned)[number]) => p.size.width * p.size.height;
  const pack = (batch: typeof planned) =>
    packStacks(
      batch,
      (p) => ({ width: p.size.width, height: p.size.height + STACK_GAP }),
      MAX_STACK_AREA,
      options.parallel,
      // Vision finds text down to a fraction of the image height: a taller stack would hide its small lines.
      (engine.maxStackHeight ?? Infinity) - STACK_GAP, // the stack's top gap
    );
  const groups = [...pack(planned.filter((p) => !p.job.piece)), ...pack(planned.filter((p) => p.job.piece))];
  // Without a second model, a line's second looks depend on its own words alone: they start as soon as
  // its stack is read, and fill the recognisers' time while later stacks are read.
  const chained = !options.latin && !options.cjk;
  const around = options.around ?? jobs.map((job) => job.line);
  const secondLooks = async (job: ReadJob) => {
    await rereadFaint(engine, grey, faint.filter((f) => f.job === job));
    await rereadShortLines(engine, grey, [job]);
    await readKeyLabels(engine, grey, [job]);
    if (hasAlphabet(engine)) await rereadUnsureWords(engine, grey, [job]);
    await rereadDigits(engine, grey, [job]);
    await rereadCapitals(engine, grey, [job], around);
  };
  // Each is awaited below with the others; a failure meanwhile is no unhandled rejection.
  const pending: Array<Promise<void>> = [];
  const track = (p: Promise<void>) => {
    p.catch(() => {});
    pending.push(p);
  };
  const byCost = costliestFirst(groups, linePixels);
  for (const [k, group] of byCost.entries()) {
    const lines = timed(stages, "prepare", () => group.map(prepare));
    const stack = timed(stages, "prepare", () => stackLines(lines));
    track(
      readGrey(engine, stack.image, "block").then((words) => {
        unstackWords(stack, words).forEach((found, i) => store(group[i].job, lines[i], found));
        if (chained) { for (const p of group) track(secondLooks(p.job)); }
      }),
    );
    // A stack for each recogniser goes to it before the rest are prepared; the rest queue behind.
    if (k === options.parallel - 1 && k < byCost.length - 1) await letChainsRun();
  }
  // Every stack's read, then (as the reads land) every chained second look.
  for (let i = 0; i < pending.length; i++) await pending[i];
  if (chained) return;
  await rereadFaint(engine, grey, faint);
  await rereadShortLines(engine, grey, jobs);
  await readKeyLabels(engine, grey, jobs);
  // A Latin language's unsure words read again in English first (fixes/latin_runs.ts), or, by a
  // larger model of the same language, the fast model's (fixes/second_model.ts).
  if (options.latin && !options.cjk) {
    const how = largerModel(engine) ? RECHECKED_WORDS : UNSURE_WORDS;
    await readSpansAgain(options.latin, grey, jobs, how, options, stages);
  }
  // Unsure words first: a larger reading can leave a digit-like tail for the digits' second look.
  // The bar of "unsure" is set on tesseract's confidences (the engines with an alphabet).
  if (!options.cjk && hasAlphabet(engine)) await rereadUnsureWords(engine, grey, jobs);
  await rereadDigits(engine, grey, jobs);
  if (!options.cjk) return await rereadCapitals(engine, grey, jobs, around);
  for (const job of jobs) job.words = fitCjkBoxes(job.words, job.line.h);
  if (options.latin) await readSpansAgain(options.latin, grey, jobs, LATIN_RUNS, options, stages);
  if (options.latin && hasAlphabet(options.latin)) await readMnemonics(options.latin, grey, jobs);
  for (const job of jobs) {
    const h = rowHeight(job.line);
    job.words = fitCjkToInk(cjkLabels(job.words, h), job.line, h);
  }
}

/** Where a line's spans to read again are, and how their second reading goes back into the line. */
interface SecondReading {
  spans: (words: readonly OcrWord[], line: TextLine, textHeight: number) => LatinSpan[];
  merge: (words: OcrWord[], line: TextLine, own: TextLine, read: OcrWord[]) => OcrWord[];
  /** Reads all spans in one stack: the engine has one recogniser, and each read costs a page's set-up. */
  oneStack?: boolean;
}

/** Reads again with `latin` the spans `how` picks in each line, and merges the readings back. */
async function readSpansAgain(
  latin: OcrEngine,
  grey: Grey,
  jobs: ReadJob[],
  how: SecondReading,
  options: RecogniseOptions,
  stages: StageTimes,
): Promise<void> {
  const runs = jobs.flatMap((job) =>
    how.spans(job.words, job.line, rowHeight(job.line)).map((span) => {
      const line = spanLine(job.line, span);
      return { job, read: { line, key: "", words: [] } as ReadJob };
    })
  );
  if (!runs.length) return;
  const again = { ...options, cjk: false, latin: undefined, ...(how.oneStack ? { parallel: 1 } : {}) };
  await recognise(latin, grey, runs.map((r) => r.read), again, stages);
  for (const { job, read } of runs) job.words = how.merge(job.words, job.line, read.line, read.words);
}

/** CJK lines: the spans that are Latin or left without a word (fixes/latin_runs.ts). */
const LATIN_RUNS: SecondReading = { spans: latinSpans, merge: replaceSpan };

/** A Latin language's lines: the words its model was unsure of, read by English (fixes/latin_runs.ts). */
const UNSURE_WORDS: SecondReading = { spans: unsureSpans, merge: replaceUnsure, oneStack: true };

/** The fast model's lines: what it was unsure of, read by the larger model of its language (fixes/second_model.ts). */
const RECHECKED_WORDS: SecondReading = {
  spans: recheckSpans,
  merge: replaceRechecked,
  // One recogniser reads them all; split across two (stacks side by side), a grey `Shift+Ctrl+Delete` was dropped.
  oneStack: true,
};

/** Reads, letters only, the mnemonics the CJK model left after its labels (fixes/latin_runs.ts). */
async function readMnemonics(latin: OcrEngine, grey: Grey, jobs: ReadJob[]): Promise<void> {
  await Promise.all(
    jobs.flatMap((job) =>
      mnemonicGaps(job.words, job.line, rowHeight(job.line)).map(async ({ word, span }) => {
        const line = job.line;
        const box = { x: line.x + span.x0 - 1, y: line.y, w: span.x1 - span.x0 + 2, h: line.h };
        const ground = lineGround(line) ?? ringLevel(grey, box);
        const read = await latin.recognizeGrey!(
          prepareLine(grey, box, rowHeight(line), ground).image,
          "block",
          MNEMONIC_ALPHABET,
        );
        const letter = mnemonicLetter(read.map((w) => w.text).join(""));
        if (!letter) return;
        const w = job.words[word];
        job.words[word] = { ...w, text: `${w.text}(${letter})`, w: span.x1 - w.x };
      })
    ),
  );
}
