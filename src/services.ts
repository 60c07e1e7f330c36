/**
 * What tool handlers share: the desktop, the screen reader, the store and a
 * clock. The desktop and the OCR workers open on first use, so a server that
 * only answers `recall` never touches the display or starts a recogniser.
 *
 * @module
 */

import type { Desktop } from "./desktop/types.ts";
import { type HeldDesktop, trackHeldInput } from "./desktop/held.ts";
import type { ScreenReader } from "./ocr/reader.ts";
import type { Store } from "./graph/store.ts";

/** Shared, lazily created dependencies of the tools. */
export interface Services {
  desktop(): Desktop;
  reader(): ScreenReader;
  readonly store: Store;
  /** Milliseconds since the epoch (injectable for tests). */
  now(): number;
  /** Lets go of every button and modifier still held, and sends no more input. */
  releaseInput(): Promise<void>;
  /** Releases held input, then everything that was opened. */
  close(): Promise<void>;
}

/** Builds services from factories; each factory runs at most once. */
export function createServices(opts: {
  store: Store;
  openDesktop: () => Desktop;
  openReader: () => ScreenReader;
  now?: () => number;
}): Services {
  let desktop: HeldDesktop | null = null;
  let reader: ScreenReader | null = null;
  return {
    store: opts.store,
    desktop: () => (desktop ??= trackHeldInput(opts.openDesktop())),
    releaseInput: async () => await desktop?.releaseAll(),
    reader: () => (reader ??= opts.openReader()),
    now: opts.now ?? (() => Date.now()),
    async close() {
      await desktop?.releaseAll();
      await reader?.close();
      desktop?.close();
      opts.store.close();
    },
  };
}
