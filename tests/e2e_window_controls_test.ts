/**
 * End to end: a window's own controls are never content, and a calculator's
 * key wins over its display. On galculator (GTK3, its title bar drawn by
 * openbox) a click on "x" presses the multiply key and closes nothing, and 5, 5, * (its × key, as read), 9, = gives 495 as
 * the app itself copies it to the clipboard, the second 5 pressing the key
 * although the display shows a 5 too. On GNOME Console (GTK4, a header bar
 * with its own close button) a click on "X" closes nothing, and "close
 * window" closes it. Windows are checked with xdotool, not with choto.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { sleep } from "../src/common/time.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";

type Report = { outcome: string; line: string };

/** The ids of the windows of class `cls` xdotool finds on the session's display. */
function windowsOf(s: Session, cls: string): Promise<string[]> {
  return xdotoolSearch(s.desktop.env, ["--onlyvisible", "--class", cls]);
}

/**
 * Fails unless every window of `cls` that was open (`open`) still is (a tooltip may have come since).
 * The failure says what became of each window (unmapped or destroyed, what openbox says of it) and
 * what choto replied (`reply`), so a rare failure on a CI machine can be told apart from a test's slip.
 */
async function stillOpen(
  s: Session,
  cls: string,
  open: string[],
  reply: string,
  app?: Deno.ChildProcess,
): Promise<void> {
  const now = await windowsOf(s, cls);
  if (open.every((id) => now.includes(id))) return;
  const fates = await Promise.all(open.map(async (id) => {
    const out = await new Deno.Command("xprop", {
      args: ["-id", id, "WM_STATE", "_NET_WM_STATE"],
      env: s.desktop.env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.success ? out.stdout : out.stderr);
    return `${id}: ${text.replaceAll("\n", " ").trim()}`;
  }));
  const all = await xdotoolSearch(s.desktop.env, ["--class", cls]);
  const process = app
    ? await Promise.race([
      app.status.then((st) => `the app exited (code ${st.code}, signal ${st.signal})`),
      sleep(200).then(() => "the app still runs"),
    ])
    : "";
  assert(
    false,
    `a ${cls} window is gone: ${open.join(",")} -> ${now.join(",")}; mapped or not: ${all.join(",")}; ` +
      `${fates.join("; ")}; ${process}\nchoto replied:\n${reply}`,
  );
}

/** A click that must find nothing it may press: short, and without scrolling. */
const onlyIfThere = (text: string) => ({
  action: "click",
  target: { text, scroll_to_find: false },
  timeout_ms: 500,
});

Deno.test({
  name:
    "galculator: x presses the multiply key and closes nothing, and 5 5 * 9 = presses the key over the display (495 on the clipboard)",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const app = s.desktop.spawn("galculator");
      await s.desktop.waitForWindow("galculator");
      const focus = { action: "focus_app", app_name: "galculator" };

      const open = await windowsOf(s, "galculator");
      assert(open.length > 0, "xdotool sees no galculator window");
      // An x is a spelling of the multiply key (drawn `*` here), never the title bar's close button.
      const x = await s.call("execute_plan", {
        steps: [focus, onlyIfThere("x"), onlyIfThere("X"), { action: "click", target: { text: "AC" } }],
      });
      assertEquals(x.structured.status, "success", x.text);
      for (const step of (x.structured.steps as Report[]).slice(1, 3)) assertMatch(step.line, /matched "\*"/);
      await stillOpen(s, "galculator", open, x.text, app);

      // The multiply key's × is read as "*" here.
      const keys = ["5", "5", "*", "9", "="].map((k) => ({ action: "click", target: { text: k } }));
      const r = await s.call("execute_plan", {
        steps: [focus, ...keys, { action: "hotkey", keys: ["ctrl", "c"] }],
      });
      assertEquals(r.structured.status, "success", r.text);
      const steps = r.structured.steps as Report[];
      // After the first 5 the display shows a 5 as well: the key is pressed, and the journey says why.
      assertMatch(steps[2].line, /matched "5" \(exact, the key over the (display|text)\)/, r.text);
      const copied = await until(async () => {
        const desk = createX11Desktop(s.desktop.display);
        try {
          const c = await desk.readClipboard();
          return c.text?.trim() === "495" ? c.text : null;
        } finally {
          desk.close();
        }
      }, 5_000).catch(() => null);
      assertEquals(copied?.trim(), "495", r.text);
    });
  },
});

Deno.test({
  name: "GNOME Console (GTK4 header bar): X closes nothing, 'close window' closes it and says so",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      // GNOME Console needs a session bus; one the desktop stops with everything else.
      const bus = `unix:path=${s.dir}/bus`;
      s.desktop.spawn("dbus-daemon", ["--session", "--nofork", `--address=${bus}`]);
      await until(() => Deno.stat(`${s.dir}/bus`).then(() => true, () => false));
      // Its header bar shows the shell's folder: the session's own, so no checkout path (a clone in
      // "/tmp/ci-X") puts an "X" there for the step to find.
      s.desktop.spawn("kgx", [], { DBUS_SESSION_BUS_ADDRESS: bus }, s.dir);
      await until(async () => (await windowsOf(s, "kgx")).length > 0, 30_000);
      // On a loaded machine the window stays blank for seconds: wait until it shows its shell's
      // prompt, then let the header bar's buttons settle.
      await until(async () => {
        const o = await s.call("observe", { screenshot: false });
        return /elements in focus window \([1-9]/.test(o.text);
      }, 30_000);
      await sleep(1500);
      const focus = { action: "focus_app", app_name: "kgx" };
      const open = await windowsOf(s, "kgx");

      const x = await s.call("execute_plan", { steps: [focus, onlyIfThere("X")] });
      assertEquals(x.structured.status, "escalated", x.text);
      assertMatch(x.text, /target "close window"/);
      await sleep(500);
      await stillOpen(s, "kgx", open, x.text);

      const close = await s.call("execute_plan", {
        steps: [focus, { action: "click", target: { text: "close window" } }],
      });
      assertEquals(close.structured.status, "success", close.text);
      assertMatch(
        (close.structured.steps as Report[])[1].line,
        /the window's close button.*the window closed/,
      );
      const gone = await until(async () => (await windowsOf(s, "kgx")).length === 0, 10_000).catch(() =>
        false
      );
      assert(gone, "Console's window is still open");
    });
  },
});
