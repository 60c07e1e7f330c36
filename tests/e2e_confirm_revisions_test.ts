/**
 * End to end: the question before a destructive step, three ways, on a real
 * zenity entry whose OK button says "Delete" (OK prints what the entry holds,
 * so the dialog's own output says what reached it, and how often).
 *
 * A client of the SDK's v2 on MCP 2026-07-28 that answers input requests
 * gets the question as the call's answer; the plan paused before the
 * destructive step, and the retry with the answer goes on from there: the
 * text typed before it is not typed again, over stdio and over HTTP (where
 * the retry reaches another server instance). A key is good once. A 2025-11-25
 * client (the SDK's v1) with elicitation is asked inside the call, as
 * before; a 2026-07-28 client that cannot ask gets choto's own dialog.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { auditSince } from "../src/db/audit.ts";
import { connectModern, connectModernHttp, type ModernClient } from "./support/mcp_v2.ts";
import { startHttp, TOKEN } from "./support/http.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";
import { sleep } from "../src/common/time.ts";

type Content = Array<{ type: string; text?: string }>;

const ENTRY = { title: "Remove report", text: "Which report goes?" };

/** Focus the dialog, type into its entry, then press its "Delete" button: the third step is destructive. */
const PLAN = {
  steps: [
    { action: "focus_app", app_name: "zenity" },
    { action: "type", text: "quarterly" },
    { action: "click", target: { text: "Delete" } },
  ],
};

/** A zenity entry on the test desktop; `done` is its exit code and what it printed. */
async function entryDialog(
  desktop: TestDesktop,
): Promise<{ child: Deno.ChildProcess; done: Promise<{ code: number; out: string }> }> {
  const child = new Deno.Command("zenity", {
    args: [
      "--entry",
      "--title",
      ENTRY.title,
      "--text",
      ENTRY.text,
      "--ok-label",
      "Delete",
      "--cancel-label",
      "Keep",
    ],
    env: desktop.env,
    stdout: "piped",
    stderr: "null",
  }).spawn();
  await desktop.waitForWindow(ENTRY.title);
  const done = child.output().then((o) => ({ code: o.code, out: new TextDecoder().decode(o.stdout) }));
  return { child, done };
}

/** The dialog's exit within `ms`, or null while it is still open. */
function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
}

/** Observes, then runs PLAN, through a 2026-07-28 client. */
async function observeAndRun(c: ModernClient): Promise<{ status: string; text: string }> {
  const seen = await c.client.callTool({ name: "observe", arguments: { screenshot: false } });
  assert(!seen.isError, JSON.stringify(seen.content));
  assertMatch((seen.content as Content)[0].text ?? "", /Delete/);
  const r = await c.client.callTool({ name: "execute_plan", arguments: PLAN }, { timeout: 180_000 });
  const text = (r.content as Content).map((x) => x.text ?? "").join("\n");
  return { status: (r.structuredContent as { status: string }).status, text };
}

