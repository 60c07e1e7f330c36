/**
 * The `drag` step: every waypoint is resolved before the button goes down;
 * the pointer then glides through them with the modifiers held. With
 * `until_readout` the second waypoint is only a direction and a first guess:
 * after each push the watched readout is read again and the next push is
 * aimed by the secant through the last two (position, reading) pairs, until
 * the reading is within tolerance or the pushes run out.
 *
 * @module
 */

import type { Desktop, Modifier } from "../../../desktop/types.ts";
import { DisplayLost } from "../../../desktop/display_lost.ts";
import type { Element } from "../../../ocr/types.ts";
import type { Look } from "../../../look/look.ts";
import { findReadout, notationOf, parseReadout, withinTolerance } from "./readout.ts";
import { isResolved, resolveTarget } from "../../resolve.ts";
import { type Run, StepFailure } from "../../run.ts";
import type { Step } from "../../steps.ts";
import { enterWindow, targetableOf } from "../../targeting.ts";
import { confirmStep, destructiveLabel, markOf } from "../../confirm.ts";
import { underPointer } from "../../aim.ts";
import { iconElements } from "../../../look/look.ts";
import { containsPoint, type Point, type Rect } from "../../../common/rect.ts";
import { escapeScreenText } from "../../../common/untrusted.ts";
import { beforeOf, verify } from "../../verify.ts";
import { type EffectProbe, probeBefore } from "../../effect.ts";
import type { Waypoint } from "../../step_fields.ts";
import type { MatchInfo, MatchSaid, StepReport, WaypointSaid } from "../../step_report.ts";

type DragStep = Extract<Step, { action: "drag" }>;

/** Pushes tried at most while steering toward a reading. */
const MAX_PUSHES = 14;
/** Pointer moves per waypoint segment, so toolkits see a drag and not a jump. */
const GLIDE_STEPS = 8;

/** A resolved waypoint: where, as the journey tells it, and the text it was found by (none for coordinates). */
interface PlacedWaypoint {
  point: Point;
  /** The text it was found by, quoted, with its offset: how a question to the user names it. */
  label: string;
  text: string | null;
  said: WaypointSaid;
  /** As the typed reply gives it: the match, or the bare point. */
  info: MatchInfo | Point;
}

/** How tall a window's bottom strip is where a status bar echoes the selection, in pixels. */
const STATUS_STRIP = 40;

/**
 * Whether `element`, a longer text holding `target`, echoes a selection
 * rather than being the item: it quotes the name, or it lies in the
 * window's bottom strip, where status bars are.
 */
function isEcho(target: string, element: Element, area: Rect): boolean {
  const name = target.trim().toLowerCase();
  const text = element.text.toLowerCase();
  const quoted = ['"', "'", "“", "‘", "«"].some((q) => text.includes(`${q}${name}`));
  return quoted || element.cy >= area.y + area.height - STATUS_STRIP;
}

/** Resolves one waypoint on a look (no scrolling: earlier points would move). */
function resolveWaypoint(l: Look, wp: Waypoint, i: number): PlacedWaypoint {
  if ("x" in wp) {
    const point = { x: Math.round(wp.x), y: Math.round(wp.y) };
    return {
      point,
      label: `(${wp.x},${wp.y})`,
      text: null,
      said: { match: null, point, offset: null },
      info: point,
    };
  }
  const surface = wp.target.scope ?? "window";
  const s = targetableOf(l, surface);
  const r = resolveTarget(wp.target.text, s.elements, s.area, wp.target.region, s.grid);
  if (!isResolved(r)) {
    throw new StepFailure(
      `waypoint ${i + 1}: "${
        escapeScreenText(wp.target.text)
      }" not found on the ${surface} surface; the drag did not start`,
      { surface, target: wp.target.text, closest: r.closest, look: l },
    );
  }
  // What is grabbed must be the item itself: its name inside a longer text that echoes the
  // selection (a status bar's '"notes.txt" | 21 bytes', a tooltip) is no item, and pressing there
  // moves nothing. A label that merely starts with the words named ("Plain" in "Plain words
  // here") is the item.
  if (i === 0 && r.stage === "contained" && isEcho(wp.target.text, r.element, s.area)) {
    throw new StepFailure(
      `waypoint 1: "${escapeScreenText(wp.target.text)}" was found only inside the longer text "${
        escapeScreenText(r.element.text)
      }" (a status bar or tooltip naming the selection, not the item itself); the drag did not start`,
      { surface, target: wp.target.text, closest: [], look: l },
    );
  }
  const dx = wp.offset?.dx ?? 0;
  const dy = wp.offset?.dy ?? 0;
  const offset = dx || dy ? ` ${dx >= 0 ? "+" : ""}${dx},${dy >= 0 ? "+" : ""}${dy}` : "";
  const point = { x: Math.round(r.point.x + dx), y: Math.round(r.point.y + dy) };
  const match: MatchSaid = {
    text: r.element.text,
    stage: r.stage,
    score: r.score,
    candidates: r.candidates,
    point: r.point,
    via: null,
    icon: Boolean(r.element.icon),
    control: r.element.control ?? null,
    evidence: r.evidence ?? null,
  };
  return {
    point,
    label: `"${escapeScreenText(r.element.text)}"${offset}`,
    text: r.element.text,
    said: { match, point, offset: dx || dy ? { dx, dy } : null },
    info: {
      text: r.element.text,
      stage: r.stage,
      score: r.score,
      candidates: r.candidates,
      scope: surface,
      ...point,
    },
  };
}

