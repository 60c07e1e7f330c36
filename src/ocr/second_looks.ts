/**
 * The second looks at lines a first reading got wrong: short lines a stack
 * left empty or half-read, words read unsure, faint shortcuts the floor
 * dropped, digits read as letters, and short codes of capitals read as
 * small letters. Each reads a crop of the frame again and sets the job's
 * words.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";
import { cropGrey, type Grey } from "../image/pixels.ts";
import {
  acceptDigitReading,
  digitAlphabet,
  digitTail,
  hasAlphabet,
  inkRuns,
  shapeSupportsDigits,
} from "./fixes/digits.ts";
import {
  acceptCapitals,
  CAPITALS_ALPHABET,
  caseBlind,
  smallLetterHeight,
  tallAsCapitals,
} from "./fixes/capitals.ts";
import { fixUiWord } from "./fixes/lexicon.ts";
import { rereadShortcut } from "./fixes/faint_shortcuts.ts";
import { needsReread, rereadLine } from "./fixes/reread.ts";
import { isUnsure, rereadUnsure } from "./fixes/unsure.ts";
import { readKeyLabel } from "./fixes/glyph_read.ts";
import { rowHeight, type TextLine } from "./lines/find.ts";
import { lineGround } from "./lines/ground.ts";
import { prepareLine, ringLevel } from "./lines/prepare.ts";
import type { OcrEngine, OcrWord } from "./types.ts";
import { MIN_WORD_CONF, type ReadJob, readKeyChar, splitAtGaps } from "./read_job.ts";

/** Text height of the second digits-favouring read (about 1.7x enlargement). */
const DIGIT_SECOND_HEIGHT = 20;

/** Reads again alone the short lines a stack left empty or half-read (fixes/reread.ts). */
export async function rereadShortLines(engine: OcrEngine, grey: Grey, jobs: ReadJob[]): Promise<void> {
  const again = jobs.filter((job) => needsReread(job.line, rowHeight(job.line), job.words));
  await Promise.all(again.map(async (job) => {
    const line = job.line;
    job.words = await rereadLine(
      engine,
      grey,
      line,
      lineGround(line, grey),
      job.words,
      MIN_WORD_CONF,
      fixUiWord,
    ).then((found) => found.flatMap((w) => splitAtGaps(w, line, rowHeight(line))));
  }));
}

/** Below this, a key label's reading gives way to one glyph by glyph where it has a caret or an exponent. */
const KEY_LABEL_SURE = 0.8;

/** Reads glyph by glyph the key labels with a caret or an exponent read unsure or not at all (fixes/glyph_read.ts). */
export async function readKeyLabels(engine: OcrEngine, grey: Grey, jobs: ReadJob[]): Promise<void> {
  await Promise.all(jobs.map(async (job) => {
    if (job.piece || job.words.some((w) => w.conf >= KEY_LABEL_SURE)) return;
    const words = await readKeyLabel(engine, grey, job.line);
    if (words) job.words = words;
  }));
}

/** Reads again, larger, the words read unsure (fixes/unsure.ts). */
export async function rereadUnsureWords(engine: OcrEngine, grey: Grey, jobs: ReadJob[]): Promise<void> {
  await Promise.all(jobs.flatMap((job) =>
    job.words.map(async (w, k) => {
      if (!isUnsure(w)) return;
      const line = job.line;
      const x = Math.max(0, line.x + w.x - 2);
      const box = { x, y: line.y, w: Math.min(grey.width, line.x + w.x + w.w + 2) - x, h: line.h };
      const text = await rereadUnsure(engine, grey, box, w, rowHeight(line), lineGround(line, grey));
      if (text) job.words[k] = { ...w, text: fixUiWord(text) };
    })
  ));
}

/** Reads alone each dropped shortcut-shaped word and adds it to its line when it is a shortcut. */
export async function rereadFaint(
  engine: OcrEngine,
  grey: Grey,
  faint: Array<{ job: ReadJob; word: OcrWord }>,
): Promise<void> {
  await Promise.all(faint.map(async ({ job, word }) => {
    const line = job.line;
    const x = Math.max(0, line.x + word.x - 2);
    const box = { x, y: line.y, w: Math.min(grey.width, line.x + word.x + word.w + 2) - x, h: line.h };
    const found = await rereadShortcut(engine, grey, box, rowHeight(line), lineGround(line, grey));
    if (!found) return;
    const local = { ...found, x: found.x - line.x, y: found.y - line.y };
    job.words.push(readKeyChar(grey, line, local));
    job.words.sort((a, b) => a.x - b.x);
  }));
}

