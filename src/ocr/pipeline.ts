/**
 * The screen-text pipeline: lines first, then recognition in batches, then a
 * single-character pass, all behind a per-line pixel cache.
 *
 * 1. find text lines on the pixels (lines.ts);
 * 2. look each line up in the cache by the hash of its pixels;
 * 3. prepare the misses (polarity, contrast, upscale: prepare.ts), stack
 *    them into one image per recogniser and read the stacks in parallel;
 * 4. short lines the stacks left empty or half-covered are read again
 *    alone at two other enlargements (reread.ts), and tokens whose tail
 *    looks like digits read as letters (`Fruitlo`) are read again with a
 *    digits-favouring alphabet when their pixels have digit shapes
 *    (digits.ts);
 * 5. character-sized blobs that no word covers are read one by one as single
 *    characters (chars.ts);
 * 6. every word is mapped back to screen pixels with its confidence.
 *
 * @module
 */

import { clippedLines } from "./lines/clipped.ts";

import type { OcrEngine, OcrWord } from "./types.ts";
import { findTextLines, groupByGap, isTextLine, type TextLine } from "./lines/find.ts";
import { lineGround, surfaceBox } from "./lines/ground.ts";
import { cropGrey, type Grey, greyOf, type RgbaImage } from "../image/pixels.ts";
import { readGrey } from "./engines/read_grey.ts";
import { prepareLine, ringLevel } from "./lines/prepare.ts";
import { STACK_GAP, stackLines, toSource, unstackWords } from "./lines/stack.ts";
import { hashPixels, LineCache } from "./cache/line_cache.ts";
import { linePieces, type Piece, pieceLine, placeWords, WordCache } from "./cache/word_cache.ts";
import type { Reading, ReadMemory } from "./cache/read_memory.ts";
import { fixUiWord } from "./fixes/lexicon.ts";
import { addStage, type StageTimes, timed } from "../common/stages.ts";
import { barOrDigit, foldShortcut, hasBarKey, readShortcut } from "./fixes/accelerators.ts";
import { isLoneChar, readLoneChars } from "./fixes/chars.ts";
import { cleanWords } from "./fixes/plausible.ts";
import { classifySymbol, inkBox } from "./fixes/shapes.ts";
import { needsReread, rereadLine } from "./fixes/reread.ts";
import {
  acceptDigitReading,
  digitAlphabet,
  digitTail,
  hasAlphabet,
  inkRuns,
  shapeSupportsDigits,
} from "./fixes/digits.ts";
import type { Box, Rect } from "../common/rect.ts";

/**
 * Words below this confidence are dropped: on screens they are icons read as
 * letters. A word with an editor's text caret against it reads low: "jam|"
 * came back at 0.33 from libtesseract and 0.35 from tesseract.js. Over the
 * fixtures 0.30 keeps the same recall and precision as 0.35; 0.25 loses both.
 */
export const MIN_WORD_CONF = 0.3;
/**
 * Most pixels one stacked image may hold. The recogniser's memory grows with
 * the largest image it has read and never shrinks, so this bounds it.
 * Measured over the fixtures with the workers' heaps bounded
 * (`WORKER_HEAP`): 0.7e6 → 345-347 MB peak, 0.35e6 → 329 MB, with the same
 * recall and 5-10% more time per new frame.
 */
export const MAX_STACK_AREA = 0.35e6;

/** Confidence given to a symbol told by its shape (shapes.ts). */
export const SYMBOL_CONF = 0.9;

/** Text height of the second digits-favouring read (about 1.7x enlargement). */
const DIGIT_SECOND_HEIGHT = 20;

/** What one pass over a region produced. */
export interface PipelineResult {
  /** Words in screen pixels. */
  words: OcrWord[];
  /** Area covered by the single-character pass, in screen pixels. */
  charScan: Rect | null;
  /** Lines sent to the recogniser, whole or in part (cache misses not put together from pieces). */
  recognised: number;
  /** Lines found. */
  lines: number;
  /** Milliseconds per stage: lines, diff, prepare, recognise, chars (the single-character pass). */
  stages: StageTimes;
}

/** Options of one pipeline run. */
export interface PipelineOptions {
  charScan?: boolean;
  /** Stack many lines per engine call (default) or send one call per line. */
  stacked?: boolean;
  /** Put off lines whose word pieces repeat on the screen until those pieces are read (default true). */
  deferRepeats?: boolean;
}

