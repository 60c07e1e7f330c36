/**
 * What the service tests need around `choto service` and `choto bridge`:
 * a real MCP client that starts a bridge with a shipped command line, the
 * service's greeting read off its socket (its version and pid), the service
 * processes of a home folder as `ps` lists them, and a second checkout of
 * choto with a newer version, made from this one.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import type { Hello } from "../../src/cli/service_protocol.ts";
import { ROOT } from "./mcp.ts";
import type { Shipped } from "./shipped.ts";
import { type Called, callTool } from "./session.ts";

/** A client talking to a bridge it started. */
export interface BridgeClient {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<Called>;
  stderr(): string;
  /** The bridge's process id. */
  pid: number;
  close(): Promise<void>;
}

/** Starts `shipped` (a bridge's command line) as an MCP client named `name` would, and connects. */
export async function bridgeClient(
  shipped: Shipped,
  env: Record<string, string>,
  name: string,
): Promise<BridgeClient> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [...shipped.flags, ...shipped.script],
    env: { ...env, ...shipped.env },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Uint8Array) => (err += new TextDecoder().decode(d)));
  const client = new Client({ name, version: "0.0.0" });
  await client.connect(transport, { timeout: 120_000 });
  await client.listTools();
  return {
    client,
    call: (tool, args) => callTool(client, tool, args),
    stderr: () => err,
    pid: transport.pid!,
    close: () => client.close(),
  };
}

/** The running service's greeting on `socket` (read by tests/support/service_probe.ts), or null when none answers. */
export async function probe(socket: string): Promise<Hello | null> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      `--allow-net=unix:${socket}`,
      `--allow-read=${socket}`,
      `--allow-write=${socket}`,
      join(ROOT, "tests/support/service_probe.ts"),
      socket,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)) as Hello | null;
}

/** The pids of `choto service` processes whose command line names `home` (their flags hold it). */
export function servicePids(home: string): number[] {
  const out = new Deno.Command("ps", { args: ["-eo", "pid=,args="], stdout: "piped" }).outputSync();
  return new TextDecoder().decode(out.stdout).split("\n")
    .filter((l) => l.includes(" service") && l.includes("main.ts service") && l.includes(home))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

/** True when the process `pid` has gone (or is a zombie nobody reaped). */
export function isGone(pid: number): boolean {
  const out = new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)], stdout: "piped" })
    .outputSync();
  const stat = new TextDecoder().decode(out.stdout).trim();
  return stat === "" || stat.startsWith("Z");
}

/**
 * A copy of this checkout whose deno.json says `version`: what a user who
 * updated choto runs. The code and SQL are copied; node_modules is linked.
 */
export async function checkoutWithVersion(dir: string, version: string): Promise<string> {
  for (const name of ["src", "sql", "ffi"]) {
    await new Deno.Command("cp", { args: ["-r", join(ROOT, name), join(dir, name)] }).output();
  }
  for (const name of ["main.ts", "deno.lock"]) await Deno.copyFile(join(ROOT, name), join(dir, name));
  await Deno.symlink(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ ...config, version }, null, 2));
  return dir;
}

/** `version` with its last number one higher: a newer version than it. */
export function nextVersion(version: string): string {
  const parts = version.split("-")[0].split(".").map(Number);
  parts[parts.length - 1]++;
  return parts.join(".");
}
