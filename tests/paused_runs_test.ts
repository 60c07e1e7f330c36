/**
 * The paused runs' table: a key is good for one retry of the same call,
 * for a while; a late, repeated, foreign or unknown key is refused with the
 * reason, and the table holds a bounded number of runs.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { PausedRuns } from "../src/server/paused_runs.ts";
import { goneReason, notResumedText } from "../src/render/pause_text.ts";
import { answersForms } from "../src/server/input_requests.ts";
import type { ClientCapabilities } from "@modelcontextprotocol/server";
import type { PausedRun } from "../src/plan/executor.ts";

/** A paused run that is never resumed here: the table only keeps it. */
function pausedAt(step: number): PausedRun {
  return {
    step,
    question: `step ${step}?`,
    pausedAt: 0,
    resume: () => Promise.reject(new Error("not resumed in this test")),
  };
}

const ARGS = { steps: [{ action: "click", target: { text: "Delete" } }] };

function table() {
  let now = 1_000;
  const runs = new PausedRuns(120_000, 3, () => now);
  return { runs, later: (ms: number) => now += ms };
}

Deno.test("a key gives its run back once, to the same call", () => {
  const { runs } = table();
  const run = pausedAt(2);
  const key = runs.hold(run, "execute_plan", ARGS);
  assertMatch(key, /^[0-9a-f-]{36}$/);
  const taken = runs.take(key, "execute_plan", structuredClone(ARGS));
  assert(taken.ok);
  assertEquals(taken.run, run);
  assertEquals(runs.size, 0);
  const again = runs.take(key, "execute_plan", ARGS);
  assertEquals(again, { ok: false, gone: "answered" });
});

Deno.test("a key past its time is refused as expired, and its run let go of", () => {
  const { runs, later } = table();
  const key = runs.hold(pausedAt(1), "execute_plan", ARGS);
  later(119_999);
  const fresh = runs.hold(pausedAt(3), "execute_plan", ARGS);
  later(1);
  assertEquals(runs.take(key, "execute_plan", ARGS), { ok: false, gone: "expired" });
  assert(runs.take(fresh, "execute_plan", ARGS).ok);
});

Deno.test("a retry with other arguments is refused, and the paused plan dropped", () => {
  const { runs } = table();
  const key = runs.hold(pausedAt(2), "execute_plan", ARGS);
  const other = runs.take(key, "execute_plan", { steps: [{ action: "wait", ms: 10 }] });
  assertEquals(other, { ok: false, gone: "other_arguments" });
  assertEquals(runs.take(key, "execute_plan", ARGS), { ok: false, gone: "other_arguments" });
});

Deno.test("an unknown key is refused as never given", () => {
  const { runs } = table();
  assertEquals(runs.take(crypto.randomUUID(), "execute_plan", ARGS), { ok: false, gone: "unknown" });
});

Deno.test("beyond its bound the table lets go of the oldest paused run, and says so to its retry", () => {
  const { runs } = table();
  const keys = [1, 2, 3, 4].map((n) => runs.hold(pausedAt(n), "execute_plan", ARGS));
  assertEquals(runs.size, 3);
  assertEquals(runs.take(keys[0], "execute_plan", ARGS), { ok: false, gone: "pushed_out" });
  for (const key of keys.slice(1)) assert(runs.take(key, "execute_plan", ARGS).ok);
});

Deno.test("each refusal says why the plan cannot go on, with the table's bounds", () => {
  assertMatch(
    goneReason("expired", 120_000, 16),
    /its key expired: a paused plan waits 120 s for the answer/,
  );
  assertMatch(goneReason("pushed_out", 120_000, 16), /choto keeps at most 16/);
  assertMatch(
    notResumedText("execute_plan", goneReason("unknown", 120_000, 16)),
    /^execute_plan was not resumed: choto never gave this key, or has restarted since\. Nothing was sent by this call\./,
  );
});

Deno.test("a client answers input requests when it declares form elicitation, or elicitation bare", () => {
  assertEquals(
    ([{}, { elicitation: {} }, { elicitation: { form: {} } }, {
      elicitation: { url: {} },
    }] as ClientCapabilities[])
      .map((c) => answersForms(c)),
    [false, true, true, false],
  );
});
