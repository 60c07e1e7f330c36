/**
 * End to end: the X server goes away under a running server, killed as a
 * crash would (SIGKILL), while idle and in the middle of a plan. The call
 * that meets it answers with what happened and what was sent, the server
 * keeps serving, and observe works again once an X server is back on the
 * same display. The backend's own test holds what a lost display does to
 * input held at the time.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { DisplayLost } from "../src/desktop/display_lost.ts";
import { trackHeldInput } from "../src/desktop/held.ts";

/** XQueryPointer's mask bit for the left button. */
const BUTTON1_MASK = 1 << 8;

/** Presses or releases the left button from another client, as the user's own hand would. */
function hand(probe: XConnection, down: boolean): void {
  probe.xtst.XTestFakeButtonEvent(probe.display, 1, down ? 1 : 0, 0n);
  probe.sync();
}

Deno.test({
  name:
    "the X server killed while idle: observe says so, the server keeps serving, and reads again once it is back",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const first = await s.call("observe", { screenshot: false });
      assert(!first.isError, first.text);

      await s.desktop.killX();
      const lost = await s.call("observe", { screenshot: false });
      assert(lost.isError, lost.text);
      assertMatch(lost.text, new RegExp(`the X display ${s.desktop.display} went away`));
      assertMatch(lost.text, /no X server answers there yet; nothing was sent/);
      // Calls that need no display are still answered.
      const recall = await s.call("recall", {});
      assert(!recall.isError, recall.text);

      await s.desktop.restartX();
      const back = await s.call("observe", { screenshot: false });
      assert(!back.isError, `${back.text}\n${s.stderr()}`);
      assertMatch(back.text, /^screen: 1440x900 px/m);
    });
  },
});

Deno.test({
  name:
    "the X server killed in the middle of a plan: the step says how far its typing got, nothing after it runs",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const focus = await s.call("focus_app", { app_name: "mousepad", timeout_ms: 30000 });
      assert(!focus.isError, focus.text);
      const total = 400;
      const running = s.call("execute_plan", {
        steps: [
          { action: "type", text: "a".repeat(total) },
          { action: "hotkey", keys: ["ctrl", "s"] },
        ],
      });
      // Typing 400 characters takes several seconds: once the editor shows its first ones, the server goes away.
      await s.desktop.waitForWindow("*");
      await new Promise((r) => setTimeout(r, 300));
      await s.desktop.killX();
      const r = await running;
      assert(!r.isError, r.text);
      assertEquals(r.structured.status, "escalated");
      const steps = r.structured.steps as Array<{ outcome: string; line: string }>;
      assertEquals(steps[0].outcome, "failed");
      assertMatch(steps[0].line, /went away during this call/);
      const typed = /typed (\d+) of 400 characters/.exec(steps[0].line);
      assert(typed, steps[0].line);
      assert(Number(typed[1]) > 0 && Number(typed[1]) < total, steps[0].line);
      assertEquals(steps[1].outcome, "not_run");
      assertMatch(r.text, /step 1 sent input before it stopped/);

      await s.desktop.restartX();
      const back = await s.call("observe", { screenshot: false });
      assert(!back.isError, `${back.text}\n${s.stderr()}`);
    });
  },
});

Deno.test({
  name: "a button held when the X server goes away is accounted for and never let go on the next server",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const desktop = await startDesktop({ windowManager: false });
    const x = trackHeldInput(createX11Desktop(desktop.display));
    try {
      await x.button("left", true);
      await desktop.killX();
      let lost: unknown = null;
      await x.move({ x: 5, y: 5 }).catch((e) => lost = e);
      assert(lost instanceof DisplayLost, String(lost));
      assertMatch(lost.message, /the left button held then went with it, so nothing stays pressed/);
      // Letting go of what went with the server is no failure.
      await x.button("left", false);

      await desktop.restartX();
      assertEquals(x.capture().width, 1440);
      await x.move({ x: 40, y: 40 });
      const probe = new XConnection(desktop.display);
      try {
        assertEquals(probe.queryPointer().mask & BUTTON1_MASK, 0);
        // Someone holds the left button on the new server: shutting down must not let go of it.
        hand(probe, true);
        await x.releaseAll();
        assert(probe.queryPointer().mask & BUTTON1_MASK, "choto let go of a button it never pressed there");
        hand(probe, false);
      } finally {
        probe.close();
      }
    } finally {
      x.close();
      await desktop.stop();
    }
  },
});
