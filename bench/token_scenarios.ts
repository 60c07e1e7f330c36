/**
 * The real-app tasks `tokens.bench.ts` meters: each one an app started on a
 * fresh 1440x900 Xvfb desktop, then what a model would send choto (observe,
 * then one execute_plan), then the app's own output checked (a file on disk,
 * the clipboard, a dialog's answer on its stdout), so a task that failed is
 * never counted as a cheap one.
 *
 * @module
 */

import type { Session } from "../tests/support/session.ts";
import { until } from "../tests/support/session.ts";
import { calc, flatSheet, PRICES, thunar } from "../tests/support/real_apps.ts";
import { clipboard } from "../tests/support/clipboard.ts";
import { MOUSEPAD_SAVE_AS, type PlanStep, TK_FORM_FILL } from "../tests/support/task_plans.ts";

export type { PlanStep };

/** One task: how its app is started, the plan the model sends after observing, and the app's own check. */
export interface Scenario {
  name: string;
  /**
   * Starts the app and waits until it is ready to be looked at (not metered:
   * no model is involved); returns the app's process, stopped after the task.
   */
  start(s: Session): Promise<Deno.ChildProcess>;
  /** The execute_plan the model sends once it has observed the screen. */
  plan(s: Session): PlanStep[];
  /** What the app itself says: null when the task was done, else what is wrong. */
  check(s: Session): Promise<string | null>;
}

/** Polls `read` until it gives `want` (up to `ms`); returns null then, else what it gave last. */
async function expectOutput(read: () => Promise<string>, want: string, ms = 10_000): Promise<string | null> {
  let last = "";
  const seen = await until(async () => (last = await read()) === want, ms).catch(() => false);
  return seen ? null : `expected ${JSON.stringify(want)}, the app gave ${JSON.stringify(last)}`;
}

/** A file's text, or "" while it is not there. */
function fileText(path: string): () => Promise<string> {
  return async () => (await Deno.readTextFile(path).catch(() => "")).trimEnd();
}

/** Waits until the observe a readiness poll makes lists `text` (not metered). */
async function listed(s: Session, text: string, ms = 60_000): Promise<void> {
  await until(async () => (await s.call("observe", { screenshot: false })).text.includes(text), ms);
}

const galculator: Scenario = {
  name: "galculator: 55 × 9 =, copied",
  async start(s) {
    const app = s.desktop.spawn("galculator");
    await s.desktop.waitForWindow("galculator");
    await listed(s, "AC");
    return app;
  },
  plan: () => [
    { action: "focus_app", app_name: "galculator" },
    ...["5", "5", "×", "9", "="].map((text) => ({
      action: "click",
      target: { text, scroll_to_find: false },
    })),
    { action: "hotkey", keys: ["ctrl", "c"] },
    // The model's own check: the answer the app copied, read back.
    { action: "read_clipboard" },
  ],
  check: (s) => expectOutput(() => clipboard(s), "495"),
};

const mousepad: Scenario = {
  name: "mousepad: type two lines, Save As notes.txt",
  async start(s) {
    const app = s.desktop.spawn("mousepad", [], {}, s.dir);
    await s.desktop.waitForWindow("Mousepad");
    await listed(s, "File");
    return app;
  },
  plan: () => [{ action: "focus_app", app_name: "mousepad" }, ...MOUSEPAD_SAVE_AS],
  check: (s) => expectOutput(fileText(`${s.dir}/notes.txt`), "Hello from choto\nsecond line", 15_000),
};

const TK_FORM = new URL("../tests/support/tk_form.py", import.meta.url).pathname;

const tkForm: Scenario = {
  name: "Tk form: tick, pick, two entries, Submit",
  async start(s) {
    const app = s.desktop.spawn("/usr/bin/python3", [TK_FORM, `${s.dir}/form.jsonl`]);
    await s.desktop.waitForWindow("Tk Order Form");
    await listed(s, "Large");
    return app;
  },
  plan: () => TK_FORM_FILL,
  check: (s) =>
    expectOutput(
      async () => {
        const last = (await fileText(`${s.dir}/form.jsonl`)()).split("\n").at(-1) || "null";
        return JSON.stringify(JSON.parse(last));
      },
      JSON.stringify({ name: "Ada Lovelace", email: "ada@example.org", subscribe: 1, size: "large" }),
    ),
};

