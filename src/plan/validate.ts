/**
 * Checks a whole plan before any of it runs, and turns zod's issues into
 * lines the model can act on: which step, which field, what to change.
 *
 * Validating everything up front matters because a plan that fails at step 7
 * has already clicked through steps 1 to 6; a typo must never cost that.
 *
 * @module
 */

import type { z } from "zod";
import { type Plan, planSchema } from "./steps.ts";
import { firstProblems, shortEcho } from "../common/nearest.ts";
import { escapeScreenText } from "../common/untrusted.ts";

/** One problem found in a plan. */
export interface PlanError {
  /** 1-based step number, or null for a problem with the plan as a whole. */
  step: number | null;
  /** Dotted path of the field inside the step (or plan), e.g. `path[0].target.text`. */
  field: string;
  /** What is wrong and how to fix it. */
  message: string;
}

/** The outcome of {@link validatePlan}. */
export type PlanValidation =
  | { ok: true; plan: Plan }
  | { ok: false; errors: PlanError[]; text: string };

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/**
 * Validates a plan in full, reporting every problem at once so the model can
 * fix them in one resend rather than one per round trip.
 */
export function validatePlan(input: unknown): PlanValidation {
  const parsed = planSchema.safeParse(input, { reportInput: true });
  if (parsed.success) return { ok: true, plan: parsed.data };
  const errors = flattenIssues(parsed.error.issues, []).map((issue) => toPlanError(issue, input));
  return { ok: false, errors, text: describeErrors(errors, input) };
}

/**
 * Replaces each union failure by the issues of the branch that came closest,
 * with paths made absolute. Showing every branch's complaints would bury the
 * one that matters under ones about a shape the model never meant.
 */
function flattenIssues(issues: readonly Issue[], prefix: Path): Issue[] {
  const flat: Issue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const closest = issue.errors.reduce((best, branch) => branch.length < best.length ? branch : best);
      flat.push(...flattenIssues(closest, path));
    } else {
      flat.push({ ...issue, path: path as PropertyKey[] } as Issue);
    }
  }
  return flat;
}

function toPlanError(issue: Issue, input: unknown): PlanError {
  const [top, index, ...rest] = issue.path;
  if (top === "steps" && typeof index === "number") {
    const step = index + 1;
    const message = messageFor(issue, "step", actionOf(input, step));
    return { step, field: formatPath(fieldPath(issue, rest)), message };
  }
  return {
    step: null,
    field: formatPath(fieldPath(issue, issue.path)),
    message: messageFor(issue, "plan", ""),
  };
}

/** A single unknown key is named in the path, so the line points straight at it. */
function fieldPath(issue: Issue, path: Path): Path {
  if (issue.code === "unrecognized_keys" && issue.keys.length === 1) return [...path, issue.keys[0]];
  return path;
}

/** What to put in a step field the action cannot do without. */
const REQUIRED_STEP_FIELDS: Record<string, string> = {
  target: "name the element by its visible text, e.g. target: {text: 'OK'}",
  path: "give at least two waypoints, e.g. path: [{target: {text: 'a.txt'}}, {target: {text: 'Archive'}}]",
  text: "give the characters to type",
  keys: "give the keys to press together, e.g. keys: ['cmd', 's']",
  amount: "give the wheel notches, positive to scroll down, e.g. amount: 3",
  app_name: "name the app, e.g. app_name: 'Finder'",
  action: "say what the step does, e.g. action: 'click'",
};

function messageFor(issue: Issue, where: "plan" | "step", action: string): string {
  const field = issue.path.at(-1);
  const missing = issue.code === "invalid_type" && "input" in issue && issue.input === undefined;
  if (missing) {
    const hint = where === "step" && issue.path.length === 3
      ? REQUIRED_STEP_FIELDS[String(field)]
      : undefined;
    if (hint) return `missing: a ${action} step needs it; ${hint}`;
    return "missing: this field is required here; add it";
  }
  if (issue.code === "invalid_type" && issue.expected === "object" && issue.path.length <= 2) {
    return where === "step"
      ? "a step must be an object with an action, e.g. {action: 'click', target: {text: 'OK'}}"
      : "the plan must be an object such as {steps: [{action: 'click', target: {text: 'OK'}}]}";
  }
  if (
    issue.code === "invalid_type" && issue.expected === "object" && (field === "target" || field === "watch")
  ) {
    return `${field} is an object, not bare text: write ${field}: {text: 'OK'}`;
  }
  if (issue.code === "unrecognized_keys" && issue.keys.length === 1) {
    // The schema's message starts with the quoted key; the path now names it, so drop the repeat.
    return issue.message.replace(/^"[^"]*": /, "");
  }
  return issue.message;
}

function isPlanObject(input: unknown): boolean {
  return typeof input === "object" && input !== null && !Array.isArray(input);
}

/** `["path", 0, "target", "text"]` reads as `path[0].target.text`. */
function formatPath(path: Path): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${shortEcho(String(key), 40)}` : shortEcho(String(key), 40);
  }
  return out;
}

/** The action a step claims to be, for the label of its error lines. */
function actionOf(input: unknown, step: number): string {
  if (!isPlanObject(input)) return "no action";
  const steps = (input as { steps?: unknown }).steps;
  if (!Array.isArray(steps)) return "no action";
  const raw = steps[step - 1];
  const action = isPlanObject(raw) ? (raw as { action?: unknown }).action : undefined;
  return typeof action === "string" ? shortEcho(action, 30) : "no action";
}

function describeErrors(errors: readonly PlanError[], input: unknown): string {
  const lines = errors.map((e) => {
    const where = e.step === null ? "plan" : `step ${e.step} (${actionOf(input, e.step)})`;
    // A message may quote what the model sent (a key name): escaped, one line each.
    return escapeScreenText(`- ${where}: ${e.field ? `${e.field}: ` : ""}${e.message}`);
  });
  const count = errors.length === 1 ? "1 problem" : `${errors.length} problems`;
  return [
    `plan refused, nothing was done: ${count} found. Fix these and send the whole plan again.`,
    ...firstProblems(lines),
  ].join("\n");
}
