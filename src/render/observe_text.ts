/**
 * The text of an observe reply: compact, one fact per line, elements as
 * `text @ (cx,cy) [conf 0.97]`.
 *
 * @module
 */

import type { Rect } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import type { Observation } from "../plan/look.ts";
import { emptyChromeReason } from "../perceive/surfaces.ts";

/** A named icon as a listing line: a target like text, marked as a drawing. */
export function iconLine(icon: { label: string | null; cx: number; cy: number }): string {
  return `${icon.label} [icon] @ (${icon.cx},${icon.cy})`;
}

/** The icon count line: how many icons the window draws, named and not. */
export function iconCountLine(icons: Array<{ label: string | null }>): string {
  const named = icons.filter((i) => i.label !== null).length;
  const unnamed = icons.length - named;
  const hint = unnamed ? " (hover_icons asks the app for their names, annotate_icons asks you)" : "";
  return `icons: ${named} labeled, ${unnamed} unlabeled${hint}`;
}

/** One element as a listing line. */
export function elementLine(el: Element): string {
  return `${el.text} @ (${el.cx},${el.cy}) [conf ${el.conf.toFixed(2)}]`;
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

/** Renders an observation, with the screenshot's scale when one is attached. */
export function observeText(
  o: Observation,
  platform: string,
  shot: { width: number; height: number; scale: number } | null,
): string {
  const { screen } = o.state;
  const focus = o.surfaces.focus;
  const lines: string[] = [];
  lines.push(`app: ${o.state.frontmostApp ?? "(none)"}`);
  lines.push(
    focus ? `window: "${focus.title}" (${focus.kind}, ${rect(focus.bounds)})` : "window: (no focused window)",
  );
  lines.push(
    `open_windows: ${o.appWindows.length ? o.appWindows.map((w) => `"${w.title}"`).join(", ") : "(none)"}`,
  );
  if (o.sighting) {
    lines.push(
      o.sighting.known
        ? `known_window: yes, graph node #${o.sighting.windowId}, seen ${o.sighting.seenCount} times, before this ${
          ago(o.at - (o.sighting.previousSeen ?? o.at))
        }`
        : `known_window: no, first sighting, recorded as graph node #${o.sighting.windowId}`,
    );
  } else {
    lines.push("known_window: no (nothing recorded: no focused application window)");
  }
  lines.push(
    `screen: ${screen.widthPx}x${screen.heightPx} px = ${screen.widthPt}x${screen.heightPt} pt (scale ${screen.scale}); element coordinates are pixels`,
  );
  lines.push(
    `single_character_scan: ${o.charScan ? rect(o.charScan) : "none (no glyph-sized blobs left unread)"}`,
  );
  if (focus) lines.push(iconCountLine(o.icons));
  lines.push("");
  const named = o.icons.filter((i) => i.label !== null);
  lines.push(`elements in focus window (${o.surfaces.window.length + named.length}):`);
  for (const el of o.surfaces.window) lines.push(`  ${elementLine(el)}`);
  for (const icon of named) lines.push(`  ${iconLine(icon)}`);
  if (!o.surfaces.window.length && !named.length) {
    lines.push(focus ? "  (no text read in this window)" : "  (no window has the focus)");
  }
  const chromeLabel = platform === "macos"
    ? "menu bar / menus / popovers"
    : "menus / popups / tooltips / docks";
  lines.push(`chrome (${chromeLabel}, ${o.surfaces.chrome.length}):`);
  for (const el of o.surfaces.chrome) lines.push(`  ${elementLine(el)}`);
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
      ? `screenshot: attached at ${shot.width}x${shot.height} (scale ${shot.scale} of the screen; divide its coordinates by ${shot.scale} to get screen pixels)`
      : "screenshot: not attached (screenshot=false)",
  );
  return lines.join("\n");
}
