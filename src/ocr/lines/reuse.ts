/**
 * Line finding that keeps the last look's lines where the pixels did not
 * change. The erased edge mask (edges.ts) of a row depends only on the grey
 * rows within `RULE_REACH` of it, so only rows that near a changed row are
 * found again; a row of the mask with no ink cuts the screen into strips
 * that no component or line crosses, and a strip whose mask rows (and the
 * grey rows its grounds are sampled from) are as they were keeps its lines.
 * The lines are those `findTextLines` finds on the whole region.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import { RULE_REACH, ruleFreeMask } from "./edges.ts";
import { keptGlyphs, linesOfMask, type TextLine, topDown } from "./find.ts";
import { isSettled } from "./ground.ts";

/** One region's last finding. */
interface Finding {
  width: number;
  height: number;
  squareChars: boolean;
  grey: Uint8Array;
  mask: Uint8Array;
  lines: TextLine[];
}

/** Regions remembered at once: a plan step reads the window and a few chrome surfaces. */
const REGIONS = 4;
/** Grey rows a line's ground is sampled from beyond its box (`groundAround`). */
const GROUND_REACH = 2;

const copyLine = (l: TextLine): TextLine => ({ ...l, blobs: l.blobs.map((b) => ({ ...b })) });

/** Finds lines region by region, keeping each region's last finding (at most `REGIONS`). */
export class LineFinder {
  readonly #last = new Map<string, Finding>();

  /** The text lines of `g` (the grey pixels of the region named `region`), top to bottom. */
  find(g: Grey, squareChars: boolean, region: string): TextLine[] {
    const last = this.#last.get(region);
    const same = last && last.width === g.width && last.height === g.height &&
      last.squareChars === squareChars;
    let found: { mask: Uint8Array; lines: TextLine[] };
    if (same) found = again(g, last);
    else {
      const mask = ruleFreeMask(g);
      found = { mask, lines: linesOfMask(g, mask, squareChars) };
    }
    const { mask, lines } = found;
    this.#last.delete(region);
    this.#last.set(region, {
      width: g.width,
      height: g.height,
      squareChars,
      // A settled image (the pipeline's) stays as it is: kept, not copied, to compare the next look with.
      grey: isSettled(g) ? g.data : g.data.slice(),
      mask,
      lines: lines.map(copyLine),
    });
    while (this.#last.size > REGIONS) this.#last.delete(this.#last.keys().next().value!);
    return keptGlyphs(lines, squareChars);
  }
}

/** Rows of two images `w` wide that differ (1) or not (0). */
function changedRows(a: Uint8Array, b: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(h);
  const wide = w % 4 === 0 && a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0;
  const A = wide ? new Uint32Array(a.buffer, a.byteOffset, (w * h) >> 2) : a;
  const B = wide ? new Uint32Array(b.buffer, b.byteOffset, (w * h) >> 2) : b;
  const n = wide ? w >> 2 : w;
  for (let y = 0; y < h; y++) {
    for (let i = y * n, end = i + n; i < end; i++) {
      if (A[i] !== B[i]) {
        out[y] = 1;
        break;
      }
    }
  }
  return out;
}

/** Whether any of rows `y0`..`y1` (clipped) is flagged. */
function anyIn(flags: Uint8Array, y0: number, y1: number): boolean {
  for (let y = Math.max(0, y0); y <= Math.min(flags.length - 1, y1); y++) if (flags[y]) return true;
  return false;
}

/** The lines of `g` from the last finding of the same region: found again only where pixels changed. */
function again(g: Grey, last: Finding): { mask: Uint8Array; lines: TextLine[] } {
  const { width: w, height: h } = g;
  const grey = changedRows(last.grey, g.data, w, h);
  // The mask again where it can differ: rows within RULE_REACH of a changed grey row.
  const mask = last.mask.slice();
  for (let y = 0; y < h; y++) {
    if (!grey[y]) continue;
    let end = y;
    while (end + 1 < h && anyIn(grey, end + 1, end + 2 * RULE_REACH + 1)) end++;
    ruleFreeMask(g, Math.max(0, y - RULE_REACH), Math.min(h - 1, end + RULE_REACH), mask);
    y = end;
  }
  const masked = changedRows(last.mask, mask, w, h);
  // Strips: runs of rows with ink, between rows without.
  const inked = new Uint8Array(h);
  const words = w % 4 === 0 ? new Uint32Array(mask.buffer, mask.byteOffset, (w * h) >> 2) : null;
  for (let y = 0; y < h; y++) {
    if (words) {
      for (let k = (y * w) >> 2, e = k + (w >> 2); k < e; k++) {
        if (words[k]) {
          inked[y] = 1;
          break;
        }
      }
      continue;
    }
    for (let i = y * w, e = i + w; i < e; i++) {
      if (mask[i]) {
        inked[y] = 1;
        break;
      }
    }
  }
  const kept = new Int8Array(h);
  const fresh: Array<[number, number]> = [];
  for (let y = 0; y < h; y++) {
    if (!inked[y]) continue;
    let end = y;
    while (end + 1 < h && inked[end + 1]) end++;
    const keep = !anyIn(masked, y - 1, end + 1) && !anyIn(grey, y - GROUND_REACH, end + GROUND_REACH);
    if (keep) kept.fill(1, y, end + 1);
    else fresh.push([y, end]);
    y = end;
  }
  const lines = last.lines.filter((l) => kept[l.y] === 1).map(copyLine);
  if (fresh.length) lines.push(...linesOfMask(g, mask, last.squareChars, fresh));
  return { mask, lines: lines.sort(topDown) };
}
