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
 * Japanese and Chinese frames (`fixtures/lang/ja|zh`, script `cjk`) are
 * scored by their characters as well (`scoreChars`, the rule of
 * fixtures/README.md): words there are runs without spaces that
 * recognisers cut anywhere.
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
  /** How its words are written: with spaces (`latin`, every English frame) or without (`cjk`). */
  script: "latin" | "cjk";
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

/** How a frame scored by its characters. */
export interface CharScore {
  truthChars: number;
  found: number;
  ocrChars: number;
  /** Truth words not read in full, with what was read on them: `保存(S)→保存(5)`. */
  missed: string[];
}

/** A text as the list of characters it is compared by: normalised, without whitespace. */
function charsOf(text: string): string[] {
  return [...normaliseText(text).replace(/\s+/g, "")];
}

/** Length of the longest common subsequence of two character lists. */
function commonSubsequence(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = up;
    }
  }
  return row[b.length];
}

/**
 * Scores OCR words by their characters (fixtures/README.md, "Words"): each
 * OCR character sits at its share of its word's box and goes to the truth
 * word whose grown box holds it (the nearest centre when several do); a truth
 * word's characters found are the longest common subsequence of its own and
 * those it was given, left to right.
 */
export function scoreChars(truth: TruthWord[], ocr: OcrWord[], grow = GROW): CharScore {
  const given: Array<Array<{ x: number; c: string }>> = truth.map(() => []);
  let ocrChars = 0;
  for (const w of ocr) {
    const cs = charsOf(w.text);
    ocrChars += cs.length;
    const cy = w.y + w.h / 2;
    cs.forEach((c, i) => {
      const cx = w.x + (i + 0.5) * w.w / cs.length;
      let best = -1, bestDist = Infinity;
      truth.forEach((t, k) => {
        if (cx < t.x - grow || cx > t.x + t.w + grow || cy < t.y - grow || cy > t.y + t.h + grow) return;
        const d = Math.hypot(cx - (t.x + t.w / 2), cy - (t.y + t.h / 2));
        if (d < bestDist) bestDist = d, best = k;
      });
      if (best >= 0) given[best].push({ x: cx, c });
    });
  }
  let truthChars = 0, found = 0;
  const missed: string[] = [];
  truth.forEach((t, i) => {
    const want = charsOf(t.text);
    const got = given[i].sort((a, b) => a.x - b.x).map((g) => g.c);
    const n = commonSubsequence(want, got);
    truthChars += want.length;
    found += n;
    if (n < want.length) missed.push(`${t.text}→${got.join("") || "∅"}`);
  });
  return { truthChars, found, ocrChars, missed };
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
  return { name: entry.name, png: entry.png, frame, words: truth.words, script: truth.script ?? "latin" };
}

/** The languages with labelled frames in `fixtures/lang/`, by ISO code. */
export const FIXTURE_LANGUAGES = ["de", "fr", "es", "ja", "zh"] as const;

/** The labelled frames of one language (`fixtures/lang/<code>/`), sorted by name. */
export function languageEntries(code: string): FixtureEntry[] {
  const dir = `${FIXTURES}lang/${code}`;
  let entries: Deno.DirEntry[] = [];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return [];
  }
  return entries.filter((e) => e.name.endsWith(".json")).sort((a, b) => a.name.localeCompare(b.name)).map(
    (e) => {
      const base = e.name.slice(0, -5);
      return { name: `lang/${code}/${base}`, png: `${dir}/${base}.png`, json: `${dir}/${e.name}` };
    },
  );
}

/** Loads every fixture (all frames in memory: fine for tests, not for the benchmark). */
export function loadFixtures(filter?: (name: string) => boolean): Promise<Fixture[]> {
  return Promise.all(fixtureEntries(filter).map(loadFixture));
}
