/**
 * End to end: selected text stays on screen for choto. In mousepad, a plan
 * selects the middle line of a file (Home, Shift+End), drawn white on the
 * selection's blue band; the app copies it (Ctrl+C, read with xclip), observe
 * lists the line as one element, and a click on that selected text puts the
 * caret inside it: Shift+End and Ctrl+C then copy the end of that line only,
 * as the app's clipboard shows.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { clipboard } from "./support/clipboard.ts";

const LINE = "Selected heading here";

/** Waits until the clipboard's text passes `ok`; returns what it held last. */
async function copied(s: Session, ok: (text: string) => boolean): Promise<string> {
  let last = "";
  await until(async () => ok(last = await clipboard(s)) || null, 8_000).catch(() => null);
  return last;
}

/** Runs one plan and fails unless it succeeded. */
async function plan(s: Session, steps: Record<string, unknown>[]): Promise<string> {
  const r = await s.call("execute_plan", { steps });
  assertEquals(r.structured.status, "success", r.text);
  return r.text;
}

Deno.test({
  name: "a line selected in mousepad (white on blue) is listed by observe, and a click on it lands in it",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await Deno.writeTextFile(`${s.dir}/notes.txt`, `alpha beta\n${LINE}\nthird line below\n`);
      s.desktop.spawn("mousepad", [`${s.dir}/notes.txt`], {}, s.dir);
      await s.desktop.waitForWindow("notes");
      const selected = await plan(s, [
        { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
        { action: "hotkey", keys: ["ctrl", "Home"] },
        { action: "hotkey", keys: ["Down"] },
        { action: "hotkey", keys: ["Home"] },
        { action: "hotkey", keys: ["shift", "End"] },
        { action: "hotkey", keys: ["ctrl", "c"] },
      ]);
      // The app's own word that the line is selected.
      assertEquals(await copied(s, (t) => t === LINE), LINE, selected);

      const o = await s.call("observe", {});
      const texts = ((o.structured.elements ?? []) as Array<{ text: string }>).map((e) => e.text);
      assert(texts.includes(LINE), `observe lists the selected line: ${o.text}`);

      // The click clears the selection and leaves the caret where it landed: the copy is that line's end.
      const clicked = await plan(s, [
        { action: "click", target: { text: LINE, scroll_to_find: false } },
        { action: "hotkey", keys: ["shift", "End"] },
        { action: "hotkey", keys: ["ctrl", "c"] },
      ]);
      const tail = await copied(s, (t) => t !== LINE && t.length > 0);
      assert(
        tail.length > 0 && tail !== LINE && LINE.endsWith(tail),
        `the caret landed inside the selected line: copied ${JSON.stringify(tail)}\n${clicked}`,
      );
    });
  },
});
