/**
 * A server process spoken to as JSON-RPC lines on its stdin and stdout, with
 * no client library in between: a test or benchmark sees each answer as it
 * arrives, and when the process started.
 *
 * @module
 */

/** One JSON-RPC message read from the server. */
export type Message = { id?: number; result?: Record<string, unknown>; error?: unknown };

/** A spawned server. */
export interface RawServer {
  /** `performance.now()` just before the process was spawned. */
  spawnedAt: number;
  send(message: unknown): Promise<void>;
  /** The answer to request `id`, with the time it was read; rejects if the server stops first. */
  reply(id: number): Promise<Message & { at: number }>;
  /** Closes stdin (the server's signal to stop) and waits for it to end. */
  close(): Promise<{ status: Deno.CommandStatus; stderr: string }>;
}

/** Spawns `deno` with `args` and exactly `env`. */
export function spawnServer(args: string[], env: Record<string, string>, cwd?: string): RawServer {
  const spawnedAt = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env,
    cwd,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const replies = new Map<number, PromiseWithResolvers<Message & { at: number }>>();
  let stopped: Error | null = null;
  const pending = (id: number) => {
    if (!replies.has(id)) replies.set(id, Promise.withResolvers());
    const r = replies.get(id)!;
    if (stopped) r.reject(stopped);
    return r;
  };
  const stderr = new Response(child.stderr).text();
  const reading = (async () => {
    let text = "";
    try {
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        text += chunk;
        let nl;
        while ((nl = text.indexOf("\n")) >= 0) {
          const line = text.slice(0, nl);
          text = text.slice(nl + 1);
          const m = JSON.parse(line) as Message;
          if (typeof m.id === "number") pending(m.id).resolve({ ...m, at: performance.now() });
        }
      }
    } finally {
      // Gone, or it wrote something other than JSON-RPC: what it did not answer, it never will.
      try {
        child.kill();
      } catch {
        // It has ended already.
      }
      stopped = new Error(
        `the server stopped answering: ${text.slice(0, 500)}${(await stderr).slice(-2000)}`,
      );
      for (const r of replies.values()) r.reject(stopped);
    }
  })().catch(() => {});
  return {
    spawnedAt,
    send: (m) => writer.write(new TextEncoder().encode(JSON.stringify(m) + "\n")),
    reply: (id) => pending(id).promise,
    async close() {
      await writer.close().catch(() => {});
      const status = await child.status;
      await reading;
      return { status, stderr: await stderr };
    },
  };
}

/** The first request of a session. */
export function initializeRequest(id = 1): unknown {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
  };
}

/** A tools/call request for `name` with `args`. */
export function toolCall(id: number, name: string, args: Record<string, unknown> = {}): unknown {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/** The handshake as a client makes it: initialize, then (once answered) the notification and tools/list. */
export async function handshake(
  server: RawServer,
): Promise<{ initialize: Message & { at: number }; list: Message & { at: number } }> {
  await server.send(initializeRequest(1));
  const initialize = await server.reply(1);
  await server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await server.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  const list = await server.reply(2);
  return { initialize, list };
}
