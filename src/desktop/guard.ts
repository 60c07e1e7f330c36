/**
 * The deny list applied at the one door every look and every input goes
 * through: a Desktop that wraps the backend. Windows of denied apps leave
 * the window lists (their number stays as `withheld`), their pixels are
 * filled with one flat colour in every capture before anyone reads it,
 * they cannot be activated, launched or reopened, and input aimed at them
 * is refused, a bare pointer move included. An app is denied by its
 * windows' names and by the program its process runs, so a renamed copy or
 * `--class` does not escape. Every key, button and wheel event is checked
 * where it lands, as it is sent; the clipboard is not read when a denied app
 * put its content there. choto's own question is kept out the same way,
 * and no mark is drawn over a denied app or over that question. Other code
 * asks `deniedApp` when it needs the reason.
 *
 * @module
 */

import { sameAppName } from "../common/app_match.ts";
import { deniedEntry, deniedMessage, type Policy } from "../common/policy.ts";
import { containsPoint, type Point, type Rect } from "../common/rect.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { ClipboardWatch } from "./clipboard_watch.ts";
import { guardPoint } from "./mark_clearance.ts";
import { isOwnWindow, OWN_WINDOW_MESSAGE } from "./own_windows.ts";
import type {
  Desktop,
  InputGate,
  Landing,
  LaunchableApp,
  RunningApp,
  WindowInfo,
  WindowState,
} from "./types.ts";
import type { RgbaImage } from "../image/pixels.ts";

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

/** Why a window may not be read or touched: a deny-list entry, or choto's own window. */
type Hidden = { entry: string } | { own: true };

/** The events of one gesture that reached one window, in order. */
interface LandingRun {
  id: string | null;
  window: WindowInfo | null;
  /** Index of the gesture's first event in this run, and one past its last. */
  from: number;
  to: number;
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
  /** The window's own names and its program's. */
  const namesOf = (w: { pid: number | null; aliases?: string[] }) => [
    ...(w.aliases ?? []),
    ...(w.pid !== null && inner.programNames ? inner.programNames(w.pid) : []),
  ];
  const hiddenWhy = (w: WindowInfo): Hidden | null => {
    if (isOwnWindow(w)) return { own: true };
    const entry = deniedEntry(policy, w.app, namesOf(w));
    return entry ? { entry } : null;
  };
  const hidden = (w: WindowInfo) => hiddenWhy(w) !== null;
  /** What a refusal calls a window's app: its name, or what its program is called when it gives none. */
  const appName = (w: WindowInfo) => w.app || namesOf(w)[0] || "this window's program";
  const deniedApp = (name: string, aliases: string[] = []) => {
    const entry = deniedEntry(policy, name, aliases);
    return entry ? deniedMessage(name, entry) : null;
  };
  const watch = new ClipboardWatch();

  /** Blanks denied windows and chrome of one listing; app windows in front of them stay. */
  const blankDenied = (img: RgbaImage, s: WindowState) => {
    s.chrome.filter(hidden).forEach((c) => blank(img, c.bounds, []));
    s.windows.forEach((w, i) => {
      if (!hidden(w)) return;
      const inFront = s.windows.slice(0, i).filter((f) => !hidden(f)).map((f) => f.bounds);
      blank(img, w.bounds, inFront);
    });
  };

  const refuseWith = (
    action: string,
    app: string,
    why: Hidden,
    extra: Partial<GuardEvent> = {},
    more = "",
  ): never => {
    // The deny-list entry is the user's own word, safe to log; the window's title is not logged.
    const outcome = "own" in why ? "choto's own window" : "deny list";
    onEvent({ kind: "refusal", action, app: "own" in why ? null : app, window: null, outcome, ...extra });
    throw new DeniedError(("own" in why ? OWN_WINDOW_MESSAGE : deniedMessage(app, why.entry)) + more);
  };
  const refuse = (action: string, app: string, extra: Partial<GuardEvent> = {}): never => {
    const entry = deniedEntry(policy, app);
    return refuseWith(action, app, entry ? { entry } : { own: true }, extra);
  };
  /** Refuses input that would land on a hidden window; else the window it lands on. */
  const checkPoint = (action: string, at: Point, s: WindowState = inner.windows()): WindowInfo | null => {
    const hit = [...s.chrome, ...s.windows].find((w) => containsPoint(w.bounds, at.x, at.y)) ?? null;
    const why = hit ? hiddenWhy(hit) : null;
    if (hit && why) refuseWith(action, appName(hit), why, { x: at.x, y: at.y });
    return hit;
  };
  const sent = (action: string, w: WindowInfo | null, extra: Partial<GuardEvent> = {}) =>
    onEvent({
      kind: "input",
      action,
      app: w ? escapeScreenText(w.app) : null,
      window: w ? escapeScreenText(w.title) : null,
      ...extra,
    });

