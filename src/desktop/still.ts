/**
 * A desktop that shows a still screen given to it and takes no input: the
 * server's warming looks at a made-up window through it as a tool call
 * looks at the display, so that code a first call runs around its look
 * has run before. Every way to touch it is refused; it lists no apps.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Desktop, DoctorSelftestFacts, ProbeReport, WindowState } from "./types.ts";

/** Why a still desktop refuses a gesture. */
const NO_INPUT = "a still screen takes no input";

/** A desktop showing `screen` until `show` gives another. */
export interface StillDesktop extends Desktop {
  /** Shows `screen` from the next look on. */
  show(screen: { state: WindowState; frame: RgbaImage }): void;
}

/**
 * A still desktop showing `screen`, of the platform of `like` (the real
 * desktop), so that a look at it says what it would say there.
 */
export function stillDesktop(
  screen: { state: WindowState; frame: RgbaImage },
  like: Pick<Desktop, "platform" | "cmdMeaning">,
): StillDesktop {
  let shown = screen;
  const refuse = () => Promise.reject(new Error(NO_INPUT));
  return {
    platform: like.platform,
    cmdMeaning: like.cmdMeaning,
    show: (next) => shown = next,
    windows: () => structuredClone(shown.state),
    capture: () => shown.frame,
    pointer: () => ({ x: 0, y: 0 }),
    pointerInCorner: () => false,
    move: refuse,
    click: refuse,
    button: refuse,
    modifiers: refuse,
    scroll: refuse,
    hotkey: refuse,
    type: refuse,
    runningApps: () => Promise.resolve([]),
    launchableApps: () => Promise.resolve([]),
    launch: refuse,
    activate: refuse,
    reopen: refuse,
    readClipboard: () => Promise.resolve({ text: null, note: "a still screen has no clipboard" }),
    doctorChecks: () => [],
    probe: (_facts: DoctorSelftestFacts): ProbeReport => ({ findings: [], questions: [] }),
    close: () => {},
  };
}
