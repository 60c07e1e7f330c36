/**
 * `choto serve --http` on a real X desktop: however many sessions a client
 * opens, one call at a time acts on the screen.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { connect, startHttp, TOKEN } from "./support/http.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";

Deno.test({
  name: "serve --http: one call acts on the screen at a time, across sessions",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const desktop = await startDesktop();
    const dir = await Deno.makeTempDir({ prefix: "choto-http-" });
    const server = await startHttp(dir, { ...Deno.env.toObject(), ...desktop.env, CHOTO_HTTP_TOKEN: TOKEN });
    try {
      const good = { authorization: `Bearer ${TOKEN}` };
      const a = await connect(server.url, good);
      const b = await connect(server.url, good);
      const slow = a.callTool({
        name: "execute_plan",
        arguments: { steps: [{ action: "wait", amount: 4000 }] },
      });
      await new Promise((r) => setTimeout(r, 1500));
      let firstDone = false;
      slow.then(() => firstDone = true);
      const other = await b.callTool({ name: "focus_app", arguments: { app_name: "mousepad" } });
      const text = (other.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
      // The second session's call waited for the first session's plan, then ran.
      assert(firstDone, "focus_app answered before the other session's plan had finished");
      assertMatch(text, /^\(waited \d+\.\d s for the call before it to finish\)/);
      assert(!other.isError, text);
      const first = await slow;
      assertEquals((first.structuredContent as { status: string }).status, "success");
      await a.close();
      await b.close();
    } finally {
      await server.stop();
      await desktop.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
