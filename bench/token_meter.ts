/**
 * The token meter of `tokens.bench.ts`: what a model pays for in a
 * conversation with choto, counted from the MCP messages themselves, and
 * what a screenshot-per-step agent would pay for the same steps.
 *
 * One counting method for both sides:
 * - text: characters / 3.5, rounded up per message (no tokenizer is
 *   installed; Claude's own averages about 3.5 characters per token on
 *   English and JSON);
 * - an image: Anthropic's documented width × height / 750, after the image is
 *   scaled down to fit 1568 px on its long edge and 1.15 megapixels.
 *
 * A tool result counts what Claude Desktop shows the model: its `content`
 * (text and images). `structuredContent` is metered too and shown apart: a
 * client shows the model one or the other, never both, and Claude Code 2.1
 * is reported (anthropics/claude-code#55677, #79944) to show the structured
 * JSON in place of the text when both are there.
 *
 * @module
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { modelChars } from "../build/docs_tools.ts";

/** Tokens of a text: characters / 3.5, rounded up. */
export function textTokens(chars: number): number {
  return Math.ceil(chars / 3.5);
}

/** Tokens of an image of `width` x `height` as Anthropic's API bills it (after its own downscale). */
export function imageTokens(width: number, height: number): number {
  const scale = Math.min(1, 1568 / Math.max(width, height), Math.sqrt(1_150_000 / (width * height)));
  return Math.ceil((Math.round(width * scale) * Math.round(height * scale)) / 750);
}

/** A PNG's size from its header (bytes 16-23 of the IHDR chunk), given as base64. */
export function pngSize(base64: string): { width: number; height: number } {
  const head = Uint8Array.from(atob(base64.slice(0, 44)), (c) => c.charCodeAt(0));
  const view = new DataView(head.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** One request and its reply, in tokens. */
export interface Metered {
  tool: string;
  /** The arguments the model writes. */
  args: number;
  /** The reply's text content. */
  text: number;
  /** The reply's images. */
  images: number;
  /** The reply's structuredContent (not shown to the model; for the record). */
  structured: number;
}

/** What a metered call returns to the scenario. */
export interface MeteredReply {
  isError: boolean;
  text: string;
  structured: Record<string, unknown>;
}

type Content = Array<{ type: string; text?: string; data?: string }>;

/** A client whose every tool call is metered; the listing is metered once, as a conversation reads it once. */
export class TokenMeter {
  readonly calls: Metered[] = [];
  definitions = 0;

  constructor(private readonly client: Client) {}

  /**
   * Reads the tool definitions as the model gets them (name, title,
   * description, input schema) and the server's instructions from the handshake.
   */
  async listTools(): Promise<void> {
    const { tools } = await this.client.listTools();
    const instructions = this.client.getInstructions() ?? "";
    this.definitions = textTokens(
      tools.reduce((n: number, t: Tool) => n + modelChars(t), instructions.length),
    );
  }

  /** Calls `name` with `args` and meters both ways. */
  async call(name: string, args: Record<string, unknown>): Promise<MeteredReply> {
    const r = await this.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
    const content = r.content as Content;
    const text = content.filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n");
    const images = content.filter((c) => c.type === "image").map((c) => pngSize(c.data ?? ""));
    this.calls.push({
      tool: name,
      args: textTokens(name.length + JSON.stringify(args).length),
      text: textTokens(text.length),
      images: images.reduce((n, i) => n + imageTokens(i.width, i.height), 0),
      structured: textTokens(JSON.stringify(r.structuredContent ?? {}).length),
    });
    return {
      isError: Boolean(r.isError),
      text,
      structured: (r.structuredContent ?? {}) as Record<string, unknown>,
    };
  }

  /** What the model paid in all: definitions, arguments, text and images (structuredContent left out). */
  total(): number {
    return this.definitions + this.calls.reduce((n, c) => n + c.args + c.text + c.images, 0);
  }
}

/** One action of the screenshot-per-step agent, as its tool call's arguments. */
export type BaselineAction = Record<string, unknown>;

/**
 * The documented definition cost of Anthropic's computer-use tool (735 for
 * `computer_20250124`), which the baseline agent reads once per conversation
 * as choto's listing is read once. The computer-use system prompt (466 more)
 * is left out, so the baseline is not made dearer than it surely is.
 */
export const BASELINE_DEFINITIONS = 735;

/** The screen every scenario runs on; the baseline takes it whole at every step. */
export const SCREEN = { width: 1440, height: 900 };

/**
 * A screenshot-per-step agent doing `actions`: a screenshot to start, then
 * per action its call's arguments and a short text plus a full screenshot in
 * reply.
 */
export function baselineTokens(actions: BaselineAction[]): number {
  const shot = imageTokens(SCREEN.width, SCREEN.height);
  const perAction = actions.reduce(
    (n, a) => n + textTokens(JSON.stringify(a).length) + textTokens("Action done.".length) + shot,
    0,
  );
  return BASELINE_DEFINITIONS + textTokens(JSON.stringify({ action: "screenshot" }).length) + shot +
    perAction;
}