/** Runs xdotool on the test desktop; what it printed. */
async function xdotool(desktop: TestDesktop, args: string[]): Promise<string> {
  const out = await new Deno.Command("xdotool", { args, env: desktop.env, stdout: "piped", stderr: "piped" })
    .output();
  assert(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

/** Answers choto's own question on the desktop as a user would, once it shows: Tab to Allow, then Return. */
async function allowOnDesktop(desktop: TestDesktop): Promise<void> {
  const id = await until(
    async () =>
      (await xdotoolSearch(desktop.env, ["--onlyvisible", "--class", "^choto-confirm$"]))[0] ?? null,
    30_000,
  );
  // choto moves its question off the marked element once it shows: answer after that.
  await sleep(1_500);
  await xdotool(desktop, ["windowactivate", "--sync", id, "key", "--delay", "150", "Tab", "Return"]);
}

/** The confirm rows of the audit log, in order. */
function confirms(session: Session): Array<string | null> {
  const store = new Store(session.db);
  try {
    return auditSince(store, 0).filter((r) => r.kind === "confirm").map((r) => r.outcome);
  } finally {
    store.close();
  }
}

Deno.test({
  name: "a destructive step is asked about the way the client's revision allows, and runs only once allowed",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (session) => {
      const { desktop } = session;
      // The session's own server (a v1 client) is not needed until the 2025-11-25 step.
      await session.close();

      await t.step(
        "2026-07-28 with input requests: the plan pauses before Delete and goes on after yes",
        async () => {
          const dialog = await entryDialog(desktop);
          const asked: string[] = [];
          const c = await connectModern(desktop.env, session.db, {
            answer: (m) => {
              asked.push(m);
              return "accept";
            },
          });
          try {
            const r = await observeAndRun(c);
            assertEquals(r.status, "success", r.text);
            assertMatch(r.text, /^Resumed at step 3 with the user's answer \(accept\)/);
            assertEquals(asked.length, 1);
            assertMatch(
              asked[0],
              /click "Delete" at \(\d+,\d+\) in Zenity, window "Remove report" \(step 3 of the plan\)/,
            );
            assertMatch(asked[0], /This may destroy data/);
          } finally {
            await c.close();
          }
          // The dialog printed its entry once: the text typed before the pause was not typed again.
          assertEquals(await within(dialog.done, 10_000), { code: 0, out: "quarterly\n" });
        },
      );

      await t.step("2026-07-28: a no stops the plan, and Delete is never pressed", async () => {
        const dialog = await entryDialog(desktop);
        const c = await connectModern(desktop.env, session.db, { answer: () => "decline" });
        try {
          const r = await observeAndRun(c);
          assertEquals(r.status, "declined", r.text);
          assertMatch(r.text, /the user declined click "Delete"/);
        } finally {
          await c.close();
        }
        assertEquals(await within(dialog.done, 1_000), null);
        dialog.child.kill("SIGTERM");
        // Closed unanswered, it printed nothing: Delete was never pressed.
        assertEquals((await dialog.done).out, "");
      });

      await t.step(
        "2026-07-28: a request key is good for one retry; a replay is refused with the reason",
        async () => {
          const dialog = await entryDialog(desktop);
          const c = await connectModern(desktop.env, session.db, {
            answer: () => "accept",
            autoFulfill: false,
          });
          try {
            const call = { name: "execute_plan", arguments: PLAN };
            const first = await c.client.callTool(call, {
              allowInputRequired: true,
              timeout: 180_000,
            }) as Record<
              string,
              unknown
            >;
            assertEquals(first.resultType, "input_required", JSON.stringify(first));
            const key = first.requestState as string;
            const asked = (first.inputRequests as Record<string, { params: { message: string } }>).confirm;
            assertMatch(asked.params.message, /click "Delete" .* \(step 3 of the plan\)/);
            const retry = { ...call, requestState: key, inputResponses: { confirm: { action: "accept" } } };
            const second = await c.client.callTool(retry, { allowInputRequired: true, timeout: 180_000 });
            assertEquals(
              (second.structuredContent as { status: string }).status,
              "success",
              JSON.stringify(second),
            );
            assertEquals(await within(dialog.done, 10_000), { code: 0, out: "quarterly\n" });
            const replay = await c.client.callTool(retry, { allowInputRequired: true, timeout: 180_000 });
            assert(replay.isError, JSON.stringify(replay));
            assertMatch(
              (replay.content as Content)[0].text ?? "",
              /execute_plan was not resumed: its answer was already given: a key is good for one retry\. Nothing was sent/,
            );
          } finally {
            await c.close();
          }
        },
      );

      await t.step(
        "2026-07-28 over HTTP: the retry reaches another server instance and goes on",
        async () => {
          const dialog = await entryDialog(desktop);
          const http = await startHttp(session.dir, {
            ...Deno.env.toObject(),
            ...desktop.env,
            CHOTO_HTTP_TOKEN: TOKEN,
          });
          try {
            const asked: string[] = [];
            const client = await connectModernHttp(http.url, TOKEN, {
              answer: (m) => {
                asked.push(m);
                return "accept";
              },
            });
            try {
              const r = await observeAndRun({ client, stderr: () => "", close: () => client.close() });
              assertEquals(r.status, "success", r.text);
              assertMatch(r.text, /^Resumed at step 3 with the user's answer \(accept\)/);
              assertEquals(asked.length, 1);
            } finally {
              await client.close();
            }
          } finally {
            await http.stop();
          }
          assertEquals(await within(dialog.done, 10_000), { code: 0, out: "quarterly\n" });
        },
      );

      await t.step(
        "2025-11-25 with elicitation (the v1 client): asked inside the call, as before",
        async () => {
          const dialog = await entryDialog(desktop);
          const asked: string[] = [];
          const old = await session.connect({
            elicit: (m) => {
              asked.push(m);
              return "accept";
            },
          });
          try {
            const seen = await old.call("observe", { screenshot: false });
            assertMatch(seen.text, /Delete/);
            const r = await old.call("execute_plan", PLAN);
            assertEquals(r.structured.status, "success", r.text);
            assert(!/Resumed at step/.test(r.text), r.text);
            assertEquals(asked.length, 1);
            assertMatch(asked[0], /click "Delete" .* \(step 3 of the plan\)/);
          } finally {
            await old.close();
          }
          assertEquals(await within(dialog.done, 10_000), { code: 0, out: "quarterly\n" });
        },
      );

      await t.step("2026-07-28 without elicitation: choto's own dialog asks, and Allow clicks", async () => {
        const dialog = await entryDialog(desktop);
        await Deno.writeTextFile(
          `${session.dir}/choto.json`,
          JSON.stringify({ confirm_timeout_seconds: 45 }),
        );
        const c = await connectModern(desktop.env, session.db);
        try {
          const run = observeAndRun(c);
          await allowOnDesktop(desktop);
          const r = await run;
          assertEquals(r.status, "success", r.text);
          assert(!/Resumed at step/.test(r.text), r.text);
        } finally {
          await c.close();
        }
        assertEquals(await within(dialog.done, 10_000), { code: 0, out: "quarterly\n" });
      });

      await t.step("the audit log says how each question was asked and answered", () => {
        assertEquals(confirms(session), [
          "asked via input request: the run paused before the step",
          "user via input request: accept",
          "asked via input request: the run paused before the step",
          "user via input request: decline",
          "asked via input request: the run paused before the step",
          "user via input request: accept",
          "asked via input request: the run paused before the step",
          "user via input request: accept",
          "user via elicitation: accept",
          "user via desktop dialog: allow",
        ]);
      });
    });
  },
});
