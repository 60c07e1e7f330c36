/**
 * End to end: destructive steps ask, whatever route they take, for a client
 * without elicitation under the default policy (the question comes up on
 * the desktop; the test answers Deny with Return, as a user would). A click
 * on "Yes, delete"; a drag between two raw points on that button; Enter, a
 * typed newline and Space in a dialog whose default button is "Delete"; and
 * Alt+D in mousepad's "Save Changes" dialog, which would press "Don't Save"
 * and lose the unsaved text. Each time the dialog stays as it was.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Called, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { sleep } from "../src/common/time.ts";
import { REMOVE_REPORT, zenityQuestion } from "./support/dialogs.ts";

/** choto's question, when one is on screen. */
function question(display: string): string | null {
  const x = createX11Desktop(display);
  try {
    return x.windows().windows.find((w) => w.aliases?.includes("choto-confirm"))?.id ?? null;
  } finally {
    x.close();
  }
}

/**
 * Runs a call; when choto's question comes up meanwhile, answers it with
 * Return (Deny, the default). Says whether it was asked, and the reply.
 */
async function asked(desktop: TestDesktop, call: Promise<Called>): Promise<{ asked: boolean; r: Called }> {
  let done = false;
  const result = call.finally(() => (done = true));
  while (!done) {
    const id = question(desktop.display);
    if (id) {
      await new Deno.Command("xdotool", {
        args: ["windowactivate", "--sync", String(parseInt(id, 16)), "key", "Return"],
        env: desktop.env,
      }).output();
      return { asked: true, r: await result };
    }
    await sleep(100);
  }
  return { asked: false, r: await result };
}

/** Whether a child is still running after `ms`. */
async function alive(child: Deno.ChildProcess, ms = 400): Promise<boolean> {
  const ended = await Promise.race([child.status.then(() => true), sleep(ms).then(() => false)]);
  return !ended;
}

Deno.test({
  name: "destructive steps ask on every route: labels, raw drags, keys, mnemonics",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await t.step("a click on 'Yes, delete' and a drag between raw points on it ask", async () => {
        const dialog = await zenityQuestion(s.desktop, {
          title: "Old backups",
          text: "Remove the old backups?",
          ok: "Yes, delete",
          cancel: "Keep them",
        });
        const click = await asked(
          s.desktop,
          s.call("execute_plan", {
            steps: [{ action: "focus_app", app_name: "zenity" }, {
              action: "click",
              target: { text: "Yes, delete" },
            }],
          }),
        );
        assert(click.asked, click.r.text);
        assertEquals(click.r.structured.status, "declined", click.r.text);
        assert(await alive(dialog));
        const o = await s.call("observe", { screenshot: false });
        const button = (o.structured.elements as Array<{ text: string; cx: number; cy: number }>)
          .find((e) => e.text.includes("delete"));
        assert(button, o.text);
        const drag = await asked(
          s.desktop,
          s.call("execute_plan", {
            steps: [{
              action: "drag",
              path: [{ x: button.cx - 2, y: button.cy }, { x: button.cx + 2, y: button.cy }],
            }],
          }),
        );
        assert(drag.asked, drag.r.text);
        assertEquals(drag.r.structured.status, "declined", drag.r.text);
        assert(await alive(dialog));
        dialog.kill();
      });

      await t.step("Enter, a typed newline and Space in a dialog whose default is Delete ask", async () => {
        const dialog = await zenityQuestion(s.desktop, REMOVE_REPORT);
        for (
          const step of [
            { action: "hotkey", keys: ["enter"] },
            { action: "type", text: "\n" },
            { action: "hotkey", keys: ["space"] },
          ]
        ) {
          const r = await asked(
            s.desktop,
            s.call("execute_plan", { steps: [{ action: "focus_app", app_name: "zenity" }, step] }),
          );
          assert(r.asked, `${JSON.stringify(step)}: ${r.r.text}`);
          assertMatch(r.r.text, /the user denied .*the dialog's button "Delete"/);
          assert(await alive(dialog), JSON.stringify(step));
        }
        dialog.kill();
      });

      await t.step("Alt+D in mousepad's Save Changes dialog asks, and the unsaved text stays", async () => {
        const editor = s.desktop.spawn("mousepad", []);
        await s.desktop.waitForWindow("Mousepad");
        const open = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad" },
            { action: "type", text: "unsaved words" },
            { action: "hotkey", keys: ["ctrl", "w"], expect: { appears: "Don't Save" } },
          ],
        });
        assertEquals(open.structured.status, "success", open.text);
        const r = await asked(
          s.desktop,
          s.call("execute_plan", { steps: [{ action: "hotkey", keys: ["alt", "d"] }] }),
        );
        assert(r.asked, r.r.text);
        assertMatch(r.r.text, /press alt\+d, which presses the dialog's button "Don.t Save"/);
        assert(await alive(editor));
        const o = await s.call("observe", { screenshot: false });
        assertMatch(o.text, /Don.t Save/);
        // Cancel puts the user back in front of the unsaved text.
        const back = await s.call("execute_plan", {
          steps: [{ action: "click", target: { text: "Cancel" }, expect: { disappears: "Don't Save" } }],
        });
        assertEquals(back.structured.status, "success", back.text);
        assertMatch(back.text, /\*Untitled/);
      });
    });
  },
});
