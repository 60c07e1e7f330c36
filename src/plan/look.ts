/**
 * How the executor looks at the screen: one capture, then OCR of just the
 * window a step works in and of every chrome surface. Reading two regions
 * instead of the whole frame keeps a look cheap, and the reader's line cache
 * makes a repeated look cost only what changed.
 *
 * @module
 */

import type { Rect, RgbaImage, WindowInfo, WindowState } from "../desktop/types.ts";
import { recordSighting } from "../graph/record.ts";
import type { Element } from "../ocr/types.ts";
import { snapshot } from "../perceive/snapshot.ts";
import { focusWindow } from "../perceive/surfaces.ts";
import type { Services } from "../services.ts";

/** One look: the window stack, the frame, and the text on both surfaces. */
export interface Look {
  state: WindowState;
  frame: RgbaImage;
  /** The window the step works in (null when no app window is open). */
  window: WindowInfo | null;
  /** Text inside that window, minus anything covered by chrome. */
  windowElements: Element[];
  /** Text on chrome surfaces (menus, popups, tooltips, docks, menu bar). */
  chromeElements: Element[];
  /** The window's node in the interface graph, when recorded. */
  nodeId: number | null;
  at: number;
}

function inside(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
}

/** Titles of the open app windows, for error messages. */
export function openTitles(state: WindowState): string[] {
  return state.windows.map((w) => `"${w.title}" (${w.app})`);
}

/**
 * Finds the window whose title contains `piece` (case-insensitive),
 * preferring windows of the frontmost app.
 */
export function findWindow(state: WindowState, piece: string): WindowInfo | null {
  const p = piece.toLowerCase();
  const hits = state.windows.filter((w) => w.title.toLowerCase().includes(p));
  const front = state.frontmostApp;
  return hits.find((w) => w.app === front) ?? hits[0] ?? null;
}

/**
 * Captures and reads the screen. `windowId` names the window to read
 * (default: the focus window). Records the window in the graph.
 */
export async function look(services: Services, windowId?: string): Promise<Look> {
  const desktop = services.desktop();
  const { state, frame } = snapshot(desktop);
  const window = (windowId ? state.windows.find((w) => w.id === windowId) : null) ?? focusWindow(state);
  const reader = services.reader();
  const chromeReads = await Promise.all(state.chrome.map((c) => reader.read(frame, c.bounds)));
  const chromeElements = chromeReads.flatMap((r, i) =>
    r.elements.filter((e) => inside(state.chrome[i].bounds, e.cx, e.cy))
  );
  let windowElements: Element[] = [];
  if (window) {
    // The frame's outermost pixels are border lines, which OCR turns into "|" specks.
    const b = window.bounds;
    const read = await reader.read(frame, {
      x: b.x + 2,
      y: b.y + 2,
      width: b.width - 4,
      height: b.height - 4,
    });
    // A menu drawn over the window belongs to chrome, not to the window under it.
    windowElements = read.elements.filter((e) =>
      inside(window.bounds, e.cx, e.cy) && !state.chrome.some((c) => inside(c.bounds, e.cx, e.cy))
    );
  }
  const at = services.now();
  let nodeId: number | null = null;
  if (window?.app) {
    const version = desktop.appVersion?.(window.pid) ?? null;
    nodeId = recordSighting(services.store, window.app, window, windowElements, at, version).windowId;
  }
  return { state, frame, window, windowElements, chromeElements, nodeId, at };
}
