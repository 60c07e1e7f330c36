/**
 * A pack is someone else's claim, so before it is merged its content is
 * held to what this machine's own sightings would be: every text escaped
 * the way screen text is (a newline in an app name becomes `\n`, never a
 * line of a reply) and cut to the lengths screen text is kept at, every
 * time no later than the import (a sighting dated next year cannot outrank
 * what was seen here today), and every window key used once (two windows
 * with one key would tie one app's texts to another's node).
 *
 * @module
 */

import { escapeScreenText } from "../../common/untrusted.ts";
import { MAX_GLYPH_NAME } from "../glyphs.ts";
import type { PackBody } from "./body.ts";
import { type PackProblem, refuse } from "./format.ts";

/** The longest each kind of text is kept, in characters, once escaped. */
const MAX_CHARS: Record<string, number> = {
  name: 200,
  app: 200,
  version: 100,
  app_version: 100,
  app_build: 100,
  llm_version_tag: 100,
  kind: 50,
  action: 50,
  title: 500,
  window_title: 500,
  identity: 2_000,
  window_identity: 2_000,
  text: 500,
  near: 500,
  via: 500,
  label: MAX_GLYPH_NAME,
  goal: 2_000,
  intent: 2_000,
  acceptance: 2_000,
};

/** Fields that hold times (epoch ms). */
const TIMES = new Set(["first_seen", "last_seen", "version_seen", "label_at", "recorded_at"]);

/** What cleaning changed, for the import's report. */
export interface Cleaned {
  /** Times later than the import, set to the import's time. */
  futureTimes: number;
  /** Texts with control characters written as escapes, or cut to length. */
  texts: number;
}

/** The content to merge, or why the pack is refused whole. */
export type Prepared =
  | { ok: true; body: PackBody; cleaned: Cleaned }
  | { ok: false; problem: PackProblem; text: string };

/** One text as screen text is kept: escaped, then cut (never inside a character) to `max`. */
export function keptText(text: string, max: number): string {
  const escaped = escapeScreenText(text);
  const chars = [...escaped];
  return chars.length <= max ? escaped : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * Checks what the schema cannot (each window key once) and returns the
 * content with its texts escaped and cut and its times clamped to `now`.
 * A recipe's plan is left as written: it is checked as any plan is when it
 * is replayed, and its texts are escaped where a reply shows them.
 */
export function preparePack(body: PackBody, now: number): Prepared {
  const keys = new Set<number>();
  for (const w of body.windows) {
    if (keys.has(w.key)) {
      return refuse(
        "duplicate",
        `the pack holds two windows with the key ${w.key}: a key names one window, so the pack was made by hand or damaged. Export it again.`,
      );
    }
    keys.add(w.key);
  }
  const cleaned: Cleaned = { futureTimes: 0, texts: 0 };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "plan") out[k] = v;
      else if (typeof v === "string" && k in MAX_CHARS) {
        const kept = keptText(v, MAX_CHARS[k]);
        if (kept !== v) cleaned.texts++;
        out[k] = kept;
      } else if (typeof v === "number" && TIMES.has(k) && v > now) {
        cleaned.futureTimes++;
        out[k] = now;
      } else out[k] = walk(v);
    }
    return out;
  };
  return { ok: true, body: walk(body) as PackBody, cleaned };
}
