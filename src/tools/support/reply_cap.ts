/**
 * Every reply stays under Claude Desktop's 1 MB limit: images go first,
 * then the text is cut with a note saying so; a reply whose typed data
 * alone is too large becomes an error that says how to ask for less.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The largest reply sent, in bytes of JSON (a margin under 1 MB for the JSON-RPC envelope). */
export const MAX_REPLY_BYTES = 1_000_000 - 4_096;

type Block = CallToolResult["content"][number];

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** `result` itself when small enough, or a smaller one that says what was left out. */
export function capReply(result: CallToolResult, limit = MAX_REPLY_BYTES): CallToolResult {
  if (bytes(result) <= limit) return result;
  const notes: string[] = [];
  let content: Block[] = [...(result.content as Block[])];
  if (content.some((c: Block) => c.type === "image")) {
    content = content.filter((c: Block) => c.type !== "image");
    notes.push("the screenshot was left out to keep the reply under 1 MB");
  }
  let out: CallToolResult = { ...result, content };
  const over = bytes(out) - limit;
  if (over > 0) {
    const first = content.findIndex((c: Block) => c.type === "text");
    const text = first >= 0 ? (content[first] as { text: string }).text : "";
    // JSON escaping can double a character's size: cut twice what is over, and a margin.
    const keep = Math.max(0, text.length - over * 2 - 200);
    if (first < 0 || keep === 0 && bytes({ ...out, content: [] }) > limit) {
      return {
        isError: true,
        content: [{
          type: "text",
          text:
            "The reply would exceed 1 MB, more than the client accepts. Nothing was lost on screen; ask for less (a smaller max_chars, a narrower query or region) and call again.",
        }],
      };
    }
    notes.push(`the text was cut to ${keep} of ${text.length} characters to keep the reply under 1 MB`);
    content = content.map((c: Block, i: number) =>
      i === first ? { type: "text" as const, text: text.slice(0, keep) } : c
    );
    out = { ...out, content };
  }
  const first = content.findIndex((c: Block) => c.type === "text");
  if (first >= 0) {
    const t = content[first] as { type: "text"; text: string };
    content[first] = { type: "text", text: `${t.text}\n(${notes.join("; ")})` };
  }
  return { ...out, content };
}
