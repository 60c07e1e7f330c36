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

/** How long to wait for a tooltip before counting the icon as showing none. */
export const TOOLTIP_WAIT_MS = 2000;
/** How far from the pointer (px) a tooltip may open and still be this icon's. */
const TOOLTIP_REACH = 160;

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
  let lastTip = -1;
  try {
    for (const [i, icon] of visits.entries()) {
      const t0 = clock.now();
      checkpoint();
      await desktop.move({ x: icon.cx, y: icon.cy });
      result.hovered++;
      const moved = clock.now();
      const tip = await readTooltip(services, { x: icon.cx, y: icon.cy }, lastTip, clock, checkpoint);
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
 * one window) does not count until its pixels change.
 */
async function readTooltip(
  services: Services,
  at: Point,
  previous: number,
  clock: Clock,
  checkpoint: () => void,
): Promise<{ text: string; pixels: number; seenAt: number } | null> {
  const desktop = services.desktop();
  const end = clock.now() + TOOLTIP_WAIT_MS;
  while (clock.now() < end) {
    await clock.sleep(60);
    checkpoint();
    // A tooltip-type window, or an untyped popup (some toolkits give tooltips no type); never
    // a menu, dock or menu bar that happens to be near.
    const chrome = desktop.windows().chrome.filter((c) => near(c.bounds, at));
    const tip = chrome.find((c) => c.kind === "tooltip") ?? chrome.find((c) => c.kind === "popup");
    if (!tip) continue;
    const seenAt = clock.now();
    // Let the toolkit finish painting it.
    await clock.sleep(50);
    const frame = desktop.capture();
    const b = tip.bounds;
    const pixels = frameHash(cropImage(frame, { x: b.x, y: b.y, w: b.width, h: b.height }));
    if (pixels === previous) continue;
    const read = await services.reader().read(frame, tip.bounds, { charScan: false });
    const text = read.elements.map((e) => e.text).join(" ").replace(/\s+/g, " ").trim();
    if (text) return { text, pixels, seenAt };
  }
  return null;
}

function near(r: Rect, p: Point): boolean {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return dx <= TOOLTIP_REACH && dy <= TOOLTIP_REACH;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
