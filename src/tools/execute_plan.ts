/**
 * `execute_plan`: run a batch of UI steps and report the journey.
 *
 * @module
 */

import { z } from "zod";
import { executePlan } from "../plan/executor.ts";
import { planSchema } from "../plan/steps.ts";
import { validatePlan } from "../plan/validate.ts";
import { screenshotPng } from "../render/image.ts";
import { journeyText } from "../render/journey_text.ts";
import { elementShape, missionStatusShape } from "./shared_shapes.ts";
import { fileTiedRun, missionFields, tieRun, validateWithMission } from "./mission_tie.ts";
import { defineTool } from "./tool.ts";

const closeText = z.object({
  text: z.string().describe("An on-screen text."),
  similarity: z.number().describe("Similarity to the missed target, 0 to 1."),
});

export const executePlanTool = defineTool({
  name: "execute_plan",
  title: "Run UI steps",
  description: [
    "Runs a list of UI steps in order and answers with a compact journey: one line per step saying what it matched (exact, fuzzy or by synonym), where, and what followed. Steps name elements by their visible text, so no coordinates are needed: click, double_click, right_click, drag (with until_readout to stop at a reading such as 50%), type, hotkey, scroll, wait, focus_app, read (the window's text laid out as drawn, optionally between two texts, optionally to the end of a long document) and read_clipboard. The step schema below says what each action takes.",
    "Surfaces: a target is searched on one surface only: the window the step works in (default; target.window picks another window by a piece of its title), or chrome with target.scope='chrome' (open menus, popups, tooltips; the macOS menu bar). Opening a menu and choosing an item is two steps: click the menu name, then click the item with scope 'chrome'. A window target that is not visible is searched for by scrolling a little down and up (turn off with scroll_to_find=false where scrolling has side effects).",
    "Checks: give a step expect={appears, disappears, appears_count_increases, screen_changes} and it is retried until it holds or timeout_ms passes. The whole plan is checked before anything happens: a malformed plan is refused naming the step and the field, and nothing is touched.",
    "Outcome: status success, escalated (a target was not found or an expectation failed: the reply names the step and why, lists the closest on-screen texts with their similarity and the current elements, and attaches a fresh screenshot — fix that step and resend from it) or aborted (the user moved the pointer into the top-left corner). Every reply ends with the windows seen during the run.",
    "Use observe or recall first to learn the texts to target; use focus_app alone when all you need is an app in front. Side effects: real clicks, keystrokes and drags in the user's apps (they may change documents, send messages or move files), bounded by max_actions and time_limit_ms; everything seen is written to the interface graph, and a click that opens another window is recorded as a route for recall. Copying to the clipboard replaces what the user had there; choto itself never writes the clipboard.",
  ].join("\n\n"),
  inputSchema: { ...planSchema.shape, ...missionFields },
  outputSchema: {
    status: z.enum(["success", "escalated", "aborted"]).describe(
      "success: every step ran; escalated: a step failed and the run stopped there; aborted: the user stopped it.",
    ),
    steps: z.array(z.object({
      step: z.number().describe("1-based step number."),
      action: z.string().describe("The step's action."),
      outcome: z.enum(["done", "skipped", "failed", "not_run"]).describe("What happened to the step."),
      line: z.string().describe("The journey line."),
      match: z.object({
        text: z.string().describe("The on-screen text the target resolved to."),
        stage: z.string().describe("exact, fuzzy, semantic or contained."),
        score: z.number().describe("Similarity of the match, 0 to 1."),
        scope: z.enum(["window", "chrome"]).describe("The surface it was found on."),
        x: z.number().describe("Where the action aimed, x in screen pixels."),
        y: z.number().describe("Where the action aimed, y in screen pixels."),
      }).optional().describe("The element a target resolved to."),
    })).describe("One entry per step of the plan, in order."),
    actions_used: z.number().describe("Input actions sent, scrolls included."),
    max_actions: z.number().describe("The action budget."),
    elapsed_ms: z.number().describe("Wall-clock time of the run."),
    extracted: z.array(z.object({
      step: z.number().describe("The read step that produced it."),
      source: z.string().describe("Where it was read: a window title, chrome, or the clipboard."),
      text: z.string().describe("The text, laid out as drawn."),
      note: z.string().describe("How the reading went (screenfuls joined, bounds, clipboard state)."),
    })).describe("Text brought back by read and read_clipboard steps, never truncated."),
    failure: z.object({
      step: z.number().describe("The step that stopped the run."),
      action: z.string().describe("Its action."),
      reason: z.string().describe("Why it stopped."),
      surface: z.enum(["window", "chrome"]).nullable().describe("The surface searched (the other was not)."),
      target: z.string().nullable().describe("The target text that was missed, if any."),
      closest: z.array(closeText).describe("The on-screen texts closest to the missed target."),
      window: z.string().nullable().describe("Title of the window in front when the run stopped."),
      elements: z.array(elementShape).describe("Text elements of that window now."),
      chrome: z.array(elementShape).describe("Text on chrome surfaces now."),
    }).nullable().describe("Evidence of the failure, or null on success."),
    mission: z.object(missionStatusShape).optional().describe("The mission status, when tied to an item."),
    windows_seen: z.array(z.object({
      node: z.number().describe("The window's node id in the interface graph."),
      app: z.string().describe("Its application."),
      title: z.string().describe("Its title."),
      sample: z.array(z.string()).describe("A sample of its text."),
    })).describe("Each distinct window the run passed through."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  actsOnScreen: true,
  validate(args: unknown) {
    return validateWithMission(args, (plan) => {
      const v = validatePlan(plan);
      return v.ok ? { ok: true as const, value: v.plan } : { ok: false as const, text: v.text };
    });
  },
  async run(args, services) {
    const tied = tieRun(services, args);
    if (!tied.ok) return tied;
    const plan = planSchema.parse(tied.plan);
    const r = await executePlan(services, plan);
    const look = r.failure?.look ?? null;
    const shot = look && r.status === "escalated" ? await screenshotPng(look.frame) : null;
    const filed = tied.tie ? fileTiedRun(services, tied.tie, plan, r) : null;
    return {
      ok: true,
      text: journeyText(r, shot?.scale ?? null) + (filed?.text ?? ""),
      images: shot ? [shot.png] : [],
      structured: {
        status: r.status,
        steps: r.reports,
        actions_used: r.actions,
        max_actions: r.maxActions,
        elapsed_ms: r.elapsedMs,
        extracted: r.extracts,
        failure: r.failure
          ? {
            step: r.failure.step,
            action: r.failure.action,
            reason: r.failure.reason,
            surface: r.failure.surface,
            target: r.failure.target,
            closest: r.failure.closest,
            window: look?.window?.title ?? null,
            elements: look?.windowElements ?? [],
            chrome: look?.chromeElements ?? [],
          }
          : null,
        windows_seen: r.windowsSeen,
        ...(filed?.mission ? { mission: filed.mission } : {}),
      },
    };
  },
});
