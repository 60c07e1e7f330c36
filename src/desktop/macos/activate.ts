/**
 * Bringing one window to the front. AppKit and AXFrontmost act on a whole
 * app, so the window itself is found through Accessibility (frame and
 * title, or a frame no other window of the app has), made main and raised,
 * and the window list must then show that very window in front: with two
 * windows of one app, a step must never read or click the other one.
 *
 * From macOS 14 activation is a request the system may decline: the app is
 * asked with `activateFromApplication:options:` naming the app in front
 * (the supported call; `activateWithOptions:` before 14), then told
 * `AXFrontmost`, and what each answered is logged. A process that is not
 * the active app is declined even so: when the app in front has not
 * changed after the bounded wait, LaunchServices is asked instead
 * (`open -b <bundle id>`, which activates on the user's behalf), the window
 * is raised again, and the reply says that this path was used.
 *
 * @module
 */

import { bundleId, openBundle, runningApplication } from "./apps.ts";
import { AxBusy, AxDenied, perform, setTrue, windowClues, withAppWindows } from "./ax.ts";
import { sleep } from "../../common/time.ts";
import type { MacSession } from "./session.ts";
import { LIST_EXCLUDE_DESKTOP, onScreenWindows, readRawWindows } from "./windows.ts";
import { focusWindow, type RawWindow } from "./window_list.ts";
import { type MatchBy, matchingWindows } from "./window_match.ts";

/** NSApplicationActivationOptions: none. ActivateAllWindows would pull every window of the app forward. */
const ACTIVATE_NO_OPTIONS = 0n;

/** What the system answered to one activation, for the log and the self-test. */
export interface ActivationReport {
  /** The window asked for. */
  window: string;
  /** How it was found among the app's Accessibility windows. */
  matchedBy: MatchBy | null;
  /** Which AppKit call asked, and its BOOL; null when AppKit is not loaded. */
  appKit: { call: string; accepted: boolean } | null;
  /** AXError of AXFrontmost = true (0: accepted). */
  frontmost: number | null;
  /** AXError of AXRaise (0: accepted). */
  raise: number | null;
  /** The LaunchServices fallback after a declined activation (`open -b <id>`), and why it failed; null when not tried. */
  fallback: { call: string; error: string | null } | null;
  /** Whether the window list then showed the window in front. */
  confirmed: boolean;
}

function frontWindow(s: MacSession): RawWindow | null {
  return focusWindow(onScreenWindows(s));
}

/** Polls of the window list after a raise: 30 x 50 ms leaves room for a switch of Space. */
const CONFIRM_POLLS = 30;

/** Polls the window list (30 x 50 ms) until `inFront` holds for the front window. */
async function waitUntil(s: MacSession, inFront: (w: RawWindow | null) => boolean): Promise<boolean> {
  for (let i = 0; i < CONFIRM_POLLS; i++) {
    if (inFront(frontWindow(s))) return true;
    await sleep(50);
  }
  return false;
}

const waitFront = (s: MacSession, number: number) => waitUntil(s, (f) => f?.number === number);

/**
 * Asks AppKit to activate the app of `pid`, yielding from the app in front
 * (`fromPid`) on macOS 14 and later; the call made and its answer.
 */
function askAppKit(s: MacSession, pid: number, fromPid: number | null): ActivationReport["appKit"] {
  if (!s.libs.loaded.appKit) return null;
  const m = s.libs.objc;
  return s.objc.pool(() => {
    const target = runningApplication(s, pid);
    if (!target) return { call: `runningApplicationWithProcessIdentifier:${pid}`, accepted: false };
    const from = fromPid !== null && fromPid !== pid ? runningApplication(s, fromPid) : null;
    const cooperative = s.objc.sel("activateFromApplication:options:");
    if (from && m.msgSend_bool_id(target, s.objc.sel("respondsToSelector:"), cooperative)) {
      const ok = m.msgSend_bool_id_usize(target, cooperative, from, ACTIVATE_NO_OPTIONS) !== 0;
      return { call: "activateFromApplication:options:", accepted: ok };
    }
    const ok = m.msgSend_bool_usize(target, s.objc.sel("activateWithOptions:"), ACTIVATE_NO_OPTIONS) !== 0;
    return { call: "activateWithOptions:", accepted: ok };
  });
}

/** The last activation's answers (null before the first). */
export const lastActivation = new WeakMap<MacSession, ActivationReport>();

