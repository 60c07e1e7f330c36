/**
 * End to end: a click on "Delete" asks the user first, in every client. A
 * zenity question whose OK button says "Delete" is clicked through real MCP
 * clients. A client without elicitation (Claude Desktop's case) gets choto's
 * own question on the desktop, answered here with xdotool as a user would:
 * Return takes the default, Deny; silence times out as no; Allow lets the
 * click happen. While the question is up, another choto on the same desktop
 * can neither see it nor aim at its buttons. A client with elicitation asks
 * through it: a decline stops the plan, an accept clicks.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { auditSince } from "../src/db/audit.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import type { WindowInfo } from "../src/desktop/types.ts";
import { bundleArgs, type Elicit } from "./support/mcp.ts";
import { callTool, type Session, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";
import { sleep } from "../src/common/time.ts";
import { REMOVE_REPORT, zenityQuestion } from "./support/dialogs.ts";
import { procText } from "../src/desktop/x11/procfs.ts";

type Content = Array<{ type: string; text?: string }>;

const CLICK_DELETE = {
  steps: [{ action: "focus_app", app_name: "zenity" }, { action: "click", target: { text: "Delete" } }],
};

/** Runs CLICK_DELETE through a server of its own on the session's desktop and database. */
async function clickDelete(
  session: Session,
  elicit?: Elicit,
  args?: (db: string) => string[],
): Promise<{ status: string; text: string }> {
  const server = await session.connect({ elicit, args });
  try {
    const r = await server.client.callTool(
      { name: "execute_plan", arguments: CLICK_DELETE },
      undefined,
      { timeout: 180_000 },
    );
    const text = (r.content as Content).map((c) => c.text ?? "").join("\n");
    return { status: (r.structuredContent as { status: string }).status, text };
  } finally {
    await server.close();
  }
}

/** Whether the dialog ended within `ms`, and how. */
async function ended(child: Deno.ChildProcess, ms: number): Promise<number | null> {
  const timer = new Promise<null>((r) => setTimeout(() => r(null), ms));
  const status = await Promise.race([child.status, timer]);
  return status ? status.code : null;
}

/** Every window of a class on the display, as the X server lists them (choto's guard aside). */
function windowsOfClass(display: string, cls: string): WindowInfo[] {
  const x = createX11Desktop(display);
  try {
    const s = x.windows();
    return [...s.windows, ...s.chrome].filter((w) => w.aliases?.includes(cls));
  } finally {
    x.close();
  }
}

/** How many of choto's marks are mapped on the display (one window each). */
async function marks(desktop: TestDesktop): Promise<number> {
  return (await xdotoolSearch(desktop.env, ["--onlyvisible", "--class", "^choto-mark$"])).length;
}

/** Waits for choto's question to be on screen. */
async function question(display: string): Promise<WindowInfo> {
  const end = performance.now() + 60_000;
  while (performance.now() < end) {
    const [w] = windowsOfClass(display, "choto-confirm");
    if (w) return w;
    await sleep(100);
  }
  throw new Error("choto's question never appeared");
}

/** Answers choto's question with keys, as a user would: Return takes the default. */
async function answer(desktop: TestDesktop, w: WindowInfo, keys: string[]): Promise<void> {
  const id = String(parseInt(w.id, 16));
  const out = await new Deno.Command("xdotool", {
    args: ["windowactivate", "--sync", id, "key", "--delay", "150", ...keys],
    env: desktop.env,
    stdout: "null",
    stderr: "piped",
  }).output();
  assert(out.success, new TextDecoder().decode(out.stderr));
}

/** The words the question was asked with: zenity's own command line. */
function questionText(w: WindowInfo): string {
  return (procText(`/proc/${w.pid}/cmdline`, 64 * 1024) ?? "").split("\0").join(" ");
}

