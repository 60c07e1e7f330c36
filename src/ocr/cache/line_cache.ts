/**
 * Remembers what was read in a line region, keyed by a hash of its pixels,
 * so re-reading a frame after a small change recognises only what changed.
 * Keys ignore position: a line that merely moved is still a hit.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";

import type { OcrWord } from "../types.ts";
import type { Box } from "../../common/rect.ts";

/** 53-bit FNV-style hash of a box of a greyscale image plus its size. */
export function hashPixels(g: Grey, box: Box): string {
  let h1 = 0x811c9dc5 ^ box.w, h2 = 0x01000193 ^ box.h;
  for (let y = box.y; y < box.y + box.h; y++) {
    const row = y * g.width;
    for (let x = box.x; x < box.x + box.w; x++) {
      const v = g.data[row + x];
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = Math.imul(h2 ^ v, 0x5bd1e995);
    }
  }
  return `${box.w}x${box.h}:${(h1 >>> 0).toString(36)}${(h2 >>> 0).toString(36)}`;
}

/** A bounded least-recently-used map from region hash to words (relative to the region). */
export class LineCache {
  #map = new Map<string, OcrWord[]>();
  /** Lookups that found an entry / that did not, since creation. */
  hits = 0;
  misses = 0;

  constructor(readonly capacity = 4000) {}

  get(key: string): OcrWord[] | undefined {
    const words = this.#map.get(key);
    if (words) {
      this.#map.delete(key);
      this.#map.set(key, words);
      this.hits++;
    } else this.misses++;
    return words;
  }

  /** Whether `key` is held, without counting a lookup or refreshing it. */
  has(key: string): boolean {
    return this.#map.has(key);
  }

  set(key: string, words: OcrWord[]): void {
    this.#map.delete(key);
    this.#map.set(key, words);
    if (this.#map.size > this.capacity) {
      this.#map.delete(this.#map.keys().next().value!);
    }
  }

  get size(): number {
    return this.#map.size;
  }

  clear(): void {
    this.#map.clear();
  }
}
