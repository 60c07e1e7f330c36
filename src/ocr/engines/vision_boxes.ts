/**
 * Vision geometry: normalised, bottom-left-origin boxes to image pixels, and
 * the split of a recognised line into words.
 *
 * @module
 */

/** A normalised rectangle as Vision reports it (origin bottom-left, 0..1). */
export interface NormRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box in image pixels, top-left origin. */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Converts a Vision box to pixels: y_top = (1 - y - h) * H, clamped to the image. */
export function toPixels(r: NormRect, width: number, height: number): PixelBox {
  const x0 = Math.max(0, Math.min(width, r.x * width));
  const x1 = Math.max(0, Math.min(width, (r.x + r.width) * width));
  const y0 = Math.max(0, Math.min(height, (1 - r.y - r.height) * height));
  const y1 = Math.max(0, Math.min(height, (1 - r.y) * height));
  return {
    x: Math.round(x0),
    y: Math.round(y0),
    w: Math.round(x1) - Math.round(x0),
    h: Math.round(y1) - Math.round(y0),
  };
}

/** A word of a line with its NSRange (UTF-16 units, as NSString counts). */
export interface WordRange {
  text: string;
  location: number;
  length: number;
}

/** Splits a line on whitespace, keeping UTF-16 offsets for boundingBoxForRange:. */
export function wordRanges(line: string): WordRange[] {
  const out: WordRange[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    out.push({ text: m[0], location: m.index, length: m[0].length });
  }
  return out;
}

/**
 * Splits a line box among its words in proportion to character counts
 * (spaces included), for when per-range boxes are unavailable.
 */
export function splitByCharacters(line: string, box: PixelBox): Array<PixelBox & { text: string }> {
  const chars = [...line];
  const total = chars.length;
  if (total === 0) return [];
  // Code-point offsets so a surrogate pair counts as one character.
  const words: Array<PixelBox & { text: string }> = [];
  let i = 0;
  while (i < total) {
    if (/\s/.test(chars[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j < total && !/\s/.test(chars[j])) j++;
    const x0 = box.x + Math.round((box.w * i) / total);
    const x1 = box.x + Math.round((box.w * j) / total);
    words.push({ text: chars.slice(i, j).join(""), x: x0, y: box.y, w: x1 - x0, h: box.h });
    i = j;
  }
  return words;
}
