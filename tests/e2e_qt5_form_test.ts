/**
 * End to end: a Qt5 form (tests/support/qt5_form.py, Debian's python3-pyqt5
 * through /usr/bin/python3), its controls read from their pixels and its
 * line edits reached by their labels. Observe lists every control with the
 * state the program itself writes to its state file (the first line edit
 * focused, its caret showing); a plan types into "Email address" (line
 * edit below it) and "Full name" (right of it), ticks the unchecked box
 * (its `expect checked` holding), picks another size and another colour
 * in the combo box's list; the program's state file, then observe, confirm
 * each change.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { controlRows, lastTruth } from "./support/form_truth.ts";

const FORM = new URL("./support/qt5_form.py", import.meta.url).pathname;

Deno.test({
  name:
    "Qt5 form: every control listed with the app's state, line edits filled by their labels, changes confirmed",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const out = `${s.dir}/form.jsonl`;
      s.desktop.spawn("/usr/bin/python3", [FORM, out]);
      await s.desktop.waitForWindow("Qt Order Form", 60_000);
      const before = await lastTruth(out);
      const o = await until(async () => {
        const r = await s.call("observe", {});
        return r.text.includes("Colour") ? r : null;
      }, 30_000);
      for (const row of controlRows(before)) assertMatch(o.text, row, o.text);

      const r = await s.call("execute_plan", {
        steps: [
          // The first entry has the focus at start: the other is filled first, so each click must move it.
          { action: "click", target: { text: "Email address" } },
          { action: "type", text: "ada@example.org" },
          { action: "click", target: { text: "Full name" } },
          { action: "type", text: "Ada Lovelace" },
          {
            action: "click",
            target: { text: "Subscribe to newsletter" },
            expect: { checked: "Subscribe to newsletter" },
          },
          { action: "click", target: { text: "Large" }, expect: { checked: "Large" } },
          // The select opens its list (a popup beside the window), and the option is picked there: the list
          // closing (its "Red" gone) shows the app took the pick.
          { action: "click", target: { text: "Green" } },
          { action: "click", target: { text: "Blue", scope: "chrome" }, expect: { disappears: "Red" } },
        ],
      });
      assertEquals(r.structured.status, "success", r.text);
      const after = await lastTruth(out, (t) => t.colour === "Blue", r.text);
      assertEquals(after, {
        name: "Ada Lovelace",
        email: "ada@example.org",
        subscribe: true,
        terms: true,
        size: "large",
        colour: "Blue",
      }, r.text);
      const seen = await s.call("observe", {});
      for (const row of controlRows(after)) assertMatch(seen.text, row, seen.text);
    });
  },
});
