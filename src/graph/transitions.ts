/**
 * Writes the edges of the interface graph. The executor calls
 * {@link recordClick} for every control it acts on and
 * {@link recordTransition} when that action brought up a different window.
 * Chrome steps (a menu item) are recorded against the window the step worked
 * in, with scope "chrome", because a route has to say where they were taken.
 *
 * @module
 */

import type { Store } from "../db/store.ts";

/** Which surface a control was found on. */
export type Scope = "window" | "chrome";

/** One observed edge: acting on `text` in one window led to another. */
export interface TransitionInput {
  fromWindowId: number;
  toWindowId: number;
  /** The step's action ("click", "double_click", "hotkey", …). */
  action: string;
  /** The target text the step acted on (the keys for a hotkey). */
  text: string;
  scope: Scope;
  /** For a chrome-scope click: the menu opened just before it ("File"), if any. */
  via?: string | null;
  /** Epoch milliseconds. */
  now: number;
}

/** One control acted on inside a window. */
export interface ClickInput {
  windowId: number;
  text: string;
  scope: Scope;
  /** Epoch milliseconds. */
  now: number;
}

/**
 * Records (or strengthens) the edge `fromWindowId → toWindowId`. An action
 * that left the app in the same window is not an edge: it returns null and
 * writes nothing (record it with {@link recordClick}).
 * Returns the edge id and how often it has now been seen.
 */
export function recordTransition(
  store: Store,
  input: TransitionInput,
): { id: number; count: number } | null {
  if (input.fromWindowId === input.toWindowId) return null;
  const text = input.text.trim();
  if (text === "") throw new Error("recordTransition: the action's text is empty");
  const edge = store.get<{ id: number; count: number }>("upsert_transition", {
    from_window: input.fromWindowId,
    to_window: input.toWindowId,
    action: input.action,
    text,
    scope: input.scope,
    now: input.now,
  })!;
  const via = input.via?.trim();
  if (via) store.q("set_transition_via").run({ transition_id: edge.id, via });
  return edge;
}

/** Records that `text` was acted on in a window. Returns how often it has been. */
export function recordClick(store: Store, input: ClickInput): number {
  const text = input.text.trim();
  if (text === "") throw new Error("recordClick: the control's text is empty");
  const row = store.get<{ count: number }>("upsert_click", {
    window_id: input.windowId,
    text,
    scope: input.scope,
    now: input.now,
  })!;
  return row.count;
}
