/**
 * Runs the official MCP conformance suite (npm `@modelcontextprotocol/conformance`,
 * pinned in deno.json's imports) against `choto serve --http`: for each protocol
 * revision choto serves, every server scenario the suite requires of that
 * revision, at that revision's wire, except the ones listed below as not
 * applicable (each with its reason), plus the few the suite runs unscored that
 * apply to choto anyway.
 *
 * The suite's client cannot send a bearer token, so it talks to a small
 * loopback relay that adds `Authorization` and passes everything else
 * (Host and Origin included) through unchanged; choto's own 401/403 checks
 * are tested directly in tests/http_test.ts.
 *
 * Usage: deno run -A build/conformance.ts   (exit 1 when a scenario fails or is skipped)
 */

/** A protocol revision choto serves, and what to run for it besides the suite's required set. */
export type Revision = {
  /** The revision's date, as the suite's `--requirements` and `--spec-version` take it. */
  revision: string;
  /** Scenarios the suite reports without scoring for this revision that apply to choto. */
  alsoRun: string[];
};

/**
 * The revisions to run, one line each. Serving 2026-07-28 adds
 * `{ revision: "2026-07-28", alsoRun: [] }`; its scenarios absent from
 * NOT_APPLICABLE then run, and one that fails is fixed or listed there.
 */
export const REVISIONS: Revision[] = [
  { revision: "2025-11-25", alsoRun: ["server-session-lifecycle"] },
  { revision: "2026-07-28", alsoRun: [] },
];

const REFERENCE_TOOL = "calls the suite's reference tool";
const REFERENCE_RESOURCES =
  "reads the suite's reference resources (test://...); choto's map resources are tested in tests/map_resource_test.ts";

/** Scenarios that do not apply to choto, and why (for any revision that requires them). */
export const NOT_APPLICABLE: Record<string, string> = {
  "logging-set-level": "choto declares no logging capability",
  "completion-complete":
    "choto offers no prompts, and its one resource template (choto://map/{app}) offers no completions",
  "tools-call-simple-text": `${REFERENCE_TOOL} test_simple_text, which choto does not have ` +
    "(it passes only because choto's unknown-tool error happens to carry text)",
  "tools-call-error": `${REFERENCE_TOOL} test_error_handling, which choto does not have ` +
    "(it passes only because choto refuses an unknown tool with an isError result)",
  "tools-call-image": `${REFERENCE_TOOL} test_image_content`,
  "tools-call-audio": `${REFERENCE_TOOL} test_audio_content`,
  "tools-call-embedded-resource": `${REFERENCE_TOOL} test_embedded_resource`,
  "tools-call-mixed-content": `${REFERENCE_TOOL} test_multiple_content_types`,
  "tools-call-with-logging": `${REFERENCE_TOOL} test_tool_with_logging`,
  "tools-call-with-progress": `${REFERENCE_TOOL} test_tool_with_progress`,
  "tools-call-sampling": `${REFERENCE_TOOL} test_sampling; choto never asks the client to sample`,
  "tools-call-elicitation":
    `${REFERENCE_TOOL} test_elicitation (choto's own elicitation is tested end to end)`,
  "elicitation-sep1034-defaults": `${REFERENCE_TOOL} test_elicitation_sep1034_defaults`,
  "elicitation-sep1330-enums": `${REFERENCE_TOOL} test_elicitation_sep1330_enums`,
  "resources-read-text": REFERENCE_RESOURCES,
  "resources-read-binary": REFERENCE_RESOURCES,
  "resources-templates-read": REFERENCE_RESOURCES,
  "resources-subscribe": "choto's resources take no subscriptions",
  "resources-unsubscribe": "choto's resources take no subscriptions",
  "prompts-list": "choto offers no prompts",
  "prompts-get-simple": "choto offers no prompts",
  "prompts-get-with-args": "choto offers no prompts",
  "prompts-get-embedded-resource": "choto offers no prompts",
  "prompts-get-with-image": "choto offers no prompts",
  // Pending in the suite (run by neither revision's requirements); kept here should they become required.
  "json-schema-2020-12": `${REFERENCE_TOOL} json_schema_2020_12_tool`,
  "server-sse-polling": `${REFERENCE_TOOL} test_reconnection, and needs an event store for resumable ` +
    "streams; choto's replies are short and not resumable",
  // Required by 2026-07-28 only; each names a reference tool or prompt in the suite's requirements text.
  "input-required-result-basic-elicitation": `${REFERENCE_TOOL} test_input_required_result_elicitation`,
  "input-required-result-result-type": `${REFERENCE_TOOL} test_input_required_result_elicitation`,
  "input-required-result-basic-sampling": `${REFERENCE_TOOL} test_input_required_result_sampling`,
  "input-required-result-basic-list-roots": `${REFERENCE_TOOL} test_input_required_result_list_roots`,
  "input-required-result-capability-check": `${REFERENCE_TOOL} test_input_required_result_capabilities`,
  "input-required-result-multi-round": `${REFERENCE_TOOL} test_input_required_result_multi_round`,
  "input-required-result-multiple-input-requests":
    `${REFERENCE_TOOL} test_input_required_result_multiple_inputs`,
  "input-required-result-request-state": `${REFERENCE_TOOL} test_input_required_result_request_state`,
  "input-required-result-tampered-state": `${REFERENCE_TOOL} test_input_required_result_tampered_state`,
  "input-required-result-non-tool-request":
    "gets the suite's reference prompt test_input_required_result_prompt; choto offers no prompts",
};