/** The text height of a line: one row, even when a box caught two touching rows. */
export function rowHeight(line: TextLine): number {
  const heights = line.blobs.map((b) => b.h).filter((h) => h >= 4).sort((a, b) => a - b);
  if (!heights.length) return line.h;
  const typical = heights[heights.length >> 1] * 1.3;
  return line.h > typical * 1.6 ? Math.round(typical) : line.h;
}

/** A gap between components at least this many row heights wide is a space, never inside a word. */
export const SPACE_GAP = 0.8;

/**
 * Splits a word the recogniser read across a wide gap (`7}` for a line
 * number and a brace 15 px apart) into one word per side, when each side
 * is exactly one of its characters. `w` is relative to the line box.
 */
export function splitAtGaps(w: OcrWord, line: TextLine, textHeight: number): OcrWord[] {
  const chars = [...w.text];
  if (chars.length < 2) return [w];
  const inside = line.blobs.filter((b) => {
    const cx = b.x - line.x + b.w / 2;
    return cx >= w.x && cx <= w.x + w.w;
  });
  const groups = groupByGap(inside, textHeight * SPACE_GAP);
  if (groups.length < 2 || groups.length !== chars.length) return [w];
  return groups.map((g, i) => ({ ...w, text: chars[i], x: g.x - line.x, y: g.y - line.y, w: g.w, h: g.h }));
}

/**
 * Cuts items, in screen order, into consecutive stacks of at most about
 * `maxArea` pixels (stack area = widest item x summed heights), and into at
 * least `minGroups` stacks when there are enough items, none taller than
 * `maxHeight` (the engine's limit). Consecutive lines
 * keep their neighbours (the recogniser reads them better than lines dealt
 * out by size), and small stacks bound the recogniser's memory.
 */
export function packStacks<T>(
  items: T[],
  size: (t: T) => { width: number; height: number },
  maxArea: number,
  minGroups: number,
  maxHeight = Infinity,
): T[][] {
  const total = items.reduce((s, t) => s + size(t).width * size(t).height, 0);
  // Share the work evenly when it fits in fewer stacks than recognisers.
  const budget = Math.min(maxArea, Math.max(1, total / Math.max(1, minGroups)));
  const groups: T[][] = [];
  let current: T[] = [];
  let width = 0, height = 0;
  for (const t of items) {
    const s = size(t);
    const w = Math.max(width, s.width);
    if (current.length && (w * (height + s.height) > budget * 1.05 || height + s.height > maxHeight)) {
      groups.push(current);
      current = [];
      height = 0;
    }
    width = current.length ? Math.max(width, s.width) : s.width;
    height += s.height;
    current.push(t);
  }
  if (current.length) groups.push(current);
  return groups;
}

/** Whether two byte arrays hold the same bytes (compared four at a time where they line up). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const aligned = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0;
  const n = aligned ? a.length >> 2 : 0;
  if (n) {
    const a32 = new Uint32Array(a.buffer, a.byteOffset, n), b32 = new Uint32Array(b.buffer, b.byteOffset, n);
    for (let i = 0; i < n; i++) if (a32[i] !== b32[i]) return false;
  }
  for (let i = n << 2; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A line the line cache does not know: its index, its pixels' key and its word pieces. */
interface Miss {
  index: number;
  key: string;
  cut: Piece[];
}

/** Fewer lines to read than this are all read at once: putting some off would only add a wait. */
export const MIN_DEFER_LINES = 4;

/**
 * Splits the lines to read into those read first and those put off until
 * the first are read. Going down the screen, a line is put off when fewer
 * than half of its word pieces are new: known already, or shown with the
 * same pixels by a line ahead of it in the first group. Once the first
 * group is read and its pieces learned, such a line is put together from
 * them, or only its new pieces are read (the rule in `#readMisses`).
 * Editors and lists repeat words: on the 40-line screen of bench:observe
 * the recogniser was sent 42% of the pixels (1.31 of 3.14 MP) and the read
 * took 0.46-0.51x the time, with the same words. Over the OCR fixtures,
 * which repeat little, recall, precision and time per frame are unchanged.
 */
export function deferRepeats<M extends { cut: Piece[] }>(
  misses: M[],
  words: WordCache,
): { first: M[]; later: M[] } {
  if (misses.length < MIN_DEFER_LINES) return { first: misses, later: [] };
  const shown = new Set<string>();
  const first: M[] = [], later: M[] = [];
  for (const m of misses) {
    const { cut } = m;
    const known = words.lookup(cut);
    const fresh = cut.filter((p, i) => !known[i] && !shown.has(p.key)).length;
    if (cut.length && fresh * 2 < cut.length) later.push(m);
    else {
      first.push(m);
      for (const p of cut) shown.add(p.key);
    }
  }
  return { first, later };
}

