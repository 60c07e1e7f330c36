/**
 * Runs a validated plan step by step: resolve, act, verify. A step that
 * cannot find its target or whose expectation does not hold in time stops
 * the run with the evidence; the pointer in the top-left corner aborts it.
 * Everything seen is written to the interface graph, and a click that leads
 * to another window becomes a transition.
 *
 * @module
 */

import { focusApp } from "../desktop/focus_app.ts";
import type { MouseButton } from "../desktop/types.ts";
import { recordClick, recordTransition } from "../graph/transitions.ts";
import type { Services } from "../services.ts";
import { dragStep } from "./drag.ts";
import { type Before, judge } from "./expect.ts";
import type { Look } from "./look.ts";
import { readStep } from "./read.ts";
import { Run, type RunStatus, RunStopped, StepFailure, type StepReport } from "./run.ts";
import type { Expectation, Plan, Step } from "./steps.ts";
import { busiestPoint, findTarget, type Found } from "./targeting.ts";

/** Default time limit of a whole plan. */
export const DEFAULT_TIME_LIMIT_MS = 180_000;

/** Everything a run produced. */
export interface RunResult {
  status: RunStatus;
  reports: StepReport[];
  actions: number;
  maxActions: number;
  elapsedMs: number;
  extracts: Run["extracts"];
  windowsSeen: Array<{ node: number; app: string; title: string; sample: string[] }>;
  failure: {
    step: number;
    action: string;
    reason: string;
    surface: "window" | "chrome" | null;
    target: string | null;
    closest: Array<{ text: string; similarity: number }>;
    look: Look | null;
  } | null;
}

const BUTTONS: Record<string, { button: MouseButton; count: number }> = {
  click: { button: "left", count: 1 },
  double_click: { button: "left", count: 2 },
  right_click: { button: "right", count: 1 },
};

/** Runs a plan to its end, its first failure, or an abort. */
export async function executePlan(services: Services, plan: Plan): Promise<RunResult> {
  const run = new Run(services, plan.max_actions, plan.time_limit_ms ?? DEFAULT_TIME_LIMIT_MS);
  let failure: RunResult["failure"] = null;
  let status: RunStatus = "success";
  for (let i = 0; i < plan.steps.length; i++) {
    const step = plan.steps[i];
    const n = i + 1;
    try {
      run.checkpoint();
      const report = await runStep(run, step, n);
      run.reports.push(report);
    } catch (err) {
      if (err instanceof RunStopped) {
        status = err.status;
        run.reports.push({
          step: n,
          action: step.action,
          outcome: "not_run",
          line: `stopped: ${err.message}`,
        });
        failure = {
          step: n,
          action: step.action,
          reason: err.message,
          surface: null,
          target: null,
          closest: [],
          look: status === "escalated" ? await safeLook(run) : null,
        };
      } else if (err instanceof StepFailure) {
        status = "escalated";
        run.reports.push({ step: n, action: step.action, outcome: "failed", line: `failed: ${err.message}` });
        failure = {
          step: n,
          action: step.action,
          reason: err.message,
          surface: err.evidence.surface ?? null,
          target: err.evidence.target ?? null,
          closest: err.evidence.closest ?? [],
          look: await safeLook(run),
        };
      } else {
        status = "escalated";
        const reason = `internal error: ${(err as Error).message}`;
        run.reports.push({ step: n, action: step.action, outcome: "failed", line: `failed: ${reason}` });
        failure = {
          step: n,
          action: step.action,
          reason,
          surface: null,
          target: null,
          closest: [],
          look: await safeLook(run),
        };
      }
      for (let j = i + 1; j < plan.steps.length; j++) {
        run.reports.push({ step: j + 1, action: plan.steps[j].action, outcome: "not_run", line: "not run" });
      }
      break;
    }
  }
  return {
    status,
    reports: run.reports,
    actions: run.actions,
    maxActions: run.maxActions,
    elapsedMs: Math.round(performance.now() - run.started),
    extracts: run.extracts,
    windowsSeen: [...run.seen.values()],
    failure,
  };
}

async function safeLook(run: Run): Promise<Look | null> {
  try {
    return await run.look();
  } catch {
    return null;
  }
}

function quote(s: string): string {
  return `"${s}"`;
}

