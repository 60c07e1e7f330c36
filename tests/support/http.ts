/**
 * `choto serve --http` for tests: the server started as `deno task start
 * --http` on a free loopback port, and a real SDK client on Streamable HTTP.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ROOT } from "./mcp.ts";

/** The bearer token the test servers are started with. */
export const TOKEN = "test-token-0123456789-abcdefghijklmnop";

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** `deno task start --http` on a free port, its database in `dir`; `stop` ends it and returns its stderr. */
export async function startHttp(
  dir: string,
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<string> }> {
  const port = await freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "start", "--http", "--port", String(port), "--db", `${dir}/choto.db`],
    cwd: ROOT,
    env: { ...env, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const err: string[] = [];
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      err.push(value);
    }
  })();
  const url = `http://127.0.0.1:${port}/mcp`;
  for (let i = 0; i < 200 && !err.join("").includes("/mcp"); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
      await reading.catch(() => {});
      return err.join("");
    },
  };
}

/** A real SDK client on Streamable HTTP with `headers` on every request. */
export async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "choto-http-test", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}
