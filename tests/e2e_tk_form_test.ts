/**
 * End to end: a plain Tk form (tests/support/tk_form.py, python3-tk), its
 * controls read from their pixels and its entries reached by their labels.
 * Observe lists the unchecked checkbox unchecked and only the selected radio
 * button checked; a plan ticks the box (its `expect checked` holding), picks a
 * size, clicks the labels "Full name" (left of its entry) and "Email address"
 * (above its entry) and types into each, and submits. What the form's own
 * variables hold, as it writes them to a file on Submit, is the check.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { TK_FORM_FILL } from "./support/task_plans.ts";

const FORM = new URL("./support/tk_form.py", import.meta.url).pathname;

Deno.test({
  name: "Tk form: checkbox and radio states as drawn, entries filled by their labels, the app's values",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const out = `${s.dir}/form.jsonl`;
      s.desktop.spawn("/usr/bin/python3", [FORM, out]);
      await s.desktop.waitForWindow("Tk Order Form");
      const o = await until(async () => {
        const r = await s.call("observe", {});
        return r.text.includes("Large") ? r : null;
      }, 20_000);
      assertMatch(o.text, /Subscribe to newsletter \[checkbox unchecked\]/, o.text);
      assertMatch(o.text, /Small \[radio unchecked\]/, o.text);
      assertMatch(o.text, /Medium \[radio checked\]/, o.text);
      assertMatch(o.text, /Large \[radio unchecked\]/, o.text);

      const r = await s.call("execute_plan", {
        steps: TK_FORM_FILL,
      });
      assertEquals(r.structured.status, "success", r.text);
      const written = await until(async () => {
        const text = await Deno.readTextFile(out).catch(() => "");
        return text.trim() ? text.trim().split("\n").at(-1)! : null;
      }, 10_000);
      assertEquals(
        JSON.parse(written),
        { name: "Ada Lovelace", email: "ada@example.org", subscribe: 1, size: "large" },
        r.text,
      );
    });
  },
});
