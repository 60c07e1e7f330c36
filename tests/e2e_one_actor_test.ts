/**
 * One pair of hands per display, across processes: two stdio servers (each
 * on its own database) and a `serve --http` server, three choto processes on
 * one X display, each told to type 200 letters of its own into one mousepad
 * window at the same moment. The saved file, written by mousepad itself,
 * holds three whole runs, never interleaved, and the two that waited say
 * they waited for another choto process. A plan whose wait would pass its
 * own time limit is refused with that reason and types nothing.
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { assert, assertEquals, assertMatch, assertNotMatch } from "./support/assert.ts";
import { connect, startHttp, TOKEN } from "./support/http.ts";
import { type Called, callTool, type Connected, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { runsOf } from "./support/letter_runs.ts";

const RUN = 200;
const WAITED =
  /^\(waited \d+\.\d s for another choto process \(pid \d+, execute_plan for "choto-[a-z0-9-]+"\) to finish on this display\)\n/;

/** The three servers, as the test talks to them. */
type Caller = (name: string, args: Record<string, unknown>) => Promise<Called>;

/** Runs `steps` in mousepad. */
const inEditor = (call: Caller, steps: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  call("execute_plan", { steps: [{ action: "focus_app", app_name: "mousepad" }, ...steps], ...extra });

/** Saves the document (ctrl+s on a file mousepad opened) and reads it back from disk. */
async function saved(call: Caller, file: string): Promise<string> {
  const before = Deno.statSync(file).mtime?.getTime() ?? 0;
  const r = await inEditor(call, [{ action: "hotkey", keys: ["ctrl", "s"] }]);
  assertEquals(r.structured.status, "success", r.text);
  // An unmodified document is not written again: then the file stays as it was.
  await until(() => (Deno.statSync(file).mtime?.getTime() ?? 0) !== before, 3000).catch(() => {});
  return Deno.readTextFileSync(file);
}

/** Empties the document and saves it. */
async function clearAndSave(call: Caller, file: string): Promise<void> {
  const r = await inEditor(call, [{ action: "hotkey", keys: ["ctrl", "a"] }, {
    action: "hotkey",
    keys: ["delete"],
  }, {
    action: "hotkey",
    keys: ["ctrl", "s"],
  }]);
  assertEquals(r.structured.status, "success", r.text);
  await until(() => Deno.readTextFileSync(file).trim() === "");
}

Deno.test({
  name:
    "e2e: three choto processes type into one editor at once, one after another, and say whom they waited for",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = `${s.dir}/shared.txt`;
      Deno.writeTextFileSync(file, "");
      s.desktop.spawn("mousepad", [file], {}, s.dir);
      await s.desktop.waitForWindow("shared.txt");
      // Each stdio server on its own database: the lock is found beside the default one, not beside --db.
      Deno.mkdirSync(`${s.dir}/second`);
      const second: Connected = await s.connect({ db: `${s.dir}/second/choto.db` });
      const httpDir = `${s.dir}/http`;
      Deno.mkdirSync(httpDir);
      const http = await startHttp(httpDir, {
        ...Deno.env.toObject(),
        ...s.desktop.env,
        CHOTO_HTTP_TOKEN: TOKEN,
      });
      let web: Client | null = null;
      try {
        web = await connect(http.url, { authorization: `Bearer ${TOKEN}` });
        const viaHttp: Caller = (name, args) => callTool(web!, name, args);
        const callers: Array<[string, Caller]> = [
          ["a", (n, a) => s.call(n, a)],
          ["b", (n, a) => second.call(n, a)],
          ["c", viaHttp],
        ];
        // Each server opens its desktop now, so the three calls below reach their actors together.
        for (const [, call] of callers) {
          const r = await call("focus_app", { app_name: "mousepad" });
          assert(!r.isError, r.text);
        }
        // A window just mapped can drop its first keys: type until they arrive, then start from empty.
        await until(async () => {
          const r = await inEditor(callers[0][1], [{ action: "type", text: "ready" }]);
          assertEquals(r.structured.status, "success", r.text);
          const text = await saved(callers[0][1], file);
          await clearAndSave(callers[0][1], file);
          return text.includes("ready");
        }, 60_000);

        await t.step(
          "three plans sent at once type three whole runs, and the two that waited say for whom",
          async () => {
            const replies = await Promise.all(
              callers.map(([ch, call]) => inEditor(call, [{ action: "type", text: ch.repeat(RUN) }])),
            );
            for (const r of replies) assertEquals(r.structured.status, "success", r.text);
            const text = (await saved(callers[0][1], file)).trimEnd();
            const runs = runsOf(text);
            console.log(`saved: ${runs.map(([ch, n]) => `${ch}x${n}`).join(" ")}`);
            assertEquals(
              runs.length,
              3,
              `the runs interleaved: ${runs.map(([ch, n]) => `${ch}x${n}`).join(" ")}`,
            );
            assertEquals(runs.map(([ch]) => ch).sort(), ["a", "b", "c"]);
            assert(runs.every(([, n]) => n === RUN), `a run is not whole: ${JSON.stringify(runs)}`);
            const waiters = replies.filter((r) => WAITED.test(r.text));
            assertEquals(waiters.length, 2, replies.map((r) => r.text.split("\n")[0]).join("\n"));
            // The one that typed first had nobody to wait for.
            assertEquals(replies.filter((r) => r.text.startsWith("(waited")).length, 2);
            await clearAndSave(callers[0][1], file);
          },
        );

        await t.step(
          "a plan whose wait would pass its own time limit is refused with the reason and types nothing",
          async () => {
            const [, first] = callers[2];
            const [, other] = callers[1];
            const holding = inEditor(first, [{ action: "type", text: "h" }, {
              action: "wait",
              amount: 6000,
            }]);
            // The holder is acting once its letter is in the editor's window; the lock is taken before that.
            await new Promise((r) => setTimeout(r, 2000));
            const refused = await inEditor(other, [{ action: "type", text: "z".repeat(20) }], {
              time_limit_ms: 1500,
            });
            assert(refused.isError, refused.text);
            assertMatch(
              refused.text,
              /^execute_plan refused: another choto process \(pid \d+, execute_plan for "choto-http-test", acting for \d+\.\d s\) is acting on this display and one call acts at a time; it waited \d+\.\d s, the limit its own time limit sets\. Nothing was done\./,
            );
            const held = await holding;
            assertEquals(held.structured.status, "success", held.text);
            const text = await saved(callers[0][1], file);
            assertEquals(text.trimEnd(), "h");
            assertNotMatch(text, /z/);
          },
        );
      } finally {
        await web?.close().catch(() => {});
        await http.stop();
      }
    });
  },
});
