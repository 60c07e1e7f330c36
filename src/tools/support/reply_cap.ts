/**
 * Every reply stays under Claude Desktop's 1 MB limit, and is shortened,
 * never emptied: images go first; then the typed data keeps the head of its
 * longest lists within half the limit, the text keeps as many of its first
 * lines as fit in the rest, and a note says what was cut and how to ask for
 * the rest. Tools whose replies can be long (a mission's checklist) page
 * them on their own, so this is the last guard, not the usual path.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/server";

/** The largest reply sent, in bytes of JSON (a margin under 1 MB for the JSON-RPC envelope). */
export const MAX_REPLY_BYTES = 1_000_000 - 4_096;

/** Room kept for the note that says what was cut. */
const NOTE_BYTES = 2_000;

type Block = CallToolResult["content"][number];

const encoder = new TextEncoder();
const bytes = (v: unknown) => encoder.encode(JSON.stringify(v)).length;

/** The generic way to ask for the rest, when the tool gives none of its own. */
export const ASK_FOR_LESS = "ask for less (a narrower query, region or page) and call again";

/**
 * `result` itself when small enough, or a shorter one that keeps the head
 * of its text and of its typed data and says what was left out; `askForRest`
 * tells the model how to get the rest.
 */
export function capReply(
  result: CallToolResult,
  limit = MAX_REPLY_BYTES,
  askForRest = ASK_FOR_LESS,
): CallToolResult {
  if (bytes(result) <= limit) return result;
  const notes: string[] = [];
  let content: Block[] = [...(result.content as Block[])];
  if (content.some((c: Block) => c.type === "image")) {
    content = content.filter((c: Block) => c.type !== "image");
    notes.push("the screenshot was left out");
  }
  let out: CallToolResult = { ...result, content };
  if (bytes(out) + NOTE_BYTES > limit && out.structuredContent !== undefined) {
    const budget = Math.floor(limit / 2);
    if (bytes(out.structuredContent) > budget) {
      const { value, cuts } = shortenData(out.structuredContent, budget);
      out = { ...out, structuredContent: value as Record<string, unknown> };
      notes.push(...cuts);
    }
  }
  const first = content.findIndex((c: Block) => c.type === "text");
  const text = first >= 0 ? (content[first] as { text: string }).text : "";
  if (bytes(out) + NOTE_BYTES > limit) {
    const rest = bytes({
      ...out,
      content: content.map((c, i) => i === first ? { type: "text", text: "" } : c),
    });
    const kept = headLines(text, limit - rest - NOTE_BYTES);
    notes.push(
      kept.lines > 0
        ? `the text keeps its first ${kept.lines} of ${kept.of} lines`
        : `the text keeps the first ${kept.text.length} of ${text.length} characters`,
    );
    content = content.map((c: Block, i: number) =>
      i === first ? { type: "text" as const, text: kept.text } : c
    );
  }
  const note = `(shortened to stay under 1 MB: ${notes.join("; ")}; ${askForRest})`;
  content = first >= 0
    ? content.map((c: Block, i: number) =>
      i === first ? { type: "text" as const, text: `${(c as { text: string }).text}\n${note}` } : c
    )
    : [{ type: "text", text: note }, ...content];
  return { ...out, content };
}

/** The first lines of `text` whose JSON takes at most `budget` bytes (the first line cut short at worst). */
function headLines(text: string, budget: number): { text: string; lines: number; of: number } {
  const lines = text.split("\n");
  let used = 0;
  let n = 0;
  // A line costs its escaped form (less the quotes) plus the escaped newline after it.
  while (n < lines.length && used + bytes(lines[n]) <= budget) used += bytes(lines[n++]);
  if (n > 0) return { text: lines.slice(0, n).join("\n"), lines: n, of: lines.length };
  // One line longer than the whole budget: the longest head of it that fits.
  let lo = 0, hi = lines[0].length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (bytes(lines[0].slice(0, mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return { text: lines[0].slice(0, lo), lines: 0, of: lines.length };
}

/** A list in the typed data (not inside another list), and how long it was. */
interface ListSpot {
  path: string;
  list: unknown[];
  length: number;
}

function listsIn(v: unknown, path: string, out: ListSpot[]): void {
  if (Array.isArray(v)) out.push({ path, list: v, length: v.length });
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) listsIn(x, path ? `${path}.${k}` : k, out);
  }
}

/**
 * A copy of `data` within `budget` bytes of JSON: the largest list is
 * halved (its head kept) until it fits, so every list still says what came
 * first. Lists only get shorter, so the data still matches its schema.
 */
function shortenData(data: unknown, budget: number): { value: unknown; cuts: string[] } {
  const value = structuredClone(data);
  const spots: ListSpot[] = [];
  listsIn(value, "", spots);
  while (bytes(value) > budget) {
    const largest = spots.filter((s) => s.list.length > 0).sort((a, b) => bytes(b.list) - bytes(a.list))[0];
    if (!largest) break;
    largest.list.length = Math.floor(largest.list.length / 2);
  }
  const cuts = spots.filter((s) => s.list.length < s.length).map((s) =>
    `${s.path} in the typed data keeps its first ${s.list.length} of ${s.length}`
  );
  return { value, cuts };
}
