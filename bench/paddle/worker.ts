/**
 * A Worker holding one recognition session: it answers each batch of line
 * crops with their readings, in order (or the error that stopped it), and
 * says `ready` once the session is open.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import type { Grey } from "../../src/image/pixels.ts";
import { openRecogniser } from "./recogniser.ts";

/** A request: line crops to read, tagged so the answer finds its caller. */
export interface ReadRequest {
  id: number;
  crops: Grey[];
}

const recogniser = await openRecogniser();

self.onmessage = async (e: MessageEvent<ReadRequest | "close">) => {
  if (e.data === "close") {
    await recogniser.close();
    self.postMessage({ closed: true });
    return;
  }
  const { id, crops } = e.data;
  try {
    const readings = [];
    for (const crop of crops) readings.push(await recogniser.read(crop));
    self.postMessage({ id, readings });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
self.postMessage({ ready: true });
