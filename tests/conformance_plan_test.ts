/**
 * What `deno task conformance` runs: the suite pinned in deno.json, every
 * server scenario the suite lists as required for a revision (read from its
 * `list --requirements` output), minus the ones listed as not applicable,
 * each with a reason.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import {
  CHECKS_NOT_APPLICABLE,
  failedChecks,
  NOT_APPLICABLE,
  requiredServerScenarios,
  REVISIONS,
  suiteSpecifier,
} from "../build/conformance.ts";

/** The shape of `conformance list --server --requirements 2025-11-25` (0.2.0-alpha.12), shortened. */
const LISTING = `Required for 2025-11-25 (48 scenarios, frozen; run at the 2025-11-25 wire):

Server scenarios (test against a server):
  - server-initialize
  - ping
  - tools-list

Client scenarios (test against a client):
  - initialize

Run and reported, but never scored:
  pending (2):
    - json-schema-2020-12 [server]
`;

Deno.test("the required server scenarios are read from the suite's listing, and nothing else", () => {
  assertEquals(requiredServerScenarios(LISTING), ["server-initialize", "ping", "tools-list"]);
});

Deno.test("the suite is the version deno.json pins, and each revision run is a dated one", async () => {
  assertMatch(await suiteSpecifier(ROOT), /^npm:@modelcontextprotocol\/conformance@\d+\.\d+\.\d+(-[\w.]+)?$/);
  assert(REVISIONS.some((r) => r.revision === "2025-11-25"));
  for (const r of REVISIONS) assertMatch(r.revision, /^\d{4}-\d{2}-\d{2}$/);
});

Deno.test("every scenario left out says why, and none run for a revision is also left out", () => {
  for (const [scenario, why] of Object.entries(NOT_APPLICABLE)) assert(why.length > 15, scenario);
  for (const r of REVISIONS) assertEquals(r.alsoRun.filter((s) => s in NOT_APPLICABLE), []);
});

Deno.test("a scenario passes with failed checks only when each is one that cannot apply, named with its reason", () => {
  const out = [
    "[sep-2575-server-implements-discover     ] SUCCESS Servers MUST implement server/discover.",
    "[sep-2549-prompts-list-caching-hints     ] \x1b[31mFAILURE\x1b[0m prompts/list response includes ttlMs",
    "[sep-2575-missing-capability-http-400    ] FAILURE On HTTP, the response status MUST be 400",
  ].join("\n");
  assertEquals(failedChecks(out), [
    "sep-2549-prompts-list-caching-hints",
    "sep-2575-missing-capability-http-400",
  ]);
  for (const c of failedChecks(out)) assert(CHECKS_NOT_APPLICABLE[c]?.length > 10, c);
  assert(!("sep-2549-tools-list-caching-hints" in CHECKS_NOT_APPLICABLE), "choto's own lists are checked");
});
