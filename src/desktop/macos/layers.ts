/**
 * Window levels (CGWindowLevel.h, macOS 14 SDK) and what each means to choto.
 *
 * @module
 */

import type { WindowKind } from "../types.ts";

/** Levels defined in CGWindowLevel.h, each checked against the header. */
export const LEVEL = {
  normal: 0, // kCGNormalWindowLevel
  floating: 3, // kCGFloatingWindowLevel (= kCGTornOffMenuWindowLevel)
  modalPanel: 8, // kCGModalPanelWindowLevel
  utility: 19, // kCGUtilityWindowLevel
  dock: 20, // kCGDockWindowLevel
  mainMenu: 24, // kCGMainMenuWindowLevel
  status: 25, // kCGStatusWindowLevel
  popUpMenu: 101, // kCGPopUpMenuWindowLevel
  overlay: 102, // kCGOverlayWindowLevel
  help: 200, // kCGHelpWindowLevel
  dragging: 500, // kCGDraggingWindowLevel
  screenSaver: 1000, // kCGScreenSaverWindowLevel
  assistiveTechHigh: 1500, // kCGAssistiveTechHighWindowLevel
} as const;

/** What a window at a given layer is for. Unknown levels are `other`. */
export function kindOfLayer(layer: number): WindowKind {
  switch (layer) {
    case LEVEL.normal:
      return "normal";
    case LEVEL.floating:
    case LEVEL.utility:
      return "utility";
    case LEVEL.modalPanel:
      return "dialog";
    case LEVEL.dock:
      return "dock";
    case LEVEL.mainMenu:
      return "menubar";
    case LEVEL.status:
      return "status";
    case LEVEL.popUpMenu:
      return "menu";
    case LEVEL.overlay:
      return "popup";
    case LEVEL.help:
      return "tooltip";
    default:
      return "other";
  }
}

/** Kinds that are application windows (the rest is chrome or noise). */
export function isAppKind(kind: WindowKind): boolean {
  return kind === "normal" || kind === "dialog" || kind === "utility";
}
