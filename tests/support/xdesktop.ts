/**
 * A throwaway X desktop for end-to-end tests: Xvfb on a free display number
 * plus the openbox window manager, and GTK apps started on it. Everything
 * started here is stopped by `stop()`.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { createX11Desktop } from "../../src/desktop/x11.ts";
import { sleep } from "../../src/common/time.ts";
import { denoDir } from "./deno_dir.ts";

/** True when the tools an end-to-end test needs are installed. */
export function haveXvfb(): boolean {
  return ["Xvfb", "openbox"].every((bin) =>
    (Deno.env.get("PATH") ?? "").split(":").some((d) => d && existsSync(`${d}/${bin}`))
  );
}

/**
 * Whether end-to-end tests should be skipped: only when Xvfb is missing and
 * this is not CI. In CI a missing Xvfb fails the test instead.
 */
export function skipE2E(): boolean {
  if (haveXvfb()) return false;
  if (Deno.env.get("CI")) {
    throw new Error("CI is set but Xvfb/openbox are not installed: .ci/run must install them");
  }
  console.warn("skipping end-to-end test: Xvfb/openbox not installed (apt-get install xvfb openbox)");
  return true;
}

/** Whether a test of `app` is skipped: Xvfb or the app missing, outside CI (in CI a missing app fails). */
export function skipWithout(app: string): boolean {
  if (skipE2E()) return true;
  const found = (Deno.env.get("PATH") ?? "").split(":").some((d) => d && existsSync(`${d}/${app}`));
  if (found || !haveXvfb()) return !found;
  if (Deno.env.get("CI")) throw new Error(`CI is set but ${app} is not installed: .ci/run must install it`);
  console.warn(`skipping: ${app} is not installed`);
  return true;
}

/** A running test desktop. */
export interface TestDesktop {
  display: string;
  env: Record<string, string>;
  /** Starts an app on this display; it is stopped with the desktop. */
  spawn(cmd: string, args?: string[], env?: Record<string, string>, cwd?: string): Deno.ChildProcess;
  /** Waits until a window whose title contains `piece` is open (`ms`, 15 s unless told, at most). */
  waitForWindow(piece: string, ms?: number): Promise<void>;
  /** Kills the X server at once (SIGKILL, as a crash would); its apps and window manager go with it. */
  killX(): Promise<void>;
  /** Starts a new X server on the same display (and the window manager), once it answers. */
  restartX(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The display number Xvfb chose with `-displayfd 1` (the first free one,
 * taken atomically by its lock file), as it writes it to its stdout once it
 * accepts connections; null when it wrote none within `ms` or ended first.
 */
async function chosenDisplay(xserver: Deno.ChildProcess, ms: number): Promise<number | null> {
  const reader = xserver.stdout.getReader();
  let said = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), ms));
  try {
    while (!said.includes("\n")) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === null || chunk.done) return null;
      said += new TextDecoder().decode(chunk.value);
    }
    return Number(said.trim());
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

/** What kind of X desktop to start. */
export interface DesktopOptions {
  /** Xvfb screens joined by Xinerama ("800x600x24"); default one 1440x900x24 screen. */
  screens?: string[];
  /** Start openbox (default true); tests of the bare X server do without. */
  windowManager?: boolean;
  /** X extensions the server leaves out (`-extension NAME`), as some servers do not offer them. */
  withoutExtensions?: string[];
}

/** Tries to start the desktop this many times before giving up (a loaded machine is slow to start X). */
const START_ATTEMPTS = 3;

/** Starts Xvfb and openbox, waiting until both are ready; retries on a fresh display when either is late. */
export async function startDesktop(options: DesktopOptions = {}): Promise<TestDesktop> {
  let last: Error | null = null;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startDesktopOnce(options, attempt);
    } catch (err) {
      last = err as Error;
      console.warn(`test desktop, attempt ${attempt} of ${START_ATTEMPTS}: ${last.message}`);
    }
  }
  throw last!;
}

