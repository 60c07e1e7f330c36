/**
 * End to end: every key is checked where it lands, as it is sent. A long
 * type step starts in an allowed zenity entry; once its first characters
 * show, a denied program (xev, which names itself nowhere: no WM_CLASS, no
 * _NET_WM_PID) opens and takes the focus. Not one key reaches it, the step
 * stops as partial saying how far it got, and the audit log names the
 * window that really received the characters.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { Store } from "../src/db/store.ts";
import { auditSince } from "../src/db/audit.ts";
import { sleep } from "../src/common/time.ts";
import { frameHash } from "../src/image/compare.ts";

/** A program started here with its output kept, stopped by the test. */
function started(env: Record<string, string>, cmd: string, args: string[]) {
  const child = new Deno.Command(cmd, { args, env, stdin: "null", stdout: "piped", stderr: "null" }).spawn();
  const out = new Response(child.stdout).text();
  return {
    child,
    out,
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
      await child.status;
    },
  };
}

/** Waits until the pixels of `region` differ from what they were when this was called. */
async function changes(display: string, region: { x: number; y: number; width: number; height: number }) {
  const shot = () => {
    const x = createX11Desktop(display);
    try {
      const img = x.capture();
      const rows: number[] = [];
      for (let y = region.y; y < region.y + region.height; y += 2) {
        const o = (y * img.width + region.x) * 4;
        rows.push(
          frameHash({ width: region.width, height: 1, data: img.data.subarray(o, o + region.width * 4) }),
        );
      }
      return rows.join(",");
    } finally {
      x.close();
    }
  };
  const before = shot();
  const end = performance.now() + 30_000;
  while (performance.now() < end) {
    await sleep(20);
    if (shot() !== before) return;
  }
  throw new Error("the entry never changed");
}

Deno.test({
  name: "a denied program that takes the focus mid-type gets not one key",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const entry = started(s.desktop.env, "zenity", [
        "--entry",
        "--title",
        "Allowed entry",
        "--text",
        "Name:",
      ]);
      let xev: ReturnType<typeof started> | null = null;
      try {
        await s.desktop.waitForWindow("Allowed entry");
        const x = createX11Desktop(s.desktop.display);
        const dialog = x.windows().windows.find((w) => w.title === "Allowed entry")!;
        x.close();
        // One look first, so the step's own look is quick and typing starts at once.
        await s.call("observe", { screenshot: false });
        const text = "abcdefghij".repeat(30);
        const plan = s.call("execute_plan", { steps: [{ action: "type", text }] });
        await changes(s.desktop.display, dialog.bounds);
        xev = started(s.desktop.env, "xev", ["-event", "keyboard"]);
        const r = await plan;

        let typed = 0;
        await t.step("the step stops as partial, refused, saying how far it got and where", () => {
          // The deny list is the user's rule: refused, and what was typed is never to be typed again.
          assertEquals(r.structured.status, "refused", r.text);
          assertMatch(r.structured.next as string, /never resend it whole/);
          const step = (r.structured.steps as Array<{ outcome: string; line: string }>)[0];
          assertEquals(step.outcome, "partial", step.line);
          assertMatch(step.line, /xev is on the user's deny list/);
          assertMatch(
            step.line,
            /the keyboard focus moved onto it during the step, and none of the input reached it/,
          );
          const m = step.line.match(/typed (\d+) of 300 characters into "Allowed entry"/);
          assert(m, step.line);
          typed = Number(m[1]);
          assert(typed > 0 && typed < 300, step.line);
        });

        await t.step("the denied program received no key at all", async () => {
          await xev!.stop();
          const events = (await xev!.out).match(/^Key(Press|Release) event/gm) ?? [];
          assertEquals(events.length, 0, await xev!.out);
        });

        await t.step("the entry holds exactly what the reply says was typed", async () => {
          // A user's click on OK makes zenity print what the entry holds.
          const b = dialog.bounds;
          const ok = [Math.round(b.x + b.width * 0.75), Math.round(b.y + b.height - 24)].map(String);
          await new Deno.Command("xdotool", { args: ["mousemove", ...ok, "click", "1"], env: s.desktop.env })
            .output();
          const got = (await entry.out).trim();
          assertEquals(got, text.slice(0, typed));
        });

        await t.step("the audit log names the window the characters went to, and the refusal", () => {
          const store = new Store(`${s.dir}/choto.db`);
          try {
            const rows = auditSince(store, 0);
            const types = rows.filter((r) => r.kind === "input" && r.action === "type");
            assertEquals(types.map((r) => [r.window, r.text_length]), [["Allowed entry", typed]]);
            const refusal = rows.find((r) => r.kind === "refusal" && r.action === "type");
            assert(refusal, JSON.stringify(rows));
            assertEquals(refusal.outcome, "deny list");
          } finally {
            store.close();
          }
        });
      } finally {
        await xev?.stop();
        await entry.stop();
      }
    }, { env: { CHOTO_DENY_APPS: "xev" } });
  },
});
