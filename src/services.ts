/**
 * What tool handlers share: the desktop, the screen reader, the store and a
 * clock. The desktop opens on first use; the OCR engine opens on first use
 * or when `warm` starts it in the background as the server starts, so the
 * first look does not pay for the recognisers' start.
 *
 * @module
 */

import type { Desktop } from "./desktop/types.ts";
import type { ScreenReader } from "./ocr/reader.ts";
import type { Store } from "./graph/store.ts";

/** Shared, lazily created dependencies of the tools. */
export interface Services {
  desktop(): Desktop;
  reader(): ScreenReader;
  readonly store: Store;
  /** Milliseconds since the epoch (injectable for tests). */
  now(): number;
  /**
   * Starts the OCR engine in the background and returns at once, then (on
   * X11; on macOS a capture at start would ask for Screen Recording before
   * the user asked for anything) reads the screen once into the reader's
   * line cache, recording nothing. A read that arrives meanwhile waits for
   * the same recognisers and that read; a failure here only means the first
   * read does the work (and reports the error itself). Resolves when done.
   */
  warm(): Promise<void>;
  /** Releases everything that was opened. */
  close(): Promise<void>;
}

/** Builds services from factories; each factory runs at most once. */
export function createServices(opts: {
  store: Store;
  openDesktop: () => Desktop;
  openReader: () => ScreenReader;
  now?: () => number;
}): Services {
  let desktop: Desktop | null = null;
  let reader: ScreenReader | null = null;
  return {
    store: opts.store,
    desktop: () => (desktop ??= opts.openDesktop()),
    reader: () => (reader ??= opts.openReader()),
    now: opts.now ?? (() => Date.now()),
    async warm() {
      try {
        const r = (reader ??= opts.openReader());
        const started = r.engine.warm?.().catch(() => {});
        const d = (desktop ??= opts.openDesktop());
        // The priming read is queued now, before the recognisers are up, so a first read waits behind it.
        if (d.platform !== "macos") await r.prime?.(d.capture());
        await started;
      } catch {
        // No engine or no display: the first read will say why.
      }
    },
    async close() {
      await reader?.close();
      desktop?.close();
      opts.store.close();
    },
  };
}
