/**
 * One end-to-end session: a fresh X desktop, the server started with
 * `deno task start`, and a real MCP client, torn down afterwards.
 *
 * @module
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectServer } from "./mcp.ts";
import { startDesktop, type TestDesktop } from "./xdesktop.ts";

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

/** A tool call's result, flattened for assertions. */
export interface Called {
  isError: boolean;
  text: string;
  images: number;
  structured: Record<string, unknown>;
}

/** Calls a tool (waiting up to 3 minutes) and flattens its result. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Called> {
  const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const content = r.content as Content;
  return {
    isError: Boolean(r.isError),
    text: content.filter((c) => c.type === "text").map((c) => c.text).join("\n"),
    images: content.filter((c) => c.type === "image").length,
    structured: (r.structuredContent ?? {}) as Record<string, unknown>,
  };
}

/** What a test gets. */
export interface Session {
  desktop: TestDesktop;
  client: Client;
  dir: string;
  call(name: string, args: Record<string, unknown>): Promise<Called>;
  stderr(): string;
}

/** Runs `fn` inside a session and always cleans up; `env` adds to the server's environment. */
export async function withSession(
  fn: (s: Session) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const desktop = await startDesktop();
  const dir = await Deno.makeTempDir({ prefix: "choto-e2e-" });
  const server = await connectServer({ ...desktop.env, ...env }, `${dir}/choto.db`);
  try {
    await fn({
      desktop,
      client: server.client,
      dir,
      stderr: server.stderr,
      call: (name, args) => callTool(server.client, name, args),
    });
  } finally {
    await server.close();
    await desktop.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Waits until `check` returns a value (or throws after `ms`). */
export async function until<T>(check: () => T | null | Promise<T | null>, ms = 10_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined && v !== false) return v as T;
    if (performance.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