/** The suite as deno.json pins it (`npm:@modelcontextprotocol/conformance@<version>`). */
export async function suiteSpecifier(root: string): Promise<string> {
  const config = JSON.parse(await Deno.readTextFile(`${root}/deno.json`));
  const pinned = config.imports?.["@modelcontextprotocol/conformance"];
  if (typeof pinned !== "string" || !/^npm:@modelcontextprotocol\/conformance@\d/.test(pinned)) {
    throw new Error(`deno.json pins no version of @modelcontextprotocol/conformance: ${pinned}`);
  }
  return pinned;
}

/**
 * Longest a run of the suite's command line may take: a scenario answers in
 * seconds. A run past it is stopped and started once more: once in a CI run
 * the suite's own `deno run` hung before it ran any of its code (every
 * thread waiting on a futex for 18 minutes), where the same command answers
 * in under a second.
 */
const SUITE_TIMEOUT_MS = 120_000;

/** Runs the suite's command line; its exit code and output, colourless. */
async function suite(
  suiteSpec: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; text: string }> {
  const once = async () => {
    const signal = AbortSignal.timeout(SUITE_TIMEOUT_MS);
    try {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", suiteSpec, ...args],
        cwd,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
        signal,
      }).output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      return { code: out.code, text, hung: signal.aborted };
    } catch (e) {
      if (!signal.aborted) throw e;
      return { code: 1, text: "", hung: true };
    }
  };
  const first = await once();
  if (!first.hung) return first;
  console.log(`the suite's \`${args[0]}\` gave no answer in ${SUITE_TIMEOUT_MS / 1000} s: started again`);
  const again = await once();
  return again.hung
    ? { code: 1, text: `${again.text}\nthe suite gave no answer in ${SUITE_TIMEOUT_MS / 1000} s, twice` }
    : again;
}

/**
 * Single checks that cannot apply to choto, inside scenarios whose other
 * checks do: each needs a fixture of the suite's reference server. A
 * scenario passes when every check that failed is one of these.
 */
export const CHECKS_NOT_APPLICABLE: Record<string, string> = {
  "sep-2575-server-rejects-undeclared-capability":
    "needs the suite's diagnostic tool test_missing_capability, which choto does not have",
  "sep-2575-missing-capability-http-400":
    "needs the suite's diagnostic tool test_missing_capability, which choto does not have",
  "sep-2549-prompts-list-caching-hints": "choto offers no prompts",
};

/** The ids of the checks a scenario's output reports as failed. */
export function failedChecks(output: string): string[] {
  // The suite colours its verdicts even with NO_COLOR set.
  // deno-lint-ignore no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  return [...plain.matchAll(/\[(\S+)\s*\]\s+FAILURE\b/g)].map((m) => m[1]);
}

/** The server scenarios out of `conformance list --server --requirements <revision>`. */
export function requiredServerScenarios(listing: string): string[] {
  const lines = listing.split("\n");
  const start = lines.findIndex((l) => l.startsWith("Server scenarios"));
  if (start < 0) throw new Error(`the suite listed no server scenarios:\n${listing}`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^\s+- (\S+)$/.exec(line);
    if (!m) break;
    names.push(m[1]);
  }
  return names;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Runs one revision's scenarios against `url`; the names of those that failed or did not run. */
async function runRevision(suiteSpec: string, r: Revision, url: string, cwd: string): Promise<string[]> {
  const listed = await suite(suiteSpec, ["list", "--server", "--requirements", r.revision], cwd);
  if (listed.code !== 0) throw new Error(`the suite could not list ${r.revision}:\n${listed.text}`);
  const scenarios = [...new Set([...requiredServerScenarios(listed.text), ...r.alsoRun])];
  const failed: string[] = [];
  console.log(`--- revision ${r.revision}`);
  for (const scenario of scenarios.filter((s) => !(s in NOT_APPLICABLE))) {
    const args = ["server", "--url", url, "--scenario", scenario, "--spec-version", r.revision];
    const out = await suite(suiteSpec, args, cwd);
    // An out-of-window scenario is skipped with exit 0: that is no pass.
    const skipped = /^SKIPPED:/m.test(out.text);
    const checks = failedChecks(out.text);
    const exempt = out.code !== 0 && checks.length > 0 && checks.every((c) => c in CHECKS_NOT_APPLICABLE);
    const verdict = out.code !== 0 && !exempt ? "FAIL" : skipped ? "SKIP" : "pass";
    console.log(`${verdict}  ${scenario}${verdict === "pass" ? "" : ` (${r.revision})`}`);
    if (exempt) { for (const c of checks) console.log(`      n/a check ${c}: ${CHECKS_NOT_APPLICABLE[c]}`); }
    if (verdict !== "pass") {
      failed.push(`${scenario} (${r.revision})`);
      console.log(out.text.split("\n").map((l) => `      ${l}`).join("\n"));
    }
  }
  for (const scenario of scenarios.filter((s) => s in NOT_APPLICABLE)) {
    console.log(`n/a   ${scenario}: ${NOT_APPLICABLE[scenario]}`);
  }
  console.log(
    `${r.revision}: ${scenarios.filter((s) => !(s in NOT_APPLICABLE)).length - failed.length} passed`,
  );
  return failed;
}

async function main(): Promise<number> {
  const root = new URL("..", import.meta.url).pathname;
  const suiteSpec = await suiteSpecifier(root);
  // 32 random bytes in hex, the form `serve --http` accepts (a UUID may have too few different characters).
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  const port = freePort();
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
    console.log(`suite: ${suiteSpec}`);
    for (const r of REVISIONS) failed.push(...await runRevision(suiteSpec, r, relayUrl, dir));
  } finally {
    await relay.shutdown();
    choto.kill("SIGTERM");
    await choto.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  console.log(
    failed.length
      ? `conformance: FAILED ${failed.join(", ")}`
      : "conformance: every applicable scenario passed",
  );
  return failed.length ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
