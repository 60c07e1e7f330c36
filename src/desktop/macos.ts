/**
 * The macOS Desktop backend: CoreGraphics for windows, displays, capture and
 * input; AppKit (through libobjc) for activation and the clipboard. Each
 * capability lives in `macos/`; this module joins them.
 *
 * Every coordinate crossing the Desktop interface is in pixels of the
 * captured display (the one holding the focus window); the parts convert to
 * global points, display origin included, before calling CoreGraphics. The
 * native symbols are injected so tests can drive it with a fake.
 *
 * @module
 */

import { inTopLeftCorner } from "./corner.ts";
import type { Desktop, PermissionCheck } from "./types.ts";
import { activateWindow } from "./macos/activate.ts";
import { askWithAlert } from "./macos/alert.ts";
import { launch, launchableApps, reopen, runningApps, versionReader } from "./macos/apps.ts";
import { type CapturePath, describeCapturePath, MacCapture } from "./macos/capture.ts";
import { readClipboardText } from "./macos/clipboard.ts";
import { pasteboardGeneration, pasteboardSource } from "./macos/pasteboard_source.ts";
import { programNamesReader } from "./macos/program.ts";
import { MacInput } from "./macos/input.ts";
import { type MacLibs, openMacLibraries } from "./macos/libs.ts";
import { permissionChecks } from "./macos/permissions.ts";
import { macProbe } from "./macos/probe.ts";
import { hostFacts } from "./macos/host.ts";
import { type MacDesktopOptions, MacSession } from "./macos/session.ts";
import { readDisplayBounds, readWindowState } from "./macos/windows.ts";

export type { MacDesktopOptions } from "./macos/session.ts";

/** The macOS backend, with its native libraries injected (opened for real by default). */
export function createMacDesktop(
  libs: MacLibs = openMacLibraries({ appKit: true }),
  opts: MacDesktopOptions = {},
): Desktop & { capturePath(): CapturePath } {
  const s = new MacSession(libs, opts);
  const cap = new MacCapture(s);
  const input = new MacInput(s);
  const appVersion = versionReader(s);
  const programNames = programNamesReader(s);
  let closed = false;

  return {
    platform: "macos",
    cmdMeaning: "Command (⌘) on macOS",
    capturePath: () => cap.path,

    windows: () => readWindowState(s),
    capture: () => cap.capture(),
    pointer: () => input.pointer(),
    // Global points against every display's bounds: the working display's pixels
    // go negative on a display to its upper left.
    pointerInCorner: () => inTopLeftCorner(readDisplayBounds(s), input.globalPointer()),

    move: (to) => input.move(to),
    click: (at, button, count, modifiers, gate) => input.click(at, button, count, modifiers, gate),
    button: (button, down, gate) => input.button(button, down, gate),
    modifiers: (mods, down, gate) => input.modifiers(mods, down, gate),
    scroll: (at, notches, gate) => input.scroll(at, notches, gate),
    hotkey: (keys, gate) => input.hotkey(keys, gate),
    type: (text, gate) => input.type(text, gate),
    keyRefusal: (keys) => input.keyRefusal(keys),

    runningApps: () => Promise.resolve(runningApps(s)),
    launchableApps: () => Promise.resolve(launchableApps(s)),
    launch: (app) => launch(s, app),
    activate: (windowId) => activateWindow(s, windowId),
    reopen: (app) => reopen(s, app),
    appVersion,

    readClipboard: () => Promise.resolve(readClipboardText(s)),
    clipboardSource: () => pasteboardSource(s),
    clipboardGeneration: () => pasteboardGeneration(s),
    programNames,
    askUser: (q) => askWithAlert(s, q),

    doctorChecks(): PermissionCheck[] {
      const path = describeCapturePath(cap.path, cap.fallbackReason);
      const layout = s.keyboard.current();
      return [
        ...permissionChecks(
          s.grants.screenRecording(),
          s.grants.accessibility(),
          path,
          opts.host ?? hostFacts(opts.systemRoot),
        ),
        { name: "Capture path", ok: true, detail: path },
        {
          name: "Keyboard layout",
          ok: s.keyboard.problem === null,
          detail: `${layout.label}: shortcuts are pressed on the keys that type their characters there` +
            (s.keyboard.problem ? ` (${s.keyboard.problem})` : ""),
        },
      ];
    },
    probe: (facts) => macProbe(s, cap, facts, { osRelease: opts.osRelease ?? (() => Deno.osRelease()) }),
    close() {
      if (closed) return;
      closed = true;
      cap.close();
      s.close();
    },
  };
}
