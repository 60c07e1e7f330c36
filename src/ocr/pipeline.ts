/**
 * The screen-text pipeline: lines first, then recognition in batches, then a
 * single-character pass, all behind a per-line pixel cache. Each stage
 * hands the next a typed result:
 *
 * 1. detect: the text lines on the grey pixels (lines/find.ts), less the
 *    rows a scrolled view cuts off (lines/clipped.ts);
 * 2. sort: each line is a symbol told by its shape (fixes/shapes.ts), left
 *    to the single-character pass, known to the line cache by the hash of
 *    its pixels, a twin of another line on the screen, or a miss;
 * 3. read the misses: put together from word pieces read before
 *    (cache/word_cache.ts) or, in fixed-pitch text, spelled from character
 *    cells read before (cache/char_cells.ts), read in part (a piece read
 *    before with a character or two added at one end costs only those
 *    characters: cache/piece_edits.ts), or recognised whole
 *    (recognise.ts), lines whose pieces repeat on the screen put off until
 *    the others are read;
 * 4. the single-character pass over character-sized lines left without a
 *    word (fixes/chars.ts), its reads queued behind the first stacks;
 * 5. every word mapped back to screen pixels with its confidence.
 *
 * @module
 */

import { turnLoop } from "../common/time.ts";
import type { Rect } from "../common/rect.ts";
import { addStage, type StageTimes, timed } from "../common/stages.ts";
import { sameBytes } from "../image/compare.ts";
import { type Grey, greyOf, type RgbaImage } from "../image/pixels.ts";
import { flattenBands } from "./lines/bands.ts";
import { LineCache } from "./cache/line_cache.ts";
import type { Reading, ReadMemory } from "./cache/read_memory.ts";
import { type Piece, placeWords, WordCache } from "./cache/word_cache.ts";
import { editJoin, type PieceEdit, PieceEdits, spliceEdit } from "./cache/piece_edits.ts";
import { memoryTag } from "./cache/memory_tag.ts";
import { leftOfCut, withoutCutChars } from "./cache/cut_cells.ts";
import { wordsOnScreen } from "./line_words.ts";
import { editJob, pieceJob, wordsIn } from "./piece_jobs.ts";
import { readLoneChars } from "./fixes/chars.ts";
import { isShapeCorner } from "./fixes/corners.ts";
import { cleanWords } from "./fixes/plausible.ts";
import { settleKeyLabels } from "./fixes/key_labels.ts";
import { markKeypadLetters } from "./fixes/keypad_signs.ts";
import { withDrawnSymbols } from "./fixes/told_by_shape.ts";
import { clippedLines } from "./lines/clipped.ts";
import { CUT_CONF, cutSides, greyAround, lineCutSides } from "./lines/cut_sides.ts";
import { type LineRead, rowHeight, type TextLine } from "./lines/find.ts";
import { LineFinder } from "./lines/reuse.ts";
import { type Miss, sortLines } from "./line_sort.ts";
import { barIn, titleLine } from "./lines/title_line.ts";
import { markSettled } from "./lines/ground.ts";
import { ringLevel } from "./lines/prepare.ts";
import { type ReadJob, recognise } from "./recognise.ts";
import { type Deferred, deferRepeats } from "./deferral.ts";
import type { OcrEngine, OcrWord } from "./types.ts";
import { unsureBesideUnreadInk } from "./fixes/unread_ink.ts";

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
  /**
   * A read in flight whose readings this one should find cached (the priming
   * read): the lines are found while it runs, and looked up once it is done.
   */
  after?: Promise<unknown>;
  /**
   * The window manager's title bar of the window read, in screen pixels, and
   * the title it draws: its line is told from the title (lines/title_line.ts).
   */
  title?: { band: Rect; text: string };
  /**
   * Cap the confidence of a word where its line runs into a view's edge,
   * drawn only in part (lines/cut_sides.ts); the edge is looked for in
   * `frame` a few pixels past the region too (default false: a crop around
   * a label reads as it is).
   */
  unsureAtEdges?: boolean;
}

