/**
 * Reply texts of the icon tools. Names came off the screen (a tooltip) or
 * from the model: they are quoted as data, never as instructions.
 *
 * @module
 */

import type { HoverResult } from "../look/hover.ts";
import { frontNote } from "./front_text.ts";

/** A name as quoted data. */
export function quoted(name: string): string {
  return JSON.stringify(name);
}

/** Why a hover walk found no window to walk: a withheld one in front, or none at all. */
export function noWindowText(r: Pick<HoverResult, "front">): string {
  return r.front.kind === "withheld"
    ? "the window in front is withheld by the user's deny list: nothing was hovered; bring another app forward with focus_app, then call hover_icons again."
    : r.front.kind === "client"
    ? `${frontNote(r.front)}.`
    : "no window is in front to read: bring the app forward with focus_app, then call hover_icons again.";
}

/** What a hover walk did, in a few lines. */
export function hoverText(r: HoverResult): string {
  const lines: string[] = [];
  const where = `${quoted(r.window?.title ?? "")} (${r.app})`;
  const note = frontNote(r.front, "hovered in");
  if (note) lines.push(`${note}.`);
  if (r.found === 0) {
    return [...lines, `no wordless icons were found in ${where}; nothing was hovered.`].join("\n");
  }
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

/** Where in its window a box lies, in words a person would use. */
export function whereInWindow(
  box: { x: number; y: number; w: number; h: number },
  window: { width: number; height: number },
): string {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const fx = cx / Math.max(1, window.width);
  const fy = cy / Math.max(1, window.height);
  const across = fx < 0.25 ? "left" : fx > 0.75 ? "right" : "middle";
  if (cy < 30) return `title bar, ${across}`;
  if (cy < 110 || fy < 0.15) return `toolbar strip, ${across}`;
  if (fy > 0.88) return `bottom strip, ${across}`;
  if (fx < 0.25) return "left column (sidebar)";
  if (fx > 0.75) return "right column";
  return fy < 0.5 ? "upper middle" : "lower middle";
}

/** One legend line of the naming sheet. */
export function legendLine(
  n: number,
  cell: {
    key: string;
    glyph: { w: number; h: number };
    places: Array<
      {
        x: number;
        y: number;
        w: number;
        h: number;
        near: string;
        title: string;
        width: number;
        height: number;
      }
    >;
  },
): string {
  const [first, ...rest] = cell.places;
  const near = first?.near ? first.near.split("\n").map(quoted).join(", ") : "none";
  const where = first ? `${quoted(first.title)}, ${whereInWindow(first, first)}` : "no window";
  const others = [...new Set(rest.map((p) => p.title).filter((t) => t !== first?.title))];
  const also = others.length
    ? `; also in ${others.slice(0, 3).map(quoted).join(", ")}${
      others.length > 3 ? ` (+${others.length - 3})` : ""
    }`
    : "";
  return `${n}. key ${cell.key}: ${where}, ${cell.glyph.w}x${cell.glyph.h} px, near ${near}${also}`;
}
