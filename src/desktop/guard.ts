/**
 * The deny list applied at the one door every look and every input goes
 * through: a Desktop that wraps the backend. Windows of denied apps leave
 * the window lists (their number stays as `withheld`), their pixels are
 * filled with one flat colour in every capture before anyone reads it,
 * they cannot be activated, launched or reopened, and input aimed at them
 * is refused, a bare pointer move included. Other code asks `deniedApp` when it needs the reason.
 *
 * @module
 */

import { sameAppName } from "../common/app_match.ts";
import { deniedEntry, deniedMessage, type Policy } from "../common/policy.ts";
import { containsPoint } from "../common/rect.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type {
  Desktop,
  InputGate,
  LaunchableApp,
  Point,
  Rect,
  RgbaImage,
  RunningApp,
  WindowInfo,
  WindowState,
} from "./types.ts";

/** Input or a window request refused because of the deny list. */
export class DeniedError extends Error {}

/** The grey a denied window's pixels become. */
const FILL = 128;

/** Paints `r` flat, except where a rectangle in `keep` (a window in front) covers it. */
function blank(img: RgbaImage, r: Rect, keep: Rect[]): void {
  const x0 = Math.max(0, r.x), y0 = Math.max(0, r.y);
  const x1 = Math.min(img.width, r.x + r.width), y1 = Math.min(img.height, r.y + r.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (keep.some((k) => containsPoint(k, x, y))) continue;
      const o = (y * img.width + x) * 4;
      img.data[o] = FILL;
      img.data[o + 1] = FILL;
      img.data[o + 2] = FILL;
      img.data[o + 3] = 255;
    }
  }
}

function escaped(w: WindowInfo): WindowInfo {
  return { ...w, app: escapeScreenText(w.app), title: escapeScreenText(w.title) };
}

/** What the guard reports for the audit log: input it passed on, and input or requests it refused. */
export interface GuardEvent {
  kind: "input" | "refusal";
  action: string;
  app: string | null;
  window: string | null;
  target?: string | null;
  x?: number;
  y?: number;
  typed?: string;
  outcome?: string;
}

/**
 * Wraps a backend so that no denied app is read, shown or touched;
 * `onEvent` hears of every input sent and every refusal.
 */
