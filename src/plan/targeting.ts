/**
 * Finding a step's target on screen: choose the window the step works in,
 * look, resolve on the named surface only, and — for window targets that are
 * not visible — scroll a few steps down and up the way a person would.
 *
 * @module
 */

import type { WindowInfo } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import { type Point, type Rect, unionRect } from "../common/rect.ts";
import { findWindow, iconElements, type Look, openTitles } from "../look/look.ts";
import { isResolved, type Missed, type Resolved, resolveTarget } from "./resolve.ts";
import { type Run, skipOrThrow, StepFailure } from "./run.ts";
import { underPointer } from "./aim.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { ambiguousName } from "../common/app_match.ts";
import type { Region, Surface } from "../perceive/surfaces.ts";
import type { MatchInfo, MatchSaid, StepReport } from "./step_report.ts";
import type { SeenGrid } from "../perceive/grid_cells.ts";
import { isClientWindow } from "../perceive/front.ts";
import { contentOf, namesCloseButton, windowControls } from "../perceive/window_controls.ts";

/** The parts of a target every kind of step shares. */
export interface TargetSpec {
  text: string;
  scope?: Surface;
  region?: Region;
  window?: string;
  scroll_to_find?: boolean;
}

/** A target found on screen. */
export interface Found extends Resolved {
  surface: Surface;
  look: Look;
  /** How it was found when that took scrolling ("scrolled 2x down"). */
  via: string | null;
}

/** Notches per scroll step while searching. */
const SEARCH_NOTCHES = 3;
/** Scroll steps each way while searching. */
const SEARCH_STEPS = 6;
/** The largest step, in notches, once small steps proved to move little. */
const MAX_SEARCH_NOTCHES = 20;

/**
 * Brings the window a piece of title names (any app's, by the one name
 * matcher) to the front and returns it; no window or several differently
 * titled ones fail the step before any input.
 */
export async function enterWindow(run: Run, piece: string | undefined): Promise<WindowInfo | null> {
  const desktop = run.services.desktop();
  const state = desktop.windows();
  if (!piece) return null;
  const hit = findWindow(state, piece);
  if (hit.kind === "ambiguous") {
    const titles = hit.candidates.map((w) => escapeScreenText(w.title));
    throw new StepFailure(`target.window ${ambiguousName(escapeScreenText(piece), "open windows", titles)}`);
  }
  if (hit.kind === "none") {
    throw new StepFailure(
      `no open window's title contains "${escapeScreenText(piece)}"; open windows: ${
        openTitles(state).join(", ") || "(none)"
      }`,
    );
  }
  const win = hit.item;
  // The client's own window, once named, is the plan's to work in until another is named.
  run.clientNamed = isClientWindow(state, win);
  if (state.focusWindowId !== win.id) await bringForward(run, win);
  return win;
}

/** Brings a window to the front and waits (1.5 s at most) for it to take the focus. */
export async function bringForward(run: Run, win: WindowInfo): Promise<void> {
  const desktop = run.services.desktop();
  // Raising the window is aiming, not acting: nothing reaches the app yet.
  await run.lookingOnly(() => Promise.resolve(run.event()));
  // A backend that can tell the window did not come forward (macOS) refuses: the step fails, nothing is clicked.
  await desktop.activate(win.id).catch((e) => {
    throw new StepFailure(`"${win.title}" could not be brought to the front: ${(e as Error).message}`);
  });
  for (let i = 0; i < 30 && desktop.windows().focusWindowId !== win.id; i++) await run.clock.sleep(50);
}

/** What a target is searched among on one surface. */
export interface SurfaceText {
  elements: Element[];
  /** The surface's bounds. */
  area: Rect;
  /** The window's grid of cells, whose addresses are targets too (never on chrome). */
  grid: SeenGrid | null;
}

/** The elements (named icons included), bounds and grid of the surface a target names. */
export function surfaceOf(l: Look, surface: Surface): SurfaceText {
  if (surface === "chrome") {
    const rects = l.state.chrome.map((c) => c.bounds);
    const area = rects.length
      ? unionRect(rects)
      : { x: 0, y: 0, width: l.frame.width, height: l.frame.height };
    return { elements: l.chromeElements, area, grid: null };
  }
  return {
    elements: [...l.windowElements, ...iconElements(l.icons)],
    area: l.window?.bounds ?? { x: 0, y: 0, width: l.frame.width, height: l.frame.height },
    grid: l.grid,
  };
}

/**
 * Where to park the pointer to scroll a window: over the middle of its text
 * below the title and menu rows (the busiest scrollable part), else its centre.
 */
