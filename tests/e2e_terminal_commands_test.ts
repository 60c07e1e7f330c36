/**
 * End to end: a shell command sent to a real terminal runs only with the
 * user's yes, however it is sent. In xfce4-terminal, LXTerminal, GNOME
 * Console (kgx) and xterm under Xvfb, plans type `touch /tmp/…` and send it
 * with `hotkey enter`, a typed newline, the keypad's Enter and Ctrl+M,
 * through a real MCP client whose elicitation declines or accepts. The file
 * on disk is the evidence: a no leaves it unmade, a yes makes it, and each
 * command is asked about exactly once.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";
import { sleep } from "../src/common/time.ts";

/** The terminals installed here: how each starts, and the WM_CLASS its window carries. */
const TERMINALS: Array<
  { cls: string; cmd: string; args: string[]; env: Record<string, string>; bus?: boolean }
> = [
  { cls: "xfce4-terminal", cmd: "xfce4-terminal", args: ["--disable-server"], env: {} },
  { cls: "lxterminal", cmd: "lxterminal", args: [], env: {} },
  // GNOME Console opens its window without a session bus, but starts no shell in it: it gets one of its own.
  { cls: "kgx", cmd: "kgx", args: [], env: {}, bus: true },
  { cls: "xterm", cmd: "xterm", args: [], env: {} },
];

/** How a command is sent after it is typed: a hotkey step, or a newline typed with it. */
const SENDS: Array<{ name: string; keys: string[] | null }> = [
  { name: "enter", keys: ["enter"] },
  { name: "newline", keys: null },
  { name: "kp_enter", keys: ["kp_enter"] },
  { name: "ctrl+m", keys: ["ctrl", "m"] },
];

/** How long a declined command is given to show up anyway before it counts as not run. */
const GRACE_MS = 1500;

/** The steps that clear the line, type `touch path` and send it the way `send` says. */
function commandSteps(path: string, send: { keys: string[] | null }): unknown[] {
  return [
    // A line left over from a declined command is cleared first (the tty's kill character).
    { action: "hotkey", keys: ["ctrl", "u"] },
    { action: "type", text: send.keys ? `touch ${path}` : `touch ${path}\n` },
    ...(send.keys ? [{ action: "hotkey", keys: send.keys }] : []),
  ];
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Waits until a window of class `cls` is mapped on the desktop. */
async function terminalWindow(desktop: TestDesktop, cls: string): Promise<void> {
  await until(() => {
    const x = createX11Desktop(desktop.display);
    try {
      return x.windows().windows.some((w) => w.aliases?.includes(cls));
    } finally {
      x.close();
    }
  }, 30_000);
}

for (const term of TERMINALS) {
  Deno.test({
    name: `${term.cls}: a typed command runs only with the user's yes, one question per command`,
    ignore: skipE2E(),
    sanitizeResources: false,
    sanitizeOps: false,
    async fn() {
      let answer: "accept" | "decline" = "decline";
      const asked: string[] = [];
      const elicit = (message: string) => (asked.push(message), answer);
      const tag = `${term.cls}-${crypto.randomUUID().slice(0, 8)}`;
      const made: string[] = [];
      try {
        await withSession(async (session: Session) => {
          const env = { ...term.env };
          if (term.bus) {
            // A bus daemon the desktop stops with everything else (dbus-run-session would leave its daemon behind).
            const bus = `unix:path=${session.dir}/bus`;
            session.desktop.spawn("dbus-daemon", ["--session", "--nofork", `--address=${bus}`]);
            await until(() => exists(`${session.dir}/bus`));
            env.DBUS_SESSION_BUS_ADDRESS = bus;
          }
          session.desktop.spawn(term.cmd, term.args, env);
          await terminalWindow(session.desktop, term.cls);
          // The shell's prompt is up before the first key goes.
          await sleep(1500);
          const focus = { action: "focus_app", app_name: term.cls };

          for (const send of SENDS) {
            const path = `/tmp/choto-declined-${tag}-${send.name.replace("+", "-")}`;
            made.push(path);
            const before = asked.length;
            const r = await session.call("execute_plan", { steps: [focus, ...commandSteps(path, send)] });
            assertEquals(r.structured.status, "declined", `${send.name}: ${r.text}`);
            assertEquals(asked.length - before, 1, `${send.name}: ${asked.slice(before).join(" | ")}`);
            await sleep(GRACE_MS);
            assertEquals(await exists(path), false, `${send.name}: a declined command ran`);
          }

          answer = "accept";
          const accepted = SENDS.map((send) => ({
            send,
            path: `/tmp/choto-accepted-${tag}-${send.name.replace("+", "-")}`,
          }));
          made.push(...accepted.map((a) => a.path));
          const before = asked.length;
          const r = await session.call("execute_plan", {
            steps: [focus, ...accepted.flatMap((a) => commandSteps(a.path, a.send))],
          });
          assertEquals(r.structured.status, "success", r.text);
          assertEquals(asked.length - before, SENDS.length, asked.slice(before).join(" | "));
          for (const a of accepted) {
            await until(() => exists(a.path), 10_000).catch(() => false);
            assert(await exists(a.path), `${a.send.name}: the accepted command did not run`);
          }
          // Still not run, however long after.
          for (const path of made.slice(0, SENDS.length)) assertEquals(await exists(path), false, path);
        }, { elicit });
      } finally {
        for (const path of made) await Deno.remove(path).catch(() => {});
      }
    },
  });
}
