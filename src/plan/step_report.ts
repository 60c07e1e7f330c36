/**
 * What a run reports: each step's outcome and what it did, as data (the
 * journey's lines are written from it in render/step_lines.ts), the text
 * steps brought back, and the windows the run passed through.
 *
 * @module
 */

import type { Point } from "../common/rect.ts";
import type { NodeId } from "../graph/identity.ts";
import type { Surface } from "../perceive/surfaces.ts";
import type { ResolveStage } from "./resolve.ts";
import type { ElementControl } from "../ocr/types.ts";

/** How a step ended. */
export type StepOutcome = "done" | "unconfirmed" | "skipped" | "failed" | "partial" | "not_run";

/** The steps whose input showed no effect, named as `step 3 (click)` and joined, as replies and records say them. */
export function unconfirmedSteps(
  reports: ReadonlyArray<{ step: number; action: string; outcome: StepOutcome }>,
): string {
  const said = reports.filter((s) => s.outcome === "unconfirmed").map((s) => `step ${s.step} (${s.action})`);
  return said.length > 1 ? `${said.slice(0, -1).join(", ")} and ${said[said.length - 1]}` : said[0] ?? "";
}

/** What one step did. */
export interface StepReport {
  /** 1-based. */
  step: number;
  action: string;
  /**
   * partial: stopped after some of its input was sent (its line says how
   * far); unconfirmed: its input was sent but no effect of it was seen (its
   * line says what was not seen).
   */
  outcome: StepOutcome;
  /** What it did, or why it did not: the journey line is written from this (render/step_lines.ts). */
  did: StepDid;
  /** The element a target resolved to, when there was one. */
  match?: MatchInfo;
  /** A drag's waypoints in order: each as its target matched, or the bare point it was given as. */
  waypoints?: Array<MatchInfo | Point>;
  /** The client's own window was in front: the step worked in another window, named here. */
  instead?: InsteadOfClient;
}

/** The client's own window in front and the window a step worked in instead, by their titles. */
export interface InsteadOfClient {
  client: string;
  window: string;
}

/** A match as the typed reply gives it. */
export interface MatchInfo {
  text: string;
  stage: ResolveStage;
  score: number;
  /** Matches at the winning stage, inside region when given (1 when unique). */
  candidates: number;
  scope: Surface;
  x: number;
  y: number;
}

/** How a step's target was found: the match, and the notes a journey line gives of it. */
export interface MatchSaid {
  text: string;
  stage: ResolveStage;
  score: number;
  candidates: number;
  point: Point;
  /** How it was found when that took waiting or scrolling ("scrolled 2x down"). */
  via: string | null;
  /** True when the text is a named icon's. */
  icon: boolean;
  /** The form control the text labels, as it was when matched. */
  control: ElementControl | null;
  /** What chose it among equal matches ("the key over the display"), when that took evidence. */
  evidence: string | null;
}

/** One waypoint of a drag as its line tells it: how its target matched, or the point it was given as. */
export interface WaypointSaid {
  match: MatchSaid | null;
  /** Where the pointer went (the match's point moved by the offset). */
  point: Point;
  /** The offset from the match, when one was given. */
  offset: { dx: number; dy: number } | null;
}

/** The window an action led to, as the graph now knows it. */
export interface MovedTo {
  title: string;
  node: NodeId;
}

/**
 * What a step did, as data, or why it did not. `check` is the expectation's
 * verdict ("" without one); phrases such as a read's note or a waypoint's
 * label are the handler's own words.
 */
export type StepDid =
  | {
    kind: "click";
    action: string;
    target: string;
    surface: Surface;
    modifiers: string[];
    match: MatchSaid;
    movedTo: MovedTo | null;
    /** The title of the window the click was in, when that window closed after it. */
    closed: string | null;
    check: string;
    /** The target was an icon only a memory pack named; the user was asked first. */
    packName?: true;
  }
  | { kind: "scroll"; amount: number; over: MatchSaid | { window: string | null; at: Point }; check: string }
  | { kind: "type"; text: string; into: string | null; check: string }
  | { kind: "hotkey"; keys: string[]; cmdMeaning: string | null; movedTo: MovedTo | null; check: string }
  | { kind: "focus_app"; asked: string; app: string; how: string; window: string; check: string }
  | { kind: "wait"; ms: number }
  | { kind: "wait_until"; check: string }
  | { kind: "read"; source: string; note: string }
  | { kind: "read_clipboard"; note: string }
  | { kind: "drag"; path: WaypointSaid[]; check: string }
  | { kind: "drag_readout"; from: WaypointSaid; toward: WaypointSaid; said: string; check: string }
  | { kind: "skipped"; reason: string }
  | { kind: "failed" | "stopped"; reason: string; howFar: string | null }
  | { kind: "not_run" };

/** Text a step brought back. */
export interface Extract {
  step: number;
  source: string;
  text: string;
  note: string;
}

/** A window the run passed through. */
export interface SeenWindow {
  node: NodeId;
  app: string;
  title: string;
  sample: string[];
}