export function busiestPoint(window: WindowInfo | null, elements: Element[], frame: Rect): Point {
  const b = window?.bounds ?? frame;
  const body = elements.filter((e) => e.cy > b.y + b.height * 0.15 && e.cy < b.y + b.height * 0.95);
  if (body.length >= 3) {
    const ys = body.map((e) => e.cy).sort((a, c) => a - c);
    const xs = body.map((e) => e.cx).sort((a, c) => a - c);
    return { x: xs[Math.floor(xs.length / 2)], y: ys[Math.floor(ys.length / 2)] };
  }
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height * 0.55) };
}

/**
 * What a target may match on a surface: on the window, everything but the
 * window's own controls (its title bar, its close, minimise and maximise
 * buttons), which only the explicit "close window" names.
 */
export function targetableOf(l: Look, surface: Surface): SurfaceText {
  const s = surfaceOf(l, surface);
  return surface === "window" ? { ...s, elements: contentOf(s.elements, l.window) } : s;
}

/** The window's close button, as a target "close window" resolves to it; null when none was seen. */
function closeButton(l: Look): Resolved | null {
  if (!l.window) return null;
  const hit = windowControls(surfaceOf(l, "window").elements, l.window).find((c) => c.role === "close");
  if (!hit) return null;
  const e = hit.element;
  return {
    element: e,
    stage: "exact",
    score: 1,
    point: { x: e.cx, y: e.cy },
    candidates: 1,
    evidence: "the window's close button",
  };
}

/** Resolves a target on one look, on the surface it names, as every step does. */
export function resolveIn(l: Look, target: Pick<TargetSpec, "text" | "scope" | "region">): Resolved | Missed {
  const surface = target.scope ?? "window";
  if (surface === "window" && namesCloseButton(target.text)) {
    return closeButton(l) ?? { closest: [], outsideRegion: [] };
  }
  const s = targetableOf(l, surface);
  return resolveTarget(target.text, s.elements, s.area, target.region, s.grid);
}

/** Why a window's own control that the target names was not taken, for a miss; "" when none does. */
function controlNote(target: Pick<TargetSpec, "text">, surface: Surface, l: Look): string {
  if (surface !== "window" || !l.window) return "";
  if (namesCloseButton(target.text)) {
    return "; no close button was seen on its title bar or header bar (hotkey alt+f4 closes most windows)";
  }
  const controls = windowControls(surfaceOf(l, "window").elements, l.window).map((c) => c.element);
  const r = resolveTarget(target.text, controls, l.window.bounds);
  if (!isResolved(r)) return "";
  return `; the window's own ${
    r.element.cy < (l.window.bounds.y + (l.window.frame?.top ?? 0)) ? "title bar" : "header-bar button"
  } "${escapeScreenText(r.element.text)}" matches it, and content targets never match a window's controls ` +
    `(to close the window, target "close window")`;
}

/** What a miss says: the target, the surface searched (and not the other), matches outside its region. */
export function describeMiss(
  target: Pick<TargetSpec, "text" | "region">,
  surface: Surface,
  l: Look,
  outside: number,
): string {
  const other = surface === "window" ? "chrome" : "window";
  const where = surface === "window"
    ? `window "${escapeScreenText(l.window?.title ?? "(none)")}"`
    : "chrome (menus, popups)";
  const region = outside ? `; ${outside} match(es) lie outside region "${target.region}"` : "";
  return `target "${
    escapeScreenText(target.text)
  }" not found in the ${where}; searched the ${surface} surface only, not ${other}${region}`;
}

/** Pause between looks while waiting for a target to appear. */
const POLL_MS = 150;

/**
 * Finds a target on its surface. A target not there yet is looked for again
 * until `waitMs` has passed (it may still be rendering after the previous
 * step); then window targets are searched for by scrolling unless told not
 * to. Throws StepFailure with the closest texts when it is not there.
 */
