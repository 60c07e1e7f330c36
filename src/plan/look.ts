/**
 * Looking and remembering: one perception of the screen (perceive.ts), then
 * the window it was for recorded in the interface graph. Plan steps look at
 * just the window they work in and the chrome; observe reads the whole frame.
 *
 * @module
 */

import { normaliseText } from "../common/match.ts";
import type { RgbaImage, WindowInfo, WindowState } from "../desktop/types.ts";
import type { Rect } from "../desktop/types.ts";
import type { KnownIcon } from "../graph/glyphs.ts";
import { recordSighting, type SightingResult } from "../graph/record.ts";
import type { Element } from "../ocr/types.ts";
import { perceive } from "../perceive/perceive.ts";
import type { Surfaces } from "../perceive/surfaces.ts";
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
  /** Icons drawn in the window, named when memory knows their drawing. */
  icons: KnownIcon[];
  /** The window's node in the interface graph, when recorded. */
  nodeId: number | null;
  at: number;
}

/** Named icons as targetable elements: a name is found like any text. */
export function iconElements(icons: KnownIcon[]): Element[] {
  return icons.filter((i) => i.label !== null).map((i) => ({
    text: i.label!,
    x: i.x,
    y: i.y,
    w: i.w,
    h: i.h,
    cx: i.cx,
    cy: i.cy,
    conf: 1,
    icon: true,
  }));
}

/** Titles of the open app windows, for error messages. */
export function openTitles(state: WindowState): string[] {
  return state.windows.map((w) => `"${w.title}" (${w.app})`);
}

/**
 * Finds the window whose title contains `piece` (ignoring case and spacing,
 * as recall compares titles), preferring windows of the frontmost app.
 */
export function findWindow(state: WindowState, piece: string): WindowInfo | null {
  const p = normaliseText(piece);
  const hits = state.windows.filter((w) => normaliseText(w.title).includes(p));
  const front = state.frontmostApp;
  return hits.find((w) => w.app === front) ?? hits[0] ?? null;
}

/**
 * Captures and reads the screen. `windowId` names the window to read
 * (default: the focus window). Records the window in the graph.
 */
export async function look(services: Services, windowId?: string): Promise<Look> {
  const desktop = services.desktop();
  const seen = await perceive(desktop, services.reader(), { windowId });
  const { state, frame, window, surfaces } = seen;
  const at = services.now();
  let nodeId: number | null = null;
  let icons: KnownIcon[] = [];
  if (window?.app) {
    const version = desktop.appVersion?.(window.pid) ?? null;
    const s = recordSighting(services.store, window.app, window, surfaces.window, at, version, seen.icons);
    nodeId = s.windowId;
    icons = s.icons;
  }
  return {
    state,
    frame,
    window,
    windowElements: surfaces.window,
    chromeElements: surfaces.chrome,
    icons,
    nodeId,
    at,
  };
}

/** Everything one observe produced. */
export interface Observation {
  state: WindowState;
  frame: RgbaImage;
  surfaces: Surfaces;
  /** Windows of the frontmost app, frontmost first. */
  appWindows: WindowInfo[];
  /** The graph's record of the focus window (null when none could be recorded). */
  sighting: SightingResult | null;
  charScan: Rect | null;
  ocrMs: number;
  /** Icons of the focus window, named when memory knows their drawing. */
  icons: KnownIcon[];
  at: number;
}

/** Reads the whole screen once and records the focus window. */
export async function observeScreen(services: Services): Promise<Observation> {
  const desktop = services.desktop();
  const seen = await perceive(desktop, services.reader(), { whole: true });
  const { state, frame, surfaces, charScan, ocrMs } = seen;
  const focus = surfaces.focus;
  const appWindows = focus ? state.windows.filter((w) => w.app === focus.app) : [];
  const at = services.now();
  let sighting: SightingResult | null = null;
  if (focus?.app) {
    const version = desktop.appVersion?.(focus.pid) ?? null;
    sighting = recordSighting(services.store, focus.app, focus, surfaces.window, at, version, seen.icons);
  }
  const icons = sighting?.icons ?? [];
  return { state, frame, surfaces, appWindows, sighting, charScan, ocrMs, icons, at };
}