export { memoryTag, READINGS_FORMAT } from "./cache/memory_tag.ts";

/** Reads regions of frames; holds the cache between reads. */
export class ScreenPipeline {
  readonly cache: LineCache;
  /** Word pieces read before, to put new lines together from (cache/word_cache.ts). */
  readonly words = new WordCache();
  /** Pieces read before, to find again at one end of a new piece (cache/piece_edits.ts). */
  readonly #edits = new PieceEdits();
  /** The regions' last lines, found again only where the pixels changed. */
  readonly #lines = new LineFinder();

  readonly #memory: ReadMemory | undefined;
  /** What the remembered readings' keys start with: the models they were read with (memoryTag). */
  readonly #tag: string;
  /**
   * The last run's region and options, grey pixels and result: a look at an
   * unchanged screen (the first observe after the read that primed the
   * caches, a second observe) skips line finding and the character pass.
   */
  #last: { key: string; grey: Uint8Array; result: PipelineResult } | null = null;

  /**
   * `memory`, when given, fills the caches (lines, word pieces, character
   * cells) with the newest readings it holds and keeps every new one, so a
   * restarted server reads a known screen without the recogniser.
   */
  constructor(
    readonly engine: OcrEngine,
    cache = new LineCache(),
    readonly parallel = 2,
    memory?: ReadMemory,
  ) {
    this.cache = cache;
    this.#memory = memory;
    this.#tag = memoryTag(engine);
    if (!memory) return;
    const own = (r: Reading) => r.key.startsWith(this.#tag);
    const key = (r: Reading) => r.key.slice(this.#tag.length);
    // Oldest first, so the newest end up the most recently used.
    for (const r of memory.load("line", cache.capacity).reverse()) if (own(r)) cache.set(key(r), r.words);
    for (const r of memory.load("piece", this.words.capacity).reverse()) {
      if (own(r)) this.words.remember(key(r), r.words);
    }
    for (const r of memory.load("cell", this.words.chars.capacity).reverse()) {
      if (!own(r)) continue;
      const [w] = r.words;
      this.words.chars.remember(key(r), w ? { char: w.text, conf: w.conf } : null);
    }
  }

  /** Runs the pipeline on `r` (already clamped to the frame). */
  async run(frame: RgbaImage, r: Rect, options: PipelineOptions = {}): Promise<PipelineResult> {
    const stages: StageTimes = {};
    // Selected text (light on a dark band in a light window) is repainted dark on the window's ground first.
    const grey = timed(stages, "lines", () => markSettled(flattenBands(greyOf(frame, r))));
    // Everything below reads only these grey pixels: the same pixels of the same region give the same words.
    const key = JSON.stringify([
      r,
      options.charScan ?? true,
      options.stacked ?? true,
      options.deferRepeats ?? true,
      options.title ?? null,
      options.unsureAtEdges ?? false,
    ]);
    const unchanged = () => {
      const last = this.#last;
      return last?.key === key && timed(stages, "diff", () => sameBytes(last.grey, grey.data)) ? last : null;
    };
    let last = options.after ? null : unchanged();
    if (last) {
      return { ...last.result, words: last.result.words.map((w) => ({ ...w })), recognised: 0, stages };
    }
    const lines = () => {
      const found = this.#lines.find(grey, this.engine.cjk ?? false, JSON.stringify(r));
      // Rows a scrolled view shows only in part are not read: half characters read as other letters.
      return { found, cut: clippedLines(found, grey) };
    };
    let seen = options.after ? timed(stages, "lines", lines) : null;
    if (options.after) {
      const t = performance.now();
      await options.after;
      addStage(stages, "wait", performance.now() - t);
      last = unchanged();
      if (last) {
        return { ...last.result, words: last.result.words.map((w) => ({ ...w })), recognised: 0, stages };
      }
    }
    seen ??= timed(stages, "lines", lines);
    // Before the stacks are cut: a recogniser start that has ended is seen, and the next one begins.
    if (this.engine.starting?.()) await turnLoop();
    const { found, cut } = seen;
    const reads: LineRead[] = found.map((line) => ({ line, words: [] }));
    let t0 = performance.now();
    const titled = options.title ? titleLine(grey, found, barIn(options.title, r), this.engine.cjk) : null;
    const sorted = sortLines(
      grey,
      reads,
      cut,
      titled,
      this.cache,
      this.engine.cjk ?? false,
    );
    const { misses, twins, keys, told } = sorted;
    addStage(stages, "diff", performance.now() - t0);
    // A character a view's edge cuts in half is neither spelled, read ahead, nor reported (cache/cut_cells.ts).
    const edges = options.unsureAtEdges ? greyAround(grey, frame, r) : null;
    const toRead = edges
      ? sorted.misses.map((m) => leftOfCut(m, lineCutSides(edges, grey, m.read.line)))
      : sorted.misses;
    // Lines whose word pieces repeat on this screen wait for the lines that show those pieces
    // first: once those are read, they are put together from the pieces, or read in part.
    const { first, later, ahead }: Deferred<Miss> = options.deferRepeats === false
      ? { first: toRead, later: [], ahead: [] }
      : deferRepeats(toRead, this.words);
    const pieces = ahead.map(({ owner, piece, part }) => ({ line: owner.read.line, piece, part }));
    const reading = this.#readMisses(grey, first, stages, options, found, pieces);
    // The single-character pass's lines are known once the lines are sorted (no lone character goes to
    // the recognisers): their reads queue now, behind the first stacks, not after the last second look.
    const lone = (options.charScan ?? true) ? readLoneChars(this.engine, grey, reads, this.cache) : null;
    lone?.catch(() => {});
    let { recognised, untaught } = await reading;
    // A part read too unsurely to teach leaves the lines put off for its new cells unspelled: its whole
    // word is read before them, one word's read instead of theirs (its line was counted already).
    if (untaught.length) await this.#readMisses(grey, [], stages, options, found, untaught);
    if (later.length) recognised += (await this.#readMisses(grey, later, stages, options, found)).recognised;
    for (const m of misses) for (const twin of twins.get(m.key)!) twin.words = m.read.words;
    const words = wordsOnScreen(reads, grey, r, edges);
    let charScan: Rect | null = null;
    if (lone) {
      t0 = performance.now();
      const chars = await lone;
      addStage(stages, "chars", performance.now() - t0);
      for (const w of chars.words) {
        const cut = edges ? cutSides(edges, w, ringLevel(grey, w)) : null;
        // As a line's cut word is (line_words.ts): capped, and kept out of the element beside it.
        const capped = cut && (cut.left || cut.right)
          ? { conf: Math.min(w.conf, CUT_CONF), alone: true }
          : {};
        words.push({ ...w, ...capped, x: w.x + r.x, y: w.y + r.y });
      }
      markKeypadLetters(words, keys, r);
      if (chars.area) {
        charScan = { ...chars.area, x: chars.area.x + r.x, y: chars.area.y + r.y };
      }
    }
    // A few-pixel mark that is the corner of a larger shape (a banner, a scrollbar's thumb) is no text.
    const marks = withDrawnSymbols(grey, words, told, r).filter((w) =>
      !isShapeCorner(grey, { x: w.x - r.x, y: w.y - r.y, w: w.w, h: w.h })
    );
    // A key label's case, bars, carets and stacked letters are settled on its glyphs (fixes/key_labels.ts).
    // A word beside ink nothing was read from may have lost a character to it (fixes/unread_ink.ts).
    const settled = unsureBesideUnreadInk(grey, cleanWords(settleKeyLabels(grey, found, marks, r)), r);
    const result = { words: settled, charScan, recognised, lines: found.length, stages };
    this.#last = { key, grey: grey.data, result: { ...result, words: result.words.map((w) => ({ ...w })) } };
    return result;
  }

  /** Hands new readings to the memory; a memory that fails costs only the next start's speed. */
  #remember(fresh: Reading[]): void {
    if (!this.#memory || !fresh.length) return;
    try {
      this.#memory.save(fresh.map((r) => ({ ...r, key: this.#tag + r.key })));
    } catch {
      // The database is busy or gone: this read's result stands without it.
    }
  }

  /** Learns a word piece from its own reading (`job`, a piece of `line` read as a line). */
  #learnPiece(grey: Grey, piece: Piece, job: ReadJob, line: TextLine): Reading[] {
    const learned = this.words.learn([piece], job.line, job.words, rowHeight(line));
    this.#noteEdits(grey, [piece], learned, rowHeight(line));
    return learned.map((l) => ({ kind: "piece", ...l }));
  }

  /** Notes the pieces learned with words, so that a piece edited from one of them is found (piece_edits.ts). */
  #noteEdits(
    grey: Grey,
    pieces: Piece[],
    learned: Array<{ key: string; words: OcrWord[] }>,
    h: number,
  ): void {
    const keys = new Set(learned.filter((l) => l.words.length).map((l) => l.key));
    for (const p of pieces) if (keys.has(p.key)) this.#edits.note(grey, p, h);
  }

  /**
   * Reads the lines in `misses` (not in the line cache): put together from
   * known word pieces, read in part, or read whole; learns their pieces and
   * caches the lines. Returns how many went to the recogniser, whole or in
   * part, and the pieces of `ahead` whose part taught nothing.
   */
  async #readMisses(
    grey: Grey,
    misses: Miss[],
    stages: StageTimes,
    options: PipelineOptions,
    around: readonly TextLine[],
    ahead: Array<{ line: TextLine; piece: Piece; part?: Piece }> = [],
  ): Promise<{ recognised: number; untaught: Array<{ line: TextLine; piece: Piece }> }> {
    let t0 = performance.now();
    // A new line made only of word pieces seen before is put together without the recogniser;
    // when fewer than half of its pieces are new, only those are read, each as a line of its own.
    const whole: Array<{ miss: Miss; job: ReadJob }> = [];
    const partly: Array<
      {
        miss: Miss;
        found: Array<OcrWord[] | null>;
        parts: Array<{ piece: Piece; job: ReadJob; edit?: PieceEdit & { join: boolean } }>;
      }
    > = [];
    for (const miss of misses) {
      const { read, pieces } = miss;
      const found = this.words.lookup(pieces);
      const known = found.filter((f) => f).length;
      if (pieces.length && known === pieces.length) {
        this.words.assembled++;
        read.words = placeWords(pieces, found as OcrWord[][], read.line);
        this.cache.set(miss.key, read.words);
        continue;
      }
      // A piece read before with a character or two added at one end costs only those characters' read.
      const h = rowHeight(read.line);
      // Where the added ink neither meets the kept word nor stands a space apart, the piece is read whole.
      const edits = pieces.map((p, i) => {
        // Scripts written without spaces are not cut into words, nor joined by their gaps.
        const edit = found[i] || this.engine.cjk
          ? null
          : this.#edits.find(grey, p, h, (k) => this.words.holds(k));
        const join = edit && editJoin(edit, read.line.blobs, h);
        return edit && join ? { ...edit, join: join === "join" } : null;
      });
      const edited = edits.filter((e) => e).length;
      // Pieces read alone lose the line around them: only a line mostly known is read in part.
      if ((pieces.length - known - edited) * 2 >= pieces.length) {
        whole.push({ miss, job: { line: read.line, key: miss.key, words: [] } });
        continue;
      }
      const parts = pieces.flatMap((piece, i) => {
        if (found[i]) return [];
        const edit = edits[i];
        return [
          edit
            ? { piece, edit, job: editJob(grey, read.line, edit) }
            : { piece, job: pieceJob(read.line, piece) },
        ];
      });
      partly.push({ miss, found, parts });
    }
    addStage(stages, "diff", performance.now() - t0);
    t0 = performance.now();
    // Parts are read after the whole lines, in screen order each, then the pieces read ahead.
    const early = ahead.map(({ line, piece, part }) => ({
      line,
      piece,
      part,
      job: pieceJob(line, part ?? piece),
    }));
    const jobs = [
      ...whole.map((w) => w.job),
      ...partly.flatMap((p) => p.parts.map((part) => part.job)),
      ...early.map((e) => e.job),
    ];
    const prepared = stages.prepare ?? 0;
    const how = {
      stacked: options.stacked ?? true,
      parallel: this.parallel,
      cjk: this.engine.cjk,
      latin: this.engine.latin,
      around,
    };
    await recognise(this.engine, grey, jobs, how, stages);
    for (const { miss, job } of whole) {
      if (miss.drawn) job.words = withoutCutChars(job.words, miss.read.line, miss.drawn, miss.pieces);
    }
    for (const job of jobs) this.cache.set(job.key, job.words);
    addStage(stages, "recognise", performance.now() - t0 - ((stages.prepare ?? 0) - prepared));
    const fresh: Reading[] = [];
    for (const { miss, job } of whole) {
      const { line } = miss.read;
      miss.read.words = job.words;
      fresh.push({ kind: "line", key: miss.key, words: job.words });
      const learned = this.words.learn(miss.pieces, line, job.words, rowHeight(line));
      this.#noteEdits(grey, miss.pieces, learned, rowHeight(line));
      for (const p of learned) fresh.push({ kind: "piece", ...p });
    }
    // An edit whose added columns read as nothing is read whole: the piece is not reported without them.
    const unsure: Array<
      { found: Array<OcrWord[] | null>; i: number; piece: Piece; job: ReadJob; line: TextLine }
    > = [];
    for (const { miss, found, parts } of partly) {
      const line = miss.read.line;
      for (const { piece, job, edit } of parts) {
        const i = miss.pieces.indexOf(piece);
        if (edit) {
          const kept = this.words.wordsOf(edit.keptKey) ?? [];
          const words = spliceEdit(edit, edit.join, piece, kept, wordsIn(job, edit.added));
          if (!words) {
            unsure.push({ found, i, piece, job: pieceJob(line, piece), line });
            continue;
          }
          this.words.remember(piece.key, words);
          this.#edits.note(grey, piece, rowHeight(line));
          fresh.push({ kind: "piece", key: piece.key, words });
          found[i] = words;
          continue;
        }
        fresh.push(...this.#learnPiece(grey, piece, job, line));
        found[i] = wordsIn(job, piece);
      }
    }
    if (unsure.length) {
      t0 = performance.now();
      const prepared = stages.prepare ?? 0;
      await recognise(this.engine, grey, unsure.map((u) => u.job), how, stages);
      addStage(stages, "recognise", performance.now() - t0 - ((stages.prepare ?? 0) - prepared));
      for (const { found, i, piece, job, line } of unsure) {
        fresh.push(...this.#learnPiece(grey, piece, job, line));
        found[i] = wordsIn(job, piece);
      }
    }
    const untaught: Array<{ line: TextLine; piece: Piece }> = [];
    for (const { line, piece, part, job } of early) {
      if (!part) fresh.push(...this.#learnPiece(grey, piece, job, line));
      else if (!this.words.learnPart(part, wordsIn(job, part))) untaught.push({ line, piece });
    }
    for (const { miss, found } of partly) {
      miss.read.words = placeWords(miss.pieces, found as OcrWord[][], miss.read.line);
      this.cache.set(miss.key, miss.read.words);
      fresh.push({ kind: "line", key: miss.key, words: miss.read.words });
    }
    for (const { cell, char } of this.words.chars.drain()) {
      const words = char ? [{ text: char.char, conf: char.conf, x: 0, y: 0, w: 0, h: 0 }] : [];
      fresh.push({ kind: "cell", key: cell, words });
    }
    timed(stages, "memory", () => this.#remember(fresh));
    // A line put off whose pieces were read ahead went to the recogniser in part.
    return { recognised: whole.length + partly.length + new Set(early.map((e) => e.line)).size, untaught };
  }
}
