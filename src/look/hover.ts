/**
 * Letting an app name its own icons: the pointer rests on each unnamed icon
 * of the front window until the app shows its tooltip, the tooltip's own
 * pixels are read, and the text becomes the name of the drawing (and so of
 * every place the app draws it). Only the pointer moves; before every move
 * the user's ways out are checked, and the pointer goes back to where the
 * user left it however the walk ends.
 *
 * @module
 */

import { DeniedError } from "../desktop/guard.ts";
import type { WindowInfo } from "../desktop/types.ts";
import { type KnownIcon, MAX_GLYPH_NAME, nameGlyphs, unnamedAmong } from "../graph/glyphs.ts";
import { cropImage } from "../perceive/phash.ts";
import { chooseFront, type FrontChoice } from "../perceive/front.ts";

import { look } from "./look.ts";
import type { Services } from "../services.ts";
import { type Clock, realClock } from "../common/time.ts";
import { frameHash } from "../image/compare.ts";
import type { Point, Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { foldLeastSure } from "../ocr/group.ts";

/** How long to wait for a tooltip before counting the icon as showing none. */
export const TOOLTIP_WAIT_MS = 2000;
/** Pause between the two moves that bring the pointer onto an icon (toolkits merge closer motion). */
const ARRIVE_GAP_MS = 80;
/**
 * How long without a tooltip before the pointer is nudged by a pixel and back, once: soon, so that a
 * toolkit that missed the arrival (GTK4) starts its delay early, and only once, since every motion
 * restarts Qt's wake-up delay (700 ms): nudged at that pace, a Qt tooltip never showed.
 */
const NUDGE_MS = 300;
/** Captures a new tooltip's pixels may take to hold still, and the pause between two. */
const PAINT_CHECKS = 6;
const PAINT_GAP_MS = 60;
/** How far from the pointer (px) a tooltip may open and still be this icon's. */
const TOOLTIP_REACH = 160;
/** Confidence under which a tooltip's word is unsure (the listing's `~` line), and its text read again. */
const TIP_SURE = 0.8;
/** Further reads of an unsure tooltip, and the pause before each. */
const TIP_REREADS = 3;
const TIP_REREAD_GAP_MS = 150;
/** How long a tooltip's pixels must hold still before a sure reading of them names the icon. */
const TIP_STILL_MS = 250;

/** What a hover walk did. */
export interface HoverResult {
  window: WindowInfo | null;
  /** The window in front, and why another was hovered when it was (withheld, the client's own). */
  front: FrontChoice;
  app: string | null;
  /** Icons found in the window. */
  found: number;
  /** Icons the pointer visited. */
  hovered: number;
  /** Names learned, in the order they were read. */
  named: string[];
  /** Icons whose app showed no tooltip. */
  showedNothing: number;
  /** Glyphs of the window still unnamed after the walk. */
  stillUnnamed: number;
  /** Why the walk stopped before the end, or null when it finished. */
  stopped: string | null;
  /** Unnamed icons left unvisited because of `limit`. */
  leftOver: number;
  /**
   * Per visited icon: milliseconds until its tooltip was seen (the app's
   * tooltip delay, to within one poll), and in all.
   */
  timings: Array<{ waitMs: number | null; totalMs: number }>;
}

/** Hooks the caller gives: cancellation and per-icon progress. */
export interface HoverHooks {
  signal?: AbortSignal;
  progress?(done: number, total: number, message: string): Promise<void> | void;
  clock?: Clock;
}

class Stop extends Error {}

/** Hovers up to `limit` unnamed icons of the front window and keeps their tooltips as names. */
export async function hoverIcons(
  services: Services,
  limit: number,
  hooks: HoverHooks = {},
): Promise<HoverResult> {
  const clock = hooks.clock ?? realClock;
  const desktop = services.desktop();
  const home = desktop.pointer();
  const first = await look(services);
  const window = first.window;
  const result: HoverResult = {
    window,
    front: first.front,
    app: window?.app ?? null,
    found: first.icons.length,
    hovered: 0,
    named: [],
    showedNothing: 0,
    stillUnnamed: 0,
    stopped: null,
    leftOver: 0,
    timings: [],
  };
  if (!window) return result;
  // One visit per drawing: a name lands on every place it is drawn. A name only a pack gave is
  // asked of the app too: its own tooltip is the better word.
  const todo: KnownIcon[] = [];
  for (const icon of first.icons) {
    const unchecked = icon.label === null || icon.labelFrom === "pack";
    if (unchecked && !todo.some((t) => t.glyphId === icon.glyphId)) todo.push(icon);
  }
  const visits = todo.slice(0, limit);
  result.leftOver = todo.length - visits.length;
  const checkpoint = () => {
    if (desktop.pointerInCorner()) {
      throw new Stop("the pointer is in the top-left corner (the user stopped it)");
    }
    if (hooks.signal?.aborted) throw new Stop("the request was cancelled");
    const now = desktop.windows();
    const front = chooseFront(now).window;
    if (!front || front.id !== window.id) throw new Stop("the front window changed");
    if (!sameRect(front.bounds, window.bounds)) throw new Stop("the window moved or was resized");
  };
  // GTK4 on X11 types its tooltips as menus: a menu-typed window that opens while the pointer only
  // rests (none was open when the walk began) is a tooltip too.
  const openBefore = new Set(desktop.windows().chrome.map((c) => c.id));
  let lastTip = -1;
  try {
    for (const [i, icon] of visits.entries()) {
      const t0 = clock.now();
      checkpoint();
      // GTK4 starts a tooltip on motion inside the button: one jump from another button's tooltip
      // showed none, so the pointer arrives in two moves a moment apart, as a hand's would.
      await desktop.move({ x: icon.cx - 2, y: icon.cy - 2 });
      await clock.sleep(ARRIVE_GAP_MS);
      checkpoint();
      await desktop.move({ x: icon.cx, y: icon.cy });
      result.hovered++;
      const moved = clock.now();
      const tip = await readTooltip(
        services,
        { x: icon.cx, y: icon.cy },
        lastTip,
        { openBefore, frameBefore: first.frame },
        clock,
        checkpoint,
      );
      if (tip) {
        lastTip = tip.pixels;
        const name = tip.text.slice(0, MAX_GLYPH_NAME);
        nameGlyphs(services.store, [{ glyphId: icon.glyphId, label: name }], "tooltip");
        result.named.push(name);
      } else {
        result.showedNothing++;
      }
      result.timings.push({ waitMs: tip ? tip.seenAt - moved : null, totalMs: clock.now() - t0 });
      await hooks.progress?.(
        i + 1,
        visits.length,
        tip
          ? `icon ${i + 1}/${visits.length}: "${tip.text.slice(0, MAX_GLYPH_NAME)}"`
          : `icon ${i + 1}/${visits.length}: no tooltip`,
      );
    }
  } catch (err) {
    // An icon under a denied app's window (a popup came up over it) ends the walk like a stop.
    if (!(err instanceof Stop) && !(err instanceof DeniedError)) throw err;
    result.stopped = err.message;
  } finally {
    // Back where the user left it, unless that is now over a denied window: then it stays put.
    await desktop.move(home).catch((err) => {
      if (!(err instanceof DeniedError)) throw err;
    });
  }
  result.stillUnnamed = unnamedAmong(services.store, first.icons.map((i) => i.glyphId));
  return result;
}

/**
 * Waits for a tooltip window to open near the pointer and reads only its
 * pixels. A tooltip still showing the previous icon's text (toolkits reuse
 * one window) does not count until its pixels change. A menu open before
 * the walk is never taken for one, and a tooltip showing the pixels that lay
 * there before the walk is not drawn yet.
 */
async function readTooltip(
  services: Services,
  at: Point,
  previous: number,
  before: { openBefore: ReadonlySet<string>; frameBefore: RgbaImage },
  clock: Clock,
  checkpoint: () => void,
): Promise<{ text: string; pixels: number; seenAt: number } | null> {
  const desktop = services.desktop();
  const end = clock.now() + TOOLTIP_WAIT_MS;
  const nudgeAt = clock.now() + NUDGE_MS;
  let nudged = false;
  while (clock.now() < end) {
    await clock.sleep(60);
    checkpoint();
    if (!nudged && clock.now() >= nudgeAt) {
      // GTK4 merges the motion events of one frame and, on a loaded machine, can miss the pointer's
      // arrival: a pixel's nudge and back is motion it sees, and the tooltip's timer starts.
      await desktop.move({ x: at.x + 1, y: at.y });
      checkpoint();
      await desktop.move(at);
      nudged = true;
      checkpoint();
    }
    // A tooltip-type window, or an untyped popup (some toolkits give tooltips no type); never
    // a menu, dock or menu bar that happens to be near.
    const chrome = desktop.windows().chrome.filter((c) => near(c.bounds, at));
    const tip = chrome.find((c) => c.kind === "tooltip") ?? chrome.find((c) => c.kind === "popup") ??
      chrome.find((c) => c.kind === "menu" && !before.openBefore.has(c.id));
    if (!tip) continue;
    const seenAt = clock.now();
    let bounds = tip.bounds;
    // The window's bounds are asked again at each capture: GTK4 maps a tooltip at one size and then
    // fits it to its text, and a crop of the first size cut "Main menu" to "Mair men", read sure.
    const shot = (): TipShot => {
      bounds = desktop.windows().chrome.find((c) => c.id === tip.id)?.bounds ?? bounds;
      const frame = desktop.capture();
      return { frame, bounds, pixels: frameHash(cropImage(frame, crop(bounds))) };
    };
    // Let the toolkit finish painting it: a GTK4 tooltip is mapped before it is drawn, showing
    // what lies under it for a while, so its pixels must hold still across two captures.
    await clock.sleep(50);
    let still = shot();
    let since = clock.now();
    for (let i = 0; i < PAINT_CHECKS; i++) {
      await clock.sleep(PAINT_GAP_MS);
      const again = shot();
      if (again.pixels === still.pixels) break;
      still = again;
      since = clock.now();
    }
    if (still.pixels === previous) continue;
    if (still.pixels === frameHash(cropImage(before.frameBefore, crop(still.bounds)))) continue;
    const read = await tipText(services, still, since, shot, tip, clock, checkpoint);
    if (read.text) return { text: read.text, pixels: read.pixels, seenAt };
  }
  return null;
}

/**
 * A tooltip's text, read from pixels that held still for {@link TIP_STILL_MS}:
 * a toolkit may go on drawing a tooltip after it is mapped (GTK4 fits it to
 * its text after a while, and a fade may pause on a loaded machine). Pixels
 * that changed since they were read are read again, and the latest reading
 * wins; an unsure reading of pixels that held still is looked at again after
 * a pause. At most {@link TIP_REREADS} more looks.
 */
async function tipText(
  services: Services,
  first: TipShot,
  firstSince: number,
  shot: () => TipShot,
  tip: WindowInfo,
  clock: Clock,
  checkpoint: () => void,
): Promise<{ text: string; pixels: number }> {
  const desktop = services.desktop();
  const readIn = async (s: TipShot) => {
    const read = await services.reader().read(s.frame, s.bounds, { charScan: false });
    const elements = read.elements.map(foldLeastSure);
    const text = elements.map((e) => e.text).join(" ").replace(/\s+/g, " ").trim();
    return { text, conf: Math.min(1, ...elements.map((e) => e.conf)) };
  };
  let held = first.pixels;
  let since = firstSince;
  let best = await readIn(first);
  for (let i = 0; i < TIP_REREADS; i++) {
    const wait = best.conf < TIP_SURE ? TIP_REREAD_GAP_MS : since + TIP_STILL_MS - clock.now();
    if (wait > 0) await clock.sleep(wait);
    checkpoint();
    if (!desktop.windows().chrome.some((c) => c.id === tip.id)) break;
    const now = shot();
    if (now.pixels === held) {
      if (best.conf >= TIP_SURE) break;
      continue;
    }
    held = now.pixels;
    since = clock.now();
    const again = await readIn(now);
    if (again.text) best = again;
  }
  return { text: best.text, pixels: held };
}

/** One capture of a tooltip: the frame, the window's bounds then, and a hash of its pixels. */
interface TipShot {
  frame: RgbaImage;
  bounds: Rect;
  pixels: number;
}

function crop(r: Rect): { x: number; y: number; w: number; h: number } {
  return { x: r.x, y: r.y, w: r.width, h: r.height };
}

function near(r: Rect, p: Point): boolean {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return dx <= TOOLTIP_REACH && dy <= TOOLTIP_REACH;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
