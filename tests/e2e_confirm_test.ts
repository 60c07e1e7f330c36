/**
 * End to end: a click on "Delete" asks the user first. A zenity question
 * whose OK button says "Delete" is clicked through a real MCP client three
 * times: a client that cannot ask gets a refusal and the dialog stays; a
 * client whose user declines stops the plan with status "declined" and the
 * dialog stays; a client whose user accepts sees the click done, and the
 * dialog answers yes.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/graph/store.ts";
import { auditSince } from "../src/graph/audit.ts";
import { connectServer, type Elicit } from "./support/mcp.ts";
import { skipE2E, startDesktop, type TestDesktop } from "./support/xdesktop.ts";

type Content = Array<{ type: string; text?: string }>;

async function clickDelete(
  desktop: TestDesktop,
  dir: string,
  elicit?: Elicit,
): Promise<{ status: string; text: string }> {
  const server = await connectServer(desktop.env, `${dir}/choto.db`, elicit);
  try {
    const r = await server.client.callTool(
      {
        name: "execute_plan",
        arguments: {
          steps: [{ action: "focus_app", app_name: "zenity" }, {
            action: "click",
            target: { text: "Delete" },
          }],
        },
      },
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

Deno.test({
  name: "a click on Delete runs only with the user's yes",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const desktop = await startDesktop();
    const dir = await Deno.makeTempDir({ prefix: "choto-e2e-" });
    const question = () =>
      desktop.spawn("zenity", [
        "--question",
        "--title",
        "Remove report",
        "--text",
        "Remove the quarterly report?",
        "--ok-label",
        "Delete",
        "--cancel-label",
        "Keep",
        "--width",
        "420",
      ]);
    try {
      const dialog = question();
      await desktop.waitForWindow("Remove report");

      await t.step("a client without elicitation is refused, and nothing is clicked", async () => {
        const r = await clickDelete(desktop, dir);
        assertEquals(r.status, "escalated", r.text);
        assertMatch(r.text, /needs the user's yes, but this client cannot ask/);
        assertMatch(r.text, /"confirm": "allow"/);
        assertEquals(await ended(dialog, 500), null);
      });

      const asked: string[] = [];
      await t.step("a user who declines stops the plan, and nothing is clicked", async () => {
        const r = await clickDelete(desktop, dir, (m) => {
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
        assertEquals(await ended(dialog, 500), null);
      });

      await t.step("a user who accepts gets the click, and the dialog answers yes", async () => {
        const r = await clickDelete(desktop, dir, () => "accept");
        assertEquals(r.status, "success", r.text);
        assertEquals(await ended(dialog, 10_000), 0);
      });

      await t.step("the audit log holds each question, its answer, and the one click sent", () => {
        const store = new Store(`${dir}/choto.db`);
        try {
          const rows = auditSince(store, 0);
          const confirms = rows.filter((r) => r.kind === "confirm").map((r) => r.outcome);
          assertEquals(confirms, ["no elicitation; policy: ask", "user: decline", "user: accept"]);
          const clicks = rows.filter((r) => r.kind === "input" && r.action === "click");
          assertEquals(clicks.length, 1);
          assertEquals([clicks[0].tool, clicks[0].target, clicks[0].app], [
            "execute_plan",
            "Delete",
            "Zenity",
          ]);
        } finally {
          store.close();
        }
      });
    } finally {
      await desktop.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
