/**
 * `deno task repeat:e2e [--runs N] [--stop-on-fail] [--log-dir DIR] files…`:
 * runs each e2e test file N times in a row (10 by default) with both cores
 * kept busy the whole time, the bar a new e2e test must clear (ten runs in a
 * row with both cores busy), so the claim holds whatever else the machine is
 * doing. Each run uses `deno task test:e2e`'s flags, its output goes to a log
 * file, and the 1-minute load average is taken before and after it. The end
 * is a table: file, passes/runs, load range, and the first failure's tail.
 *
 * The busy processes end on every exit: the runner kills them when it ends or
 * is interrupted, and each one also stops by itself once the runner's pid is
 * gone (a SIGKILL leaves no handler to run).
 *
 * @module
 */

import config from "../deno.json" with { type: "json" };
import {
  type FileTally,
  parseRepeatArgs,
  renderTable,
  type RepeatOptions,
  type RunRecord,
  tailOf,
  testFlagsOf,
} from "./repeat_plan.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** How many busy processes: the two cores the claim is about. */
const BUSY_COUNT = 2;
/** Lines of a failed run's output kept in the table. */
const TAIL_LINES = 25;

/** A process spinning on one core until it is killed or the runner's pid is gone. */
function startBusy(): Deno.ChildProcess {
  // `kill -0` is a shell builtin: the loop forks nothing, so it is pure CPU, and it ends when its parent has.
  return new Deno.Command("sh", {
    args: ["-c", 'while kill -0 "$1" 2>/dev/null; do :; done', "busy", String(Deno.pid)],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

function kill(pid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

/** Everything that must not outlive the runner. */
class Children {
  busy: Deno.ChildProcess[] = [];
  /** The running test's process group (its own session, so its Xvfb and apps go with it). */
  testGroup: number | null = null;

  stopAll(): void {
    for (const child of this.busy) kill(child.pid, "SIGKILL");
    this.busy = [];
    if (this.testGroup !== null) kill(-this.testGroup, "SIGTERM");
    this.testGroup = null;
  }
}

function load1m(): number {
  return Deno.loadavg()[0];
}

/** One `deno test` of `file`, its output written to `log`. */
async function runOnce(file: string, flags: string[], log: string, children: Children): Promise<RunRecord> {
  const loadBefore = load1m();
  const start = performance.now();
  // setsid puts the test in a session of its own: an interrupt ends the whole group, apps and Xvfb too.
  const child = new Deno.Command("setsid", {
    args: [Deno.execPath(), "test", ...flags, file],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  children.testGroup = child.pid;
  const out = await child.output();
  children.testGroup = null;
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  await Deno.writeTextFile(log, text);
  return {
    passed: out.success,
    loadBefore,
    loadAfter: load1m(),
    seconds: (performance.now() - start) / 1000,
    log,
  };
}

/** A log file's name for `file`'s run number `run`. */
function logName(dir: string, file: string, run: number): string {
  const base = file.split("/").pop()!.replace(/\.ts$/, "");
  return `${dir}/${base}.run${String(run).padStart(2, "0")}.log`;
}

async function repeat(options: RepeatOptions, children: Children): Promise<FileTally[]> {
  const flags = testFlagsOf(config.tasks["test:e2e"]);
  const logDir = options.logDir!;
  const tallies: FileTally[] = [];
  for (const file of options.files) {
    const tally: FileTally = { file, runs: [] };
    tallies.push(tally);
    for (let run = 1; run <= options.runs; run++) {
      const record = await runOnce(file, flags, logName(logDir, file, run), children);
      tally.runs.push(record);
      if (!record.passed && !tally.firstFailureTail) {
        tally.firstFailureTail = tailOf(await Deno.readTextFile(record.log), TAIL_LINES);
      }
      console.log(
        `${file} run ${run}/${options.runs}: ${record.passed ? "pass" : "FAIL"} in ${
          Math.round(record.seconds)
        }s` +
          `, load ${record.loadBefore.toFixed(2)} → ${record.loadAfter.toFixed(2)}`,
      );
      // Kept after every run, so a long repetition can be read while it goes on.
      await Deno.writeTextFile(`${logDir}/summary.txt`, renderTable(tallies, options.runs, logDir) + "\n");
      if (!record.passed && options.stopOnFail) break;
    }
  }
  return tallies;
}

async function main(): Promise<number> {
  const parsed = parseRepeatArgs(Deno.args);
  if (!parsed.ok) {
    console.error(parsed.error);
    return 2;
  }
  const options = parsed.options;
  options.logDir ??= await Deno.makeTempDir({ dir: "/tmp", prefix: "choto-repeat-" });
  await Deno.mkdir(options.logDir, { recursive: true });
  const children = new Children();
  const interrupted = (signal: Deno.Signal, code: number) => () => {
    children.stopAll();
    console.error(`\n${signal}: stopped; logs so far in ${options.logDir}`);
    Deno.exit(code);
  };
  const handlers: [Deno.Signal, () => void][] = [
    ["SIGINT", interrupted("SIGINT", 130)],
    ["SIGTERM", interrupted("SIGTERM", 143)],
    ["SIGHUP", interrupted("SIGHUP", 129)],
  ];
  for (const [signal, handler] of handlers) Deno.addSignalListener(signal, handler);
  try {
    for (let i = 0; i < BUSY_COUNT; i++) children.busy.push(startBusy());
    console.log(`${BUSY_COUNT} busy processes; logs in ${options.logDir}`);
    const tallies = await repeat(options, children);
    console.log(`\n${renderTable(tallies, options.runs, options.logDir)}`);
    return tallies.every((t) => t.runs.every((r) => r.passed)) ? 0 : 1;
  } finally {
    children.stopAll();
    for (const [signal, handler] of handlers) Deno.removeSignalListener(signal, handler);
  }
}

if (import.meta.main) Deno.exit(await main());
