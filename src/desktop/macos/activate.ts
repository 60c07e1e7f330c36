/**
 * Bringing a window to the front: AppKit activation of its app, then
 * Accessibility, each confirmed against the window list.
 *
 * @module
 */

import { runningApplication } from "./apps.ts";
import { type MacSession, sleep } from "./session.ts";
import { LIST_EXCLUDE_DESKTOP, onScreenWindows, readRawWindows } from "./windows.ts";
import { focusWindow } from "./window_list.ts";

/** NSRunningApplication.h: NSApplicationActivateAllWindows. */
const ACTIVATE_ALL_WINDOWS = 1;

function frontPid(s: MacSession): number | null {
  return focusWindow(onScreenWindows(s))?.pid ?? null;
}

async function waitFront(s: MacSession, pid: number): Promise<boolean> {
  for (let i = 0; i < 10; i++) {
    if (frontPid(s) === pid) return true;
    await sleep(50);
  }
  return false;
}

/** Brings the window's app to the front, or throws saying what to grant. */
export async function activateWindow(s: MacSession, windowId: string): Promise<void> {
  const w = readRawWindows(s, LIST_EXCLUDE_DESKTOP).find((r) => String(r.number) === windowId);
  if (!w) throw new Error(`no window ${windowId}`);
  const o = s.objc;
  if (s.libs.loaded.appKit) {
    o.pool(() => {
      const app = runningApplication(s, w.pid);
      if (app) {
        s.libs.objc.msgSend_bool_usize(app, o.sel("activateWithOptions:"), BigInt(ACTIVATE_ALL_WINDOWS));
      }
    });
  }
  if (await waitFront(s, w.pid)) return;
  // Fallback: ask the app through Accessibility to become frontmost.
  const el = s.libs.ax.AXUIElementCreateApplication(w.pid);
  if (el) {
    try {
      const trueRef = new Deno.UnsafePointerView(s.libs.cf.kCFBooleanTrue!).getPointer();
      s.libs.ax.AXUIElementSetAttributeValue(el, s.cf.str("AXFrontmost"), trueRef);
    } finally {
      s.libs.cf.CFRelease(el);
    }
  }
  if (await waitFront(s, w.pid)) return;
  throw new Error(
    `${w.ownerName} did not come to the front (is Accessibility granted to the app running choto?)`,
  );
}
