/**
 * The work a look keeps for the next look at the same desktop: per stage,
 * results tied to the pixels they were made from (row_memory.ts), so a
 * look after a small change redoes only the changed rows' share.
 *
 * @module
 */

import type { Desktop } from "../desktop/types.ts";
import { type ControlMemory, controlMemory } from "./controls.ts";
import { IconShapeFinder } from "./icon_reuse.ts";
import { ToggleMemory } from "./lone_toggles.ts";

/** What looks at one desktop keep between them. */
export interface LookMemory {
  controls: ControlMemory;
  icons: IconShapeFinder;
  /** The buttons each window showed, plain or in reverse: a lone toggle's state is told by the change. */
  toggles: ToggleMemory;
}

const memories = new WeakMap<Desktop, LookMemory>();

/** A memory of no looks yet. */
export function newLookMemory(): LookMemory {
  return { controls: controlMemory(), icons: new IconShapeFinder(), toggles: new ToggleMemory() };
}

/** The memory of looks at `desktop` (made at its first look, gone with it). */
export function lookMemory(desktop: Desktop): LookMemory {
  let m = memories.get(desktop);
  if (!m) {
    m = newLookMemory();
    memories.set(desktop, m);
  }
  return m;
}
