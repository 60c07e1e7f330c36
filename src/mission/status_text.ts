/**
 * The mission status block: the few lines every reply tied to a mission
 * ends with, so a long scenario never rests on the model's memory of it.
 * The compact block is goal, progress, the item in play in full, and the
 * failures with their reasons; the full view lists every item.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";
import type { Item, Mission } from "./store.ts";

/** The item to work on now: the first pending one, else the first failure, else none. */
export function inPlay(m: Mission): Item | null {
  return m.items.find((i) => i.status === "pending") ?? m.items.find((i) => i.status === "failed") ?? null;
}

/** Counts of items per status. */
export function progress(m: Mission): { passed: number; failed: number; skipped: number; total: number } {
  const count = (s: Item["status"]) => m.items.filter((i) => i.status === s).length;
  return {
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    total: m.items.length,
  };
}

function progressLine(m: Mission): string {
  const p = progress(m);
  const pending = p.total - p.passed - p.failed - p.skipped;
  return `progress: ${p.passed} of ${p.total} passed, ${p.failed} failed, ${p.skipped} skipped, ${pending} pending`;
}

function header(m: Mission): string {
  const when = m.finishedAt === null ? "" : ` on ${new Date(m.finishedAt).toISOString()}`;
  return `mission #${m.id} (${m.status}${when}): ${m.goal}`;
}

function marked(i: Item): string {
  if (i.markedBy === null) return "";
  const by = i.markedBy === "run" ? "by a run" : "by the model";
  return ` (${by}${i.hasRecipe ? "; recipe kept, mission_replay can repeat it" : ""})`;
}

function itemLines(i: Item, indent: string): string[] {
  const lines = [`${indent}${i.n}. [${i.status}] ${i.title}${marked(i)}`];
  lines.push(`${indent}   intent: ${i.intent}`);
  lines.push(`${indent}   acceptance: ${i.acceptance}`);
  if (i.reason !== null) lines.push(`${indent}   reason: ${i.reason}`);
  return lines;
}

/**
 * The block as text. Compact: goal, progress, the item in play, failures.
 * `full`: every item with its number, status, intent, acceptance and reason.
 */
export function statusBlock(m: Mission, full = false): string {
  const lines = ["", `── ${header(m)}`, progressLine(m)];
  if (full) {
    lines.push("items:");
    for (const i of m.items) lines.push(...itemLines(i, "  "));
    return joinLines(lines);
  }
  const now = inPlay(m);
  if (now) {
    lines.push(`in play: item ${now.n} of ${m.items.length}, ${now.status}: ${now.title}`);
    lines.push(`  intent: ${now.intent}`);
    lines.push(`  acceptance: ${now.acceptance}`);
  } else if (m.status === "active") {
    lines.push("in play: nothing left pending; call mission_finish when there is nothing more to try");
  }
  const failed = m.items.filter((i) => i.status === "failed");
  if (failed.length) {
    lines.push("failed:");
    for (const i of failed) lines.push(`  ${i.n}. ${i.title}: ${i.reason}`);
  }
  return joinLines(lines);
}

/** Goals, titles and reasons are the model's words: one line each, whatever they hold. */
function joinLines(lines: string[]): string {
  return lines.map(escapeScreenText).join("\n");
}

/** The block as typed data: the shape `missionStatusShape` describes. */
export function statusData(m: Mission) {
  return {
    mission: m.id,
    goal: m.goal,
    state: m.status,
    in_play: inPlay(m)?.n ?? null,
    items: m.items.map((i) => ({ id: i.n, title: i.title, status: i.status, reason: i.reason })),
  };
}
