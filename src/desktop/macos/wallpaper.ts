/**
 * Whether a capture shows the windows on screen or only what lies beneath
 * them. Without Screen Recording, CGWindowListCreateImage and screencapture
 * return the desktop picture and the menu bar: a frame that is neither NULL
 * nor one flat colour, and reads as "nothing open". Compared against a
 * capture of only the layers below the windows, it is the same picture
 * where the front window should be. Pure, for tests.
 *
 * @module
 */

import type { RgbaImage } from "../../image/pixels.ts";
import type { Rect } from "../../common/rect.ts";

/** Mean difference per channel, out of 255, below which two areas are the same picture. */
const SAME_PICTURE = 3;

/**
 * True when `frame` shows, inside `window` (pixels of both images), the same
 * picture as `beneath` does: the window was not captured. False when it
 * shows something else; null when the window has no area in the frame.
 */
export function showsOnlyWhatIsBeneath(frame: RgbaImage, beneath: RgbaImage, window: Rect): boolean | null {
  if (frame.width !== beneath.width || frame.height !== beneath.height) return null;
  const x0 = Math.max(0, Math.round(window.x)), y0 = Math.max(0, Math.round(window.y));
  const x1 = Math.min(frame.width, Math.round(window.x + window.width));
  const y1 = Math.min(frame.height, Math.round(window.y + window.height));
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  // About 10,000 samples on a grid: enough to see a window, cheap on a 5K frame.
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 10_000)));
  let sum = 0, n = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const o = (y * frame.width + x) * 4;
      sum += Math.abs(frame.data[o] - beneath.data[o]) + Math.abs(frame.data[o + 1] - beneath.data[o + 1]) +
        Math.abs(frame.data[o + 2] - beneath.data[o + 2]);
      n += 3;
    }
  }
  return sum / n < SAME_PICTURE;
}
