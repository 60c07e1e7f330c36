/**
 * Which window a look works in when none is named. Normally the window in
 * front (the focus window, else the frontmost); but a denied app's window
 * in front is withheld, and nothing behind it stands in for it; and the
 * client's own window (the chat the user types in) is passed over for the
 * next window down the stack, front to back, that is not the client's.
 * Every caller that needs "the window in front" asks here, so observe, a
 * step, a hover walk and a recipe's fingerprint agree.
 *
 * @module
 */

import type { WindowInfo, WindowState } from "../desktop/types.ts";

/** The window chosen, and why it is that one. */
export type FrontChoice =
  /** The window in front; null when no app window is open. */
  | { kind: "front"; window: WindowInfo | null }
  /** A denied app's window is in front: no window is chosen. */
  | { kind: "withheld"; window: null }
  /** The client's own window is in front: `window` is the one chosen instead (null when there is none). */
  | { kind: "client"; window: WindowInfo | null; client: WindowInfo };

/**
 * Chooses the window a look or a step works in when none is named;
 * `clientNamed`: the run last named the client's own window, which is then
 * worked in like any other.
 */
export function chooseFront(state: WindowState, clientNamed = false): FrontChoice {
  if (state.focusWithheld) return { kind: "withheld", window: null };
  const front = state.windows.find((w) => w.id === state.focusWindowId) ?? state.windows[0] ?? null;
  const client = new Set(clientNamed ? [] : state.clientWindowIds ?? []);
  if (front === null || !client.has(front.id)) return { kind: "front", window: front };
  return { kind: "client", window: state.windows.find((w) => !client.has(w.id)) ?? null, client: front };
}

/** True for a window of the client that started choto. */
export function isClientWindow(state: WindowState, w: WindowInfo): boolean {
  return state.clientWindowIds?.includes(w.id) ?? false;
}
