/**
 * One look at the screen: list windows, capture once, read the text and
 * sort it onto the target window and chrome, with windows in front hiding
 * what is under them. observe and every plan step look through this one
 * function, so they agree on what text is reachable; recording what was
 * seen is the caller's business.
 *
 * @module
 */

import { type Box, containsPoint, overlapArea, type Rect } from "../common/rect.ts";
import type { Desktop, WindowInfo, WindowState } from "../desktop/types.ts";
import type { ReadOptions, ScreenReader } from "../ocr/reader.ts";
import type { Element } from "../ocr/types.ts";
import { findIcons, type SeenIcon, windowIconShapes } from "./icons.ts";
import { withoutIconLetters } from "./icon_letters.ts";
import { snapshot } from "./snapshot.ts";
import { mergeStages, type StageTimes, timed } from "../common/stages.ts";
import { assignSurfaces, type Surfaces } from "./surfaces.ts";
import { chooseFront, type FrontChoice } from "./front.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { attachControls } from "./controls.ts";
import { attachLoneToggles } from "./lone_toggles.ts";
import { rereadCutLabels } from "./label_reread.ts";
import { joinCaptions } from "./captions.ts";
import { findGrid, type Grid } from "./grid.ts";
import { readWithGrid } from "./grid_look.ts";
import { gridArea, nameBands, type SeenGrid } from "./grid_cells.ts";
import { type LookMemory, lookMemory } from "./look_memory.ts";
import { letChainsRun, turnLoop } from "../common/time.ts";
import { foldLeastSure } from "../ocr/group.ts";

/** What one look saw. */
export interface Perception {
  state: WindowState;
  frame: RgbaImage;
  /** The window the text was sorted for (`surfaces.focus`; null when none is open or the front one is withheld). */
  window: WindowInfo | null;
  /** The window in front, and why another was chosen when it was (front.ts). */
  front: FrontChoice;
  surfaces: Surfaces;
  /** Where the single-character scan ran, when it ran. */
  charScan: Rect | null;
  ocrMs: number;
  /** Milliseconds per stage: capture, then the reads' stages. */
  stages: StageTimes;
  /** Wordless icons drawn in the window (unnamed: names come from memory). */
  icons: SeenIcon[];
  /** The grid of cells the window draws (a spreadsheet, a table view), or null. */
  grid: SeenGrid | null;
}

/** How to look. */
export interface PerceiveOptions {
  /** The window to sort text for (default: the focus window). */
  windowId?: string;
  /**
   * Read the whole frame (observe) instead of just the window and the chrome
   * surfaces (plan steps: cheaper, and the reader's cache makes a repeated
   * look cost only what changed).
   */
  whole?: boolean;
  /** The run last named the client's own window: it is not passed over (front.ts). */
  clientNamed?: boolean;
}

/** Captures and reads the screen once and sorts the text onto surfaces. */
export function perceive(
  desktop: Desktop,
  reader: ScreenReader,
  opts: PerceiveOptions = {},
): Promise<Perception> {
  const stages: StageTimes = {};
  const { state, frame } = timed(stages, "capture", () => snapshot(desktop));
  return perceiveFrame({ state, frame }, reader, lookMemory(desktop), opts, stages);
}

/**
 * `perceive` on a frame already captured with the window stack around it,
 * `memory` holding what the looks before it kept; `stages` gets the look's
 * stage times. The server's warming runs it on a made-up window (warm_read.ts).
 */
