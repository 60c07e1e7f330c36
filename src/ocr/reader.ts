/**
 * The screen reader: turns a region of a captured frame into elements.
 *
 * This is the seam between capture and perception. Callers hand it the full
 * frame and the rectangle to read; it returns elements in screen pixels.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";

import { groupWords } from "./group.ts";
import { groupInColumns } from "./columns.ts";
import { timed } from "../common/stages.ts";
import { ScreenPipeline } from "./pipeline.ts";
import type { Element, OcrEngine, ScreenText } from "./types.ts";
import type { ReadMemory } from "./cache/read_memory.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { clampRect, type Rect } from "../common/rect.ts";

/** Options for one read. */
export interface ReadOptions {
  /** Run the single-character pass over character-sized blobs (default true). */
  charScan?: boolean;
  /** The x of a grid's vertical rules, in screen pixels: no element runs across one. */
  columns?: readonly number[];
  /** The window manager's title bar in the region, in screen pixels, and the title it draws there. */
  title?: { band: Rect; text: string };
  /** A word where its line runs into a view's edge is unsure (lines/cut_sides.ts; default false). */
  unsureAtEdges?: boolean;
}

/** Reads text from regions of a frame. */
export interface ScreenReader {
  readonly engine: OcrEngine;
  read(frame: RgbaImage, region: Rect, options?: ReadOptions): Promise<ScreenText>;
  /**
   * Reads `frame` in the background only to fill the line cache; a read
   * that comes meanwhile waits for it and then finds its lines cached
   * instead of recognising them a second time.
   */
  prime?(frame: RgbaImage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the reader over an engine; it keeps a per-line pixel cache between
 * reads, and across restarts when given a `memory`.
 */
export function createScreenReader(engine: OcrEngine, memory?: ReadMemory): ScreenReader {
  const pipeline = new ScreenPipeline(engine, undefined, undefined, memory);
  let priming: Promise<unknown> = Promise.resolve();
  /** Whether the last priming read is done, so that reads need not wait for it. */
  let primed = true;
  return {
    engine,
    prime(frame) {
      const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
      primed = false;
      const done: Promise<void> = priming.then(() => pipeline.run(frame, whole)).then(() => {}, () => {})
        .then(() => {
          if (priming === done) primed = true;
        });
      priming = done;
      return done;
    },
    async read(frame, region, options = {}) {
      const t0 = performance.now();
      const r = clampRect(region, frame.width, frame.height);
      if (r.width < 4 || r.height < 4) {
        return { elements: [], charScan: null, ms: 0 };
      }
      // A read behind the priming one finds its lines meanwhile and waits (stage `wait`) only to look them up.
      const after = primed ? undefined : priming;
      const result = await pipeline.run(frame, r, {
        charScan: options.charScan ?? true,
        after,
        title: options.title,
        unsureAtEdges: options.unsureAtEdges,
      });
      // Screen text leaves the reader escaped, so no later reply can carry a raw control character.
      const elements = timed(
        result.stages,
        "group",
        () =>
          (options.columns ? groupInColumns(result.words, options.columns) : groupWords(result.words))
            .map(escaped),
      );
      return {
        elements,
        stages: result.stages,
        charScan: result.charScan,
        ms: Math.round(performance.now() - t0),
      };
    },
    close: () => engine.close(),
  };
}

/** `e` as the reader hands it on: its text, its least sure word's and its segments' escaped (screen text). */
export function escaped(e: Element): Element {
  return {
    ...e,
    text: escapeScreenText(e.text),
    ...(e.leastSure && { leastSure: { ...e.leastSure, text: escapeScreenText(e.leastSure.text) } }),
    ...(e.segments && { segments: e.segments.map(escaped) }),
  };
}
