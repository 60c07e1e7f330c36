/**
 * Tokens per real-app task: choto against a screenshot-per-step agent.
 *
 * The tasks of `token_scenarios.ts` run one after another in one
 * conversation, on a fresh 1440x900 Xvfb desktop with the server started as
 * `deno task start` and a real MCP client over stdio: the model reads the
 * tool definitions once, then per task observes and sends one execute_plan,
 * and the app's own output is checked before the app is closed.
 * `token_meter.ts` counts every request and reply (the method is written
 * there); the baseline is the same steps done by an agent that takes one
 * full screenshot per step, reading its own (computer-use) definition once.
 * The definitions are paid once per conversation, so the total's ratio
 * depends on how many tasks share them; the tasks-only row leaves them out.
 * The table is printed; nothing is asserted (a failed task is printed as
 * failed and left out of the total).
 *
 * Run with `deno task bench` (needs Xvfb and the apps; skipped without Xvfb).
 */

import { type Session, withSession } from "../tests/support/session.ts";
import { haveXvfb } from "../tests/support/xdesktop.ts";
import { BASELINE_DEFINITIONS, baselineTokens, type Metered, TokenMeter } from "./token_meter.ts";
import { baselineActions, type Scenario, SCENARIOS } from "./token_scenarios.ts";

/** What one task cost (its definitions aside), or why it failed. */
interface Outcome {
  name: string;
  choto: number;
  baseline: number;
  calls: Metered[];
  failed: string | null;
}

/** Runs `scenario` in the conversation `meter` meters; its app is stopped afterwards. */
async function run(s: Session, meter: TokenMeter, scenario: Scenario): Promise<Outcome> {
  const outcome: Outcome = { name: scenario.name, choto: 0, baseline: 0, calls: [], failed: null };
  let app: Deno.ChildProcess | null = null;
  const before = meter.calls.length;
  try {
    // The pointer to the screen's bottom edge, off every app: a tooltip of what it rests on would hide text.
    await new Deno.Command("xdotool", {
      args: ["mousemove", "700", "895"],
      env: s.desktop.env,
      stderr: "null",
    })
      .output();
    app = await scenario.start(s);
    const steps = scenario.plan(s);
    await meter.call("observe", {});
    const r = await meter.call("execute_plan", { steps });
    const wrong = await scenario.check(s);
    outcome.calls = meter.calls.slice(before);
    outcome.choto = outcome.calls.reduce((n, c) => n + c.args + c.text + c.images, 0);
    outcome.baseline = baselineTokens(baselineActions(steps)) - BASELINE_DEFINITIONS;
    if (wrong !== null) outcome.failed = `plan ${r.structured.status}; ${wrong}\n${r.text}`;
  } catch (err) {
    outcome.failed = `did not run: ${(err as Error).message}`;
  } finally {
    try {
      app?.kill("SIGKILL");
    } catch {
      // it ended by itself (a dialog answered)
    }
    await app?.status.catch(() => {});
  }
  return outcome;
}

/** A row of the table, padded. */
function row(cells: Array<string | number>): string {
  const widths = [50, 7, 9, 6, 0];
  return cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(" ").trimEnd();
}

/** Where a task's tokens went, per call: arguments + text (+ images). */
function breakdown(o: Outcome): string {
  return o.calls.map((c) => `${c.tool} ${c.args}+${c.text}${c.images ? `+${c.images} img` : ""}`).join("; ");
}

function ratio(a: number, b: number): string {
  return b ? (a / b).toFixed(3) : "-";
}

function report(outcomes: Outcome[], definitions: number): void {
  const done = outcomes.filter((o) => !o.failed);
  const choto = definitions + done.reduce((n, o) => n + o.choto, 0);
  const baseline = BASELINE_DEFINITIONS + done.reduce((n, o) => n + o.baseline, 0);
  const calls = done.flatMap((o) => o.calls);
  const hidden = calls.reduce((n, c) => n + c.structured, 0);
  const structuredView = definitions + calls.reduce((n, c) => n + c.args + c.structured + c.images, 0);
  const lines = [
    "tokens per real-app task, one conversation: text chars/3.5; an image width*height/750 after the 1568 px / " +
    "1.15 MP fit; a reply's content as the model sees it; baseline: one 1440x900 screenshot per step",
    row(["", "choto", "baseline", "ratio", "choto per call: args+text [+image]"]),
    row([
      "tool definitions + instructions (once)",
      definitions,
      BASELINE_DEFINITIONS,
      ratio(definitions, BASELINE_DEFINITIONS),
    ]),
    ...outcomes.map((o) =>
      o.failed
        ? row([o.name, "FAILED", "", "", o.failed.split("\n")[0]])
        : row([o.name, o.choto, o.baseline, ratio(o.choto, o.baseline), breakdown(o)])
    ),
    row([`total (${done.length} of ${outcomes.length} tasks done)`, choto, baseline, ratio(choto, baseline)]),
    row([
      "tasks only (definitions left out on both sides)",
      choto - definitions,
      baseline - BASELINE_DEFINITIONS,
      ratio(choto - definitions, baseline - BASELINE_DEFINITIONS),
    ]),
    `structuredContent (not counted above): ${hidden} tokens in all. A client that shows the model ` +
    `JSON.stringify(structuredContent) in place of the text (Claude Code 2.1 does, per its issue tracker) ` +
    `would pay ${structuredView} for the same tasks: ratio ${ratio(structuredView, baseline)}`,
  ];
  for (const o of outcomes.filter((o) => o.failed)) lines.push(`\n${o.name} failed:\n${o.failed}`);
  console.log(lines.join("\n"));
}

if (haveXvfb()) {
  await withSession(async (s) => {
    const meter = new TokenMeter(s.client);
    await meter.listTools();
    const outcomes: Outcome[] = [];
    for (const scenario of SCENARIOS) outcomes.push(await run(s, meter, scenario));
    report(outcomes, meter.definitions);
  });
} else {
  console.warn("tokens.bench.ts: skipped, Xvfb/openbox are not installed (apt-get install xvfb openbox)");
}
