/**
 * A look's text-free passes run once over the frame the server starts on,
 * their results dropped. A first look at a window is the first time this
 * code runs, and most of what it costs then is compiling it (the grid search
 * 23 against 8 ms, the icons' shapes 23 against 16 ms, run cold and then
 * again in one process). The server runs this while its recognisers read the
 * priming frame, when its own thread has nothing else to do, and the passes
 * over a read's text (the controls beside labels: 47 against 18 ms on the
 * forty-line editor) once that read is done.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Element } from "../ocr/types.ts";
import { joinCaptions } from "./captions.ts";
import { attachControls, controlMemory } from "./controls.ts";
import { findGrid } from "./grid.ts";
import { IconShapeFinder } from "./icon_reuse.ts";

/**
 * Runs the grid search and the icons' shape finder over all of `frame`,
 * with a finder of its own, so no later look starts from what this saw.
 */
export function warmPasses(frame: RgbaImage): void {
  const screen = { x: 0, y: 0, width: frame.width, height: frame.height };
  findGrid(frame, screen);
  new IconShapeFinder().find(frame, screen);
}

/**
 * Finds the controls beside `elements` (a read of all of `frame`) and joins
 * their captions, with a memory of its own, dropping what it finds.
 */
export function warmTextPasses(frame: RgbaImage, elements: readonly Element[]): void {
  const screen = { x: 0, y: 0, width: frame.width, height: frame.height };
  joinCaptions(attachControls(frame, elements, screen, controlMemory()), frame, null);
}
