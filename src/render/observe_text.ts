/**
 * The text of an observe reply: a few header facts, then the elements one
 * visual row per line (`element_rows.ts`).
 *
 * @module
 */

import { iconElements } from "../look/look.ts";
import { emptyChromeReason } from "../perceive/surfaces.ts";
import { elementRows, ROWS_LEGEND } from "./element_rows.ts";
import { frontNote } from "./front_text.ts";
import type { Rect } from "../common/rect.ts";
import type { Observation } from "../look/observe.ts";
import { gridArea, type SeenGrid } from "../perceive/grid_cells.ts";

/** The icon count line: how many icons the window draws, named and not. */
export function iconCountLine(icons: Array<{ label: string | null }>): string {
  const named = icons.filter((i) => i.label !== null).length;
  const unnamed = icons.length - named;
  const hint = unnamed ? " (hover_icons asks the app for their names, annotate_icons asks you)" : "";
  return `icons: ${named} labeled, ${unnamed} unlabeled${hint}`;
}

function rect(r: Rect): string {
  return `${r.width}x${r.height} at (${r.x},${r.y})`;
}

/** How long ago, roughly, in the largest sensible unit. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)}m ago`;
  if (s < 86400) return `${Math.round(s / 3600)}h ago`;
  return `${Math.round(s / 86400)}d ago`;
}

/** The grid line: where the window's cells are and, when the sheet's header was read, their addresses. */
export function gridLine(g: SeenGrid): string {
  const rows = g.ys.length - 1, cols = g.xs.length - 1;
  const a = gridArea(g);
  const named = g.columns && g.rows
    ? `, cells ${g.columns[0]}${g.rows[0]}:${g.columns[cols - 1]}${
      g.rows[rows - 1]
    } in view (a cell's address, e.g. ${g.columns[Math.min(1, cols - 1)]}${
      g.rows[Math.min(2, rows - 1)]
    }, is a target)`
    : "";
  return `grid: ${rows} row(s) x ${cols} column(s) of cells at ${rect(a)}${named}`;
}

/** The app observe names: the read window's when the client's own window was passed over, else the frontmost. */
export function observedApp(o: Pick<Observation, "front" | "state">): string | null {
  if (o.front.kind === "withheld") return null;
  return o.front.kind === "client" ? o.front.window?.app ?? null : o.state.frontmostApp;
}

/** The line that says a look waited for the OCR engine to start (the server had just started). */
export function engineWaitLine(ms: number): string {
  return `engine: this look waited ${ms} ms for the OCR engine to start`;
}

/**
 * Renders an observation, with the screenshot's scale when one is attached
 * and how long the look waited for the OCR engine to start, when it did.
 */
export function observeText(
  o: Observation,
  platform: string,
  shot: { width: number; height: number; scale: number } | null,
  engineWaitMs: number | null = null,
): string {
  const { screen } = o.state;
  const focus = o.surfaces.focus;
  const withheld = o.front.kind === "withheld";
  const lines: string[] = [];
  lines.push(`app: ${withheld ? "(withheld)" : observedApp(o) ?? "(none)"}`);
  lines.push(
    focus
      ? `window: "${focus.title}" (${focus.kind}, ${rect(focus.bounds)})`
      : `window: (${withheld ? "withheld" : "no focused window"})`,
  );
  const note = frontNote(o.front);
  if (note) lines.push(`front: ${note}`);
  const others = o.appWindows.filter((w) => w.id !== focus?.id);
  if (others.length) lines.push(`other_windows: ${others.map((w) => `"${w.title}"`).join(", ")}`);
  if (o.sighting) {
    lines.push(
      o.sighting.known
        ? `known_window: yes, graph node #${o.sighting.nodeId}, seen ${o.sighting.seenCount} times, before this ${
          ago(o.at - (o.sighting.previousSeen ?? o.at))
        }`
        : `known_window: no, first sighting, recorded as graph node #${o.sighting.nodeId}`,
    );
  } else if (o.unstored) {
    lines.push(`known_window: unknown (not recorded: ${o.unstored})`);
  } else {
    lines.push(
      `known_window: no (nothing recorded: ${
        withheld ? "the window in front is withheld" : "no focused application window"
      })`,
    );
  }
  const points = screen.widthPt === screen.widthPx && screen.heightPt === screen.heightPx
    ? ""
    : ` = ${screen.widthPt}x${screen.heightPt} pt`;
  lines.push(`screen: ${screen.widthPx}x${screen.heightPx} px${points} (scale ${screen.scale})`);
  if (engineWaitMs) lines.push(engineWaitLine(engineWaitMs));
  if (o.charScan) lines.push(`single_character_scan: ${rect(o.charScan)}`);
  if (focus) lines.push(iconCountLine(o.icons));
  if (o.grid) lines.push(gridLine(o.grid));
  lines.push(ROWS_LEGEND);
  const named = iconElements(o.icons);
  lines.push(`elements in focus window (${o.surfaces.window.length + named.length}):`);
  lines.push(...elementRows(o.surfaces.window));
  // Named icons are rows of their own after the text, in the same shape.
  lines.push(...elementRows(named));
  if (!o.surfaces.window.length && !named.length) {
    lines.push(
      focus
        ? "  (no text read in this window)"
        : withheld
        ? "  (none: the window in front is withheld)"
        : "  (no window has the focus)",
    );
  }
  const chromeLabel = platform === "macos"
    ? "menu bar / menus / popovers"
    : "menus / popups / tooltips / docks";
  lines.push(`chrome (${chromeLabel}, ${o.surfaces.chrome.length}):`);
  lines.push(...elementRows(o.surfaces.chrome));
  if (!o.surfaces.chrome.length) lines.push(`  (empty: ${emptyChromeReason(o.state, platform)})`);
  if (o.state.withheld) {
    lines.push(
      `withheld: ${o.state.withheld} window(s) of apps on the user's deny list, blanked in the screenshot and never read`,
    );
  }
  if (o.surfaces.offSurface > 0) {
    lines.push(
      `off_surface: ${o.surfaces.offSurface} text element(s) in background windows or on the desktop, not listed; focus that window to act on them`,
    );
  }
  lines.push(
    shot
      ? `screenshot: ${shot.width}x${shot.height}, scale ${shot.scale}: divide its coordinates by ${shot.scale} for screen pixels`
      : "screenshot: not attached (screenshot:true for one)",
  );
  return lines.join("\n");
}
