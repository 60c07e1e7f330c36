/**
 * End to end: a Qt6 form (tests/support/qt6_form.py, Debian's python3-pyqt6
 * through /usr/bin/python3, Qt6's own Fusion style), its controls read from
 * their pixels, its line edits reached by their labels and its icon-only
 * tool buttons by their tooltips. The shared story of
 * tests/support/form_truth.ts runs first (observe against the app's state
 * file, both line edits filled by their labels, a checkbox and a radio set
 * with `expect checked`, a colour picked); then hover_icons names the
 * toolbar's three buttons from the app's tooltips and a plan clicks one by
 * that name: the app's state file says which button it took.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { checkFormStory, type FormTruth, lastTruth, STORY_END } from "./support/form_truth.ts";

const FILLED: FormTruth = { ...STORY_END, tools: [] };
const TOOLTIPS = ["Open a saved order", "Save the order", "Discard the order"];

Deno.test({
  name:
    "Qt6 form: every control listed with the app's state, line edits filled by their labels, tool buttons named and clicked by tooltip",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      // The shared story first: observe, labels, checkbox, radio and combo box, the app's state file agreeing.
      const out = await checkFormStory(s, {
        program: new URL("./support/qt6_form.py", import.meta.url).pathname,
        title: "Qt6 Order Form",
        expected: FILLED,
      });

      // hover_icons names the three tool buttons by their tooltips.
      const hover = await s.call("hover_icons", { limit: 40 });
      assert(!hover.isError, hover.text);
      const named = hover.structured.named as string[];
      for (const tip of TOOLTIPS) assert(named.includes(tip), `${tip} not named: ${hover.text}`);

      // A plan clicks "Save the order" by that name; the app's state file says it took that button.
      const r = await s.call("execute_plan", {
        steps: [{ action: "click", target: { text: "Save the order" } }],
      });
      assertEquals(r.structured.status, "success", r.text);
      assert(r.text.includes('matched icon "Save the order"'), r.text);
      const after = await lastTruth(out, (x) => (x.tools ?? []).length > 0, r.text);
      assertEquals(after, { ...FILLED, tools: ["Save the order"] }, r.text);
    });
  },
});