/** The points a glide from `from` to `to` moves through, in order. */
function glidePoints(from: Point, to: Point): Point[] {
  return Array.from({ length: GLIDE_STEPS }, (_, i) => ({
    x: Math.round(from.x + (to.x - from.x) * (i + 1) / GLIDE_STEPS),
    y: Math.round(from.y + (to.y - from.y) * (i + 1) / GLIDE_STEPS),
  }));
}

/**
 * Lets go of the button and the modifiers. A display that went away took
 * them with it: that is no failure of its own, and the reason the drag
 * stopped (which says what was held) is the one to report.
 */
async function letGo(desktop: Desktop, mods: Modifier[]): Promise<void> {
  try {
    await desktop.button("left", false);
  } catch (err) {
    if (!(err instanceof DisplayLost)) throw err;
  }
  try {
    await desktop.modifiers(mods, false);
  } catch (err) {
    if (!(err instanceof DisplayLost)) throw err;
  }
}

/** Every move is a checkpoint: a stop lets go of the button where the pointer is. */
async function glide(run: Run, from: Point, to: Point): Promise<void> {
  for (const p of glidePoints(from, to)) {
    await run.move(p);
    await run.clock.sleep(12);
  }
}

/**
 * Refuses, before anything is pressed, a drag whose pointer would pass over
 * a window of an app on the deny list: the guard refuses each such move,
 * and refused halfway, the button would be let go wherever the pointer was.
 */
function refuseDeniedPath(run: Run, waypoints: Point[]): void {
  const path = [waypoints[0], ...waypoints.slice(1).flatMap((p, i) => glidePoints(waypoints[i], p))];
  run.services.desktop().refuseDenied?.("drag", path);
}

/** The window names the waypoints give must agree: a drag stays in one window. */
function windowOf(step: DragStep): string | undefined {
  const names = new Set<string>();
  for (const wp of step.path) if ("target" in wp && wp.target.window) names.add(wp.target.window);
  if (step.until_readout?.watch.window) names.add(step.until_readout.watch.window);
  if (names.size > 1) {
    throw new StepFailure(
      `all waypoints must be in one window, but they name ${[...names].map(escapeScreenText).join(", ")}`,
    );
  }
  return [...names][0];
}

/** Reads the watched readout: the text on the watch's row that fits the target's notation. */
function readWatch(
  l: Look,
  watch: Element,
  value: string,
  lastX: number,
): { value: number; text: string; x: number } | null {
  const band = l.windowElements.concat(l.chromeElements).filter((e) =>
    e.cy >= watch.y - watch.h && e.cy <= watch.y + watch.h * 2
  );
  const candidates = band
    // OCR glues neighbours to a readout ("(D100": the knob beside the number); retry without them.
    .map((e) => ({
      e,
      found: findReadout(e.text, value) ?? findReadout(e.text.replace(/[^\d.,:%+\-−\s]/g, " "), value),
    }))
    .filter((c) => c.found !== null)
    .sort((a, b) => Math.abs(a.e.cx - lastX) - Math.abs(b.e.cx - lastX));
  const best = candidates[0];
  return best ? { value: best.found!.value, text: best.e.text, x: best.e.cx } : null;
}

