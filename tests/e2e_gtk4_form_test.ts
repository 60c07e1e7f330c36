/**
 * End to end: a GTK4 / libadwaita form (tests/support/gtk4_form.py, Debian's
 * gir1.2-adw-1 through /usr/bin/python3), its controls read from their
 * pixels and its entries reached by their labels. Observe lists every
 * control with the state the program itself writes to its state file; a
 * plan types into "Email address" (entry below it) and "Full name" (entry
 * right of it), ticks the unchecked box and turns the switch on (each
 * step's `expect checked` holding), picks another size and another colour
 * in the drop-down's list; the program's state file, then observe, confirm
 * each change (the story is tests/support/form_truth.ts's; the switch is
 * GTK4's own).
 */

import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { checkFormStory, STORY_END } from "./support/form_truth.ts";

Deno.test({
  name:
    "GTK4 form: every control listed with the app's state, entries filled by their labels, changes confirmed",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await checkFormStory(s, {
        program: new URL("./support/gtk4_form.py", import.meta.url).pathname,
        title: "GTK Order Form",
        ownSteps: [
          { action: "click", target: { text: "Express delivery" }, expect: { checked: "Express delivery" } },
        ],
        expected: { ...STORY_END, express: true },
      });
    });
  },
});
