/**
 * Bringing an application to the front by name, launching it when needed,
 * and saying so only once the window system confirms it.
 *
 * @module
 */

import { ambiguousName, matchAppName, sameAppName } from "../common/app_match.ts";
import type { Desktop, LaunchableApp, WindowInfo } from "./types.ts";
import { type Clock, realClock } from "../common/time.ts";

/** The outcome of focus_app. */
export type FocusResult =
  | {
    ok: true;
    app: string;
    window: WindowInfo;
    /** What had to be done: it was in front, activated, launched, or reopened. */
    how: "already_front" | "activated" | "launched" | "reopened";
    /** How the backend brought the window forward when it took a fallback path (macOS: `open -b`). */
    via?: string;
    ms: number;
  }
  | {
    ok: false;
    reason: "ambiguous" | "not_found" | "launch_failed" | "not_confirmed" | "denied" | "cancelled";
    message: string;
    candidates: string[];
  };

/** How long a running app without a window gets to show one before it is asked to. */
const STARTING_MS = 2500;
/** How often a wait for a window says how long it has waited. */
const TELL_EVERY_MS = 500;

/**
 * Told, every {@link TELL_EVERY_MS} or so while focus_app waits for a
 * window, how long it has waited of how long it may: a progress
 * notification keeps a client's request alive through a slow launch.
 */
export type OnWait = (waitedMs: number, ofMs: number) => Promise<void> | void;

/** A wait's reports, at most one per {@link TELL_EVERY_MS}, counted from `t0`. */
function waitTeller(clock: Clock, t0: number, ofMs: number, onWait?: OnWait): () => Promise<void> {
  let last = t0;
  return async () => {
    const now = clock.now();
    if (!onWait || now - last < TELL_EVERY_MS) return;
    last = now;
    try {
      // Short of the total, which only the answer reaches.
      await onWait(Math.min(now - t0, ofMs - 1), ofMs);
    } catch {
      // A client that cannot be told (it went away) changes nothing about the wait.
    }
  };
}

async function windowAppears(
  desktop: Desktop,
  names: string[],
  ms: number,
  clock: Clock,
  signal: AbortSignal | undefined,
  tell: () => Promise<void>,
): Promise<"appeared" | "not_yet" | "cancelled"> {
  const end = clock.now() + ms;
  while (clock.now() < end) {
    if (signal?.aborted) return "cancelled";
    if (desktop.windows().windows.some((w) => windowOf(w, names))) return "appeared";
    await clock.sleep(100);
    await tell();
  }
  return "not_yet";
}

/** The failure of a request cancelled after `done` (what was already sent to the desktop, if anything). */
function cancelled(done: string): FocusResult {
  return fail(
    "cancelled",
    `stopped because the request was cancelled${done ? `, after ${done}` : "; nothing was done"}`,
  );
}

/** True when a window belongs to an app known by these names. */
function windowOf(w: WindowInfo, names: string[]): boolean {
  return names.some((n) => sameAppName(n, w.app));
}

/**
 * Focuses (or launches) the app called `query`, waiting up to `timeoutMs`
 * by `clock` (the real one unless a test passes its own). When `signal`
 * aborts, it stops at the next check and says what it had already done;
 * `onWait` hears how long it has waited for a window.
 */
export async function focusApp(
  desktop: Desktop,
  query: string,
  timeoutMs = 10_000,
  clock: Clock = realClock,
  signal?: AbortSignal,
  onWait?: OnWait,
): Promise<FocusResult> {
  const t0 = clock.now();
  const tell = waitTeller(clock, t0, timeoutMs, onWait);
  const refusal = desktop.deniedApp?.(query);
  if (refusal) return { ok: false, reason: "denied", message: refusal, candidates: [] };
  const running = await desktop.runningApps();
  const hit = matchAppName(query, running);
  if (hit.kind === "ambiguous") return ambiguous(query, "running apps", hit.candidates);
  if (hit.kind === "found") {
    const app = hit.item;
    const names = [app.name, ...app.aliases];
    let how: "activated" | "reopened" = "activated";
    // A process without a window may simply still be starting: give it a moment
    // to map its window before asking it for another one.
    const appears = app.windowIds.length
      ? "appeared"
      : await windowAppears(desktop, names, STARTING_MS, clock, signal, tell);
    if (appears === "cancelled" || signal?.aborted) return cancelled("");
    if (appears === "not_yet") {
      how = "reopened";
      try {
        await desktop.reopen(app);
      } catch (err) {
        return fail(
          "launch_failed",
          `${app.name} is running but has no window, and reopening it failed: ${(err as Error).message}`,
        );
      }
    }
    return await confirm(desktop, app.name, names, how, { t0, timeoutMs, clock, signal, tell });
  }

  const launchable = await desktop.launchableApps();
  let target = pickLaunchable(query, launchable);
  if ("message" in target && target.reason === "not_found") {
    const exe = desktop.findExecutable?.(query);
    if (exe) target = { app: exe };
  }
  if ("message" in target) return target;
  if (signal?.aborted) return cancelled("");
  try {
    await desktop.launch(target.app);
  } catch (err) {
    return fail(
      "launch_failed",
      `starting ${target.app.name} (${target.app.launch.join(" ")}) failed: ${(err as Error).message}`,
    );
  }
  return await confirm(desktop, target.app.name, [target.app.name, ...target.app.aliases], "launched", {
    t0,
    timeoutMs,
    clock,
    signal,
    tell,
  });
}

