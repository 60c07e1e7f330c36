/**
 * `deno task repeat:e2e`: what it is asked to run (bad arguments refused
 * before anything starts), the flags it runs each file with (those of
 * `deno task test:e2e`, read from deno.json), and the table it ends with.
 * The runner itself (busy processes, logs, interrupt) is exercised by
 * running it; this holds the parts a wrong table or a wrong flag would hide.
 */

import config from "../deno.json" with { type: "json" };
import {
  type FileTally,
  loadRange,
  parseRepeatArgs,
  renderTable,
  type RunRecord,
  tailOf,
  testFlagsOf,
} from "../build/repeat_plan.ts";
import { assert, assertEquals, assertMatch, assertNotMatch } from "./support/assert.ts";

Deno.test("repeat:e2e reads --runs, --stop-on-fail, --log-dir and e2e files in order", () => {
  const parsed = parseRepeatArgs([
    "--runs",
    "3",
    "tests/e2e_b_test.ts",
    "--stop-on-fail",
    "--log-dir",
    "/tmp/x",
    "tests/e2e_a_test.ts",
  ]);
  assert(parsed.ok);
  assertEquals(parsed.options, {
    runs: 3,
    stopOnFail: true,
    logDir: "/tmp/x",
    files: ["tests/e2e_b_test.ts", "tests/e2e_a_test.ts"],
  });
  const plain = parseRepeatArgs(["tests/e2e_a_test.ts"]);
  assert(plain.ok);
  assertEquals(plain.options.runs, 10);
  assertEquals(plain.options.stopOnFail, false);
});

Deno.test("repeat:e2e refuses what it cannot run, saying how it is used", () => {
  for (
    const [args, why] of [
      [[], /no test files/],
      [["--runs", "0", "tests/e2e_a_test.ts"], /--runs takes a whole number/],
      [["--runs", "two", "tests/e2e_a_test.ts"], /--runs takes a whole number/],
      [["--log-dir"], /--log-dir takes a folder/],
      [["--fast", "tests/e2e_a_test.ts"], /unknown option --fast/],
      [["tests/plan_run_test.ts"], /not an e2e test file/],
    ] as [string[], RegExp][]
  ) {
    const parsed = parseRepeatArgs(args);
    assert(!parsed.ok, `${args.join(" ")} was accepted`);
    assertMatch(parsed.error, why);
    assertMatch(parsed.error, /usage: deno task repeat:e2e/);
  }
});

Deno.test("repeat:e2e runs each file with the flags of deno task test:e2e", () => {
  const flags = testFlagsOf(config.tasks["test:e2e"]);
  assert(flags.length > 0);
  for (const flag of flags) assert(config.tasks["test:e2e"].includes(` ${flag} `), flag);
  assert(flags.includes("--allow-net=127.0.0.1"));
  assert(!flags.some((f) => f.includes("e2e_")), "a file pattern is not a flag");
  assertEquals(testFlagsOf("deno test -A --parallel 'tests/x_test.ts' --foo"), ["-A", "--parallel"]);
});

function run(passed: boolean, loadBefore: number, loadAfter: number, log: string): RunRecord {
  return { passed, loadBefore, loadAfter, seconds: 30, log };
}

Deno.test("repeat:e2e's table gives passes/runs, the load range and each file's first failure", () => {
  const tallies: FileTally[] = [
    { file: "tests/e2e_a_test.ts", runs: [run(true, 2.5, 3.1, "/l/a1"), run(true, 4.25, 3, "/l/a2")] },
    {
      file: "tests/e2e_b_test.ts",
      runs: [run(true, 2, 2, "/l/b1"), run(false, 5, 6, "/l/b2"), run(false, 1.5, 2, "/l/b3")],
      firstFailureTail: "error: AssertionError: expected 55\nFAILED | 0 passed | 1 failed",
    },
  ];
  const table = renderTable(tallies, 3, "/l");
  const rows = table.split("\n");
  assertMatch(rows[0], /^file\s+passes\/runs\s+load 1m\s+mean\s+first failure$/);
  assertMatch(rows[2], /^tests\/e2e_a_test\.ts\s+2\/2 \(of 3\)\s+2\.50–4\.25\s+30s\s+-$/);
  assertMatch(rows[3], /^tests\/e2e_b_test\.ts\s+1\/3\s+1\.50–6\.00\s+30s\s+run 2: \/l\/b2$/);
  assertMatch(table, /first failure of tests\/e2e_b_test\.ts:\n {2}error: AssertionError: expected 55/);
  assertNotMatch(table, /first failure of tests\/e2e_a_test\.ts/);
  assertMatch(table, /logs: \/l$/);
  assertEquals(loadRange([]), "-");
});

Deno.test("repeat:e2e keeps the last lines of a failure, without colour codes or blank lines", () => {
  const text = "one\n\n\x1b[31mtwo\x1b[0m\nthree\n\n";
  assertEquals(tailOf(text, 2), "two\nthree");
  assertEquals(tailOf(text, 10), "one\ntwo\nthree");
});
