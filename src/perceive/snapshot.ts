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
  // The guarded desktop lists around its capture anyway: its own two lists are these.
  const { before, frame, after } = desktop.snapshot?.() ?? listedAround(desktop);
  const chrome = [...after.chrome];
  for (const c of before.chrome) if (!chrome.some((d) => d.id === c.id)) chrome.push(c);
  return { state: { ...after, chrome }, frame };
}

/** Lists, captures and lists again, for a desktop that cannot do it in one go. */
function listedAround(desktop: Desktop): { before: WindowState; frame: RgbaImage; after: WindowState } {
  const before = desktop.windows();
  const frame = desktop.capture();
  const after = desktop.windows();
  return { before, frame, after };
}