/** Reads again, digits-favouring, the words whose tail looks like misread digits (`Fruitlo`). */
export async function rereadDigits(engine: OcrEngine, grey: Grey, jobs: ReadJob[]): Promise<void> {
  if (!hasAlphabet(engine)) return;
  const tails: Array<{ job: ReadJob; k: number; head: string; tail: string }> = [];
  for (const job of jobs) {
    job.words.forEach((w, k) => {
      const split = digitTail(w.text);
      if (split) tails.push({ job, k, ...split });
    });
  }
  await Promise.all(tails.map(async ({ job, k, head, tail }) => {
    const line = job.line;
    const w = job.words[k];
    const box = wordBox(grey, line, w);
    const ground = lineGround(line) ?? ringLevel(grey, box);
    // Only when the pixels look like digits is the crop read again.
    const crop = cropGrey(grey, { x: box.x, y: box.y, width: box.w, height: box.h });
    const runs = inkRuns(crop, ground);
    if (!shapeSupportsDigits(runs, tail)) return;
    const alphabet = digitAlphabet(head);
    let text: string | null = null;
    // The line's own scale first; a second enlargement when that reading does not fit.
    for (const height of [rowHeight(line), DIGIT_SECOND_HEIGHT]) {
      const prepared = prepareLine(grey, box, height, ground);
      text = acceptDigitReading(
        head,
        tail,
        await engine.recognizeGrey(prepared.image, "block", alphabet),
      );
      if (text) break;
    }
    if (!text) {
      // The head's letters can still pull a digit away (`Fruit1` for `Fruit15`): read the tail's characters alone.
      const from = box.x + Math.max(0, runs[runs.length - [...tail].length].x0 - 1);
      const tailBox = { x: from, y: box.y, w: box.x + box.w - from, h: box.h };
      const digits = acceptDigitReading(
        "",
        tail,
        await engine.recognizeGrey(
          prepareLine(grey, tailBox, rowHeight(line), ground).image,
          "block",
          "0123456789",
        ),
      );
      if (digits) text = head + digits;
    }
    if (text) job.words[k] = { ...w, text };
  }));
}

/** Reads again, capitals and digits only, short codes whose ink is taller than the small letters beside them (`cs` for `C8`). */
export async function rereadCapitals(
  engine: OcrEngine,
  grey: Grey,
  jobs: ReadJob[],
  around: readonly TextLine[],
): Promise<void> {
  if (!hasAlphabet(engine)) return;
  await Promise.all(jobs.flatMap((job) =>
    job.words.map(async (w, k) => {
      if (!caseBlind(w.text)) return;
      const line = job.line;
      const x0 = line.x + w.x, x1 = x0 + w.w;
      const own = inkBoxes(grey, { x: x0, y: line.y, w: w.w, h: line.h }, lineGround(line));
      if (!own.length) return;
      const top = Math.min(...own.map((b) => b.y)), bottom = Math.max(...own.map((b) => b.y + b.h));
      const beside = around
        .filter((l) => l.y < bottom && l.y + l.h > top && (l.x + l.w <= x0 || l.x >= x1))
        .flatMap((l) => inkBoxes(grey, l, lineGround(l)));
      const small = smallLetterHeight(beside, bottom);
      if (small === null || !tallAsCapitals(bottom - top, small)) return;
      const box = wordBox(grey, line, w);
      const ground = lineGround(line) ?? ringLevel(grey, box);
      for (const height of [rowHeight(line), DIGIT_SECOND_HEIGHT]) {
        const read = await engine.recognizeGrey(
          prepareLine(grey, box, height, ground).image,
          "block",
          CAPITALS_ALPHABET,
        );
        const text = acceptCapitals(w.text, read);
        if (text) return void (job.words[k] = { ...w, text });
      }
    })
  ));
}

/** A word's box (`w` relative to `line`) in the frame, with a pixel of margin, clipped to `grey`. */
function wordBox(grey: Grey, line: Box, w: OcrWord): Box {
  const x = Math.max(0, line.x + w.x - 1), y = Math.max(0, line.y + w.y - 1);
  return {
    x,
    y,
    w: Math.min(grey.width, line.x + w.x + w.w + 1) - x,
    h: Math.min(grey.height, line.y + w.y + w.h + 1) - y,
  };
}

/** The boxes of the characters in `box` (cut at empty columns; fixes/digits.ts), in frame coordinates. */
function inkBoxes(grey: Grey, box: Box, ground: number | undefined): Box[] {
  const crop = cropGrey(grey, { x: box.x, y: box.y, width: box.w, height: box.h });
  return inkRuns(crop, ground ?? ringLevel(grey, box)).map((r) => ({
    x: box.x + r.x0,
    y: box.y + r.top,
    w: r.x1 - r.x0 + 1,
    h: r.bottom - r.top + 1,
  }));
}
