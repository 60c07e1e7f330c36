/**
 * How the backend and its ScreenCaptureKit worker talk: a request message,
 * and the answer written into the request's SharedArrayBuffer (an Int32
 * header [state, width, height, error length], then the RGBA bytes or the
 * error's UTF-8 text), so the backend can wait for it synchronously.
 *
 * @module
 */

import type { SckRequest } from "./sck.ts";

/** A request from the backend. */
export interface SckWorkerRequest extends SckRequest {
  /** Prefix of the library paths ("" on a Mac; a test's stand-in tree elsewhere). */
  root: string;
  buffer: SharedArrayBuffer;
}

/** Header slots (Int32 indices) and where the payload starts (bytes). */
export const HEADER = { state: 0, width: 1, height: 2, errorLength: 3, bytes: 16 } as const;
/** Header states. */
export const STATE = { waiting: 0, pixels: 1, error: 2 } as const;
