/**
 * Prints the greeting of the service on the socket given as the argument (a
 * JSON line: its version and pid), or `null` when none answers. Run as its
 * own process, with `--allow-net=unix:<socket>` and read and write on it: a test runner's flags do not
 * reach a socket in a temporary folder.
 *
 * @module
 */

import { LineReader } from "../../src/cli/line_reader.ts";
import { type Hello, parseHello, purposeLine } from "../../src/cli/service_protocol.ts";

/** The greeting on `socket`, or null. */
async function greeting(socket: string): Promise<Hello | null> {
  let conn: Deno.UnixConn;
  try {
    conn = await Deno.connect({ transport: "unix", path: socket });
  } catch {
    return null;
  }
  const lines = new LineReader(conn.readable);
  const line = await lines.line(1024).catch(() => null);
  await conn.write(new TextEncoder().encode(purposeLine("hello"))).catch(() => 0);
  await lines.cancel();
  return line === null ? null : parseHello(line);
}

if (import.meta.main) console.log(JSON.stringify(await greeting(Deno.args[0])));
