/**
 * Icon fixtures and how detection is scored against them.
 *
 * A fixture is `fixtures/icons/NAME.png` with `NAME.json` holding the
 * window(s) to search and every icon box, labelled by hand from the PNG.
 * Rule: a detected box FINDS a labelled icon when its centre lies inside that
 * icon's box grown by 3 px (hand boxes are good to a pixel or two). A labelled
 * icon marked `optional` (arrows a few pixels high) may be found or not; a
 * detection that finds no labelled icon at all is a FALSE glyph.
 *
 * @module
 */

import type { Box, Rect } from "../src/common/rect.ts";

import { decodeImage } from "../src/image/codec.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

/** One hand-labelled icon. */
export interface TruthIcon extends Box {
  name: string;
  /** Icons with the same `drawing` are one picture drawn twice. */
  drawing: string;
  optional?: boolean;
}

/** One fixture frame. */
export interface IconFixture {
  name: string;
  frame: RgbaImage;
  windows: Rect[];
  icons: TruthIcon[];
}

const DIR = new URL("../fixtures/icons/", import.meta.url);

/** Loads every icon fixture (or those `keep` accepts). */
export async function loadIconFixtures(keep: (name: string) => boolean = () => true): Promise<IconFixture[]> {
  const out: IconFixture[] = [];
  const names = [...Deno.readDirSync(DIR)].filter((e) => e.name.endsWith(".json")).map((e) =>
    e.name.slice(0, -5)
  ).sort();
  for (const name of names.filter(keep)) {
    const truth = JSON.parse(await Deno.readTextFile(new URL(`${name}.json`, DIR)));
    out.push({
      name,
      frame: await decodeImage(await Deno.readFile(new URL(`${name}.png`, DIR))),
      windows: truth.windows.map((w: Box) => ({ x: w.x, y: w.y, width: w.w, height: w.h })),
      icons: truth.icons,
    });
  }
  return out;
}

/** The labelled icon a detected box finds, or undefined. */
export function findsIcon(box: Box, icons: TruthIcon[]): TruthIcon | undefined {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return icons.find((t) => cx >= t.x - 3 && cx <= t.x + t.w + 3 && cy >= t.y - 3 && cy <= t.y + t.h + 3);
}

/** Detection scored against one fixture. */
export interface IconScore {
  required: number;
  found: number;
  detected: number;
  falseGlyphs: Box[];
  missed: string[];
}

/** Scores detected boxes against the labelled icons. */
export function scoreIcons(icons: TruthIcon[], detected: Box[]): IconScore {
  const hit = new Set<TruthIcon>();
  const falseGlyphs: Box[] = [];
  for (const d of detected) {
    const t = findsIcon(d, icons);
    if (t) hit.add(t);
    else falseGlyphs.push(d);
  }
  const required = icons.filter((t) => !t.optional);
  return {
    required: required.length,
    found: required.filter((t) => hit.has(t)).length,
    detected: detected.length,
    falseGlyphs,
    missed: required.filter((t) => !hit.has(t)).map((t) => t.name),
  };
}
