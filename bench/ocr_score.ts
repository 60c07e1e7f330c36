/**
 * Fixture loading and scoring for the OCR benchmark and tests.
 *
 * Matching rule (the definition every figure uses):
 * - texts are compared after `normaliseText`: Unicode NFKC, lower case,
 *   typographic quotes to ASCII, every dash/minus sign to `-`, `…` to `...`,
 *   `×` to `x`; nothing else is forgiven;
 * - a truth word is FOUND when an OCR word, not already used, has the same
 *   normalised text and its centre lies inside the truth box grown by
 *   `GROW` px on every side;
 * - recall = found truth words / truth words; precision = matched OCR words
 *   / OCR words; centre error = distance between the centres of each
 *   matched pair (the median is reported).
 *
 * @module
 */

import { decodeImage } from "../src/image/codec.ts";

import type { OcrWord } from "../src/ocr/types.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

/** Truth boxes are grown by this many pixels on every side when matching. */
export const GROW = 4;

/** One ground-truth word. */
export interface TruthWord {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A fixture frame with its truth. */
export interface Fixture {
  name: string;
  png: string;
  frame: RgbaImage;
  words: TruthWord[];
}

/** How one frame scored. */
export interface Score {
  truth: number;
  found: number;
  ocr: number;
  matched: number;
  centreErrors: number[];
  missed: string[];
  extra: string[];
}

/** Folds text for comparison (see the module doc for the exact rule). */
export function normaliseText(s: string): string {
  return s.normalize("NFKC").toLowerCase()
    .replace(/[‘’‚`]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/[‐‑‒–—―−]/g, "-")
    .replace(/…/g, "...")
    .replace(/×/g, "x");
}

/** Scores OCR words against truth words. */
export function scoreWords(truth: TruthWord[], ocr: OcrWord[], grow = GROW): Score {
  const used = new Uint8Array(ocr.length);
  const centreErrors: number[] = [];
  const missed: string[] = [];
  let found = 0;
  const texts = ocr.map((w) => normaliseText(w.text));
  for (const t of truth) {
    const want = normaliseText(t.text);
    let hit = -1;
    let bestDist = Infinity;
    for (let i = 0; i < ocr.length; i++) {
      if (used[i] || texts[i] !== want) continue;
      const cx = ocr[i].x + ocr[i].w / 2, cy = ocr[i].y + ocr[i].h / 2;
      if (cx < t.x - grow || cx > t.x + t.w + grow || cy < t.y - grow || cy > t.y + t.h + grow) {
        continue;
      }
      const d = Math.hypot(cx - (t.x + t.w / 2), cy - (t.y + t.h / 2));
      if (d < bestDist) {
        bestDist = d;
        hit = i;
      }
    }
    if (hit >= 0) {
      used[hit] = 1;
      found++;
      centreErrors.push(bestDist);
    } else missed.push(t.text);
  }
  const extra = ocr.filter((_, i) => !used[i]).map((w) => w.text);
  return {
    truth: truth.length,
    found,
    ocr: ocr.length,
    matched: found,
    centreErrors,
    missed,
    extra,
  };
}

/** Median of a list (0 for an empty one). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The fixtures folder. */
export const FIXTURES = new URL("../fixtures/", import.meta.url).pathname;

/** Where a fixture lives on disk. */
export interface FixtureEntry {
  name: string;
  png: string;
  json: string;
}

/** Lists every fixture that has both a PNG and a truth JSON, sorted by name. */
export function fixtureEntries(filter?: (name: string) => boolean): FixtureEntry[] {
  const out: FixtureEntry[] = [];
  for (const dir of ["apps", "web"]) {
    let entries: Deno.DirEntry[] = [];
    try {
      entries = [...Deno.readDirSync(FIXTURES + dir)];
    } catch {
      continue;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!e.name.endsWith(".json")) continue;
      const base = e.name.slice(0, -5);
      const name = `${dir}/${base}`;
      if (filter && !filter(name)) continue;
      out.push({ name, png: `${FIXTURES}${dir}/${base}.png`, json: `${FIXTURES}${dir}/${e.name}` });
    }
  }
  return out;
}

/** Decodes one fixture's frame and reads its truth. */
export async function loadFixture(entry: FixtureEntry): Promise<Fixture> {
  const truth = JSON.parse(await Deno.readTextFile(entry.json));
  const frame = await decodeImage(await Deno.readFile(entry.png));
  return { name: entry.name, png: entry.png, frame, words: truth.words };
}

/** Loads every fixture (all frames in memory: fine for tests, not for the benchmark). */
export function loadFixtures(filter?: (name: string) => boolean): Promise<Fixture[]> {
  return Promise.all(fixtureEntries(filter).map(loadFixture));
}