/** Reads regions of frames; holds the cache between reads. */
export class ScreenPipeline {
  readonly cache: LineCache;
  /** Word pieces read before, to put new lines together from (word_cache.ts). */
  readonly words = new WordCache();

  readonly #memory: ReadMemory | undefined;
  /**
   * The last run's region and options, grey pixels and result: a look at an
   * unchanged screen (the first observe after the read that primed the
   * caches, a second observe) skips line finding and the character pass.
   */
  #last: { key: string; grey: Uint8Array; result: PipelineResult } | null = null;

  /**
   * `memory`, when given, fills both caches with the newest readings it
   * holds and keeps every new one, so a restarted server reads a known
   * screen without the recogniser.
   */
  constructor(
    readonly engine: OcrEngine,
    cache = new LineCache(),
    readonly parallel = 2,
    memory?: ReadMemory,
  ) {
    this.cache = cache;
    this.#memory = memory;
    if (!memory) return;
    // Oldest first, so the newest end up the most recently used.
    for (const r of memory.load("line", cache.capacity).reverse()) cache.set(r.key, r.words);
    for (const r of memory.load("piece", this.words.capacity).reverse()) this.words.remember(r.key, r.words);
  }

  /** Runs the pipeline on `r` (already clamped to the frame). */
  async run(frame: RgbaImage, r: Rect, options: PipelineOptions = {}): Promise<PipelineResult> {
    const stages: StageTimes = {};
    const grey = timed(stages, "lines", () => greyOf(frame, r));
    // Everything below reads only these grey pixels: the same pixels of the same region give the same words.
    const key = JSON.stringify([
      r,
      options.charScan ?? true,
      options.stacked ?? true,
      options.deferRepeats ?? true,
    ]);
    const last = this.#last;
    if (last?.key === key && timed(stages, "diff", () => sameBytes(last.grey, grey.data))) {
      return { ...last.result, words: last.result.words.map((w) => ({ ...w })), recognised: 0, stages };
    }
    const lines = timed(stages, "lines", () => findTextLines(grey));
    // Rows a scrolled view shows only in part are not read: half characters read as other letters.
    const cut = timed(stages, "lines", () => clippedLines(lines, grey));
    let t0 = performance.now();
    const local: OcrWord[][] = new Array(lines.length);
    const misses: Miss[] = [];
    // Identical lines (repeated toggles, equal labels) are read once per frame.
    const twins = new Map<string, number[]>();
    lines.forEach((line, index) => {
      if (cut.has(line)) {
        local[index] = [];
        return;
      }
      // Symbols the recogniser has no letter for are told by their shape.
      const symbol = classifySymbol(grey, line, lineGround(line, grey) ?? ringLevel(grey, line));
      if (symbol) {
        const ink = inkBox(grey, line, lineGround(line, grey) ?? ringLevel(grey, line));
        local[index] = [{ text: symbol, conf: SYMBOL_CONF, ...ink }];
        return;
      }
      // Lone characters and small marks are left to the single-character pass.
      if (!isTextLine(line) || isLoneChar(line)) {
        local[index] = [];
        return;
      }
      const key = hashPixels(grey, line);
      const hit = this.cache.get(key);
      if (hit) local[index] = hit;
      else if (twins.has(key)) twins.get(key)!.push(index);
      else {
        twins.set(key, []);
        misses.push({ index, key, cut: linePieces(grey, line, rowHeight(line)) });
      }
    });
    addStage(stages, "diff", performance.now() - t0);
    // Lines whose word pieces repeat on this screen wait for the lines that show those pieces
    // first: once those are read, they are put together from the pieces, or read in part.
    const { first, later } = options.deferRepeats === false
      ? { first: misses, later: [] }
      : deferRepeats(misses, this.words);
    let recognised = await this.#readMisses(grey, lines, first, local, stages, options);
    if (later.length) recognised += await this.#readMisses(grey, lines, later, local, stages, options);
    for (const m of misses) for (const twin of twins.get(m.key)!) local[twin] = local[m.index];
    const words: OcrWord[] = [];
    lines.forEach((line, i) => {
      for (const w of local[i]) {
        words.push({ ...w, x: w.x + line.x + r.x, y: w.y + line.y + r.y });
      }
    });
    let charScan: Rect | null = null;
    if (options.charScan ?? true) {
      t0 = performance.now();
      const lone = await readLoneChars(this.engine, grey, lines, local, this.cache);
      addStage(stages, "chars", performance.now() - t0);
      for (const w of lone.words) words.push({ ...w, x: w.x + r.x, y: w.y + r.y });
      if (lone.area) {
        charScan = { ...lone.area, x: lone.area.x + r.x, y: lone.area.y + r.y };
      }
    }
    const result = { words: cleanWords(words), charScan, recognised, lines: lines.length, stages };
    this.#last = { key, grey: grey.data, result: { ...result, words: result.words.map((w) => ({ ...w })) } };
    return result;
  }

