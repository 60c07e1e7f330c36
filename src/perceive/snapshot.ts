/**
 * One capture with the window stack around it. A menu can open or close
 * between listing windows and capturing pixels; listing before and after and
 * keeping every chrome surface either list saw means text drawn by a menu is
 * never taken for the window's own.
 *
 * @module
 */

import type { Desktop, WindowState } from "../desktop/types.ts";
import type { RgbaImage } from "../image/pixels.ts";

/** The window stack (as after the capture, with chrome from both lists) and the frame. */
export function snapshot(desktop: Desktop): { state: WindowState; frame: RgbaImage } {
  const before = desktop.windows();
  const frame = desktop.capture();
  const after = desktop.windows();
  const chrome = [...after.chrome];
  for (const c of before.chrome) if (!chrome.some((d) => d.id === c.id)) chrome.push(c);
  return { state: { ...after, chrome }, frame };
}
