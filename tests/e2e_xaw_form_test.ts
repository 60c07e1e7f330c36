/**
 * End to end on Athena (Xaw) widgets through a real MCP client: a form of
 * our own (tests/support/xaw_form.c, built here with gcc against libXaw,
 * Debian's libxaw7-dev) whose Toggles show their state by being drawn in
 * reverse, and xedit (x11-apps), whose button row is boxes side by side.
 * Observe lists each Toggle with the state the widgets themselves report
 * (the form writes them to a file once shown, on Save and each time its lone
 * Toggle changes), the empty Text entry by its label, and a Toggle alone and
 * unset with no state (nothing in its pixels tells it from a Command
 * button), apart from the Label on its left (`Alerts`, `Email me`); a plan
 * fills the entry by its label, sets the unset Toggles (the lone one
 * confirmed by its being drawn in reverse after the click) and picks another
 * radio Toggle with `expect checked`, and saves: the app's file is the
 * check. Observe then lists the lone Toggle set (the window showed it plain
 * before, in the same place), and unset once a plan has unset it. In xedit, Quit, Save and Load are read as buttons
 * of their own, and a plan edits the file and clicks Save: the file on disk
 * is the check.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const SOURCE = new URL("./support/xaw_form.c", import.meta.url).pathname;

/** The state the form's widgets report, one JSON line each time it writes. */
interface Truth {
  name: string;
  gift: number;
  receipt: number;
  size: string;
  notify: number;
}

/** Builds the form into `dir`; null (the test is ignored) when gcc or libXaw's headers are missing. */
async function buildForm(dir: string): Promise<string> {
  const bin = `${dir}/xaw_form`;
  const r = await new Deno.Command("gcc", {
    args: [SOURCE, "-o", bin, "-lXaw", "-lXt", "-lX11"],
    stderr: "piped",
  })
    .output();
  if (!r.success) {
    throw new Error(
      `gcc could not build the Xaw form (apt-get install gcc libxaw7-dev):\n${
        new TextDecoder().decode(r.stderr)
      }`,
    );
  }
  return bin;
}

/** The last state the form wrote, once it has written `count` lines. */
async function truthAfter(file: string, count: number): Promise<Truth> {
  const line = await until(async () => {
    const lines = (await Deno.readTextFile(file).catch(() => "")).trim().split("\n").filter(Boolean);
    return lines.length >= count ? lines[lines.length - 1] : null;
  }, 10_000);
  return JSON.parse(line) as Truth;
}

/** The toggles' states as observe listed them, in the form's own terms. */
function observedStates(text: string): Omit<Truth, "name" | "notify"> {
  const state = (label: string) => {
    const m = text.match(new RegExp(`${label} \\[toggle (checked|unchecked)\\]`));
    assert(m !== null, `"${label}" is not listed as a toggle with a state:\n${text}`);
    return m[1] === "checked";
  };
  const sizes = ["Small", "Medium", "Large"].filter(state);
  assertEquals(sizes.length, 1, `one size toggle set:\n${text}`);
  return {
    gift: state("Gift wrap") ? 1 : 0,
    receipt: state("Paper receipt") ? 1 : 0,
    size: sizes[0].toLowerCase(),
  };
}

