/**
 * Where the point tool's marks go: a target is found the way a plan step
 * finds it (the same look, surfaces and matcher), but with one look per
 * window and nothing else: no window is brought forward, nothing is
 * scrolled, no input is sent. A box is taken as given, in screen pixels.
 *
 * @module
 */

import { FRONT_WITHHELD } from "../common/policy.ts";
import { chooseFront } from "../perceive/front.ts";
import type { NearText } from "../common/match.ts";
import { overlapArea, type Rect } from "../common/rect.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { ambiguousName } from "../common/app_match.ts";
import { findWindow, type Look, look, openTitles } from "../look/look.ts";
import type { Region, Surface } from "../perceive/surfaces.ts";
import type { Services } from "../services.ts";
import { isResolved, type ResolveStage } from "./resolve.ts";
import { describeMiss, resolveIn } from "./targeting.ts";

/** A target as the point tool takes it: an execute_plan target without scrolling. */
export interface PointTarget {
  text: string;
  scope?: Surface;
  region?: Region;
  window?: string;
}

/** Where one mark goes, and what it was matched to (null for a box). */
export interface Located {
  box: Rect;
  matched: { text: string; stage: ResolveStage; scope: Surface; icon: boolean } | null;
}

/** Every mark placed, or why not (the closest texts to a target that was not found). */
export type Placement =
  | { found: true; marks: Located[] }
  | { found: false; reason: string; closest: NearText[] };

/** The box of `r` that lies on the screen, or null when none of it does. */
function onScreen(r: Rect, screen: { widthPx: number; heightPx: number }): Rect | null {
  const all = { x: 0, y: 0, width: screen.widthPx, height: screen.heightPx };
  if (r.width <= 0 || r.height <= 0 || overlapArea(r, all) === 0) return null;
  const x = Math.max(0, r.x), y = Math.max(0, r.y);
  return {
    x,
    y,
    width: Math.min(all.width, r.x + r.width) - x,
    height: Math.min(all.height, r.y + r.height) - y,
  };
}

/** Finds where each mark goes; a mark is either a target or a box `[x, y, width, height]`. */
export async function placeMarks(
  services: Services,
  specs: Array<{ target?: PointTarget; box?: number[] }>,
): Promise<Placement> {
  const desktop = services.desktop();
  const state = desktop.windows();
  // One look per window named (the front window when none is), shared by the marks in it.
  const looks = new Map<string, Look>();
  const lookAt = async (piece: string | undefined): Promise<Look | string> => {
    const key = piece ?? "";
    const seen = looks.get(key);
    if (seen) return seen;
    // No window named: the one in front, which a denied app's may withhold (nothing stands in for it).
    if (!piece && chooseFront(state).kind === "withheld") return FRONT_WITHHELD;
    const hit = piece ? findWindow(state, piece) : null;
    if (piece && hit?.kind === "ambiguous") {
      const titles = hit.candidates.map((w) => escapeScreenText(w.title));
      return `window ${ambiguousName(escapeScreenText(piece), "open windows", titles)}`;
    }
    if (piece && hit?.kind !== "found") {
      return `no open window's title contains "${escapeScreenText(piece)}"; open windows: ${
        openTitles(state).join(", ") || "(none)"
      }`;
    }
    const l = await look(services, hit?.kind === "found" ? hit.item.id : undefined);
    looks.set(key, l);
    return l;
  };
  const marks: Located[] = [];
  for (const [i, spec] of specs.entries()) {
    const which = specs.length > 1 ? `mark ${i + 1}: ` : "";
    if (spec.box) {
      const [x, y, width, height] = spec.box;
      const box = onScreen({ x, y, width, height }, state.screen);
      if (!box) {
        return {
          found: false,
          reason: `${which}the box [${
            spec.box.join(", ")
          }] does not lie on the screen (${state.screen.widthPx}x${state.screen.heightPx} pixels)`,
          closest: [],
        };
      }
      marks.push({ box, matched: null });
      continue;
    }
    const target = spec.target!;
    const l = await lookAt(target.window);
    if (typeof l === "string") return { found: false, reason: which + l, closest: [] };
    const r = resolveIn(l, target);
    const surface = target.scope ?? "window";
    if (!isResolved(r)) {
      return {
        found: false,
        reason: which + describeMiss(target, surface, l, r.outsideRegion.length),
        closest: r.closest,
      };
    }
    const e = r.element;
    marks.push({
      box: { x: e.x, y: e.y, width: e.w, height: e.h },
      matched: { text: e.text, stage: r.stage, scope: surface, icon: Boolean(e.icon) },
    });
  }
  return { found: true, marks };
}
