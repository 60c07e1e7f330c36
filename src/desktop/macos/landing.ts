/**
 * Where an input event lands on macOS: keys go to the frontmost app (its
 * first on-screen window at layer 0), buttons and the wheel to the topmost
 * window under the point. macOS cannot hold the window server still while
 * choto checks, so keys are posted to the process that was checked
 * (CGEventPostToPid) and reach it even if another app comes forward in
 * between; a pointer event is checked against a window listing read just
 * before it is posted.
 *
 * @module
 */

import type { Landing, WindowInfo } from "../types.ts";
import { containsPoint, type Point } from "../../common/rect.ts";
import type { MacSession } from "./session.ts";
import { currentDisplay, onScreenWindows } from "./windows.ts";
import { focusWindow, isVisible, type RawWindow, splitWindows } from "./window_list.ts";

/** A landing, and the process to post a keyboard event to. */
export interface MacLanding extends Landing {
  pid: number | null;
}

function landingOf(s: MacSession, kind: Landing["kind"], raw: RawWindow[], w: RawWindow | null): MacLanding {
  if (!w) return { kind, id: null, pid: null, window: () => null };
  const id = String(w.number);
  return {
    kind,
    id,
    pid: w.pid > 0 ? w.pid : null,
    window(): WindowInfo {
      const { windows, chrome } = splitWindows(raw, currentDisplay(s));
      return [...windows, ...chrome].find((x) => x.id === id) ?? {
        // A window of a layer choto does not list, or off every display: still named by its owner.
        id,
        app: w.ownerName,
        pid: w.pid > 0 ? w.pid : null,
        title: w.name,
        bounds: { x: 0, y: 0, width: 0, height: 0 },
        kind: "other",
        transient: false,
      };
    },
  };
}

/** Where a key event goes now: the frontmost app's window. */
export function keysLanding(s: MacSession): MacLanding {
  const raw = onScreenWindows(s);
  return landingOf(s, "keys", raw, focusWindow(raw));
}

/** The topmost visible window under a point in global points (the list runs front to back). */
export function windowAtPoint(raw: RawWindow[], at: Point): RawWindow | null {
  return raw.find((w) => isVisible(w) && containsPoint(w.bounds, at.x, at.y)) ?? null;
}

/** Where a button or wheel event at `at` (global points) goes now. */
export function pointerLanding(s: MacSession, at: Point): MacLanding {
  const raw = onScreenWindows(s);
  return landingOf(s, "pointer", raw, windowAtPoint(raw, at));
}
