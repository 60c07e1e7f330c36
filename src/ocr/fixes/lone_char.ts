/**
 * What a lone character's line looks like: the single-character pass reads
 * such lines, and a keypad's grid is made of them.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";

/** Whether a line is one character (a lone key label): about as wide as tall, or narrower. */
export function isLoneChar(line: Box): boolean {
  if (line.h < 2 || line.h > 60 || line.w < 2) return false;
  // Flat marks (`-`, `=`, `<-`) are wide for their height.
  if (line.h < 6) return line.w <= 24;
  if (line.h < 10) return line.w <= 18;
  return line.w <= line.h * 1.2 + 2;
}
