/**
 * The truth of the GTK4 and Qt5 test forms (tests/support/gtk4_form.py,
 * qt5_form.py): each writes its widgets' state as a JSON line on every
 * change, and what observe must list for each control follows from it.
 *
 * @module
 */

import { until } from "./session.ts";

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