/** An ambiguous name: the candidates, and what to do about it. */
function ambiguous(query: string, what: string, candidates: Array<{ name: string }>): Extract<
  FocusResult,
  { ok: false }
> {
  const names = candidates.map((c) => c.name);
  return { ok: false, reason: "ambiguous", candidates: names, message: ambiguousName(query, what, names) };
}

function fail(
  reason: "launch_failed" | "not_confirmed" | "not_found" | "cancelled",
  message: string,
): FocusResult {
  return { ok: false, reason, message, candidates: [] };
}

function pickLaunchable(
  query: string,
  apps: LaunchableApp[],
): { app: LaunchableApp } | Extract<FocusResult, { ok: false }> {
  const hit = matchAppName(query, apps);
  if (hit.kind === "found") return { app: hit.item };
  if (hit.kind === "ambiguous") {
    return ambiguous(query, "installed apps, none of them running", hit.candidates);
  }
  return {
    ok: false,
    reason: "not_found",
    candidates: [],
    message:
      `no running or installed app is called "${query}": check the spelling, or use observe to see what is open (installed apps are found by their menu name or their command name; a program that is not a desktop application starts only when the user lists it in choto.json's launch_executables)`,
  };
}

/** Waits for a window of the app, activates it, and waits until it has the focus. */
async function confirm(
  desktop: Desktop,
  appName: string,
  names: string[],
  how: "activated" | "launched" | "reopened",
  wait: { t0: number; timeoutMs: number; clock: Clock; signal?: AbortSignal; tell: () => Promise<void> },
): Promise<FocusResult> {
  const { t0, timeoutMs, clock, signal } = wait;
  let activatedId: string | null = null;
  let activatedAt = 0;
  let lastWindow: WindowInfo | null = null;
  // A backend that checks its own activation (macOS) says why it failed; keep trying until the deadline.
  let refusal = "";
  let via: string | undefined;
  while (clock.now() - t0 < timeoutMs) {
    if (signal?.aborted) {
      const done = how === "activated"
        ? (activatedId ? `asking ${appName}'s window to come to the front` : "")
        : `${
          how === "launched" ? "starting" : "asking for a new window of"
        } ${appName}, whose window may still appear`;
      return cancelled(done);
    }
    const state = desktop.windows();
    const focus = state.windows.find((w) => w.id === state.focusWindowId);
    if (focus && windowOf(focus, names)) {
      const settled = how === "activated" && activatedId === null ? "already_front" : how;
      return {
        ok: true,
        app: focus.app,
        window: focus,
        how: settled,
        ...(via ? { via } : {}),
        ms: Math.round(clock.now() - t0),
      };
    }
    const mine = state.windows.find((w) => windowOf(w, names));
    if (mine) {
      lastWindow = mine;
      // Re-send once a second: a window that was still mapping may have ignored it.
      if (activatedId !== mine.id || clock.now() - activatedAt > 1000) {
        await desktop.activate(mine.id).then(
          (note) => (refusal = "", via = note || via),
          (e) => refusal = (e as Error).message,
        );
        activatedId = mine.id;
        activatedAt = clock.now();
      }
    }
    await clock.sleep(100);
    await wait.tell();
  }
  return fail(
    lastWindow || how === "activated" ? "not_confirmed" : "launch_failed",
    lastWindow
      ? `${appName} has a window ("${lastWindow.title}") but it did not come to the front within ${timeoutMs} ms${
        refusal ? ` (${refusal})` : ""
      }; another window may be holding the focus (a modal dialog?) — observe to see what is in front`
      : how === "activated"
      // The app had windows when asked: it started long ago, so a slow launch is not the reason.
      ? `${appName} is running, but none of its windows showed in the window list (every display) within ${timeoutMs} ms; it may have closed or minimized them, or keep them in another Space — observe to see what is open`
      : `${appName} showed no window within ${timeoutMs} ms of being ${how}; it may still be starting (try focus_app again) or it failed to start`,
  );
}
