/**
 * One end-to-end session: a fresh X desktop, the server started with
 * `deno task start` (or the command line a test names), and a real MCP
 * client, all torn down afterwards. More servers can join the same desktop
 * and database (`connect`), and the session's own server can be started
 * again (`restart`); every one of them is closed with the session.
 *
 * @module
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectServer, type Elicit } from "./mcp.ts";
import { type DesktopOptions, startDesktop, type TestDesktop } from "./xdesktop.ts";

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

/** A tool call's result, flattened for assertions. */
export interface Called {
  isError: boolean;
  text: string;
  images: number;
  structured: Record<string, unknown>;
}

/**
 * Calls a tool (waiting up to 3 minutes) and flattens its result; `onprogress`
 * asks the server for progress notes and hears each one.
 */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  onprogress?: () => void,
): Promise<Called> {
  const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 180_000, onprogress });
  const content = r.content as Content;
  return {
    isError: Boolean(r.isError),
    text: content.filter((c) => c.type === "text").map((c) => c.text).join("\n"),
    images: content.filter((c) => c.type === "image").length,
    structured: (r.structuredContent ?? {}) as Record<string, unknown>,
  };
}

/** How to start a server: its environment on top of the desktop's, the client's answers, its command line. */
export interface ServerOptions {
  env?: Record<string, string>;
  /** How the client answers the server's questions; absent: it cannot ask. */
  elicit?: Elicit;
  /** The deno arguments for a database path (default: `deno task start --db PATH`). */
  args?: (db: string) => string[];
  /** Another database than the session's. */
  db?: string;
  /** A program (and its arguments) that starts the server as its child, on its own stdin and stdout. */
  wrap?: string[];
}

/** A server with a client connected to it. */
export interface Connected {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<Called>;
  stderr(): string;
  /** The task runner's (or deno's) process id. */
  pid: number | null;
  close(): Promise<void>;
}

/** What a test gets. */
export interface Session extends Connected {
  desktop: TestDesktop;
  /** A temporary folder for the test, the session's database in it. */
  dir: string;
  db: string;
  /** Starts another server on this desktop, on the session's database unless told otherwise. */
  connect(options?: ServerOptions): Promise<Connected>;
  /** Closes the session's server and starts it again as it was, on the same database. */
  restart(): Promise<void>;
}

/** What a session starts with: its server's options, and the desktop's (a window manager, one screen). */
export interface SessionOptions extends ServerOptions {
  desktop?: DesktopOptions;
  /** Runs on the desktop before the session's server starts (a window a server should find at its start). */
  before?: (desktop: TestDesktop, dir: string) => Promise<void>;
}

/** Runs `fn` inside a session and always cleans up. */
export async function withSession(
  fn: (s: Session) => Promise<void>,
  options: SessionOptions = {},
): Promise<void> {
  const desktop = await startDesktop(options.desktop);
  const dir = await Deno.makeTempDir({ prefix: "choto-e2e-" });
  const db = `${dir}/choto.db`;
  const open: Connected[] = [];
  const connect = async (o: ServerOptions = {}): Promise<Connected> => {
    const path = o.db ?? db;
    const s = await connectServer({ ...desktop.env, ...o.env }, path, o.elicit, o.args?.(path), o.wrap);
    const c: Connected = {
      client: s.client,
      pid: s.pid,
      stderr: s.stderr,
      call: (name, args) => callTool(s.client, name, args),
      close: async () => {
        if (!open.includes(c)) return;
        open.splice(open.indexOf(c), 1);
        await s.close();
      },
    };
    open.push(c);
    return c;
  };
  let own: Connected;
  try {
    await options.before?.(desktop, dir);
    own = await connect(options);
  } catch (err) {
    await desktop.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw err;
  }
  const session: Session = {
    desktop,
    dir,
    db,
    get client() {
      return own.client;
    },
    get pid() {
      return own.pid;
    },
    call: (name, args) => own.call(name, args),
    stderr: () => own.stderr(),
    close: () => own.close(),
    connect,
    restart: async () => {
      await own.close();
      own = await connect(options);
    },
  };
  try {
    await fn(session);
  } finally {
    for (const c of [...open].reverse()) await c.close().catch(() => {});
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

/**
 * Moves the pointer to the bottom edge of the screen (xdotool), before the app opens: the tooltip of
 * what it rested on would hide keys (truly: then they are not on screen). A corner would stop the run.
 */
export async function pointerAway(s: Session): Promise<void> {
  await new Deno.Command("xdotool", { args: ["mousemove", "700", "895"], env: s.desktop.env, stderr: "null" })
    .output();
}