/**
 * Resolves every waypoint on one look, looking again until they are all
 * there or `timeoutMs` has passed (a pane may still be drawing).
 */
async function resolvePath(
  run: Run,
  step: DragStep,
  windowId: string | undefined,
): Promise<{ look: Look; points: PlacedWaypoint[] }> {
  const deadline = run.clock.now() + step.timeout_ms;
  let l = await run.look(windowId);
  for (;;) {
    try {
      return { look: l, points: step.path.map((wp, i) => resolveWaypoint(l, wp, i)) };
    } catch (err) {
      if (!(err instanceof StepFailure) || run.clock.now() >= deadline) throw err;
      await run.pause(150);
      l = await run.look(windowId);
    }
  }
}

/**
 * The destructive label at one end of a drag: the text its waypoint was
 * found by, or the text (or named icon) under its point, raw coordinates
 * included; with the box to mark.
 */
function destructiveEnd(
  run: Run,
  l: Look,
  end: PlacedWaypoint,
): { label?: string; mark?: Rect; packName?: string } | null {
  const policy = run.services.policy;
  const byText = end.text === null ? null : destructiveLabel(policy, end.text);
  const under = [...l.chromeElements, ...l.windowElements, ...iconElements(l.icons)]
    .filter((e) => containsPoint(markOf(e), end.point.x, end.point.y));
  // An icon only a pack named may be anything: the user decides, as for a click on it.
  const packIcon = under.find((e) => e.packName);
  if (packIcon) {
    const label = destructiveLabel(policy, packIcon.text) ?? byText;
    return { packName: packIcon.text, mark: markOf(packIcon), ...(label ? { label } : {}) };
  }
  for (const e of under) {
    const label = destructiveLabel(policy, e.text);
    if (label) return { label, mark: markOf(e) };
  }
  return byText ? { label: byText } : null;
}

/**
 * Runs a drag step, then checks its expect against the screen as it was
 * before the gesture; without one, waits for the gesture's effect and says
 * when none could be seen.
 */
export async function dragStep(run: Run, step: DragStep, n: number): Promise<StepReport> {
  const { report, before, probe } = await gesture(run, step, n);
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms, probe);
  return {
    ...report,
    ...(after.unseen ? { outcome: "unconfirmed" as const } : {}),
    did: { ...report.did, check: after.detail } as StepReport["did"],
  };
}

