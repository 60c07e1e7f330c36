/**
 * A look's text-free passes run once over the frame the server starts on,
 * their results dropped. A first look at a window is the first time this
 * code runs, and most of what it costs then is compiling it (the grid search
 * 23 against 8 ms, the icons' shapes 23 against 16 ms, run cold and then
 * again in one process). The server runs this while its recognisers read the
 * priming frame, each pass when no tool call is in flight, and the passes
 * over a read's text (the controls beside labels: 47 against 18 ms on the
 * forty-line editor) once that read is done. The cells of fixed-pitch text
 * (ocr/cache/char_cells.ts) compile on a made-up line, since the screen the
 * server starts on may show no editor: cutting the forty-line editor's lines
 * took 26 ms in a new process, 9-15 after this, 6-8 warm. The look's passes
 * over text run a few more times on a made-up window of text (warm_page.ts),
 * since their first runs over text are slow however warm they are on a bare
 * screen.
 *
 * @module
 */

import { type Grey, greyOf, type RgbaImage } from "../image/pixels.ts";
import { linePieces, WordCache } from "../ocr/cache/word_cache.ts";
import { flattenBands } from "../ocr/lines/bands.ts";
import { clippedLines } from "../ocr/lines/clipped.ts";
import { rowHeight, type TextLine } from "../ocr/lines/find.ts";
import { lineGround, surfaceBox } from "../ocr/lines/ground.ts";
import { prepareLine } from "../ocr/lines/prepare.ts";
import { stackLines } from "../ocr/lines/stack.ts";
import { hashPixels } from "../ocr/cache/line_cache.ts";
import { LineFinder } from "../ocr/lines/reuse.ts";
import type { Element } from "../ocr/types.ts";
import { joinCaptions } from "./captions.ts";
import { attachControls, controlMemory } from "./controls.ts";
import { findGrid } from "./grid.ts";
import { IconShapeFinder } from "./icon_reuse.ts";
import { warmPage } from "./warm_page.ts";

/**
 * The grid search and the icons' shape finder over all of `frame` (with a
 * finder of its own, so no later look starts from what this saw), the
 * cells of a made-up line, and the passes over a made-up window of text:
 * one function each, so that a tool call can go first between them.
 */
export function warmPassSteps(frame: RgbaImage): Array<() => void> {
  const screen = { x: 0, y: 0, width: frame.width, height: frame.height };
  return [
    () => void findGrid(frame, screen),
    () => void new IconShapeFinder().find(frame, screen),
    warmCells,
    ...pageSteps(),
  ];
}

/**
 * Times each pass runs over the made-up window (warm_page.ts). A pass's
 * second run is still several times slower than its fifth (the forty-line
 * editor's lines found in 160-230 ms after one run over a bare screen, 20-55
 * after these; its controls 300 against 75-190 ms, on a loaded machine).
 */
export const WARM_ROUNDS = 5;

/**
 * The line finding (and what a read does next with the lines, short of
 * recognising them), grid search, icons' shapes and controls beside labels
 * over the made-up window, `WARM_ROUNDS` times each, one step a pass: the
 * window and a variant of it in turn, so that what a look keeps for
 * unchanged rows is used and made again too. Each has its own memory, so
 * no look starts from what these saw.
 */
function pageSteps(): Array<() => void> {
  const pages = [warmPage(0), warmPage(1)];
  const lines = new LineFinder(), icons = new IconShapeFinder(), controls = controlMemory();
  const steps: Array<() => void> = [];
  for (let round = 0; round < WARM_ROUNDS; round++) {
    const { frame, window, labels } = pages[round % 2];
    steps.push(
      () => void findGrid(frame, window),
      () => {
        const grey = flattenBands(greyOf(frame, window));
        const found = lines.find(grey, false, "warm");
        clippedLines(found, grey);
        sortAndPrepare(grey, found);
      },
      () => void icons.find(frame, window),
      () => void joinCaptions(attachControls(frame, labels, window, controls), frame, null),
    );
  }
  return steps;
}

/**
 * What a read does with each line it found before the recognisers see it:
 * its pixels' key, its word pieces, its ground and surface, and its pixels
 * prepared and stacked (ocr/pipeline.ts, ocr/recognise.ts).
 */
function sortAndPrepare(grey: Grey, found: readonly TextLine[]): void {
  const prepared = found.map((line) => {
    hashPixels(grey, line);
    linePieces(grey, line, rowHeight(line));
    const ground = lineGround(line, grey);
    const box = surfaceBox(grey, line, ground);
    return prepareLine(grey, box, rowHeight(line), ground);
  });
  if (prepared.length) stackLines(prepared);
}

/** Cuts a made-up fixed-pitch line into cells, learns them and spells them, dropping all of it. */
function warmCells(): void {
  const { grey, line } = pitchedLine();
  const words = new WordCache();
  for (let i = 0; i < 3; i++) {
    const pieces = linePieces(grey, line, line.h);
    const shown = new Set<string>();
    for (const p of pieces) if (!words.covered(p, shown)) words.show(p, shown);
    const read = pieces.map((p) => ({
      text: "x".repeat(p.cells?.keys.length ?? 1),
      conf: 1,
      x: p.x - line.x,
      y: p.y - line.y,
      w: p.w,
      h: p.h,
    }));
    words.learn(pieces, line, read, line.h);
    words.lookup(pieces);
  }
}

/** Sixty 9-pixel cells of bars, every sixth a space, on white: the shape of an editor's line. */
function pitchedLine(): { grey: Grey; line: TextLine } {
  const pitch = 9, height = 16, cells = 60, width = pitch * cells;
  const data = new Uint8Array(width * height).fill(255);
  const blobs: TextLine["blobs"] = [];
  for (let k = 0; k < cells; k += 6) {
    for (let c = k; c < k + 5; c++) {
      for (let y = 3 + (c % 4); y < 13; y++) {
        for (let x = c * pitch + 2 + (c % 3); x < c * pitch + 7; x++) data[y * width + x] = 40;
      }
    }
    blobs.push({ x: k * pitch + 1, y: 2, w: 5 * pitch - 1, h: 12, mass: 100 });
  }
  return { grey: { width, height, data }, line: { x: 0, y: 0, w: width, h: height, blobs } };
}

/**
 * Finds the controls beside `elements` (a read of all of `frame`) and joins
 * their captions, with a memory of its own, dropping what it finds.
 */
export function warmTextPasses(frame: RgbaImage, elements: readonly Element[]): void {
  const screen = { x: 0, y: 0, width: frame.width, height: frame.height };
  joinCaptions(attachControls(frame, elements, screen, controlMemory()), frame, null);
}