export function guardDesktop(
  inner: Desktop,
  policy: Policy,
  onEvent: (e: GuardEvent) => void = () => {},
): Desktop {
  const denied = (w: { app: string }) => deniedEntry(policy, w.app) !== null;
  const deniedApp = (name: string, aliases: string[] = []) => {
    const entry = deniedEntry(policy, name, aliases);
    return entry ? deniedMessage(name, entry) : null;
  };

  /** Blanks denied windows and chrome of one listing; app windows in front of them stay. */
  const blankDenied = (img: RgbaImage, s: WindowState) => {
    s.chrome.filter(denied).forEach((c) => blank(img, c.bounds, []));
    s.windows.forEach((w, i) => {
      if (!denied(w)) return;
      const inFront = s.windows.slice(0, i).filter((f) => !denied(f)).map((f) => f.bounds);
      blank(img, w.bounds, inFront);
    });
  };

  const refuse = (action: string, app: string, extra: Partial<GuardEvent> = {}): never => {
    const why = deniedApp(app)!;
    // The deny-list entry is the user's own word, safe to log; the window's title is not logged.
    onEvent({ kind: "refusal", action, app, window: null, outcome: "deny list", ...extra });
    throw new DeniedError(why);
  };
  /** Refuses input that would land on a denied window; else the window it lands on. */
  const checkPoint = (action: string, at: Point, s: WindowState = inner.windows()): WindowInfo | null => {
    const hit = [...s.chrome, ...s.windows].find((w) => containsPoint(w.bounds, at.x, at.y)) ?? null;
    if (hit && denied(hit)) refuse(action, hit.app, { x: at.x, y: at.y });
    return hit;
  };
  const checkFocus = (action: string): WindowInfo | null => {
    const s = inner.windows();
    const focus = s.windows.find((w) => w.id === s.focusWindowId) ?? null;
    if (focus && denied(focus)) refuse(action, focus.app);
    return focus;
  };
  const sent = (action: string, w: WindowInfo | null, extra: Partial<GuardEvent> = {}) =>
    onEvent({
      kind: "input",
      action,
      app: w ? escapeScreenText(w.app) : null,
      window: w ? escapeScreenText(w.title) : null,
      ...extra,
    });
  const allowedRunning = (a: RunningApp) => !deniedApp(a.name, a.aliases);
  const allowedLaunch = (a: LaunchableApp) => !deniedApp(a.name, [...a.aliases, ...a.launch.slice(0, 1)]);

  const guarded: Desktop = {
    platform: inner.platform,
    cmdMeaning: inner.cmdMeaning,
    windows() {
      const s = inner.windows();
      const withheld = s.windows.filter(denied).length + s.chrome.filter(denied).length;
      const focusDenied = s.windows.some((w) => w.id === s.focusWindowId && denied(w));
      const front = s.frontmostApp !== null && !deniedApp(s.frontmostApp) ? s.frontmostApp : null;
      // Titles and app names are written by whoever made the window: escaped here, once, for every reply.
      return {
        ...s,
        windows: s.windows.filter((w) => !denied(w)).map(escaped),
        chrome: s.chrome.filter((w) => !denied(w)).map(escaped),
        focusWindowId: focusDenied ? null : s.focusWindowId,
        frontmostApp: front === null ? null : escapeScreenText(front),
        withheld,
      };
    },
    capture() {
      // Listing on both sides of the capture blanks a denied window that opened or closed meanwhile.
      const before = inner.windows();
      const img = inner.capture();
      const after = inner.windows();
      blankDenied(img, before);
      blankDenied(img, after);
      return img;
    },
    pointer: () => inner.pointer(),
    pointerInCorner: () => inner.pointerInCorner(),
    async move(to) {
      // The pointer never goes onto a denied window: hovering opens its menus and tooltips, and a
      // held button would drop there. Allowed moves are not logged (a drag makes dozens).
      checkPoint("move", to);
      await inner.move(to);
    },
    async click(at, button, count, modifiers) {
      const action = `${count > 1 ? "double-" : ""}${button === "left" ? "" : `${button}-`}click`;
      const w = checkPoint(action, at);
      sent(action, w, {
        x: at.x,
        y: at.y,
        outcome: modifiers.length ? `with ${modifiers.join("+")}` : undefined,
      });
      await inner.click(at, button, count, modifiers);
    },
    async button(button, down) {
      const at = inner.pointer();
      const action = `${button}-${down ? "press" : "release"}`;
      // Letting go is always allowed: nothing may stay pressed.
      const w = down ? checkPoint(action, at) : null;
      sent(action, w, { x: at.x, y: at.y });
      await inner.button(button, down);
    },
    modifiers: (mods, down) => inner.modifiers(mods, down),
    async scroll(at, notches, gate) {
      const w = checkPoint("scroll", at);
      const counted = countSent(gate);
      try {
        await inner.scroll(at, notches, counted.gate);
        counted.done(Math.abs(notches));
      } finally {
        const n = Math.sign(notches) * counted.sent;
        sent("scroll", w, { x: at.x, y: at.y, outcome: `${n} of ${notches} notch(es)` });
      }
    },
    async hotkey(keys) {
      const w = checkFocus("hotkey");
      // A combination the keyboard layout cannot press is refused by the backend before anything is sent.
      const unpressable = inner.keyRefusal?.(keys);
      if (unpressable) throw new Error(unpressable);
      sent("hotkey", w, { target: keys.join("+") });
      await inner.hotkey(keys);
    },
    async type(text, gate) {
      const w = checkFocus("type");
      const chars = [...text];
      const counted = countSent(gate);
      try {
        await inner.type(text, counted.gate);
        counted.done(chars.length);
      } finally {
        // The audit holds what reached the keyboard, not what was asked for.
        sent("type", w, { typed: chars.slice(0, counted.sent).join("") });
      }
    },
    runningApps: async () =>
      (await inner.runningApps()).filter(allowedRunning).map((a) => ({
        ...a,
        name: escapeScreenText(a.name),
      })),
    launchableApps: async () => (await inner.launchableApps()).filter(allowedLaunch),
    async launch(app) {
      if (!allowedLaunch(app)) refuse("launch", app.name);
      onEvent({ kind: "input", action: "launch", app: app.name, window: null, target: app.launch.join(" ") });
      await inner.launch(app);
    },
    async activate(windowId) {
      const w = inner.windows().windows.find((x: WindowInfo) => x.id === windowId) ?? null;
      if (w && denied(w)) refuse("activate", w.app);
      await inner.activate(windowId);
    },
    async reopen(app) {
      if (!allowedRunning(app)) refuse("reopen", app.name);
      onEvent({ kind: "input", action: "reopen", app: app.name, window: null });
      await inner.reopen(app);
    },
    readClipboard: () => inner.readClipboard(),
    doctorChecks: () => inner.doctorChecks(),
    probe: (facts) => inner.probe(facts),
    close: () => inner.close(),
    refuseDenied(action, points) {
      // One window listing for the whole gesture: it is checked before anything is sent.
      const s = inner.windows();
      for (const p of points) checkPoint(action, p, s);
    },
    deniedApp(name, aliases) {
      const why = deniedApp(name, aliases);
      if (why) {
        onEvent({ kind: "refusal", action: "focus_app", app: name, window: null, outcome: "deny list" });
      }
      return why;
    },
  };
  if (inner.findExecutable) {
    // A bare program starts only when the user listed it: a name on PATH is not an application.
    guarded.findExecutable = (name) => {
      if (!policy.launchExecutables.some((e) => sameAppName(e, name))) return null;
      const exe = inner.findExecutable!(name);
      return exe && allowedLaunch(exe) ? exe : null;
    };
  }
  if (inner.appVersion) guarded.appVersion = (pid) => inner.appVersion!(pid);
  if (inner.keyRefusal) guarded.keyRefusal = (keys) => inner.keyRefusal!(keys);
  return guarded;
}

/**
 * Passes a gesture's gate through while counting how many events went out,
 * so a gesture the gate cut short is logged as far as it got.
 */
function countSent(gate?: InputGate): { gate: InputGate; readonly sent: number; done(n: number): void } {
  let sent = 0;
  return {
    gate: (n) => {
      sent = n;
      gate?.(n);
    },
    get sent() {
      return sent;
    },
    done(n) {
      sent = n;
    },
  };
}
