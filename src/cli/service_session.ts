/**
 * One connection to `choto service`: the greeting, the bridge's purpose, then
 * (for a session) an MCP server instance of its own on the connection,
 * sharing the process's services and its one actor with every other
 * session, so two clients' acting calls take turns.
 *
 * @module
 */

import { deserializeMessage } from "@modelcontextprotocol/server";
import type { Services } from "../services.ts";
import { serveConnection as serveMcp } from "../server/connection.ts";
import { BoundedStdioTransport } from "../server/stdio_transport.ts";
import { LineReader } from "./line_reader.ts";
import { helloLine, MAX_CONTROL_LINE, parsePurpose } from "./service_protocol.ts";

/** How long a connection may take to say what it is for. */
const PURPOSE_WAIT_MS = 10_000;

const encoder = new TextEncoder();

/** Writes all of `bytes` to `conn`. */
async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
}

/** Closes `conn`, which may be closed already (cancelling its readable closes it too). */
function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Closed already.
  }
}

/** The purpose line, or null when none came in time or it was not one. */
async function readPurpose(lines: LineReader): Promise<ReturnType<typeof parsePurpose>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), PURPOSE_WAIT_MS)));
  try {
    const line = await Promise.race([lines.line(MAX_CONTROL_LINE).catch(() => null), late]);
    return line === null ? null : parsePurpose(line);
  } finally {
    clearTimeout(timer);
  }
}

/** What the service does for a connection, and what it hands it. */
export interface SessionHost {
  svc: Services;
  version: string;
  /** True when the service runs from an app bundle (Choto.app under launchd). */
  app: boolean;
  /** Called when a bridge asks the service to stop (it is older than the bridge). */
  stop(): void;
  /** Sessions open now: closed when the service stops. */
  open: Set<{ close(): Promise<void> }>;
}

/** Serves one accepted connection until either side ends it. */
export async function serveConnection(conn: Deno.UnixConn, host: SessionHost): Promise<void> {
  const lines = new LineReader(conn.readable);
  try {
    await writeAll(conn, encoder.encode(helloLine(host.version, Deno.pid, host.app)));
    const purpose = await readPurpose(lines);
    if (purpose === "stop") {
      console.error("choto: service: a newer bridge asked this service to stop");
      host.stop();
    }
    if (purpose !== "session") {
      await lines.cancel();
      closeQuietly(conn);
      return;
    }
  } catch {
    await lines.cancel();
    closeQuietly(conn);
    return;
  }
  const transport = new BoundedStdioTransport(lines.rest(), conn.writable).parseWith(deserializeMessage);
  // The client's first message picks the revision (2026-07-28, or 2025-11-25's initialize).
  const connection = serveMcp(host.svc, transport);
  let closed = false;
  const session = {
    close: async () => {
      if (closed) return;
      closed = true;
      host.open.delete(session);
      await connection.close().catch(() => {});
      closeQuietly(conn);
    },
  };
  host.open.add(session);
  const closeConnection = transport.onclose;
  transport.onclose = () => {
    closeConnection?.();
    void session.close();
  };
  // The bridge closing its end (its client went away) ends this session, and only it.
  void transport.ended.then(() => session.close());
}
