/**
 * observe's look: the whole frame read once, sorted onto the focus window
 * and chrome, and the focus window recorded in the interface graph, with
 * the time of each stage.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import { type StageTimes, timed } from "../common/stages.ts";
import type { WindowInfo, WindowState } from "../desktop/types.ts";
import type { KnownIcon } from "../graph/glyphs.ts";
import { recordSighting, type SightingResult } from "../graph/record.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { perceive } from "../perceive/perceive.ts";
import type { Surfaces } from "../perceive/surfaces.ts";
import type { FrontChoice } from "../perceive/front.ts";
import type { SeenGrid } from "../perceive/grid_cells.ts";
import type { Services } from "../services.ts";
import { recordOrSay } from "./look.ts";

/** Everything one observe produced. */
export interface Observation {
  state: WindowState;
  frame: RgbaImage;
  surfaces: Surfaces;
  /** The window in front, and why another was read when it was (withheld, or the client's own). */
  front: FrontChoice;
  /** Windows of the read window's app, frontmost first. */
  appWindows: WindowInfo[];
  /** The graph's record of the focus window (null when none could be recorded). */
  sighting: SightingResult | null;
  /** Why the focus window was read but not recorded (a full disk, a replaced database file). */
  unstored: string | null;
  charScan: Rect | null;
  ocrMs: number;
  /** Milliseconds per stage of the look, `record` (the graph's SQLite writes) included. */
  stages: StageTimes;
  /** Icons of the focus window, named when memory knows their drawing. */
  icons: KnownIcon[];
  /** The grid of cells the focus window draws, or null. */
  grid: SeenGrid | null;
  at: number;
}

/** Reads the whole screen once and records the focus window. */
export async function observeScreen(services: Services): Promise<Observation> {
  const desktop = services.desktop();
  const seen = await perceive(desktop, services.reader(), { whole: true });
  const { state, frame, surfaces, charScan, ocrMs, stages } = seen;
  const focus = surfaces.focus;
  const appWindows = focus ? state.windows.filter((w) => w.app === focus.app) : [];
  const at = services.now();
  let recorded: { sighting: SightingResult | null; unstored: string | null } = {
    sighting: null,
    unstored: null,
  };
  if (focus?.app) {
    const version = desktop.appVersion?.(focus.pid) ?? null;
    recorded = timed(
      stages,
      "record",
      () =>
        recordOrSay(() =>
          recordSighting(services.store, focus.app!, focus, surfaces.window, at, version, seen.icons)
        ),
    );
  }
  const { sighting, unstored } = recorded;
  const icons = sighting?.icons ?? [];
  const grid = seen.grid;
  const front = seen.front;
  return {
    state,
    frame,
    surfaces,
    front,
    appWindows,
    sighting,
    unstored,
    charScan,
    ocrMs,
    stages,
    icons,
    grid,
    at,
  };
}