/** The zenity entry dialog's answer (its stdout). */
let zenityAnswer: Promise<string> = Promise.resolve("");

const zenity: Scenario = {
  name: "zenity: a name typed into a dialog, OK",
  async start(s) {
    const app = new Deno.Command("zenity", {
      args: ["--entry", "--title", "New project", "--text", "Name of the new project:", "--width", "420"],
      env: s.desktop.env,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    zenityAnswer = app.output().then((o) => new TextDecoder().decode(o.stdout).trim());
    await s.desktop.waitForWindow("New project");
    await listed(s, "Name of the new project");
    return app;
  },
  plan: () => [
    { action: "focus_app", app_name: "zenity" },
    { action: "type", text: "Upland survey" },
    { action: "click", target: { text: "OK" } },
  ],
  check: () =>
    expectOutput(
      () => Promise.race([zenityAnswer, new Promise<string>((r) => setTimeout(() => r(""), 500))]),
      "Upland survey",
    ),
};

const thunarRename: Scenario = {
  name: "thunar: rename notes.txt to minutes.txt",
  async start(s) {
    const root = `${s.dir}/Projects`;
    await Deno.mkdir(root, { recursive: true });
    for (const f of ["notes.txt", "todo.md", "budget.ods"]) {
      await Deno.writeTextFile(`${root}/${f}`, `${f}\n`);
    }
    const app = thunar(s.desktop, root);
    await s.desktop.waitForWindow("Projects", 60_000);
    await listed(s, "todo.md");
    return app;
  },
  plan: () => [
    { action: "focus_app", app_name: "thunar" },
    { action: "click", target: { text: "notes.txt" } },
    { action: "hotkey", keys: ["f2"], expect: { appears: "Rename" } },
    { action: "hotkey", keys: ["ctrl", "a"] },
    { action: "type", text: "minutes.txt" },
    { action: "hotkey", keys: ["enter"], expect: { appears: "minutes.txt" } },
  ],
  check: (s) =>
    expectOutput(
      async () =>
        (await Array.fromAsync(Deno.readDir(`${s.dir}/Projects`))).map((e) => e.name).sort().join(" "),
      "budget.ods minutes.txt todo.md",
    ),
};

const calcSum: Scenario = {
  name: "LibreOffice Calc: a total typed into C14, copied",
  async start(s) {
    const file = `${s.dir}/prices.fods`;
    await Deno.writeTextFile(file, flatSheet(PRICES));
    const app = calc(s.desktop, s.dir, file);
    await s.desktop.waitForWindow("prices.fods", 90_000);
    await listed(s, "Philippines", 90_000);
    return app;
  },
  plan: () => [
    { action: "focus_app", app_name: "libreoffice" },
    { action: "click", target: { text: "C14" } },
    { action: "type", text: "=SUM(C2:C13)\n" },
    { action: "click", target: { text: "C14" } },
    { action: "hotkey", keys: ["ctrl", "c"] },
    { action: "read_clipboard" },
  ],
  check: (s) => expectOutput(() => clipboard(s), "233.5"),
};

/** The scenario set, in the order it runs (Calc last: its office process outlives the one started). */
export const SCENARIOS: Scenario[] = [galculator, mousepad, tkForm, zenity, thunarRename, calcSum];

/**
 * The actions a screenshot-per-step agent makes for `steps`: one per step
 * that sends input (a click, typed text, a key chord); bringing the app to
 * the front, waiting and reading the clipboard cost it nothing beyond the
 * screenshot it takes anyway (its last one is its check), so they are left out.
 */
export function baselineActions(steps: PlanStep[]): Array<Record<string, unknown>> {
  return steps.flatMap((step): Array<Record<string, unknown>> => {
    switch (step.action) {
      case "click":
        return [{ action: "left_click", coordinate: [720, 450] }];
      case "type":
        return [{ action: "type", text: step.text }];
      case "hotkey":
        return [{ action: "key", text: (step.keys as string[]).join("+") }];
      default:
        return [];
    }
  });
}
