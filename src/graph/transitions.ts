/**
 * Writes the edges of the interface graph. The executor calls
 * {@link recordClick} for every control it acts on and
 * {@link recordTransition} when that action brought up a different window.
 * Chrome steps (a menu item) are recorded against the window the step worked
 * in, on the surface "chrome", because a route has to say where they were taken.
 *
 * @module
 */

import type { Store } from "../db/store.ts";
import type { Surface } from "../perceive/surfaces.ts";
import type { NodeId } from "./identity.ts";
import { ownTexts } from "./own_texts.ts";

/** One observed edge: acting on `text` in one window led to another. */
export interface TransitionInput {
  from: NodeId;
  to: NodeId;
  /** The step's action ("click", "double_click", "hotkey", …). */
  action: string;
  /** The target text the step acted on (the keys for a hotkey). */
  text: string;
  /** Which surface the control was found on. */
  surface: Surface;
  /** For a click on chrome: the menu opened just before it ("File"), if any. */
  via?: string | null;
  /** Epoch milliseconds. */
  now: number;
}

/** One control acted on inside a window. */
export interface ClickInput {
  node: NodeId;
  text: string;
  surface: Surface;
  /** Epoch milliseconds. */
  now: number;
}

/**
 * Records (or strengthens) the edge `from → to`. An action
 * that left the app in the same window is not an edge: it returns null and
 * writes nothing (record it with {@link recordClick}); so does one named by a
 * text choto typed (`own_texts.ts`). Returns the edge id and how often it
 * has now been seen.
 */
export function recordTransition(
  store: Store,
  input: TransitionInput,
): { id: number; count: number } | null {
  if (input.from === input.to) return null;
  const text = input.text.trim();
  if (text === "") throw new Error("recordTransition: the action's text is empty");
  // A text choto typed is not the window's control: the graph keeps no edge named by it.
  if (!ownTexts(store).acted(input.from, text, input.now)) return null;
  const edge = store.get<{ id: number; count: number }>("upsert_transition", {
    from_window: input.from,
    to_window: input.to,
    action: input.action,
    text,
    scope: input.surface,
    now: input.now,
  })!;
  const via = input.via?.trim();
  if (via) store.q("set_transition_via").run({ transition_id: edge.id, via });
  return edge;
}

/** Records that `text` was acted on in a window (not a text choto typed: 0). Returns how often it has been. */
export function recordClick(store: Store, input: ClickInput): number {
  const text = input.text.trim();
  if (text === "") throw new Error("recordClick: the control's text is empty");
  if (!ownTexts(store).acted(input.node, text, input.now)) return 0;
  const row = store.get<{ count: number }>("upsert_click", {
    window_id: input.node,
    text,
    scope: input.surface,
    now: input.now,
  })!;
  return row.count;
}