function logReport(s: MacSession, r: ActivationReport): void {
  lastActivation.set(s, r);
  const appKit = r.appKit
    ? `${r.appKit.call} ${r.appKit.accepted ? "accepted" : "declined"}`
    : "AppKit not loaded";
  const ax = (e: number | null) => (e === null ? "not sent" : e === 0 ? "accepted" : `AXError ${e}`);
  s.log(
    `activate ${r.window} (matched by ${r.matchedBy ?? "nothing"}): ${appKit}; AXFrontmost ${
      ax(r.frontmost)
    }; ` +
      `AXRaise ${ax(r.raise)}; ${fallbackText(r.fallback)}${
        r.confirmed ? "confirmed in front" : "not confirmed in front"
      }`,
  );
}

function fallbackText(f: ActivationReport["fallback"]): string {
  if (!f) return "";
  return `activation declined, then ${f.call}${f.error ? ` failed (${f.error})` : ""}; `;
}

/**
 * After a declined activation (the app of `pid` is still not in front):
 * asks LaunchServices (`open -b`), waits for the app to come forward, then
 * raises the matched windows in turn until the asked one is in front.
 */
async function openThenRaise(
  s: MacSession,
  w: RawWindow,
  candidates: Deno.PointerValue[],
  report: ActivationReport,
): Promise<boolean> {
  const id = bundleId(s, w.pid);
  if (!id) {
    report.fallback = { call: "open -b", error: "the app has no bundle id" };
    return false;
  }
  report.fallback = { call: `open -b ${id}`, error: null };
  try {
    await openBundle(s, id);
  } catch (e) {
    report.fallback.error = (e as Error).message;
    return false;
  }
  if (!(await waitUntil(s, (f) => f?.pid === w.pid))) {
    report.fallback.error = "the app did not come to the front";
    return false;
  }
  for (const el of candidates) {
    setTrue(s, el, "AXMain");
    report.raise = perform(s, el, "AXRaise");
    if (await waitFront(s, w.number)) return true;
  }
  return false;
}

/**
 * Brings window `windowId` to the front and confirms it, or throws saying
 * why it could not; resolves to a note for the reply when LaunchServices
 * had to bring it forward (the activation was declined), else to nothing.
 */
export async function activateWindow(s: MacSession, windowId: string): Promise<string | void> {
  const w = readRawWindows(s, LIST_EXCLUDE_DESKTOP).find((r) => String(r.number) === windowId);
  if (!w) throw new Error(`no window ${windowId}: it was closed; observe again`);
  const before = frontWindow(s);
  if (before?.number === w.number) return;
  s.grants.requireAccessibility("nothing was brought forward");
  const label = `${w.ownerName} window${w.name ? ` "${w.name}"` : ""}`;
  const report: ActivationReport = {
    window: label,
    matchedBy: null,
    appKit: null,
    frontmost: null,
    raise: null,
    fallback: null,
    confirmed: false,
  };
  try {
    report.confirmed = await withAppWindows(s, w.pid, async (app, windows) => {
      const match = matchingWindows(
        { title: w.name, bounds: w.bounds },
        windows.map((el) => windowClues(s, el)),
      );
      if (match.indices.length === 0) {
        throw new Error(
          `the ${label} was not found through Accessibility (no window of the app has its frame and title, ` +
            `nor a frame of its own); nothing was brought forward in its place`,
        );
      }
      report.matchedBy = match.by;
      // Several windows can share frame and title: try each until the window list shows ours in front.
      for (const i of match.indices) {
        setTrue(s, windows[i], "AXMain");
        report.appKit = askAppKit(s, w.pid, before?.pid ?? null);
        report.frontmost = setTrue(s, app, "AXFrontmost");
        report.raise = perform(s, windows[i], "AXRaise");
        if (await waitFront(s, w.number)) return true;
      }
      // The app in front did not change: the system declined the request (macOS 14 and later, from a
      // process that is not the active app). Another window of the same app in front is no decline.
      if (frontWindow(s)?.pid === w.pid) return false;
      return await openThenRaise(s, w, match.indices.map((i) => windows[i]), report);
    });
  } catch (e) {
    if (e instanceof AxDenied || e instanceof AxBusy) {
      logReport(s, report);
      throw new Error(
        `the ${label} cannot be raised: ${e.message}` +
          (e instanceof AxDenied ? " (System Settings → Privacy & Security → Accessibility)" : ""),
      );
    }
    throw e;
  }
  logReport(s, report);
  if (report.confirmed) {
    if (!report.fallback) return;
    return `brought forward with ${report.fallback.call}: macOS declined ${
      report.appKit?.call ?? "the activation"
    }`;
  }
  const front = frontWindow(s);
  const fallback = report.fallback
    ? `; macOS declined the activation, and ${report.fallback.call} ${
      report.fallback.error ? `failed: ${report.fallback.error}` : "did not raise it"
    }`
    : "";
  throw new Error(
    `could not confirm that the ${label} is in front (the front window is ${
      front ? `${front.ownerName} "${front.name}"` : "unknown"
    }${fallback}); the step stops rather than act on another window`,
  );
}
