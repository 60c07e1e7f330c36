/**
 * The journey's line for each step of a run, written from what the step did
 * (`StepReport.did`): the action, what it matched, at which stage and where,
 * where it led, and what its expectation saw. A line is one line whatever
 * the model or the screen put into it.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";

import type { RunProgress } from "../plan/run.ts";
import type { Step } from "../plan/steps.ts";
import { clientFrontNote } from "./front_text.ts";
import { stateSaid } from "./element_rows.ts";
import type { MatchSaid, MovedTo, StepDid, StepReport, WaypointSaid } from "../plan/step_report.ts";

/** A text in double quotes, as journey lines show it. */
export function quote(s: string): string {
  return `"${escapeScreenText(s)}"`;
}

/** How a match was made: its stage (with the score below exact) and how many matched as well. */
function howMatched(m: MatchSaid): string {
  const how = m.stage === "exact" || m.stage === "address" ? m.stage : `${m.stage} ${m.score.toFixed(2)}`;
  if (m.evidence) return `${how}, ${escapeScreenText(m.evidence)}`;
  return `${how}${m.candidates > 1 ? ` (1 of ${m.candidates})` : ""}`;
}

/** What was matched: a named icon, a control with its state, or plain text. */
function matchedWhat(m: MatchSaid): string {
  if (m.icon) return `icon ${quote(m.text)}`;
  if (m.control) return `${m.control.kind} (${stateSaid(m.control.state)}) ${quote(m.text)}`;
  return quote(m.text);
}

/** The journey's words for a match: the text, how it matched, and where. */
export function matchLine(m: MatchSaid): string {
  const via = m.via ? `${m.via} -> ` : "";
  return `${via}matched ${matchedWhat(m)} (${howMatched(m)}) @ (${m.point.x},${m.point.y})`;
}

/** One waypoint of a drag: what it matched, how, any offset, and where the pointer went. */
function waypointLine(w: WaypointSaid): string {
  if (!w.match) return `(${w.point.x},${w.point.y})`;
  const o = w.offset;
  const offset = o ? ` ${o.dx >= 0 ? "+" : ""}${o.dx},${o.dy >= 0 ? "+" : ""}${o.dy}` : "";
  return `${matchedWhat(w.match)}${offset} (${howMatched(w.match)}) @ (${w.point.x},${w.point.y})`;
}

/** `; detail` when there is a detail to add to a journey line. */
function detailSuffix(detail: string): string {
  return detail ? `; ${detail}` : "";
}

/** ` -> window "…" (#N)` when the action brought up another window. */
function movedLine(to: MovedTo | null): string {
  return to ? ` -> window ${quote(to.title)} (#${to.node})` : "";
}

function said(d: StepDid): string {
  switch (d.kind) {
    case "click": {
      const mods = d.modifiers.length ? ` with ${d.modifiers.join("+")}` : "";
      const pack = d.packName
        ? "; its name came from a memory pack (someone else's claim, not checked here), so the user was asked first"
        : "";
      const closed = d.closed === null
        ? ""
        : d.closed
        ? `; the window ${quote(d.closed)} closed`
        : "; the window closed";
      return `${d.action} ${quote(d.target)} (${d.surface})${mods}: ${matchLine(d.match)}${pack}${
        movedLine(d.movedTo)
      }${closed}${detailSuffix(d.check)}`;
    }
    case "scroll": {
      const where = "stage" in d.over
        ? `over ${matchLine(d.over)}`
        : `over ${quote(d.over.window ?? "the screen")} @ (${d.over.at.x},${d.over.at.y})`;
      return `scroll ${d.amount > 0 ? "down" : "up"} ${Math.abs(d.amount)} notch(es) ${where}${
        detailSuffix(d.check)
      }`;
    }
    case "type": {
      const shown = d.text.length > 40 ? `${d.text.slice(0, 40)}…` : d.text;
      return `type ${escapeScreenText(JSON.stringify(shown))} (${[...d.text].length} chars) into ${
        quote(d.into ?? "the focused window")
      }${detailSuffix(d.check)}`;
    }
    case "hotkey": {
      const note = d.cmdMeaning !== null ? ` (${d.cmdMeaning})` : "";
      return `hotkey ${escapeScreenText(d.keys.join("+"))}${note}${movedLine(d.movedTo)}${
        detailSuffix(d.check)
      }`;
    }
    case "focus_app":
      return `focus_app ${quote(d.asked)}: focused ${quote(d.app)} (${d.how.replace("_", " ")}, window ${
        quote(d.window)
      })${detailSuffix(d.check)}`;
    case "wait":
      return `wait ${d.ms} ms`;
    case "wait_until":
      return `wait until it holds: ${d.check}`;
    case "read":
      return `read ${d.source}: ${d.note}`;
    case "read_clipboard":
      return `read_clipboard: ${d.note}`;
    case "drag":
      return `drag ${d.path.map(waypointLine).join(" -> ")}${detailSuffix(d.check)}`;
    case "drag_readout":
      return `drag ${waypointLine(d.from)} toward ${waypointLine(d.toward)} ${d.said}${
        detailSuffix(d.check)
      }`;
    case "skipped":
      return `skipped: ${d.reason}`;
    case "failed":
    case "stopped":
      return `${d.kind}: ${d.reason}${d.howFar ? `; ${d.howFar}` : ""}`;
    case "not_run":
      return "not run";
  }
}

