/**
 * End to end: a click whose effect the app never shows is not reported as
 * a success. A Tk window (tests/support/tk_export.py, python3-tk) has a
 * disabled Export PDF button: the plan that clicks it ends `unconfirmed`,
 * its step `unconfirmed`, with advice to look before sending anything again,
 * and the app wrote nothing. Once Unlock has enabled the button, the same
 * plan is a success and the app's own file holds the export.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const APP = new URL("./support/tk_export.py", import.meta.url).pathname;
const EXPORT = { steps: [{ action: "click", target: { text: "Export PDF" } }] };

/** The lines the app has written to its file. */
async function exports(out: string): Promise<string[]> {
  const text = await Deno.readTextFile(out).catch(() => "");
  return text.split("\n").filter((l) => l !== "");
}

Deno.test({
  name: "a click on a disabled button is unconfirmed; the same plan on the enabled button is a success",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const out = `${s.dir}/exports.txt`;
      s.desktop.spawn("/usr/bin/python3", [APP, out]);
      await s.desktop.waitForWindow("Tk Export");
      await until(async () => {
        const r = await s.call("observe", {});
        return /Export PDF/.test(r.text) && /Unlock/.test(r.text) ? r : null;
      }, 20_000);

      const dead = await s.call("execute_plan", EXPORT);
      assertEquals(dead.structured.status, "unconfirmed", dead.text);
      const steps = dead.structured.steps as Array<{ outcome: string; line: string }>;
      assertEquals(steps.map((x) => x.outcome), ["unconfirmed"], dead.text);
      assertMatch(steps[0].line, /no visible effect within \d+ ms: not confirmed that the app handled it/);
      assertMatch(dead.text, /^status: unconfirmed \(0 of 1 steps, 1 unconfirmed, /);
      assertMatch(
        String(dead.structured.next),
        /^the run reached its end, but step 1 \(click\) showed no effect/,
      );
      assertEquals(await exports(out), [], "the disabled button exported nothing");

      const unlock = await s.call("execute_plan", {
        steps: [{ action: "click", target: { text: "Unlock" } }],
      });
      assertEquals(unlock.structured.status, "success", unlock.text);

      const live = await s.call("execute_plan", EXPORT);
      assertEquals(live.structured.status, "success", live.text);
      assertEquals((live.structured.steps as Array<{ outcome: string }>)[0].outcome, "done", live.text);
      assertEquals(await until(async () => (await exports(out)).length ? exports(out) : null), ["exported"]);
    });
  },
});