export async function perceiveFrame(
  { state, frame }: { state: WindowState; frame: RgbaImage },
  reader: ScreenReader,
  memory: LookMemory,
  opts: PerceiveOptions = {},
  stages: StageTimes = {},
): Promise<Perception> {
  // A recogniser that has started meanwhile is seen now, not after the read's first stacks are sent.
  if (reader.engine.starting?.()) await turnLoop();
  const front = chooseFront(state, opts.clientNamed);
  const window = (opts.windowId ? state.windows.find((w) => w.id === opts.windowId) : null) ?? front.window;
  // A sheet's cells are read apart, with its rules, cell cursor and squiggles painted out, instead of
  // as lines run together; the frame kept (for screenshots and comparisons) is untouched.
  const found = window ? timed(stages, "grid", () => findGrid(frame, window.bounds)) : null;
  const chromeBounds = state.chrome.map((c) => c.bounds);
  // A word cut by its view's edge (a long line, a narrow column) is listed unsure: half a letter reads as another.
  const read = (region: Rect, options?: ReadOptions) =>
    readWithGrid(reader, frame, region, found, chromeBounds, { ...options, unsureAtEdges: true });
  // The icons' shapes need no text: they are found while the recognisers read, once the read's first
  // stacks have reached them (a failed read is awaited below, not left unhandled meanwhile).
  const shapesWhile = async <T>(reading: Promise<T>) => {
    reading.catch(() => {});
    await letChainsRun();
    const shapes = window ? timed(stages, "icons", () => windowIconShapes(frame, window, memory.icons)) : [];
    return { got: await reading, shapes };
  };
  if (opts.whole) {
    const { got: whole, shapes } = await shapesWhile(
      read({ x: 0, y: 0, width: frame.width, height: frame.height }, { title: titleBar(window, state) }),
    );
    mergeStages(stages, whole.stages);
    const surfaces = timed(stages, "group", () => assignSurfaces(whole.elements, state, window));
    // Icons read as unsure letters are icons, not text: listed and hovered as the others are.
    const split = withoutIconLetters(surfaces.window, shapes);
    surfaces.window = split.text;
    const icons = window
      ? timed(stages, "icons", () => findIcons(frame, state, window, surfaces.window, split.shapes))
      : [];
    if (window) {
      surfaces.window = await rereadCutLabels(
        reader,
        frame,
        timed(stages, "controls", () => windowText(frame, window, surfaces.window, found, memory)),
      );
    }
    const grid = found ? nameBands(found, surfaces.window) : null;
    return {
      state,
      frame,
      window,
      front,
      surfaces: reported(surfaces),
      charScan: whole.charScan,
      ocrMs: whole.ms,
      stages,
      icons,
      grid,
    };
  }
  const chromeReads = await Promise.all(state.chrome.map((c) => reader.read(frame, c.bounds)));
  const chrome = chromeReads.flatMap((r, i) =>
    r.elements.filter((e) => containsPoint(state.chrome[i].bounds, e.cx, e.cy))
  );
  let ocrMs = chromeReads.reduce((sum, r) => sum + r.ms, 0);
  for (const r of chromeReads) mergeStages(stages, r.stages);
  let text: Element[] = [];
  let offSurface = 0;
  let charScan: Rect | null = null;
  let shapes: Box[] = [];
  if (window) {
    // The frame's outermost pixels are border lines, which OCR turns into "|" specks.
    const b = window.bounds;
    const inner = { x: b.x + 2, y: b.y + 2, width: b.width - 4, height: b.height - 4 };
    const { got, shapes: drawn } = await shapesWhile(read(inner, { title: titleBar(window, state) }));
    // Text a chrome surface draws over the window was read with that surface.
    mergeStages(stages, got.stages);
    const sorted = timed(stages, "group", () => assignSurfaces(got.elements, state, window));
    const split = withoutIconLetters(sorted.window, drawn);
    text = split.text;
    shapes = split.shapes;
    offSurface = sorted.offSurface;
    charScan = got.charScan;
    ocrMs += got.ms;
  }
  const icons = window ? timed(stages, "icons", () => findIcons(frame, state, window, text, shapes)) : [];
  if (window) {
    text = timed(stages, "controls", () => windowText(frame, window, text, found, memory));
    // A label read with its control's drawing, unsure for it, is read again without the drawing.
    text = await rereadCutLabels(reader, frame, text);
  }
  return {
    state,
    frame,
    window,
    front,
    surfaces: reported({ focus: window, window: text, chrome, offSurface }),
    charScan,
    ocrMs,
    stages,
    icons,
    grid: found ? nameBands(found, text) : null,
  };
}

/** The surfaces' elements as replies list them: each as sure as its least sure word (ocr/group.ts). */
function reported(s: Surfaces): Surfaces {
  return { ...s, window: s.window.map(foldLeastSure), chrome: s.chrome.map(foldLeastSure) };
}

/**
 * A window's text once read: form controls put on their labels, a lone toggle's state told by how the
 * window drew it before, wrapped captions joined (not in cells).
 */
function windowText(
  frame: RgbaImage,
  window: WindowInfo,
  elements: Element[],
  grid: Grid | null,
  memory: LookMemory,
): Element[] {
  const controlled = attachControls(frame, elements, window.bounds, memory.controls);
  const toggles = attachLoneToggles(frame, controlled, window, memory.toggles);
  return joinCaptions(toggles, frame, grid ? gridArea(grid) : null);
}

/**
 * The window manager's title bar of `w` and the title it draws there; none
 * when it draws no frame, or when a window in front of it or a chrome
 * surface covers any of the bar (then it shows only part of the title).
 */
function titleBar(w: WindowInfo | null, state: WindowState): ReadOptions["title"] {
  const top = w?.frame?.top ?? 0;
  if (!w || top <= 0 || !w.title.trim()) return undefined;
  const band = { x: w.bounds.x, y: w.bounds.y, width: w.bounds.width, height: top };
  const at = state.windows.indexOf(w);
  const ahead = at < 0 ? state.windows : state.windows.slice(0, at);
  if ([...ahead, ...state.chrome].some((o) => o !== w && overlapArea(o.bounds, band) > 0)) return undefined;
  return { band, text: w.title };
}
