/**
 * Looking and remembering: one perception of the screen (perceive.ts), then
 * the window it was for recorded in the interface graph. Plan steps look at
 * just the window they work in and the chrome; observe reads the whole frame
 * (observe.ts).
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";
import { matchAppName, type NameMatch } from "../common/app_match.ts";
import type { WindowInfo, WindowState } from "../desktop/types.ts";
import type { KnownIcon } from "../graph/glyphs.ts";
import type { NodeId } from "../graph/identity.ts";
import { recordSighting, type SightingResult } from "../graph/record.ts";
import { StoreFault } from "../db/store_fault.ts";
import type { Element } from "../ocr/types.ts";
import { perceive } from "../perceive/perceive.ts";
import { type FrontChoice, isClientWindow } from "../perceive/front.ts";
import type { Services } from "../services.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { SeenGrid } from "../perceive/grid_cells.ts";

/** One look: the window stack, the frame, and the text on both surfaces. */
export interface Look {
  state: WindowState;
  frame: RgbaImage;
  /** The window the step works in (null when no app window is open, or the one in front is withheld). */
  window: WindowInfo | null;
  /** The window in front, and why another was chosen when none was named (withheld, the client's own). */
  front: FrontChoice;
  /** Text inside that window, minus anything covered by chrome. */
  windowElements: Element[];
  /** Text on chrome surfaces (menus, popups, tooltips, docks, menu bar). */
  chromeElements: Element[];
  /** Icons drawn in the window, named when memory knows their drawing. */
  icons: KnownIcon[];
  /** The grid of cells the window draws (a spreadsheet), its bands named when the header was read. */
  grid: SeenGrid | null;
  /** The window's node in the interface graph, when recorded. */
  nodeId: NodeId | null;
  /** Why the window was not recorded although it was read (a full disk, a replaced database file). */
  unstored: string | null;
  at: number;
}

/**
 * Records a sighting, or says why it could not be stored: what was read
 * stands without the graph (a full disk or a replaced file costs the
 * memory of this look, never the look).
 */
export function recordOrSay(
  record: () => SightingResult,
): { sighting: SightingResult | null; unstored: string | null } {
  try {
    return { sighting: record(), unstored: null };
  } catch (err) {
    if (err instanceof StoreFault) return { sighting: null, unstored: err.message };
    throw err;
  }
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
    ...(i.labelFrom === "pack" ? { packName: true } : {}),
  }));
}

/** Titles of the open app windows, for error messages. */
export function openTitles(state: WindowState): string[] {
  // Titles go into failure reasons as they are: escaped here, as every reply carries screen text.
  return state.windows.map((w) => `"${escapeScreenText(w.title)}" (${escapeScreenText(w.app)})`);
}

/**
 * The window a piece of title names, by the one name matcher (exact title,
 * then a unique prefix, then a unique piece, case aside), among every app's
 * windows: two differently titled windows that both fit are ambiguous. Of
 * windows with the same title the focus window is taken, then the
 * frontmost app's, and the client's own windows last.
 */
export function findWindow(state: WindowState, piece: string): NameMatch<WindowInfo> {
  const front = state.frontmostApp;
  const rank = (w: WindowInfo) =>
    isClientWindow(state, w) ? 3 : w.id === state.focusWindowId ? 0 : w.app === front ? 1 : 2;
  const ordered = [...state.windows].sort((a, b) => rank(a) - rank(b));
  const hit = matchAppName(piece, ordered.map((w) => ({ name: w.title, aliases: [], w })));
  if (hit.kind === "found") return { kind: "found", item: hit.item.w, stage: hit.stage };
  if (hit.kind === "ambiguous") {
    return { kind: "ambiguous", candidates: hit.candidates.map((c) => c.w), stage: hit.stage };
  }
  return hit;
}

/**
 * Captures and reads the screen. `windowId` names the window to read
 * (default: the window in front, front.ts; `clientNamed`: the run last
 * named the client's own window). Records the window in the graph.
 */
export async function look(services: Services, windowId?: string, clientNamed = false): Promise<Look> {
  const desktop = services.desktop();
  const seen = await perceive(desktop, services.reader(), { windowId, clientNamed });
  const { state, frame, window, surfaces } = seen;
  const at = services.now();
  let nodeId: NodeId | null = null;
  let icons: KnownIcon[] = [];
  let unstored: string | null = null;
  if (window?.app) {
    const version = desktop.appVersion?.(window.pid) ?? null;
    const r = recordOrSay(() =>
      recordSighting(services.store, window.app, window, surfaces.window, at, version, seen.icons)
    );
    nodeId = r.sighting?.nodeId ?? null;
    icons = r.sighting?.icons ?? [];
    unstored = r.unstored;
  }
  return {
    state,
    frame,
    window,
    front: seen.front,
    windowElements: surfaces.window,
    chromeElements: surfaces.chrome,
    icons,
    grid: seen.grid,
    nodeId,
    unstored,
    at,
  };
}
