/**
 * `choto bridge` under its shipped flags, when it cannot reach a service:
 * one line on stderr says why and what to do, the client's pending request
 * gets that as a JSON-RPC error, and the bridge exits 1 (no display needed:
 * it fails before any service starts).
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { clientEnv, taskOf } from "./support/shipped.ts";
import { denoDir } from "./support/deno_dir.ts";

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
});

/** Runs the shipped bridge with `args`, sends it an initialize, and collects what it says. */
async function bridgeWith(home: string, args: string[]) {
  const bridge = taskOf("bridge", home);
  const child = new Deno.Command(Deno.execPath(), {
    args: [...bridge.flags, ...bridge.script, ...args],
    env: { ...clientEnv(home), DENO_DIR: denoDir() },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(INIT + "\n"));
  await writer.close();
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("a database whose socket the flags do not allow: one line, a JSON-RPC error, exit 1", async () => {
  const home = await Deno.makeTempDir({ prefix: "choto-bridge-" });
  try {
    const db = `${home}/elsewhere/choto.db`;
    const r = await bridgeWith(home, ["--db", db]);
    assertEquals(r.code, 1, r.stderr);
    const why = `the permission flags do not allow the socket ${home}/elsewhere/choto.sock: ` +
      `add unix:${home}/elsewhere/choto.sock to --allow-net`;
    assertEquals(r.stderr, `choto: bridge: ${why}\n`);
    assertEquals(JSON.parse(r.stdout), {
      jsonrpc: "2.0",
      id: 0,
      error: { code: -32603, message: `choto: bridge: ${why}` },
    });
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("an in-memory database has no socket: the bridge says so and exits 1", async () => {
  const home = await Deno.makeTempDir({ prefix: "choto-bridge-" });
  try {
    const r = await bridgeWith(home, ["--db", ":memory:"]);
    assertEquals(r.code, 1, r.stderr);
    assertMatch(r.stderr, /^choto: bridge: the service needs a database file, not :memory:\n$/);
    assertEquals(JSON.parse(r.stdout).id, 0);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
