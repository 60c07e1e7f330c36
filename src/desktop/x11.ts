/**
 * The Linux/X11 Desktop backend: libX11 + libXtst through Deno FFI, no
 * helper binaries. X11 has one coordinate space, so pixels are points.
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { X, XLayout } from "../../ffi/x11/libx11.ts";
import { inTopLeftCorner } from "./corner.ts";
import { parseCombo } from "./keys.ts";
import type {
  Desktop,
  LaunchableApp,
  Modifier,
  MouseButton,
  PermissionCheck,
  ProbeReport,
  RunningApp,
  WindowState,
} from "./types.ts";
import { desktopApps, desktopAppsSync, onPath, pathApp, processes, sameDisplay } from "./x11/apps.ts";
import { captureRoot, spareScreens } from "./x11/capture.ts";
import { clipboardOwner, readClipboardText } from "./x11/clipboard.ts";
import { haveClientPids } from "./x11/client_pid.ts";
import { MarkBoard } from "./x11/pointing.ts";
import { markSupport } from "./x11/overlay.ts";
import { ProgramNames } from "./x11/program.ts";
import { moveQuestionOff } from "./x11/place.ts";
import { askWithZenity } from "./x11/question.ts";
import type { XConnection } from "./x11/connection.ts";
import { DisplayLink, type Session } from "./x11/session.ts";
import { readWindowState } from "./x11/windows.ts";
import { procEnv, procLink, procText } from "./x11/procfs.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Point } from "../common/rect.ts";

/**
 * Opens the X display named by `DISPLAY` (or `displayName`). When the X
 * server goes away, the call that meets it fails with DisplayLost and the
 * process lives on; each later call connects again, and works as soon as a
 * server answers on the same display.
 */
