/**
 * End to end: a Qt5 form (tests/support/qt5_form.py, Debian's python3-pyqt5
 * through /usr/bin/python3), its controls read from their pixels and its
 * line edits reached by their labels. Observe lists every control with the
 * state the program itself writes to its state file (the first line edit
 * focused, its caret showing); a plan types into "Email address" (line
 * edit below it) and "Full name" (right of it), ticks the unchecked box
 * (its `expect checked` holding), picks another size and another colour
 * in the combo box's list; the program's state file, then observe, confirm
 * each change (the story is tests/support/form_truth.ts's).
 */

import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { checkFormStory, STORY_END } from "./support/form_truth.ts";

Deno.test({
  name:
    "Qt5 form: every control listed with the app's state, line edits filled by their labels, changes confirmed",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await checkFormStory(s, {
        program: new URL("./support/qt5_form.py", import.meta.url).pathname,
        title: "Qt Order Form",
        expected: STORY_END,
      });
    });
  },
});