export async function findTarget(
  run: Run,
  target: TargetSpec,
  opts: { allowScroll?: boolean; waitMs?: number } = {},
): Promise<Found> {
  const surface = target.scope ?? "window";
  const win = await enterWindow(run, target.window);
  const deadline = run.clock.now() + (opts.waitMs ?? 0);
  let l = await run.look(win?.id);
  const attempt = (lk: Look) => resolveIn(lk, target);
  let r = attempt(l);
  let waited = 0;
  while (!isResolved(r) && run.clock.now() < deadline) {
    await run.pause(Math.min(POLL_MS, Math.max(0, deadline - run.clock.now())));
    // No window named: keep looking at the focus window, which may be a dialog that just opened.
    l = await run.look(win?.id);
    r = attempt(l);
    waited++;
  }
  const waitedNote = waited ? `appeared after ${waited} more look(s)` : null;
  if (isResolved(r)) return { ...r, surface, look: l, via: waitedNote };

  const scrollable = surface === "window" && target.scroll_to_find !== false && opts.allowScroll !== false &&
    !namesCloseButton(target.text);
  if (scrollable && l.window) {
    const frameRect = { x: 0, y: 0, width: l.frame.width, height: l.frame.height };
    const park = busiestPoint(l.window, l.windowElements, frameRect);
    const textsOf = (lk: Look) => lk.windowElements.map((e) => e.text);
    const placed = (lk: Look) => new Map(lk.windowElements.map((e) => [e.text, e.cy]));
    // Notches actually scrolled away from the starting position (down is positive).
    let away = 0;
    const search = async (dir: 1 | -1): Promise<string | null> => {
      let notches = SEARCH_NOTCHES;
      let moved = 0;
      for (let i = 0; i < SEARCH_STEPS; i++) {
        const before = textsOf(l);
        const beforeAt = placed(l);
        await run.lookingOnly(() => run.scroll(park, dir * notches, underPointer(l, park)));
        await run.tell({ kind: "search", direction: dir > 0 ? "down" : "up", notches });
        await run.settle();
        l = await run.look(l.window!.id);
        const after = textsOf(l);
        // Nothing new came into view: the list ends here, and the wheel did not move it.
        if (after.join("\n") === before.join("\n")) break;
        away += dir * notches;
        moved++;
        r = attempt(l);
        if (isResolved(r)) return `not on screen, scrolled ${moved}x ${dir > 0 ? "down" : "up"}`;
        // Toolkits scroll anything from a few pixels to a page per notch: measure how far
        // this step moved the text and size the next one to about three quarters of the
        // scrolling area, so successive views overlap and no row is skipped.
        const shifts = l.windowElements
          .filter((e) => beforeAt.has(e.text) && beforeAt.get(e.text) !== e.cy)
          .map((e) => Math.abs(e.cy - beforeAt.get(e.text)!))
          .sort((a, b) => a - b);
        const moving = l.windowElements.filter((e) => beforeAt.get(e.text) !== e.cy).map((e) => e.cy);
        if (shifts.length && moving.length > 1) {
          const perNotch = shifts[Math.floor(shifts.length / 2)] / notches;
          const span = Math.max(...moving) - Math.min(...moving);
          notches = Math.max(1, Math.min(MAX_SEARCH_NOTCHES, Math.floor((span * 0.75) / perNotch)));
        }
      }
      return null;
    };
    const goBack = async () => {
      if (away === 0) return;
      await run.lookingOnly(() => run.scroll(park, -away, underPointer(l, park)));
      away = 0;
      await run.settle();
      // The next search compares against what is on screen now, not what was before going back.
      l = await run.look(l.window!.id);
    };
    let via = await search(1);
    if (!via) {
      await goBack();
      via = await search(-1);
    }
    if (via && isResolved(r)) return { ...r, surface, look: l, via };
    await goBack();
    l = await run.look(l.window.id);
    r = attempt(l);
    if (isResolved(r)) return { ...r, surface, look: l, via: "found after scrolling back" };
  }
  const miss = r as { closest: { text: string; similarity: number }[]; outsideRegion: Element[] };
  const waitNote = opts.waitMs ? `; looked for ${opts.waitMs} ms (timeout_ms)` : "";
  throw new StepFailure(
    describeMiss(target, surface, l, miss.outsideRegion.length) + controlNote(target, surface, l) + waitNote +
      (scrollable && l.window ? " (also scrolled down and up to look for it, then scrolled back)" : ""),
    { surface, target: target.text, closest: miss.closest, look: l },
  );
}

/**
 * Finds a step's target; when it is absent and the step has
 * `skip_if_absent`, returns the skipped report instead.
 */
export async function findOrSkip(
  run: Run,
  step: { action: string; target: TargetSpec; skip_if_absent?: boolean; timeout_ms: number },
  n: number,
): Promise<Found | StepReport> {
  try {
    return await findTarget(run, step.target, { waitMs: step.timeout_ms });
  } catch (err) {
    if (!(err instanceof StepFailure)) throw err;
    return skipOrThrow(step, n, `target absent ("${step.target.text}")`, err);
  }
}

/** The structured form of a match, for the reply. */
export function matchInfo(f: Found): MatchInfo {
  return {
    text: f.element.text,
    stage: f.stage,
    score: f.score,
    candidates: f.candidates,
    scope: f.surface,
    x: f.point.x,
    y: f.point.y,
  };
}

/** A match as a journey line tells it. */
export function matchSaid(f: Found): MatchSaid {
  return {
    text: f.element.text,
    stage: f.stage,
    score: f.score,
    candidates: f.candidates,
    point: f.point,
    via: f.via,
    icon: Boolean(f.element.icon),
    control: f.element.control ?? null,
    evidence: f.evidence ?? null,
  };
}