  /** Hands new readings to the memory; a memory that fails costs only the next start's speed. */
  #remember(fresh: Reading[]): void {
    if (!this.#memory || !fresh.length) return;
    try {
      this.#memory.save(fresh);
    } catch {
      // The database is busy or gone: this read's result stands without it.
    }
  }

  /** Recognises the missed lines and fills `local` (words relative to each line box). */
  async #recognise(
    grey: Grey,
    lines: TextLine[],
    misses: Array<{ index: number; key: string }>,
    local: OcrWord[][],
    stacked: boolean,
    stages: StageTimes,
  ): Promise<void> {
    if (!misses.length) return;
    const prepared = timed(stages, "prepare", () =>
      misses.map((m) => {
        const line = lines[m.index];
        const ground = lineGround(line, grey);
        return { ...m, line: prepareLine(grey, surfaceBox(grey, line, ground), rowHeight(line), ground) };
      }));
    const store = (m: (typeof prepared)[number], found: OcrWord[]) => {
      const box = lines[m.index];
      const words = found
        .map((w) => ({ ...w, text: fixUiWord(w.text) }))
        // A word that parses as a shortcut is one, however faint (a disabled item's grey `Ctrl+Z`).
        .filter((w) => w.conf >= MIN_WORD_CONF || readShortcut(w.text) !== null)
        .map((w) => readKeyChar(grey, box, toSource(m.line, w, -box.x, -box.y)))
        .flatMap((w) => splitAtGaps(w, box, rowHeight(box)));
      local[m.index] = words;
      this.cache.set(m.key, words);
    };
    if (!stacked) {
      await Promise.all(prepared.map(async (m) => {
        store(m, await readGrey(this.engine, m.line.image, "line"));
      }));
      return;
    }
    const groups = packStacks(
      prepared,
      (m) => ({ width: m.line.image.width, height: m.line.image.height + STACK_GAP }),
      MAX_STACK_AREA,
      this.parallel,
      // Vision finds text down to a fraction of the image height: a taller stack would hide its small lines.
      (this.engine.maxStackHeight ?? Infinity) - STACK_GAP, // the stack's top gap
    );
    await Promise.all(groups.map(async (group) => {
      // Keep screen order inside a stack: the recogniser reads top to bottom.
      group.sort((a, b) => a.index - b.index);
      const stack = timed(stages, "prepare", () => stackLines(group.map((m) => m.line)));
      const words = await readGrey(this.engine, stack.image, "block");
      unstackWords(stack, words).forEach((found, i) => store(group[i], found));
    }));
    // Short lines the stacks left empty or half-read get a second look alone.
    const again = prepared.filter((m) =>
      needsReread(lines[m.index], rowHeight(lines[m.index]), local[m.index])
    );
    await Promise.all(again.map(async (m) => {
      const line = lines[m.index];
      const words = await rereadLine(
        this.engine,
        grey,
        line,
        lineGround(line, grey),
        local[m.index],
        MIN_WORD_CONF,
        fixUiWord,
      ).then((found) => found.flatMap((w) => splitAtGaps(w, line, rowHeight(line))));
      local[m.index] = words;
      this.cache.set(m.key, words);
    }));
    await this.#rereadDigits(grey, lines, prepared, local);
  }

  /**
   * Reads the lines in `misses` (not in the line cache): put together from
   * known word pieces, read in part, or read whole; learns their pieces and
   * caches the lines. Returns how many went to the recogniser, whole or in part.
   */
  async #readMisses(
    grey: Grey,
    lines: TextLine[],
    misses: Miss[],
    local: OcrWord[][],
    stages: StageTimes,
    options: PipelineOptions,
  ): Promise<number> {
    let t0 = performance.now();
    // A new line made only of word pieces seen before is put together without the recogniser;
    // when fewer than half of its pieces are new, only those are read, each as a line of its own.
    const pieces = new Map<number, Piece[]>();
    const parts: Array<{ index: number; piece: Piece; line: TextLine }> = [];
    const partly = new Map<number, { pieces: Piece[]; found: Array<OcrWord[] | null> }>();
    const unread = misses.filter((m) => {
      const line = lines[m.index];
      const { cut } = m;
      const found = this.words.lookup(cut);
      const known = found.filter((f) => f).length;
      if (cut.length && known === cut.length) {
        this.words.assembled++;
        local[m.index] = placeWords(cut, found as OcrWord[][], line);
        this.cache.set(m.key, local[m.index]);
        return false;
      }
      // Pieces read alone lose the line around them: only a line mostly known is read in part.
      if ((cut.length - known) * 2 >= cut.length) {
        pieces.set(m.index, cut);
        return true;
      }
      partly.set(m.index, { pieces: cut, found });
      cut.forEach((piece, i) => {
        if (!found[i]) parts.push({ index: m.index, piece, line: pieceLine(line, piece) });
      });
      return false;
    });
    addStage(stages, "diff", performance.now() - t0);
    t0 = performance.now();
    // Parts are read after the lines, in slots of their own.
    const all = [...lines, ...parts.map((p) => p.line)];
    const read: OcrWord[][] = [...local, ...parts.map(() => [])];
    const jobs = [
      ...unread,
      ...parts.map((p, k) => ({ index: lines.length + k, key: `part:${p.piece.key}` })),
    ];
    const prepared = stages.prepare ?? 0;
    await this.#recognise(grey, all, jobs, read, options.stacked ?? true, stages);
    addStage(stages, "recognise", performance.now() - t0 - ((stages.prepare ?? 0) - prepared));
    const fresh: Reading[] = [];
    for (const m of unread) {
      const line = lines[m.index];
      local[m.index] = read[m.index];
      fresh.push({ kind: "line", key: m.key, words: local[m.index] });
      for (const p of this.words.learn(pieces.get(m.index)!, line, local[m.index], rowHeight(line))) {
        fresh.push({ kind: "piece", ...p });
      }
    }
    parts.forEach((p, k) => {
      const line = lines[p.index];
      const words = read[lines.length + k];
      for (const l of this.words.learn([p.piece], p.line, words, rowHeight(line))) {
        fresh.push({ kind: "piece", ...l });
      }
      const entry = partly.get(p.index)!;
      entry.found[entry.pieces.indexOf(p.piece)] = words.map((w) => ({
        ...w,
        x: w.x + p.line.x - p.piece.x,
        y: w.y + p.line.y - p.piece.y,
      }));
    });
    for (const m of misses) {
      const entry = partly.get(m.index);
      if (!entry) continue;
      local[m.index] = placeWords(entry.pieces, entry.found as OcrWord[][], lines[m.index]);
      this.cache.set(m.key, local[m.index]);
      fresh.push({ kind: "line", key: m.key, words: local[m.index] });
    }
    this.#remember(fresh);
    return unread.length + partly.size;
  }

  /** Reads again, digits-favouring, the words whose tail looks like misread digits (`Fruitlo`). */
  async #rereadDigits(
    grey: Grey,
    lines: TextLine[],
    misses: Array<{ index: number; key: string }>,
    local: OcrWord[][],
  ): Promise<void> {
    const engine = this.engine;
    if (!hasAlphabet(engine)) return;
    const jobs: Array<{ m: { index: number; key: string }; k: number; head: string; tail: string }> = [];
    for (const m of misses) {
      local[m.index].forEach((w, k) => {
        const split = digitTail(w.text);
        if (split) jobs.push({ m, k, ...split });
      });
    }
    const changed = new Set<{ index: number; key: string }>();
    await Promise.all(jobs.map(async ({ m, k, head, tail }) => {
      const line = lines[m.index];
      const w = local[m.index][k];
      const x = Math.max(0, line.x + w.x - 1), y = Math.max(0, line.y + w.y - 1);
      const box = {
        x,
        y,
        w: Math.min(grey.width, line.x + w.x + w.w + 1) - x,
        h: Math.min(grey.height, line.y + w.y + w.h + 1) - y,
      };
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
      if (text) {
        local[m.index][k] = { ...w, text };
        changed.add(m);
      }
    }));
    for (const m of changed) this.cache.set(m.key, local[m.index]);
  }
}

/**
 * Spells a shortcut word canonically and, when its key is a bar-shaped character
 * (`1`/`I`/`l`), decides it by the character's ink. `w` is relative to `line`.
 */
function readKeyChar(grey: Grey, line: Box, w: OcrWord): OcrWord {
  const text = foldShortcut(w.text);
  if (!hasBarKey(text)) return text === w.text ? w : { ...w, text };
  const key = barOrDigit(grey, { x: line.x + w.x, y: line.y + w.y, w: w.w, h: w.h });
  return { ...w, text: text.slice(0, -1) + key };
}