/** The journey line of one step, with the window it worked in when the client's own was in front. */
export function stepLine(s: StepReport): string {
  const instead = s.instead ? ` (${clientFrontNote(s.instead.client, s.instead.window, "worked in")})` : "";
  return escapeScreenText(said(s.did) + instead);
}

/** A step as execute_plan's typed reply lists it: its line in place of what it did. */
export function stepOutput(s: StepReport): Omit<StepReport, "did" | "instead"> & { line: string } {
  const { did: _did, instead: _instead, match, ...rest } = s;
  return { ...rest, line: stepLine(s), ...(match ? { match } : {}) };
}

/** A step in a few words, as a progress notification names it: `click "Save"`, `type 16 characters`. */
export function stepWords(step: Step): string {
  switch (step.action) {
    case "click":
    case "double_click":
    case "right_click":
      return `${step.action} ${quote(step.target.text)}`;
    case "drag":
      return `drag ${
        step.path.map((w) => ("target" in w ? quote(w.target.text) : `(${w.x},${w.y})`)).join(" -> ")
      }`;
    case "type":
      return `type ${[...step.text].length} characters`;
    case "hotkey":
      return `hotkey ${escapeScreenText(step.keys.join("+"))}`;
    case "scroll":
      return `scroll ${step.amount > 0 ? "down" : "up"} ${Math.abs(step.amount)}${
        step.target ? ` over ${quote(step.target.text)}` : ""
      }`;
    case "wait":
      return step.expect ? "wait until the expectation holds" : `wait ${step.amount} ms`;
    case "focus_app":
      return `focus_app ${quote(step.app_name)}`;
    case "read":
      return step.scroll ? "read to the end" : "read";
    case "read_clipboard":
      return "read_clipboard";
  }
}

/** The message of a progress notification: `step 3 of 8: click "Save"`, and what the step is doing. */
export function progressMessage(p: RunProgress, steps: readonly Step[]): string {
  const d = p.doing;
  if (d.kind === "end") {
    if (d.status === "success") return `done: ${p.total} of ${p.total} steps`;
    if (d.status === "unconfirmed") {
      const which = `step${d.unconfirmed.length > 1 ? "s" : ""} ${d.unconfirmed.join(", ")}`;
      return `unconfirmed: ran all ${p.total} steps; ${which} showed no effect of its input`;
    }
    return `${d.status} at step ${p.step} of ${p.total}`;
  }
  const head = `step ${p.step} of ${p.total}: ${stepWords(steps[p.step - 1])}`;
  switch (d.kind) {
    case "step":
      return head;
    case "screenful":
      return `${head}, screenful ${d.n}`;
    case "search":
      return `${head}, scrolling ${d.direction} to find it (${d.notches} notches)`;
    case "waiting":
      return `${head}, waiting for its window (${Math.round(d.ms / 1000)} of ${Math.round(d.of / 1000)} s)`;
  }
}
