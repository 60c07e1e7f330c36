/**
 * Runs the official MCP conformance suite (npm `@modelcontextprotocol/conformance`)
 * against `choto serve --http`, for the scenarios that apply to this server.
 *
 * The suite's client cannot send a bearer token, so it talks to a small
 * loopback relay that adds `Authorization` and passes everything else
 * (Host and Origin included) through unchanged; choto's own 401/403 checks
 * are tested directly in tests/http_test.ts.
 *
 * Usage: deno run -A build/conformance.ts   (exit 1 when a scenario fails)
 */

const SUITE = "npm:@modelcontextprotocol/conformance@0.1.16";

/** Scenarios that exercise what choto offers: lifecycle, ping, tools, resources listed, Streamable HTTP, DNS-rebinding defence. */
export const APPLY = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

/** Scenarios that do not apply, and why. */
export const NOT_APPLICABLE: Record<string, string> = {
  "logging-set-level": "choto declares no logging capability",
  "completion-complete":
    "choto offers no prompts, and its one resource template (choto://map/{app}) offers no completions",
  "tools-call-simple-text": "calls the suite's reference tool (test_simple_text), which choto does not have",
  "tools-call-image": "calls the suite's reference tool test_image_content",
  "tools-call-audio": "calls the suite's reference tool test_audio_content",
  "tools-call-embedded-resource": "calls the suite's reference tool test_embedded_resource",
  "tools-call-mixed-content": "calls the suite's reference tool test_multiple_content_types",
  "tools-call-with-logging": "calls the suite's reference tool test_tool_with_logging",
  "tools-call-error": "calls the suite's reference tool test_error_handling",
  "tools-call-with-progress": "calls the suite's reference tool test_tool_with_progress",
  "tools-call-sampling":
    "calls the suite's reference tool test_sampling; choto never asks the client to sample",
  "tools-call-elicitation":
    "calls the suite's reference tool test_elicitation (choto's own elicitation is tested end to end)",
  "json-schema-2020-12": "looks for the suite's reference tool json_schema_2020_12_tool",
  "elicitation-sep1034-defaults": "calls the suite's reference tool test_elicitation_sep1034_defaults",
  "elicitation-sep1330-enums": "calls the suite's reference tool test_elicitation_sep1330_enums",
  "server-sse-polling":
    "needs an event store for resumable streams; choto's replies are short and not resumable",
  "resources-read-text":
    "reads the suite's reference resources (test://...); choto's map resources are tested in tests/map_resource_test.ts",
  "resources-read-binary":
    "reads the suite's reference resources (test://...); choto's map resources are tested in tests/map_resource_test.ts",
  "resources-templates-read":
    "reads the suite's reference resources (test://...); choto's map resources are tested in tests/map_resource_test.ts",
  "resources-subscribe": "choto's resources take no subscriptions",
  "resources-unsubscribe": "choto's resources take no subscriptions",
  "prompts-list": "choto offers no prompts",
  "prompts-get-simple": "choto offers no prompts",
  "prompts-get-with-args": "choto offers no prompts",
  "prompts-get-embedded-resource": "choto offers no prompts",
  "prompts-get-with-image": "choto offers no prompts",
};

async function freePort(): Promise<number> {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function main(): Promise<number> {
  const root = new URL("..", import.meta.url).pathname;
  // 32 random bytes in hex, the form `serve --http` accepts (a UUID may have too few different characters).
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  const port = await freePort();
  const dir = await Deno.makeTempDir({ prefix: "choto-conformance-" });
  const choto = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "start", "--http", "--port", String(port), "--db", `${dir}/choto.db`],
    cwd: root,
    env: { CHOTO_HTTP_TOKEN: token },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/mcp`).then((r) => (r.body?.cancel(), true), () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const relay = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const url = new URL(req.url);
    const headers = new Headers(req.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      body: req.body,
    });
  });
  const relayUrl = `http://127.0.0.1:${relay.addr.port}/mcp`;
  const failed: string[] = [];
  try {
    for (const scenario of APPLY) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", SUITE, "server", "--url", relayUrl, "--scenario", scenario],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      console.log(`${out.code === 0 ? "pass" : "FAIL"}  ${scenario}`);
      if (out.code !== 0) {
        failed.push(scenario);
        console.log(text.split("\n").map((l) => `      ${l}`).join("\n"));
      }
    }
    for (const [scenario, why] of Object.entries(NOT_APPLICABLE)) console.log(`n/a   ${scenario}: ${why}`);
  } finally {
    await relay.shutdown();
    choto.kill("SIGTERM");
    await choto.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  console.log(`conformance: ${APPLY.length - failed.length} of ${APPLY.length} applicable scenarios passed`);
  return failed.length ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