function matchInfo(f: Found) {
  return {
    text: f.element.text,
    stage: f.stage,
    score: f.score,
    candidates: f.candidates,
    scope: f.scope,
    x: f.point.x,
    y: f.point.y,
  };
}

function matchLine(f: Found): string {
  const how = f.stage === "exact" ? "exact" : `${f.stage} ${f.score.toFixed(2)}`;
  const via = f.via ? `${f.via} -> ` : "";
  const many = f.candidates > 1 ? ` (1 of ${f.candidates})` : "";
  return `${via}matched ${quote(f.element.text)} (${how}${many}) @ (${f.point.x},${f.point.y})`;
}

/** Waits for an expectation, or just lets the screen settle, then looks. */
async function verify(
  run: Run,
  expect: Expectation | undefined,
  before: Before,
  timeoutMs: number,
): Promise<{ look: Look; detail: string }> {
  if (!expect) {
    // Give the app a moment to react, then wait for the screen to stop changing.
    await run.pause(100);
    await run.settle(1000);
    return { look: await run.look(), detail: "" };
  }
  const deadline = performance.now() + timeoutMs;
  // "The screen did not change" can only be judged after giving it time to change.
  if (expect.screen_changes === false) await run.pause(Math.min(800, timeoutMs));
  for (;;) {
    const l = await run.look();
    const verdict = judge(expect, before, {
      frame: l.frame,
      elements: [...l.windowElements, ...l.chromeElements],
    });
    if (verdict.holds) return { look: l, detail: `expect ok: ${verdict.details.join("; ")}` };
    if (performance.now() >= deadline) {
      throw new StepFailure(`expectation not met within ${timeoutMs} ms: ${verdict.details.join("; ")}`, {
        look: l,
      });
    }
    await run.pause(150);
  }
}

function beforeOf(l: Look): Before {
  return { frame: l.frame, elements: [...l.windowElements, ...l.chromeElements] };
}

/** Records the click and, when the window changed, the transition. */
function remember(
  run: Run,
  from: Look,
  to: Look,
  action: string,
  text: string,
  scope: "window" | "chrome",
  via: string | null = null,
): string {
  const store = run.services.store;
  const now = run.services.now();
  if (from.nodeId !== null) recordClick(store, { windowId: from.nodeId, text, scope, now });
  if (from.nodeId !== null && to.nodeId !== null && from.nodeId !== to.nodeId) {
    recordTransition(store, {
      fromWindowId: from.nodeId,
      toWindowId: to.nodeId,
      action,
      text,
      scope,
      via,
      now,
    });
    return ` -> window ${quote(to.window?.title ?? "")} (#${to.nodeId})`;
  }
  return "";
}

