/**
 * The truth of the GTK4, Qt5 and Qt6 test forms (tests/support/gtk4_form.py,
 * qt5_form.py, qt6_form.py): each writes its widgets' state as a JSON line on
 * every change, and what observe must list for each control follows from it.
 * The plan all three tests run, and its checks, live here too, so each test
 * file holds only what its toolkit adds.
 *
 * @module
 */

import { assertEquals, assertMatch } from "./assert.ts";
import { type Session, until } from "./session.ts";

/** One state line of a test form, as the program wrote it. */
export interface FormTruth {
  name: string;
  email: string;
  subscribe: boolean;
  terms: boolean;
  size: "small" | "medium" | "large" | null;
  /** The switch (GTK4 only). */
  express?: boolean;
  colour: string;
  /** The toolbar buttons pressed, by tooltip, in order (Qt6 only). */
  tools?: string[];
}

/**
 * The last state line in `file`, once there is one and `ready` accepts it; when none comes, an error
 * saying the last line and `context` (what the plan replied).
 */
export async function lastTruth(
  file: string,
  ready: (t: FormTruth) => boolean = () => true,
  context = "",
): Promise<FormTruth> {
  let last = "";
  try {
    return await until(async () => {
      const text = await Deno.readTextFile(file).catch(() => "");
      last = text.trim().split("\n").at(-1) ?? "";
      if (!last) return null;
      const truth = JSON.parse(last) as FormTruth;
      return ready(truth) ? truth : null;
    }, 15_000);
  } catch {
    throw new Error(`the form's state never became the expected one; its last line: ${last}\n${context}`);
  }
}

/** The rows observe must hold for each control of the form in `truth`'s state (empty entries included). */
export function controlRows(truth: FormTruth): RegExp[] {
  const box = (on: boolean) => (on ? "checked" : "unchecked");
  const rows = [
    new RegExp(`Subscribe to newsletter \\[checkbox ${box(truth.subscribe)}\\]`),
    new RegExp(`Accept the terms \\[checkbox ${box(truth.terms)}\\]`),
    ...["Small", "Medium", "Large"].map((s) =>
      new RegExp(`${s} \\[radio ${box(truth.size === s.toLowerCase())}\\]`)
    ),
    new RegExp(`${truth.colour} \\[select ${truth.colour}\\]`),
  ];
  if (truth.express !== undefined) {
    rows.push(new RegExp(`Express delivery \\[switch ${truth.express ? "on" : "off"}\\]`));
  }
  if (!truth.name) rows.push(/Full name \[entry empty\]/);
  if (!truth.email) rows.push(/Email address \[entry empty\]/);
  return rows;
}

/** The state every form writes once the shared story's plan ran, before its own controls. */
export const STORY_END: FormTruth = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  subscribe: true,
  terms: true,
  size: "large",
  colour: "Blue",
};

/** What one toolkit's form test brings: its program, its window, its own steps and the state they lead to. */
export interface FormCase {
  /** The Python program (run by /usr/bin/python3, the state file its argument). */
  program: string;
  /** Its window's title. */
  title: string;
  /** Steps for controls only this toolkit's form has, run after the checkbox is ticked. */
  ownSteps?: Record<string, unknown>[];
  /** The state the form must write once the plan ran. */
  expected: FormTruth;
}

/**
 * Starts `form` in the session and checks the shared story: observe lists every control as the app's first
 * state line says; a plan fills both entries by their labels, ticks the unchecked box (`expect checked`),
 * runs the form's own steps, picks another size and another colour; the app's state file, then observe,
 * confirm each change. Returns the state file's path.
 */
export async function checkFormStory(s: Session, form: FormCase): Promise<string> {
  const out = `${s.dir}/form.jsonl`;
  s.desktop.spawn("/usr/bin/python3", [form.program, out]);
  // GTK4 and Qt start slowly on a loaded machine (renderer, styles, fonts): a minute at most.
  await s.desktop.waitForWindow(form.title, 60_000);
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
      ...(form.ownSteps ?? []),
      { action: "click", target: { text: "Large" }, expect: { checked: "Large" } },
      // The select opens its list (a popup beside the window), and the option is picked there: the list
      // closing (its "Red" gone) shows the app took the pick.
      { action: "click", target: { text: "Green" } },
      { action: "click", target: { text: "Blue", scope: "chrome" }, expect: { disappears: "Red" } },
    ],
  });
  assertEquals(r.structured.status, "success", r.text);
  const after = await lastTruth(out, (t) => t.colour === "Blue", r.text);
  assertEquals(after, form.expected, r.text);
  const seen = await s.call("observe", {});
  for (const row of controlRows(after)) assertMatch(seen.text, row, seen.text);
  return out;
}
