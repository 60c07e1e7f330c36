/**
 * The shape every tool file exports, and how a handler's reply becomes an
 * MCP result. One file per tool keeps the schema beside its handler.
 *
 * @module
 */

import type { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Services } from "../services.ts";
import type { PausedRun } from "../plan/executor.ts";
import type { Answer } from "../services.ts";

/** A zod object shape (what `registerTool` takes as input/output schema). */
export type Shape = Record<string, z.ZodType>;

/** The four behaviour hints, all required so none is left to a default. */
export interface Hints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a handler returns. */
export type Reply<Out> =
  | {
    ok: true;
    /** The compact text the model reads first. */
    text: string;
    /** The same facts as typed data, matching the output schema. */
    structured: Out;
    /** PNG images to attach (a screenshot). */
    images?: Uint8Array[];
  }
  | {
    ok: false;
    /** What went wrong and how to recover. */
    text: string;
    /**
     * Typed facts of a refusal (a replay's differing fields), only when they
     * match the output schema in full; most errors carry none.
     */
    structured?: Out;
    images?: Uint8Array[];
  };

/** What a handler knows of the request it answers. */
export interface CallContext {
  /** Aborted when the client cancels the request (`notifications/cancelled`) or the server shuts down. */
  signal: AbortSignal;
  /** Sends a progress notification, when the client asked for them (gave a progress token). */
  progress?(done: number, total: number, message: string): Promise<void>;
  /** Set for a tool that can pause ({@link ToolSpec.pausesForAnswers}) when the client asks by the retry. */
  pause?: PauseChannel;
}

/**
 * How a plan pauses for the user's answer and goes on after it, when the
 * client asks the user between a call and its retry (MCP 2026-07-28).
 */
export interface PauseChannel {
  /** On the retry: the paused run and the user's answer, to go on with; null on a first call. */
  resumed: { run: PausedRun; answer: Answer } | null;
  /** Keeps a run that paused, for the retry. */
  hold(run: PausedRun): void;
}

/** One MCP tool: definition and handler. */
export interface ToolSpec<In extends Shape, Out extends Shape> {
  name: string;
  title: string;
  /**
   * What the tool is for, in a line: the README's tools at a glance and the
   * overview of docs/tools.md are generated from it. Not part of tools/list.
   */
  summary: string;
  description: string;
  inputSchema: In;
  outputSchema: Out;
  annotations: Hints;
  /**
   * True for a tool that sends input to the screen or draws on it. One such
   * call runs at a time, in this process and across every choto process on
   * the display: two runs interleaving clicks would each act on a screen the
   * other just changed.
   */
  actsOnScreen?: boolean;
  /**
   * The call's own cap on waiting for its turn (a plan's time limit), from
   * its checked arguments; undefined: the actor's cap alone.
   */
  waitLimitMs?(args: z.infer<z.ZodObject<In>>): number | undefined;
  /**
   * True for a tool whose replies can carry text read from the screen: the
   * server adds the untrusted-text notice to each of them, once.
   */
  carriesScreenText?: boolean;
  /**
   * How to ask for the rest when a reply had to be shortened to stay under
   * 1 MB (the last guard: long replies page themselves).
   */
  askForRest?: string;
  /** True for a tool whose run can pause for the user's answer (a plan before a destructive step). */
  pausesForAnswers?: boolean;
  /**
   * Optional validation in place of parsing `inputSchema`, for tools whose
   * published schema is a summary and whose input deserves better messages
   * than a raw schema error (the step and field, and how to fix them).
   * Returns the parsed value or the text to answer with.
   */
  validate?(args: unknown): { ok: true; value: unknown } | { ok: false; text: string };
  run(
    args: z.infer<z.ZodObject<In>>,
    services: Services,
    call: CallContext,
  ): Promise<Reply<z.infer<z.ZodObject<Out>>>>;
}

/** Identity helper that keeps the input/output types tied together. */
export function defineTool<In extends Shape, Out extends Shape>(
  spec: ToolSpec<In, Out>,
): ToolSpec<In, Out> {
  return spec;
}

/** Turns a handler's reply into the MCP result shape. */
export function toResult(reply: Reply<unknown>): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: reply.text }];
  for (const png of reply.images ?? []) {
    content.push({ type: "image", data: base64(png), mimeType: "image/png" });
  }
  const result: CallToolResult = { content };
  if (!reply.ok) result.isError = true;
  if (reply.structured !== undefined) result.structuredContent = reply.structured as Record<string, unknown>;
  return result;
}

/** Base64 without building one huge intermediate string of code points. */
export function base64(bytes: Uint8Array): string {
  let s = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    s += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(s);
}