Deno.test({
  name:
    "Athena widgets: toggles' states as drawn, the entry by its label, xedit's buttons; the apps' own files",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await t.step("an Xaw form: observe agrees with the widgets, a plan changes them", async () => {
        const bin = await buildForm(s.dir);
        const out = `${s.dir}/truth.jsonl`;
        s.desktop.spawn(bin, [out]);
        await s.desktop.waitForWindow("Xaw Order Form");
        const shown = await truthAfter(out, 1);
        const o = await until(async () => {
          const r = await s.call("observe", { screenshot: false });
          return r.text.includes("Save") && r.text.includes("Large") ? r : null;
        }, 20_000);
        assertMatch(o.text, /Full name \[entry empty\]/, o.text);
        const { name: _, notify: _n, ...truth } = shown;
        assertEquals(observedStates(o.text), truth, o.text);
        assertEquals(shown, { name: "", gift: 1, receipt: 0, size: "medium", notify: 0 });
        // The lone Toggle is listed apart from its Label, but its state is not claimed: the pixels do not show it.
        assertMatch(o.text, /Alerts@\d+(~[\d.]+)? Email me(@| \[toggle state unknown\])/, o.text);
        const first = o.structured.elements as Array<{ text: string }>;
        for (const text of ["Alerts", "Email me"]) {
          assert(first.some((e) => e.text === text), `"${text}" is no element of its own:\n${o.text}`);
        }

        const r = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "Full name" } },
            { action: "type", text: "Ada Lovelace" },
            { action: "click", target: { text: "Paper receipt" }, expect: { checked: "Paper receipt" } },
            { action: "click", target: { text: "Large" }, expect: { checked: "Large" } },
            { action: "click", target: { text: "Email me" }, expect: { checked: "Email me" } },
            { action: "click", target: { text: "Save" } },
          ],
        });
        // An Athena entry neither lights up under the pointer nor draws the click (its caret stays where it
        // was): that click, and the keys right after it, may be unconfirmed; every other step is done.
        const outcomes = (r.structured.steps as Array<{ outcome: string }>).map((x) => x.outcome);
        assertEquals(outcomes.slice(2), ["done", "done", "done", "done"], r.text);
        assertEquals(
          r.structured.status,
          outcomes.includes("unconfirmed") ? "unconfirmed" : "success",
          r.text,
        );
        // Lines: shown, the lone Toggle's change, Save.
        const saved = await truthAfter(out, 3);
        assertEquals(saved, { name: "Ada Lovelace", gift: 1, receipt: 1, size: "large", notify: 1 }, r.text);
        assertMatch(r.text, /toggle "Email me" is checked \(drawn in reverse since the step\)/, r.text);
        const after = await s.call("observe", { screenshot: false });
        const { name: __, notify: _n2, ...now } = saved;
        assertEquals(observedStates(after.text), now, after.text);
        // Seen plain before and in reverse now, in the same place: the lone Toggle is listed set.
        assertMatch(after.text, /Alerts@\d+(~[\d.]+)? Email me \[toggle checked\]/, after.text);

        const unset = await s.call("execute_plan", {
          steps: [{ action: "click", target: { text: "Email me" }, expect: { unchecked: "Email me" } }],
        });
        assertEquals(unset.structured.status, "success", unset.text);
        assertEquals((await truthAfter(out, 4)).notify, 0, unset.text);
        const last = await s.call("observe", { screenshot: false });
        assertMatch(last.text, /Alerts@\d+(~[\d.]+)? Email me \[toggle unchecked\]/, last.text);
        await s.call("execute_plan", { steps: [{ action: "click", target: { text: "Quit" } }] });
      });

      await t.step("xedit: its button row read as buttons, a file edited and saved", async () => {
        const file = `${s.dir}/memo.txt`;
        // The caret's block sits on the first line, which is left empty: the line the plan edits reads whole.
        await Deno.writeTextFile(file, "\nhello memo\n");
        s.desktop.spawn("xedit", ["memo.txt"], {}, s.dir);
        await s.desktop.waitForWindow("xedit");
        const o = await until(async () => {
          const r = await s.call("observe", { screenshot: false });
          return r.text.includes("hello memo") ? r : null;
        }, 20_000);
        const elements = o.structured.elements as Array<{ text: string }>;
        for (const button of ["Quit", "Save"]) {
          assert(elements.some((e) => e.text === button), `"${button}" is no element of its own:\n${o.text}`);
        }
        const r = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "hello memo" } },
            { action: "hotkey", keys: ["ctrl", "e"] },
            { action: "type", text: " was edited" },
            { action: "click", target: { text: "Save" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const saved = await until(async () => {
          const text = await Deno.readTextFile(file).catch(() => "");
          return text.includes("edited") ? text : null;
        }, 10_000);
        assertEquals(saved, "\nhello memo was edited\n", r.text);
      });
    });
  },
});
