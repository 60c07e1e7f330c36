/**
 * The mission status block: the few lines every reply tied to a mission
 * ends with, so a long scenario never rests on the model's memory of it.
 * The compact block is goal, progress, the item in play in full, and the
 * failures with their reasons; the full view lists every item.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";
import type { Filed } from "../mission/runs.ts";
import type { Item, Mission } from "../mission/store.ts";

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

/** How much of a reply the listed items may take: a long checklist comes in pages of about this many characters. */
export const PAGE_CHARS = 12_000;
/** How much of a compact block the failures may take before the rest are only counted. */
const FAILURES_CHARS = 3_000;

/** Which items one reply lists: from item `from` on, as many as fit in a page (one at least). */
export interface ItemPage {
  items: Item[];
  /** The first item not listed, or null when the list reaches the end. */
  next: number | null;
}

/** The page of `m`'s items that starts at item `from` and takes at most `pageChars` (a person's terminal: all). */
export function itemPage(m: Mission, from = 1, pageChars = PAGE_CHARS): ItemPage {
  const items: Item[] = [];
  let used = 0;
  for (const i of m.items.filter((i) => i.n >= from)) {
    const size = itemLines(i, "  ").join("\n").length + 1;
    if (items.length && used + size > pageChars) return { items, next: i.n };
    items.push(i);
    used += size;
  }
  return { items, next: null };
}

/** How to ask for the rest of a list, in the words of the mission_status call that gives it. */
function askForMore(m: Mission, next: number): string {
  const which = m.status === "active" ? "" : `mission_id=${m.id}, `;
  return `(items ${next}-${m.items.length} are not listed here: mission_status(${which}full=true, from_item=${next}) lists them)`;
}

/**
 * The block as text. Compact: goal, progress, the item in play, failures.
 * `full`: every item with its number, status, intent, acceptance and reason,
 * a page at a time from item `from`, saying how to ask for the next page.
 */
export function statusBlock(m: Mission, full = false, from = 1, pageChars = PAGE_CHARS): string {
  const lines = ["", `── ${header(m)}`, progressLine(m)];
  if (full) {
    const page = itemPage(m, from, pageChars);
    const shown = page.items.length
      ? `items ${page.items[0].n}-${page.items.at(-1)!.n} of ${m.items.length}:`
      : `items: none from ${from} on (the checklist has ${m.items.length})`;
    lines.push(page.items.length === m.items.length ? "items:" : shown);
    for (const i of page.items) lines.push(...itemLines(i, "  "));
    if (page.next !== null) lines.push(askForMore(m, page.next));
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
    let used = 0;
    for (const [k, i] of failed.entries()) {
      const line = `  ${i.n}. ${i.title}: ${i.reason}`;
      if (k > 0 && used + line.length > FAILURES_CHARS) {
        lines.push(
          `  and ${failed.length - k} more: mission_status(full=true) lists every item with its reason`,
        );
        break;
      }
      lines.push(line);
      used += line.length;
    }
  }
  return joinLines(lines);
}

/** Goals, titles and reasons are the model's words: one line each, whatever they hold. */
function joinLines(lines: string[]): string {
  return lines.map(escapeScreenText).join("\n");
}

/**
 * The block as typed data: the shape `missionStatusShape` describes. Its
 * items are the page the full text lists from item `from`, so text and data
 * never disagree on what a reply holds; `next_item` says where the rest starts.
 */
export function statusData(m: Mission, from = 1) {
  const page = itemPage(m, from);
  return {
    mission: m.id,
    goal: m.goal,
    state: m.status,
    in_play: inPlay(m)?.n ?? null,
    items: page.items.map((i) => ({ id: i.n, title: i.title, status: i.status, reason: i.reason })),
    next_item: page.next,
  };
}

/** What a run filed on its item, in one sentence. */
export function filedLine(f: Filed): string {
  switch (f.verdict) {
    case "passed":
      return `item ${f.item} passed${
        f.recipeKept
          ? "; these steps are kept as its recipe with the world they worked in (mission_replay repeats them)"
          : "; its recipe and recorded world are kept as they were"
      }.`;
    case "failed":
      return `item ${f.item} failed: ${f.reason}.`;
    case "recorded":
      return `the run (${f.outcome}) is recorded on item ${f.item} of mission #${f.mission}, which is closed: its closing record stays as it was.`;
    case "not_filed":
      return `the run above happened, but its verdict could not be filed on item ${f.item} (${f.error}): mark it with mission_mark once the database is reachable.`;
  }
}
