/**
 * One look at the screen: list windows, capture once, read the text, sort
 * it onto surfaces and record the focus window in the graph.
 *
 * @module
 */

import type { RgbaImage, WindowInfo, WindowState } from "../desktop/types.ts";
import type { Rect } from "../desktop/types.ts";
import { recordSighting, type SightingResult } from "../graph/record.ts";
import type { Element } from "../ocr/types.ts";
import type { Services } from "../services.ts";
import { snapshot } from "./snapshot.ts";
import { assignSurfaces, type Surfaces } from "./surfaces.ts";

/** Everything one look produced. */
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
  at: number;
}

/** Looks at the screen once; records the focus window unless `record` is false. */
export async function observeScreen(
  services: Services,
  opts: { record?: boolean } = {},
): Promise<Observation> {
  const desktop = services.desktop();
  const { state, frame } = snapshot(desktop);
  const read = await services.reader().read(frame, {
    x: 0,
    y: 0,
    width: frame.width,
    height: frame.height,
  });
  const surfaces = assignSurfaces(read.elements, state);
  const focus = surfaces.focus;
  const appWindows = focus ? state.windows.filter((w) => w.app === focus.app) : [];
  const at = services.now();
  let sighting: SightingResult | null = null;
  if (focus && focus.app && opts.record !== false) {
    const version = desktop.appVersion?.(focus.pid) ?? null;
    sighting = recordSighting(services.store, focus.app, focus, surfaces.window, at, version);
  }
  return { state, frame, surfaces, appWindows, sighting, charScan: read.charScan, ocrMs: read.ms, at };
}

/** Elements in reading order with exact duplicates of position removed. */
export function listing(elements: Element[]): Element[] {
  return [...elements].sort((a, b) => a.cy - b.cy || a.cx - b.cx);
}
