/**
 * Which window a step's input is meant for, read from the look that
 * resolved the step: the window under the target point for buttons and the
 * wheel, the focus window for keys. The run stops a step whose events would
 * land anywhere else (run.ts).
 *
 * @module
 */

import { containsPoint, type Point } from "../common/rect.ts";
import type { WindowInfo, WindowState } from "../desktop/types.ts";
import type { Look } from "../look/look.ts";
import { clientRect } from "../perceive/window_controls.ts";
import type { Expected } from "./run.ts";

/** The window a listing shows at a point: chrome (menus, popups) above app windows, each front to back. */
export function windowAt(state: WindowState, p: Point): WindowInfo | null {
  return [...state.chrome, ...state.windows].find((w) => containsPoint(w.bounds, p.x, p.y)) ?? null;
}

/**
 * What a button or wheel event at `p` should reach: the window there, and
 * whether `p` is on the app's own drawing or on the window manager's frame
 * (a title bar's close button is only ever pressed when it was aimed at).
 */
export function underPointer(l: Look, p: Point): Expected {
  const w = windowAt(l.state, p);
  const part = w?.frame ? (containsPoint(clientRect(w), p.x, p.y) ? "content" : "frame") : undefined;
  return { kind: "pointer", id: w?.id ?? null, title: w?.title ?? "the desktop", ...(part ? { part } : {}) };
}

/**
 * What a key should reach: the window the look worked in, when the look
 * knew a focus window. Keys go to the focus window, so when the look chose
 * another (the client's own chat was in front and the chosen window did not
 * come forward) the run stops the step instead of typing into the chat.
 */
export function focusOf(l: Look): Expected | undefined {
  const id = l.state.focusWindowId;
  if (id === null) return undefined;
  const w = l.window ?? l.state.windows.find((x) => x.id === id);
  return { kind: "keys", id: w?.id ?? id, title: w?.title ?? "" };
}