/** The gesture itself; returns the look the path was resolved on as well. */
async function gesture(
  run: Run,
  step: DragStep,
  n: number,
): Promise<{ report: StepReport; before: Look; probe?: EffectProbe }> {
  const desktop = run.services.desktop();
  const win = await enterWindow(run, windowOf(step));
  const { look: l, points } = await resolvePath(run, step, win?.id);
  // A slider drag pushes along its first segment only.
  refuseDeniedPath(run, (step.until_readout ? points.slice(0, 2) : points).map((p) => p.point));
  // Pressing on "Delete" and letting go there clicks it; dropping onto "Remove" is as destructive:
  // both ends are checked, by the text they were found by and by what lies under the point.
  const ends = step.until_readout ? [points[0]] : [points[0], points[points.length - 1]];
  const hit = ends.map((p) => destructiveEnd(run, l, p)).find((h) => h !== null);
  if (hit) {
    await confirmStep(run, {
      what: `drag ${points[0].label} onto ${points[points.length - 1].label}`,
      app: l.window?.app ?? null,
      window: l.window?.title ?? null,
      step: n,
      ...(hit.label ? { label: hit.label } : {}),
      ...(hit.packName !== undefined ? { packName: hit.packName } : {}),
      mark: hit.mark,
    });
  }
  const press = underPointer(l, points[0].point);
  const mods = step.modifiers ?? [];
  const base = { step: n, action: "drag" };

  if (!step.until_readout) {
    await run.move(points[0].point);
    await run.modifiers(mods, true);
    let probe: EffectProbe | undefined;
    try {
      await run.clock.sleep(40);
      await run.apartFromLastPress(points[0].point);
      // Taken with the pointer already over the item: its hover highlight is no effect of the drag.
      probe = step.expect ? undefined : probeBefore(run, points[0].point);
      await run.button("left", true, press);
      for (let i = 1; i < points.length; i++) {
        run.progress = `dragged through ${i - 1} of ${points.length - 1} segment(s), then let go`;
        await glide(run, points[i - 1].point, points[i].point);
      }
      run.progress = null;
      await run.clock.sleep(40);
    } finally {
      await letGo(desktop, mods);
    }
    return {
      report: {
        ...base,
        outcome: "done",
        did: { kind: "drag", path: points.map((p) => p.said), check: "" },
        waypoints: points.map((p) => p.info),
      },
      before: l,
      probe,
    };
  }

  const u = step.until_readout;
  const notation = notationOf(u.value);
  const target = parseReadout(u.value, u.value);
  if (!notation || target === null) {
    throw new StepFailure(
      `until_readout.value "${u.value}" is not a reading choto can compare (a number, 50%, -6 dB, 00:12:00)`,
    );
  }
  const ws = targetableOf(l, u.watch.scope ?? "window");
  const w = resolveTarget(u.watch.text, ws.elements, ws.area, u.watch.region, ws.grid);
  if (!isResolved(w)) {
    throw new StepFailure(`the readout "${u.watch.text}" is not on screen; the drag did not start`, {
      surface: u.watch.scope ?? "window",
      target: u.watch.text,
      closest: w.closest,
      look: l,
    });
  }
  const watch = w.element;
  const first = readWatch(l, watch, u.value, watch.cx);
  const p0 = points[0].point;
  const p1 = points[1].point;
  const at = (t: number): Point => ({
    x: Math.round(p0.x + (p1.x - p0.x) * t),
    y: Math.round(p0.y + (p1.y - p0.y) * t),
  });

  // (position along p0→p1, reading) pairs; the start is t = 0.
  const history: Array<{ t: number; v: number }> = first ? [{ t: 0, v: first.value }] : [];
  let lastText = first?.text ?? watch.text;
  let lastX = first?.x ?? watch.cx;
  let t = 1;
  let pushes = 0;
  let outcome = "";
  await run.move(p0);
  await run.modifiers(mods, true);
  try {
    await run.clock.sleep(40);
    await run.button("left", true, press);
    let current = p0;
    while (pushes < MAX_PUSHES) {
      run.progress = `made ${pushes} of up to ${MAX_PUSHES} push(es), then let go`;
      const next = at(t);
      await glide(run, current, next);
      current = next;
      pushes++;
      await run.clock.sleep(120);
      const now = await run.look(win?.id ?? l.window?.id);
      const reading = readWatch(now, watch, u.value, lastX);
      if (!reading) {
        outcome = `could not read the readout after push ${pushes}; released where it stands`;
        break;
      }
      lastText = reading.text;
      lastX = reading.x;
      history.push({ t, v: reading.value });
      if (withinTolerance(reading.value, target, u.tolerance)) {
        outcome = `reached ${reading.text}`;
        break;
      }
      // Aim the next push with the secant through the last two distinct readings.
      const prev = [...history].reverse().find((h) => h.v !== reading.value);
      if (!prev) {
        t = t + (t >= 0 ? 0.5 : -0.5); // nothing moved yet: push further the same way
      } else {
        const slope = (reading.value - prev.v) / (t - prev.t);
        t = slope === 0 ? t + 0.25 : t + (target - reading.value) / slope;
      }
      t = Math.max(-1, Math.min(2.5, t));
    }
    if (!outcome) outcome = `stopped after ${MAX_PUSHES} pushes at ${lastText}`;
    run.progress = null;
    await run.clock.sleep(40);
  } finally {
    await letGo(desktop, mods);
  }
  await run.pause(200);
  const end = await run.look();
  const final = readWatch(end, watch, u.value, lastX);
  const reached = final !== null && withinTolerance(final.value, target, u.tolerance);
  const said = `until "${u.value}" (tolerance ${u.tolerance}): ${pushes} push(es), ${outcome}; readout now ${
    final ? `"${final.text}"` : "unreadable"
  }`;
  if (!reached) {
    const line = `drag ${points[0].label} toward ${points[1].label} ${said}`;
    throw new StepFailure(`${line}; the readout did not reach ${u.value}`, {
      target: u.watch.text,
      surface: u.watch.scope ?? "window",
      closest: [],
      look: end,
    });
  }
  return {
    report: {
      ...base,
      outcome: "done",
      did: { kind: "drag_readout", from: points[0].said, toward: points[1].said, said, check: "" },
      waypoints: points.slice(0, 2).map((p) => p.info),
    },
    before: l,
  };
}
