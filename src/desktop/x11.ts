/**
 * The Linux/X11 Desktop backend: libX11 + libXtst through Deno FFI, no
 * helper binaries. X11 has one coordinate space, so pixels are points.
 *
 * @module
 */

import { envVar } from "../env.ts";
import { X, XLayout } from "../../ffi/x11/libx11.ts";
import { inTopLeftCorner } from "./corner.ts";
import { parseCombo } from "./keys.ts";
import type {
  Desktop,
  LaunchableApp,
  Modifier,
  MouseButton,
  PermissionCheck,
  Point,
  ProbeReport,
  RgbaImage,
  RunningApp,
  WindowState,
} from "./types.ts";
import { desktopApps, desktopAppsSync, onPath, pathApp, processes, sameDisplay } from "./x11/apps.ts";
import { captureRoot } from "./x11/capture.ts";
import { clipboardOwner, readClipboardText } from "./x11/clipboard.ts";
import { haveClientPids } from "./x11/client_pid.ts";
import { drawFrame } from "./x11/overlay.ts";
import { ProgramNames } from "./x11/program.ts";
import { moveQuestionOff } from "./x11/place.ts";
import { askWithZenity } from "./x11/question.ts";
import { XConnection } from "./x11/connection.ts";
import { XInput } from "./x11/input.ts";
import { XMonitors } from "./x11/monitors.ts";
import { readWindowState } from "./x11/windows.ts";
import { procEnv, procLink, procText } from "./x11/procfs.ts";

/** Opens the X display named by `DISPLAY` (or `displayName`). */
export function createX11Desktop(displayName?: string): Desktop {
  const c = new XConnection(displayName);
  const ev = new Int32Array(4);
  if (
    !c.xtst.XTestQueryExtension(
      c.display,
      ev.subarray(0, 1),
      ev.subarray(1, 2),
      ev.subarray(2, 3),
      ev.subarray(3, 4),
    )
  ) {
    c.close();
    throw new Error(
      "the X server lacks the XTEST extension, so input cannot be sent (start Xvfb/Xorg with XTEST enabled)",
    );
  }
  const input = new XInput(c);
  const monitors = new XMonitors(c);
  const versions = new Map<number, string | null>();
  const programs = new ProgramNames(desktopAppsSync, onPath);
  let closed = false;

  const desktop: Desktop = {
    platform: "x11",
    cmdMeaning: "cmd is Ctrl on Linux",

    windows: (): WindowState => readWindowState(c),
    capture: (): RgbaImage => captureRoot(c),
    pointer(): Point {
      const { x, y } = c.queryPointer();
      return { x, y };
    },
    // Root coordinates are global: every monitor is a rectangle of the root window.
    pointerInCorner: () => inTopLeftCorner(monitors.list(), desktop.pointer()),

    async move(to) {
      input.move(to);
    },
    click: (at: Point, button: MouseButton, count: number, modifiers: Modifier[], gate) =>
      input.click(at, button, count, modifiers, gate),
    async button(button, down, gate) {
      input.button(button, down, gate);
    },
    async modifiers(mods, down, gate) {
      input.modifiers(mods, down, gate);
    },
    scroll: (at, notches, gate) => input.scroll(at, notches, gate),
    async hotkey(keys, gate) {
      const combo = parseCombo(keys, "x11");
      if ("error" in combo) throw new Error(combo.error);
      await input.hotkey(combo.modifiers, combo.key, gate);
    },
    type: (text, gate) => input.type(text, gate),

    async runningApps(): Promise<RunningApp[]> {
      const state = readWindowState(c);
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
        if (display === null || !sameDisplay(display, c.name)) continue;
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
    async activate(windowId: string) {
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
    },
    async reopen(app: RunningApp) {
      const named = (await desktopApps()).filter((a) => a.name === app.name);
      // The entry without arguments is the app itself ("mousepad", not "mousepad --preferences").
      const entry = named.find((a) => a.launch.length === 1) ?? named[0] ??
        pathApp(app.aliases[0] ?? app.name);
      if (!entry) throw new Error(`no way to reopen ${app.name}: no launcher found`);
      await desktop.launch(entry);
    },

    readClipboard: () => readClipboardText(c),
    clipboardSource: () => clipboardOwner(c),
    programNames: (pid) => programs.names(pid),
    async askUser(q) {
      const mark = q.mark ? drawFrame(c, q.mark) : null;
      let placing: Promise<void> = Promise.resolve();
      try {
        return await askWithZenity(q, c.name, onPath("zenity"), (pid) => {
          if (q.mark) placing = moveQuestionOff(c, pid, q.mark).catch(() => {});
        });
      } finally {
        await placing;
        mark?.close();
      }
    },
    mark: (r) => drawFrame(c, r),
    appVersion(pid) {
      // Every look asks; an update restarts the app under a new pid.
      if (pid === null) return null;
      if (!versions.has(pid)) versions.set(pid, executableBuild(pid));
      return versions.get(pid)!;
    },

    doctorChecks(): PermissionCheck[] {
      const wm = c.property(c.root, "_NET_SUPPORTING_WM_CHECK", X.XA_WINDOW);
      const screens = monitors.list();
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
      ];
    },
    // Nothing is left open on X11: doctorChecks says all there is, and this backend runs in CI.
    probe: (): ProbeReport => ({ findings: [], questions: [] }),
    close() {
      if (closed) return;
      closed = true;
      // Xinerama hooks the display's close: unload it only after the display is gone.
      c.close();
      monitors.close();
    },
  };
  return desktop;
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