  /**
   * A gate for one gesture: each event's landing is refused when it is a
   * hidden window, then the caller's gate is asked; the runs of events that
   * reached each window are kept for the audit log. The backend holds the
   * window system still between this check and the event.
   */
  const landingGate = (action: string, gate?: InputGate) => {
    const runs: LandingRun[] = [];
    const described = new Map<string | null, WindowInfo | null>();
    const check: InputGate = (n, landing: Landing) => {
      let w = described.get(landing.id);
      if (w === undefined) {
        w = landing.id === null ? null : landing.window();
        described.set(landing.id, w);
      }
      const why = w ? hiddenWhy(w) : null;
      if (w && why) {
        const where = landing.kind === "keys" ? "the keyboard focus" : "the pointer";
        const more = n > 0
          ? `; ${where} moved onto it during the step, and none of the input reached it`
          : "";
        refuseWith(action, appName(w), why, {}, more);
      }
      gate?.(n, landing);
      const last = runs[runs.length - 1];
      if (last && last.id === landing.id) last.to = n + 1;
      else runs.push({ id: landing.id, window: w, from: n, to: n + 1 });
    };
    return { gate: check, runs };
  };
  const allowedRunning = (a: RunningApp) =>
    !deniedApp(a.name, [
      ...a.aliases,
      ...(a.pid !== null && inner.programNames ? inner.programNames(a.pid) : []),
    ]);
  const allowedLaunch = (a: LaunchableApp) => !deniedApp(a.name, [...a.aliases, ...a.launch.slice(0, 1)]);

  /** A listing as callers see it, noted by the clipboard watch: what was listed then, and who was in front. */
  const shown = (s: WindowState): WindowState => {
    // choto's own windows are left out without a word; denied ones are counted.
    const denied = (w: WindowInfo) => hidden(w) && !isOwnWindow(w);
    const withheld = s.windows.filter(denied).length + s.chrome.filter(denied).length;
    const focus = s.windows.find((w) => w.id === s.focusWindowId) ?? null;
    const focusHidden = focus !== null && hidden(focus);
    // A denied window in front is said to be there: no window behind it may quietly take its place.
    const inFront = focus ?? s.windows[0] ?? null;
    const front = s.frontmostApp !== null && !focusHidden && !deniedApp(s.frontmostApp)
      ? s.frontmostApp
      : null;
    if (inner.clipboardGeneration) watch.saw(inner.clipboardGeneration(), focusHidden);
    // Titles and app names are written by whoever made the window: escaped here, once, for every reply.
    return {
      ...s,
      windows: s.windows.filter((w) => !hidden(w)).map(escaped),
      chrome: s.chrome.filter((w) => !hidden(w)).map(escaped),
      focusWindowId: focusHidden ? null : s.focusWindowId,
      frontmostApp: front === null ? null : escapeScreenText(front),
      withheld,
      focusWithheld: inFront !== null && denied(inFront),
    };
  };

