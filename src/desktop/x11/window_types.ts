/**
 * Pure rules for classifying X11 windows and computing their geometry.
 *
 * @module
 */

import type { WindowKind } from "../types.ts";
import type { Rect } from "../../common/rect.ts";

/** Maps an EWMH `_NET_WM_WINDOW_TYPE_*` atom name to a window kind. */
export function kindOfType(typeName: string | null, overrideRedirect: boolean): WindowKind {
  const t = (typeName ?? "").replace(/^_NET_WM_WINDOW_TYPE_/, "");
  switch (t) {
    case "NORMAL":
      return "normal";
    case "DIALOG":
      return "dialog";
    case "UTILITY":
    case "TOOLBAR":
      return "utility";
    case "DOCK":
      return "dock";
    case "MENU":
    case "DROPDOWN_MENU":
    case "POPUP_MENU":
      return "menu";
    case "TOOLTIP":
      return "tooltip";
    case "COMBO":
    case "NOTIFICATION":
    case "SPLASH":
    case "DND":
      return "popup";
    case "DESKTOP":
      return "other";
  }
  // An unmanaged window with no type is a popup of some toolkit.
  return overrideRedirect ? "popup" : "normal";
}

/**
 * The outer bounds of a managed window: its client area (in root
 * coordinates) grown by the frame extents the window manager reports
 * (`_NET_FRAME_EXTENTS` = left, right, top, bottom).
 */
export function frameBounds(
  client: Rect,
  extents: readonly number[] | null,
): Rect {
  const [left, right, top, bottom] = extents && extents.length === 4 ? extents : [0, 0, 0, 0];
  return {
    x: client.x - left,
    y: client.y - top,
    width: client.width + left + right,
    height: client.height + top + bottom,
  };
}

/** A readable app name from WM_CLASS (res_name, res_class). */
export function appNameOf(resName: string | null, resClass: string | null): string {
  const name = resClass || resName || "";
  if (!name) return "";
  // Some toolkits put the lowercase binary name in res_class; capitalise it.
  return name[0].toUpperCase() + name.slice(1);
}

/** Splits a WM_CLASS value (two NUL-terminated strings). */
export function parseWmClass(bytes: Uint8Array): [string, string] {
  const parts = new TextDecoder().decode(bytes).split("\0");
  return [parts[0] ?? "", parts[1] ?? ""];
}
