/**
 * Reading a region that holds a grid of cells: the cells are read from a
 * copy with the grid's rules and cell cursor painted out (grid.ts), and the
 * rest of the region from a copy with the grid left blank, so no line runs
 * from a cell into what borders the grid (a selected row's number, drawn
 * highlighted right beside the cell, read as one line with it). Chrome drawn
 * over the grid (a menu) stays as drawn in both.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import { mergeStages, type StageTimes } from "../common/stages.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { ReadOptions, ScreenReader } from "../ocr/reader.ts";
import type { ScreenText } from "../ocr/types.ts";
import { inReadingOrder } from "../ocr/columns.ts";
import { cleanGrid, type Grid } from "./grid.ts";
import { gridArea } from "./grid_cells.ts";

/** Copies the rows of `boxes` from `from` into `into` (same size). */
function restore(into: RgbaImage, from: RgbaImage, boxes: readonly Rect[]): void {
  for (const b of boxes) {
    const x0 = Math.max(0, b.x), x1 = Math.min(from.width, b.x + b.width);
    for (let y = Math.max(0, b.y); y < Math.min(from.height, b.y + b.height); y++) {
      const start = (y * from.width + x0) * 4, end = (y * from.width + x1) * 4;
      if (end > start) into.data.set(from.data.subarray(start, end), start);
    }
  }
}

/** A copy of `frame` with `area` painted in `ground`. */
function blanked(frame: RgbaImage, area: Rect, ground: readonly number[]): RgbaImage {
  const data = new Uint8Array(frame.data);
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x, i = (y * frame.width + x) * 4; x < area.x + area.width; x++, i += 4) {
      data[i] = ground[0], data[i + 1] = ground[1], data[i + 2] = ground[2];
    }
  }
  return { width: frame.width, height: frame.height, data };
}

/**
 * Reads `region` of `frame`, the cells of `grid` (when there is one) apart
 * from the rest; `chrome` are the chrome surfaces' bounds; `options` go to
 * the read of the rest.
 */
export async function readWithGrid(
  reader: ScreenReader,
  frame: RgbaImage,
  region: Rect,
  grid: Grid | null,
  chrome: readonly Rect[],
  options: ReadOptions = {},
): Promise<ScreenText> {
  if (!grid) return await reader.read(frame, region, options);
  const area = gridArea(grid);
  const cells = cleanGrid(frame, grid);
  const rest = blanked(frame, area, grid.ground);
  restore(cells, frame, chrome);
  restore(rest, frame, chrome);
  const [outer, inner] = await Promise.all([
    reader.read(rest, region, options),
    reader.read(cells, area, { columns: grid.xs }),
  ]);
  const stages: StageTimes = {};
  mergeStages(stages, outer.stages ?? {});
  mergeStages(stages, inner.stages ?? {});
  return {
    elements: inReadingOrder([...outer.elements, ...inner.elements]),
    charScan: outer.charScan,
    stages,
    ms: outer.ms + inner.ms,
  };
}