async function startDesktopOnce(
  { screens = [], windowManager = true, withoutExtensions = [] }: DesktopOptions,
  attempt: number,
): Promise<TestDesktop> {
  const children: Deno.ChildProcess[] = [];
  const quiet = { stdin: "null", stdout: "null", stderr: "null" } as const;
  // The first start lets Xvfb choose a free display and say which: two test processes choosing by
  // lock files could take the same number, and the one whose server failed would share the other's.
  const startX = (where: string) =>
    new Deno.Command("Xvfb", {
      args: [
        ...(where === "choose" ? ["-displayfd", "1"] : [where]),
        ...(screens.length ? ["+xinerama", ...screens.flatMap((s, i) => ["-screen", String(i), s])] : [
          "-screen",
          "0",
          "1440x900x24",
        ]),
        ...withoutExtensions.flatMap((e) => ["-extension", e]),
        "-nolisten",
        "tcp",
      ],
      ...quiet,
      stdout: where === "choose" ? "piped" : "null",
    }).spawn();
  let xserver = startX("choose");
  children.push(xserver);
  // Each attempt waits longer: 15 s, 30 s, 45 s.
  const patience = 15_000 * attempt;
  const killAll = async () => {
    for (const c of children.reverse()) {
      try {
        c.kill("SIGKILL");
      } catch {
        // already gone
      }
      await c.status.catch(() => {});
    }
  };
  const n = await chosenDisplay(xserver, patience);
  if (n === null || !existsSync(`/tmp/.X11-unix/X${n}`)) {
    await killAll();
    throw new Error(`Xvfb did not start and name its display within ${patience / 1000} s`);
  }
  const display = `:${n}`;
  // A temporary HOME keeps app settings and recent files out of the real one.
  const home = await Deno.makeTempDir({ prefix: "choto-home-" });
  const env: Record<string, string> = {
    DISPLAY: display,
    HOME: home,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_CACHE_HOME: `${home}/.cache`,
    // Deno's own cache stays the one this run has filled, as a user's does (deno_dir.ts).
    DENO_DIR: denoDir(),
    // GTK apps try to reach a session bus and an accessibility bus; neither exists here.
    NO_AT_BRIDGE: "1",
    GTK_A11Y: "none",
  };
  if (windowManager) {
    children.push(new Deno.Command("openbox", { env, ...quiet }).spawn());
    try {
      await waitForWindowManager(display, patience);
    } catch (err) {
      await killAll();
      await Deno.remove(home, { recursive: true }).catch(() => {});
      throw err;
    }
  }
  return {
    display,
    env,
    spawn(cmd, args = [], extra = {}, cwd) {
      const child = new Deno.Command(cmd, { args, env: { ...env, ...extra }, cwd, ...quiet }).spawn();
      children.push(child);
      return child;
    },
    async killX() {
      xserver.kill("SIGKILL");
      await xserver.status;
    },
    async restartX() {
      xserver = startX(display);
      children.push(xserver);
      // The socket of the killed server is still there: wait for the new one to answer.
      const end = performance.now() + patience;
      for (;;) {
        try {
          createX11Desktop(display).close();
          break;
        } catch (err) {
          if (performance.now() > end) throw new Error(`Xvfb did not come back on ${display}: ${err}`);
          await sleep(100);
        }
      }
      if (!windowManager) return;
      // A loaded machine can leave a new openbox without its window for long: start another one then.
      for (let tries = 1;; tries++) {
        const wm = new Deno.Command("openbox", { env, ...quiet }).spawn();
        children.push(wm);
        try {
          return await waitForWindowManager(display, patience);
        } catch (err) {
          if (tries === 3) throw err;
          try {
            wm.kill("SIGKILL");
          } catch {
            // already gone
          }
          await wm.status.catch(() => {});
        }
      }
    },
    async waitForWindow(piece, ms = 15_000) {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        const x = createX11Desktop(display);
        try {
          if (x.windows().windows.some((w) => w.title.includes(piece))) return;
        } finally {
          x.close();
        }
        await sleep(100);
      }
      throw new Error(`no window titled like "${piece}" appeared on ${display}`);
    },
    async stop() {
      for (const c of children.reverse()) {
        try {
          c.kill("SIGTERM");
        } catch {
          // already gone
        }
        // An editor holding an unsaved document may ask before quitting: do not wait on it.
        const ended = await Promise.race([
          c.status.then(() => true, () => true),
          sleep(2000).then(() => false),
        ]);
        if (!ended) {
          try {
            c.kill("SIGKILL");
          } catch {
            // ended meanwhile
          }
          await c.status.catch(() => {});
        }
      }
      await Deno.remove(home, { recursive: true }).catch(() => {});
    },
  };
}

async function waitForWindowManager(display: string, patience: number): Promise<void> {
  // A loaded 2-core machine can take several seconds to start openbox.
  const end = performance.now() + patience;
  while (performance.now() < end) {
    const out = await new Deno.Command("xprop", {
      args: ["-display", display, "-root", "_NET_SUPPORTING_WM_CHECK"],
      stdout: "piped",
      stderr: "null",
    }).output().catch(() => null);
    if (out && new TextDecoder().decode(out.stdout).includes("window id")) return;
    await sleep(100);
  }
  throw new Error(`openbox did not start on ${display} within ${patience / 1000} s`);
}
