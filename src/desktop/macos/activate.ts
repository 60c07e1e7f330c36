/**
 * Bringing one window to the front. AppKit and AXFrontmost act on a whole
 * app, so the window itself is found through Accessibility (frame and
 * title), made main and raised, and the window list must then show that
 * very window in front: with two windows of one app, a step must never read
 * or click the other one.
 *
 * @module
 */

import { runningApplication } from "./apps.ts";
import { AxDenied, perform, setTrue, windowFacts, withAppWindows } from "./ax.ts";
import { sleep } from "../../common/time.ts";
import type { MacSession } from "./session.ts";
import { LIST_EXCLUDE_DESKTOP, onScreenWindows, readRawWindows } from "./windows.ts";
import { focusWindow, type RawWindow } from "./window_list.ts";
import { matchingWindows } from "./window_match.ts";

/** NSApplicationActivationOptions: none. ActivateAllWindows would pull every window of the app forward. */
const ACTIVATE_NO_OPTIONS = 0;

function frontWindow(s: MacSession): RawWindow | null {
  return focusWindow(onScreenWindows(s));
}

/** Polls of the window list after a raise: 30 x 50 ms leaves room for a switch of Space. */
const CONFIRM_POLLS = 30;

async function waitFront(s: MacSession, number: number): Promise<boolean> {
  for (let i = 0; i < CONFIRM_POLLS; i++) {
    if (frontWindow(s)?.number === number) return true;
    await sleep(50);
  }
  return false;
}

function activateApp(s: MacSession, pid: number, app: Deno.PointerValue): void {
  if (s.libs.loaded.appKit) {
    s.objc.pool(() => {
      const running = runningApplication(s, pid);
      if (running) {
        s.libs.objc.msgSend_bool_usize(
          running,
          s.objc.sel("activateWithOptions:"),
          BigInt(ACTIVATE_NO_OPTIONS),
        );
      }
    });
  }
  // From a process that is not an app, activation may be refused on macOS 14+; AX asks the app itself.
  setTrue(s, app, "AXFrontmost");
}

/** Brings window `windowId` to the front and confirms it, or throws saying why it could not. */
export async function activateWindow(s: MacSession, windowId: string): Promise<void> {
  const w = readRawWindows(s, LIST_EXCLUDE_DESKTOP).find((r) => String(r.number) === windowId);
  if (!w) throw new Error(`no window ${windowId}: it was closed; observe again`);
  if (frontWindow(s)?.number === w.number) return;
  const label = `${w.ownerName} window${w.name ? ` "${w.name}"` : ""}`;
  let raised: boolean;
  try {
    raised = await withAppWindows(s, w.pid, async (app, windows) => {
      const order = matchingWindows(
        { title: w.name, bounds: w.bounds },
        windows.map((el) => windowFacts(s, el)),
      );
      if (order.length === 0) {
        throw new Error(
          `the ${label} was not found through Accessibility (no window with its frame and title); ` +
            `nothing was brought forward in its place`,
        );
      }
      // Several windows can share frame and title: try each until the window list shows ours in front.
      for (const i of order) {
        setTrue(s, windows[i], "AXMain");
        activateApp(s, w.pid, app);
        perform(s, windows[i], "AXRaise");
        if (await waitFront(s, w.number)) return true;
      }
      return false;
    });
  } catch (e) {
    if (e instanceof AxDenied) {
      throw new Error(
        `the ${label} cannot be raised: ${e.message} (System Settings → Privacy & Security → Accessibility)`,
      );
    }
    throw e;
  }
  if (raised) return;
  const front = frontWindow(s);
  throw new Error(
    `could not confirm that the ${label} is in front (the front window is ${
      front ? `${front.ownerName} "${front.name}"` : "unknown"
    }); the step stops rather than act on another window`,
  );
}