async function runStep(run: Run, step: Step, n: number): Promise<StepReport> {
  const desktop = run.services.desktop();
  const base = { step: n, action: step.action };
  // Only a click keeps track of an open menu; anything else may have closed it.
  if (!(step.action in BUTTONS) && step.action !== "wait" && step.action !== "read") run.menuPath = null;
  switch (step.action) {
    case "click":
    case "double_click":
    case "right_click": {
      let found: Found;
      try {
        found = await findTarget(run, step.target, { waitMs: step.timeout_ms });
      } catch (err) {
        if (err instanceof StepFailure && step.skip_if_absent) {
          return { ...base, outcome: "skipped", line: `skipped: target absent (${quote(step.target.text)})` };
        }
        throw err;
      }
      const { button, count } = BUTTONS[step.action];
      // A menu item is only reachable through the menu opened just before it, in this window.
      const menu = found.scope === "chrome" && run.menuPath?.node === found.look.nodeId ? run.menuPath : null;
      run.spend();
      await desktop.click(found.point, button, count, step.modifiers ?? []);
      const after = await verify(run, step.expect, beforeOf(found.look), step.timeout_ms);
      const via = menu ? menu.texts.join(" > ") : null;
      const moved = remember(run, found.look, after.look, step.action, found.element.text, found.scope, via);
      const openedMenu = after.look.nodeId === found.look.nodeId &&
        after.look.state.chrome.length > found.look.state.chrome.length;
      run.menuPath = openedMenu && found.look.nodeId !== null
        ? { node: found.look.nodeId, texts: [...(menu?.texts ?? []), found.element.text] }
        : null;
      const mods = step.modifiers?.length ? ` with ${step.modifiers.join("+")}` : "";
      return {
        ...base,
        outcome: "done",
        line: `${step.action} ${quote(step.target.text)} (${found.scope})${mods}: ${
          matchLine(found)
        }${moved}${after.detail ? `; ${after.detail}` : ""}`,
        match: matchInfo(found),
      };
    }
    case "type": {
      const before = await run.look();
      run.spend();
      await desktop.type(step.text);
      const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
      const shown = step.text.length > 40 ? `${step.text.slice(0, 40)}…` : step.text;
      return {
        ...base,
        outcome: "done",
        line: `type ${JSON.stringify(shown)} (${[...step.text].length} chars) into ${
          quote(before.window?.title ?? "the focused window")
        }${after.detail ? `; ${after.detail}` : ""}`,
      };
    }
    case "hotkey": {
      const before = await run.look();
      run.spend();
      await desktop.hotkey(step.keys);
      const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
      const moved = remember(run, before, after.look, "hotkey", step.keys.join("+"), "window");
      const note = step.keys.includes("cmd") && desktop.platform !== "macos"
        ? ` (${desktop.cmdMeaning})`
        : "";
      return {
        ...base,
        outcome: "done",
        line: `hotkey ${step.keys.join("+")}${note}${moved}${after.detail ? `; ${after.detail}` : ""}`,
      };
    }
    case "scroll": {
      let at;
      let where: string;
      let before: Look;
      if (step.target) {
        let found: Found;
        try {
          found = await findTarget(run, step.target, { waitMs: step.timeout_ms });
        } catch (err) {
          if (err instanceof StepFailure && step.skip_if_absent) {
            return {
              ...base,
              outcome: "skipped",
              line: `skipped: target absent (${quote(step.target.text)})`,
            };
          }
          throw err;
        }
        at = found.point;
        before = found.look;
        where = `over ${matchLine(found)}`;
      } else {
        before = await run.look();
        at = busiestPoint(before.window, before.windowElements, {
          x: 0,
          y: 0,
          width: before.frame.width,
          height: before.frame.height,
        });
        where = `over ${quote(before.window?.title ?? "the screen")} @ (${at.x},${at.y})`;
      }
      run.spend();
      await desktop.scroll(at, step.amount);
      const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
      return {
        ...base,
        outcome: "done",
        line: `scroll ${step.amount > 0 ? "down" : "up"} ${Math.abs(step.amount)} notch(es) ${where}${
          after.detail ? `; ${after.detail}` : ""
        }`,
      };
    }
    case "wait": {
      if (step.expect) {
        const before = await run.look();
        const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
        return { ...base, outcome: "done", line: `wait until it holds: ${after.detail}` };
      }
      await run.pause(step.amount);
      await run.look();
      return { ...base, outcome: "done", line: `wait ${step.amount} ms` };
    }
    case "focus_app": {
      run.spend();
      // Launching an app takes longer than most post-conditions: allow at least 10 s.
      const r = await focusApp(
        desktop,
        step.app_name,
        Math.min(Math.max(step.timeout_ms, 10_000), run.remainingMs()),
      );
      if (!r.ok) throw new StepFailure(r.message);
      const l = await run.look();
      const after = step.expect ? await verify(run, step.expect, beforeOf(l), step.timeout_ms) : null;
      return {
        ...base,
        outcome: "done",
        line: `focus_app ${quote(step.app_name)}: focused ${quote(r.app)} (${
          r.how.replace("_", " ")
        }, window ${quote(r.window.title)})${after?.detail ? `; ${after.detail}` : ""}`,
      };
    }
    case "read":
      return await readStep(run, step, n);
    case "read_clipboard": {
      run.checkpoint();
      const clip = await desktop.readClipboard();
      if (clip.text !== null) {
        run.extracts.push({ step: n, source: "clipboard", text: clip.text, note: clip.note });
      }
      return { ...base, outcome: "done", line: `read_clipboard: ${clip.note}` };
    }
    case "drag": {
      const { report, before } = await dragStep(run, step, n);
      if (!step.expect) return report;
      const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
      return { ...report, line: `${report.line}; ${after.detail}` };
    }
  }
}
