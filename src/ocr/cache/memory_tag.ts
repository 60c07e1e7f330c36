/**
 * The key prefix of the readings the read memory keeps: what they were read
 * by, so that a reader with other models, another release or another way of
 * reading the same pixels does not take them.
 *
 * @module
 */

import { VERSION } from "../../common/version.ts";
import type { OcrEngine } from "../types.ts";

/**
 * What a stored reading was read by. Raise it with any change that makes the
 * same pixels read differently (a fix, a second look, a new shape), so a
 * server that starts on an old data folder reads those screens again instead
 * of repeating the old words; a new release (VERSION) does the same.
 */
export const READINGS_FORMAT = 3;

/**
 * The key prefix of remembered readings: the release, the reading format and
 * the models an engine reads with (the same pixels read in German are not the
 * English reading). Readings under any other prefix are left unread.
 */
export function memoryTag(engine: OcrEngine): string {
  const models = [...(engine.models ?? []), ...(engine.latin?.models ?? []).map((m) => `latin:${m}`)];
  return `${VERSION}.${READINGS_FORMAT}:${models.join("+") || "eng"}|`;
}