Deno.test({
  name: "a click on Delete runs only with the user's yes, asked on the desktop or through the client",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (session) => {
      const { desktop, dir } = session;
      const dialog = await zenityQuestion(desktop, REMOVE_REPORT);

      await t.step(
        "without elicitation, choto asks on the desktop; Return is Deny, and nothing is clicked",
        async () => {
          const run = clickDelete(session);
          const q = await question(desktop.display);
          const text = questionText(q);
          assertMatch(text, /click "Delete" at \(\d+,\d+\) in Zenity,\s+window "Remove report"/);
          assertMatch(text, /It looks destructive:\s+"Delete"/);
          assertMatch(text, /--default-cancel/);
          // The target is marked on screen while the question is up, and the question says so.
          assertEquals(await marks(desktop), 1);
          assertMatch(text, /The element is marked in red on the screen/);
          await answer(desktop, q, ["Return"]);
          const r = await run;
          assertEquals(r.status, "declined", r.text);
          assertMatch(r.text, /the user denied click "Delete" .* in choto's dialog; nothing was done/);
          assertEquals(await ended(dialog, 500), null);
          assertEquals(await marks(desktop), 0);
        },
      );

      await t.step("no answer counts as no", async () => {
        // The user's setting: a short wait, so silence can be tested without waiting 45 s.
        await Deno.writeTextFile(`${dir}/choto.json`, JSON.stringify({ confirm_timeout_seconds: 6 }));
        const r = await clickDelete(session);
        assertEquals(r.status, "declined", r.text);
        assertMatch(
          r.text,
          /did not answer choto's question about click "Delete" .* within 6 s, which counts as no/,
        );
        assertEquals(await ended(dialog, 500), null);
        assertEquals(windowsOfClass(desktop.display, "choto-confirm").length, 0);
      });

      await t.step(
        "under the bundle's permissions, another choto cannot see or aim at the question; Allow clicks",
        async () => {
          // The question must outlast another server's start and two of its calls, which on a loaded
          // machine take longer than the short wait above.
          await Deno.writeTextFile(`${dir}/choto.json`, JSON.stringify({ confirm_timeout_seconds: 45 }));
          // The first server runs with the MCP Bundle's own flags, the way Claude Desktop starts it.
          const run = clickDelete(session, undefined, bundleArgs);
          const q = await question(desktop.display);
          const other = await session.connect();
          try {
            const seen = await callTool(other.client, "observe", { screenshot: false });
            assert(!/allow this step|It looks destructive/.test(seen.text), seen.text);

            const byText = await callTool(other.client, "execute_plan", {
              steps: [{ action: "click", target: { text: "Allow", scroll_to_find: false }, timeout_ms: 300 }],
            });
            assertEquals(byText.structured.status, "escalated", byText.text);
            assertMatch(byText.text, /target "Allow" not found/);
            // Read again: choto moves its question off the marked element once it shows, after `q` was seen.
            const b = (await question(desktop.display)).bounds;
            const allow = { x: Math.round(b.x + b.width - 60), y: Math.round(b.y + b.height - 28) };
            const byPoint = await callTool(other.client, "execute_plan", {
              steps: [{ action: "drag", path: [allow, { x: allow.x + 2, y: allow.y }] }],
            });
            assertEquals(byPoint.structured.status, "refused", byPoint.text);
            assertMatch(byPoint.text, /refused: that window is choto's own question to the user/);
          } finally {
            await other.close();
          }
          // Still up and unanswered: only the user answers it.
          assertEquals(windowsOfClass(desktop.display, "choto-confirm").length, 1);
          await answer(desktop, q, ["Tab", "Return"]);
          const r = await run;
          assertEquals(r.status, "success", r.text);
          assertEquals(await ended(dialog, 10_000), 0);
        },
      );

      const asked: string[] = [];
      await t.step("a client with elicitation asks through it: a decline stops the plan", async () => {
        const again = await zenityQuestion(desktop, REMOVE_REPORT);
        const r = await clickDelete(session, (m) => {
          asked.push(m);
          return "decline";
        });
        assertEquals(r.status, "declined", r.text);
        assertMatch(r.text, /the user declined/);
        assertEquals(asked.length, 1);
        assertMatch(
          asked[0],
          /click "Delete" at \(\d+,\d+\) in Zenity, window "Remove report" \(step 2 of the plan\)/,
        );
        assertMatch(asked[0], /The element is marked in red on the screen/);
        assertEquals(windowsOfClass(desktop.display, "choto-confirm").length, 0);
        const accepted = await clickDelete(session, () => "accept");
        assertEquals(accepted.status, "success", accepted.text);
        assertEquals(await ended(again, 10_000), 0);
      });

      await t.step("the audit log says who answered each question, and holds the clicks sent", () => {
        const store = new Store(`${dir}/choto.db`);
        try {
          const rows = auditSince(store, 0);
          const confirms = rows.filter((r) => r.kind === "confirm").map((r) => r.outcome);
          assertEquals(confirms, [
            "user via desktop dialog: deny",
            "user via desktop dialog: no answer within 6 s",
            "user via desktop dialog: allow",
            "user via elicitation: decline",
            "user via elicitation: accept",
          ]);
          const clicks = rows.filter((r) => r.kind === "input" && r.action === "click");
          assertEquals(clicks.map((c) => [c.tool, c.target, c.app, c.window]), [
            ["execute_plan", "Delete", "Zenity", "Remove report"],
            ["execute_plan", "Delete", "Zenity", "Remove report"],
          ]);
          assert(
            rows.some((r) => r.kind === "refusal" && r.outcome === "choto's own window"),
            JSON.stringify(rows),
          );
        } finally {
          store.close();
        }
      });
    });
  },
});