  const guarded: Desktop = {
    platform: inner.platform,
    cmdMeaning: inner.cmdMeaning,
    windows: () => shown(inner.windows()),
    capture() {
      // Listing on both sides of the capture blanks a denied window that opened or closed meanwhile.
      const before = inner.windows();
      const img = inner.capture();
      const after = inner.windows();
      blankDenied(img, before);
      blankDenied(img, after);
      return img;
    },
    snapshot() {
      // The two listings that blank the frame are the ones the caller gets: a look lists twice, not four times.
      const rawBefore = inner.windows();
      const before = shown(rawBefore);
      const frame = inner.capture();
      const rawAfter = inner.windows();
      const after = shown(rawAfter);
      blankDenied(frame, rawBefore);
      blankDenied(frame, rawAfter);
      return { before, frame, after };
    },
    spareFrames: () => inner.spareFrames?.(),
    pointer: () => inner.pointer(),
    pointerInCorner: () => inner.pointerInCorner(),
    async move(to) {
      // The pointer never goes onto a denied window: hovering opens its menus and tooltips, and a
      // held button would drop there. Allowed moves are not logged (a drag makes dozens).
      checkPoint("move", to);
      await inner.move(to);
    },
    async click(at, button, count, modifiers, gate) {
      const action = `${count > 1 ? "double-" : ""}${button === "left" ? "" : `${button}-`}click`;
      checkPoint(action, at);
      const g = landingGate(action, gate);
      try {
        await inner.click(at, button, count, modifiers, g.gate);
      } finally {
        if (g.runs.length) {
          sent(action, g.runs[0].window, {
            x: at.x,
            y: at.y,
            outcome: modifiers.length ? `with ${modifiers.join("+")}` : undefined,
          });
        }
      }
    },
    async button(button, down, gate) {
      const at = inner.pointer();
      const action = `${button}-${down ? "press" : "release"}`;
      // Letting go is always allowed: nothing may stay pressed.
      if (!down) {
        sent(action, null, { x: at.x, y: at.y });
        return await inner.button(button, false);
      }
      checkPoint(action, at);
      const g = landingGate(action, gate);
      try {
        await inner.button(button, true, g.gate);
      } finally {
        if (g.runs.length) sent(action, g.runs[0].window, { x: at.x, y: at.y });
      }
    },
    async modifiers(mods, down, gate) {
      if (!down) return await inner.modifiers(mods, false);
      await inner.modifiers(mods, true, landingGate("modifiers", gate).gate);
    },
    async scroll(at, notches, gate) {
      checkPoint("scroll", at);
      const g = landingGate("scroll", gate);
      try {
        await inner.scroll(at, notches, g.gate);
      } finally {
        for (const r of g.runs) {
          const n = Math.sign(notches) * (r.to - r.from);
          sent("scroll", r.window, { x: at.x, y: at.y, outcome: `${n} of ${notches} notch(es)` });
        }
      }
    },
    async hotkey(keys, gate) {
      // A combination the keyboard layout cannot press is refused by the backend before anything is sent.
      const unpressable = inner.keyRefusal?.(keys);
      if (unpressable) throw new Error(unpressable);
      const g = landingGate("hotkey", gate);
      try {
        await inner.hotkey(keys, g.gate);
      } finally {
        if (g.runs.length) sent("hotkey", g.runs[0].window, { target: keys.join("+") });
      }
    },
    async type(text, gate) {
      const chars = [...text];
      const g = landingGate("type", gate);
      try {
        await inner.type(text, g.gate);
      } finally {
        // The audit holds what reached the keyboard, and which window each run of it went to.
        for (const r of g.runs) sent("type", r.window, { typed: chars.slice(r.from, r.to).join("") });
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
      const why = w ? hiddenWhy(w) : null;
      if (w && why) refuseWith("activate", appName(w), why);
      return await inner.activate(windowId);
    },
    async reopen(app) {
      if (!allowedRunning(app)) refuse("reopen", app.name);
      onEvent({ kind: "input", action: "reopen", app: app.name, window: null });
      await inner.reopen(app);
    },
    async readClipboard() {
      refuseDeniedClipboard();
      return await inner.readClipboard();
    },
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

  /**
   * Refuses to read a clipboard whose content a denied app put there: the
   * selection's owner (X11), a change the guard saw while a denied app was
   * in front (macOS), or content its app marked as a secret.
   */
  function refuseDeniedClipboard(): void {
    const src = inner.clipboardSource?.() ?? null;
    if (!src) return;
    const refused = (app: string | null, outcome: string, why: string): never => {
      onEvent({ kind: "refusal", action: "read_clipboard", app, window: null, outcome });
      throw new DeniedError(`${why}, so read_clipboard does not read it (only the user can paste it)`);
    };
    if (src.concealed) {
      refused(
        null,
        "marked secret",
        "the clipboard holds what the app that copied it marked as a secret (a password manager's copy)",
      );
    }
    if (src.pid !== null) {
      // The owner's own names, its program's, and those of every window its process shows.
      const raw = inner.windows();
      const theirs = [...raw.windows, ...raw.chrome].filter((w) => w.pid === src.pid);
      const names = [...src.names, ...theirs.flatMap((w) => [w.app, ...(w.aliases ?? [])])].filter(Boolean);
      const all = [...names, ...namesOf({ pid: src.pid })];
      const entry = all.length ? deniedEntry(policy, all[0], all.slice(1)) : null;
      if (entry) {
        const app = names[0] ?? entry;
        refused(app, "deny list", `${deniedMessage(app, entry)}; the clipboard holds what it copied`);
      }
    }
    // Listing notes who is in front as the clipboard stands now.
    if (src.generation !== null && (guarded.windows(), watch.tainted(src.generation))) {
      refused(
        null,
        "deny list",
        "the clipboard changed while an app on the user's deny list was in front, so it may hold that app's content",
      );
    }
  }

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
  if (inner.programNames) guarded.programNames = (pid) => inner.programNames!(pid);
  if (inner.askUser) guarded.askUser = (q) => inner.askUser!(q);
  if (inner.point) {
    // A mark is drawn over nothing the user has hidden from choto, nor over choto's own question.
    guarded.point = guardPoint(
      () => inner.windows(),
      (marks, options) => inner.point!(marks, options),
      (w) => {
        const why = hiddenWhy(w);
        return why === null ? null : "own" in why ? "own" : "denied";
      },
      (b) =>
        onEvent({
          kind: "refusal",
          action: "point",
          app: b.kind === "own" ? null : appName(b.window),
          window: null,
          outcome: b.kind === "own" ? "choto's own window" : "deny list",
        }),
    );
  }
  return guarded;
}
