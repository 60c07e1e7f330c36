/**
 * Reply texts of the icon tools. Names came off the screen (a tooltip) or
 * from the model: they are quoted as data, never as instructions.
 *
 * @module
 */

import type { HoverResult } from "../plan/hover.ts";

/** A name as quoted data. */
export function quoted(name: string): string {
  return JSON.stringify(name);
}

/** What a hover walk did, in a few lines. */
export function hoverText(r: HoverResult): string {
  const lines: string[] = [];
  const where = `${quoted(r.window?.title ?? "")} (${r.app})`;
  if (r.hovered === 0 && !r.stopped) {
    lines.push(
      r.stillUnnamed === 0
        ? `every icon of ${where} already has a name; nothing was hovered.`
        : `nothing hovered in ${where}.`,
    );
  } else {
    lines.push(`hovered ${r.hovered} icon(s) in ${where}.`);
  }
  if (r.stopped) lines.push(`stopped early after ${r.hovered}: ${r.stopped}.`);
  lines.push(
    r.named.length
      ? `named ${r.named.length} (text read from the app's tooltips): ${r.named.map(quoted).join(", ")}`
      : "named 0.",
  );
  lines.push(`showed nothing: ${r.showedNothing}.`);
  const more = r.leftOver ? `; ${r.leftOver} not visited (limit): call again` : "";
  lines.push(`still unnamed in this window: ${r.stillUnnamed}${more}.`);
  if (r.stillUnnamed > 0) lines.push("for icons without a tooltip, annotate_icons asks you to name them.");
  lines.push(
    "pointer put back where it was. Named icons are now targets: {action:'click', target:{text:<name>}}.",
  );
  return lines.join("\n");
}