export function createX11Desktop(displayName?: string): Desktop {
  const link = new DisplayLink(displayName);
  const use = link.use.bind(link);
  const useAsync = link.useAsync.bind(link);
  const versions = new Map<number, string | null>();
  const programs = new ProgramNames(desktopAppsSync, onPath);
  let closed = false;
  const board = new MarkBoard(link);
  const unpoint = () => board.takeDown();

  const desktop: Desktop = {
    platform: "x11",
    cmdMeaning: "cmd is Ctrl on Linux",

    windows: (): WindowState => use((s) => readWindowState(s.c)),
    capture: (): RgbaImage => use((s) => board.clean(s, captureRoot(s.c))),
    spareFrames: spareScreens,
    pointer: (): Point =>
      use((s) => {
        const { x, y } = s.c.queryPointer();
        return { x, y };
      }),
    // Root coordinates are global: every monitor is a rectangle of the root window.
    pointerInCorner: () =>
      use((s) => {
        const { x, y } = s.c.queryPointer();
        return inTopLeftCorner(s.monitors.list(), { x, y });
      }),

    // Every input choto sends takes its marks down first: the screen is about to change under them.
    async move(to) {
      unpoint();
      use((s) => s.input.move(to));
    },
    click: (at: Point, button: MouseButton, count: number, modifiers: Modifier[], gate) =>
      useAsync(async (s) => {
        unpoint();
        // Only what this click presses is its own to account for; a modifier held before stays held.
        const own = modifiers.filter((m) => !s.mods.has(m));
        own.forEach((m) => s.mods.add(m));
        try {
          await s.input.click(at, button, count, modifiers, gate);
        } finally {
          own.forEach((m) => s.mods.delete(m));
        }
      }),
    async button(button, down, gate) {
      if (!down) {
        return link.release((s) => {
          if (!s.buttons.delete(button)) return;
          s.input.button(button, false);
        });
      }
      unpoint();
      use((s) => {
        s.input.button(button, true, gate);
        s.buttons.add(button);
      });
    },
    async modifiers(mods, down, gate) {
      if (!down) {
        return link.release((s) => {
          const held = mods.filter((m) => s.mods.delete(m));
          if (held.length) s.input.modifiers(held, false);
        });
      }
      unpoint();
      use((s) => {
        s.input.modifiers(mods, true, gate);
        mods.forEach((m) => s.mods.add(m));
      });
    },
    scroll(at, notches, gate) {
      unpoint();
      return useAsync((s) => s.input.scroll(at, notches, gate));
    },
    async hotkey(keys, gate) {
      const combo = parseCombo(keys, "x11");
      if ("error" in combo) throw new Error(combo.error);
      unpoint();
      await useAsync((s) => s.input.hotkey(combo.modifiers, combo.key, gate));
    },
    type(text, gate) {
      unpoint();
      return useAsync((s) => s.input.type(text, gate));
    },

    async runningApps(): Promise<RunningApp[]> {
      const state = desktop.windows();
      const byName = new Map<string, RunningApp>();
      for (const w of state.windows) {
        if (!w.app) continue;
        const app = byName.get(w.app) ?? { name: w.app, pid: w.pid, aliases: [], windowIds: [] };
        app.windowIds.push(w.id);
        for (const alias of w.aliases ?? []) {
          if (alias !== w.app && !app.aliases.includes(alias)) app.aliases.push(alias);
        }
        if (w.pid !== null) {
          const comm = readComm(w.pid);
          if (comm && !app.aliases.includes(comm)) app.aliases.push(comm);
        }
        byName.set(w.app, app);
      }
      // Processes of launchable apps that have no window at all (closed last window).
      // comm is the binary name cut to 15 characters. Several entries may start one
      // binary ("mousepad" and "mousepad --preferences"): the one without arguments is the app.
      const launchable = new Map<string, { name: string; args: number }>();
      for (const a of await desktopApps()) {
        const bin = a.launch[0]?.split("/").pop()?.slice(0, 15);
        const known = bin ? launchable.get(bin) : undefined;
        if (bin && (!known || a.launch.length - 1 < known.args)) {
          launchable.set(bin, { name: a.name, args: a.launch.length - 1 });
        }
      }
      for (const p of processes()) {
        const name = launchable.get(p.comm)?.name;
        if (!name) continue;
        // A copy of the app on another display (or another user's) is not one to reopen here.
        const display = procEnv(p.pid, "DISPLAY");
        if (display === null || !sameDisplay(display, link.name)) continue;
        const known = [...byName.values()].some((a) => a.pid === p.pid || a.aliases.includes(p.comm));
        if (!known && !byName.has(name)) {
          byName.set(name, { name, pid: p.pid, aliases: [p.comm], windowIds: [] });
        }
      }
      return [...byName.values()];
    },
    launchableApps: () => desktopApps(),
    findExecutable: (name: string) => pathApp(name),
    async launch(app: LaunchableApp) {
      unpoint();
      const [cmd, ...args] = app.launch;
      const child = new Deno.Command(cmd, {
        args,
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      // The app outlives this request; do not keep the server waiting on it.
      child.unref();
      child.status.catch(() => {});
    },
    activate: async (windowId: string) => {
      unpoint();
      use((s) => activateWindow(s.c, windowId));
    },
    async reopen(app: RunningApp) {
      unpoint();
      const named = (await desktopApps()).filter((a) => a.name === app.name);
      // The entry without arguments is the app itself ("mousepad", not "mousepad --preferences").
      const entry = named.find((a) => a.launch.length === 1) ?? named[0] ??
        pathApp(app.aliases[0] ?? app.name);
      if (!entry) throw new Error(`no way to reopen ${app.name}: no launcher found`);
      await desktop.launch(entry);
    },

    readClipboard: () => useAsync((s) => readClipboardText(s.c)),
    clipboardSource: () => use((s) => clipboardOwner(s.c)),
    programNames: (pid) => programs.names(pid),
    askUser: (q) =>
      useAsync(async (s) => {
        let placing: Promise<void> = Promise.resolve();
        try {
          return await askWithZenity(q, s.c.name, onPath("zenity"), (pid) => {
            if (q.mark) placing = moveQuestionOff(s.c, pid, q.mark).catch(() => {});
          });
        } finally {
          await placing;
        }
      }),
    point: (marks, options) => board.show(marks, options, use),
    appVersion(pid) {
      // Every look asks; an update restarts the app under a new pid.
      if (pid === null) return null;
      if (!versions.has(pid)) versions.set(pid, executableBuild(pid));
      return versions.get(pid)!;
    },

    doctorChecks: (): PermissionCheck[] => use((s) => doctorLines(s)),
    // Nothing is left open on X11: doctorChecks says all there is, and this backend runs in CI.
    probe: (): ProbeReport => ({ findings: [], questions: [] }),
    close() {
      if (closed) return;
      closed = true;
      unpoint();
      link.close();
    },
  };
  return desktop;
}

/** What doctor reports of the X server this session talks to. */
function doctorLines(s: Session): PermissionCheck[] {
  const c = s.c;
  const wm = c.property(c.root, "_NET_SUPPORTING_WM_CHECK", X.XA_WINDOW);
  const screens = s.monitors.list();
  return [
    { name: "X display", ok: true, detail: `connected to ${envVar("DISPLAY") ?? "(default)"}` },
    { name: "XTEST input", ok: true, detail: "synthetic mouse and keyboard input available" },
    {
      name: "window owners",
      ok: haveClientPids(),
      detail: haveClientPids()
        ? "libXRes names the process behind every window, so the deny list holds for programs that do not say who they are"
        : "libXRes is missing: windows without _NET_WM_PID (and clipboard owners without it) cannot be tied to their program; install libxres1",
    },
    {
      name: "desktop question",
      ok: onPath("zenity") !== null,
      detail: onPath("zenity") !== null
        ? "zenity asks the user before a destructive step when the client cannot"
        : "zenity is missing: when the client cannot ask, destructive steps are refused; install zenity",
    },
    {
      name: "screen marks",
      ok: markSupport(c) === null,
      detail: markSupport(c) === null
        ? "point (and a destructive step's question) can mark elements on screen: shaped windows the pointer passes through"
        : `point cannot draw here: ${markSupport(c)}`,
    },
    {
      name: "window manager",
      ok: Boolean(wm),
      detail: wm
        ? "an EWMH window manager runs: window titles, frames and activation work"
        : "no EWMH window manager: windows are found from the raw tree and cannot be activated reliably; run one (e.g. openbox)",
    },
    {
      name: "monitors",
      ok: true,
      detail: `${screens.length}: ${
        screens.map((r) => `${r.width}x${r.height}+${r.x}+${r.y}`).join(", ")
      } (the failsafe corner is the top-left of each)`,
    },
    {
      name: "display loss",
      ok: c.survivesLoss,
      detail: c.survivesLoss
        ? "if the X server goes away the call in progress says so and choto connects again once it is back"
        : "this libX11 is older than 1.7 (no XSetIOErrorExitHandler): losing the X server ends choto; update libX11",
    },
  ];
}

/** Asks the window manager to bring a window forward (EWMH `_NET_ACTIVE_WINDOW`). */
function activateWindow(c: XConnection, windowId: string): void {
  const win = BigInt(windowId);
  const ev = new Uint8Array(XLayout.eventSize);
  const dv = new DataView(ev.buffer);
  const L = XLayout.clientMessage;
  dv.setInt32(L.type, X.ClientMessage, true);
  dv.setInt32(L.sendEvent, X.True, true);
  dv.setBigUint64(L.window, win, true);
  dv.setBigUint64(L.messageType, c.atom("_NET_ACTIVE_WINDOW"), true);
  dv.setInt32(L.format, 32, true);
  // data.l[0] = 2: the request comes from a pager-like tool acting for the user,
  // which window managers honour without focus-stealing prevention.
  dv.setBigInt64(L.data, 2n, true);
  dv.setBigInt64(L.data + 8, 0n, true);
  c.x.XSendEvent(c.display, c.root, X.False, X.SubstructureRedirectMask | X.SubstructureNotifyMask, ev);
  c.sync();
}

/**
 * Linux apps carry no version the window system can read, but an update
 * replaces the executable: its name and modification time identify the build.
 */
function executableBuild(pid: number | null): string | null {
  if (pid === null) return null;
  try {
    const exe = procLink(`/proc/${pid}/exe`);
    if (!exe) return null;
    const mtime = Deno.statSync(exe).mtime;
    return mtime ? `${exe.split("/").pop()} built ${mtime.toISOString().slice(0, 16)}Z` : null;
  } catch {
    return null;
  }
}

function readComm(pid: number): string | null {
  return procText(`/proc/${pid}/comm`)?.trim() || null;
}
