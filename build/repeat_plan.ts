/**
 * The pure half of `deno task repeat:e2e`: what to run (its arguments and
 * the `deno test` flags, taken from `deno task test:e2e` so a repeated run
 * is the run CI makes), and the table it prints at the end.
 *
 * @module
 */

/** What `repeat:e2e` was asked to do. */
export interface RepeatOptions {
  /** How many times each file runs in a row. */
  runs: number;
  /** Stop a file after its first failure instead of running it `runs` times. */
  stopOnFail: boolean;
  /** Where the logs go; a fresh folder under /tmp when not given. */
  logDir?: string;
  /** The e2e test files, in the order given. */
  files: string[];
}

/** The result of reading the arguments: options, or why they were refused. */
export type ParsedArgs = { ok: true; options: RepeatOptions } | { ok: false; error: string };

/** How the command is used, for a refusal. */
export const USAGE =
  "usage: deno task repeat:e2e [--runs N] [--stop-on-fail] [--log-dir DIR] tests/e2e_a_test.ts [more files]";

/** Reads `--runs N`, `--stop-on-fail`, `--log-dir DIR` and the files; refuses anything else. */
export function parseRepeatArgs(args: string[]): ParsedArgs {
  const options: RepeatOptions = { runs: 10, stopOnFail: false, files: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--runs") {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < 1) {
        return { ok: false, error: `--runs takes a whole number ≥ 1\n${USAGE}` };
      }
      options.runs = n;
    } else if (arg === "--stop-on-fail") {
      options.stopOnFail = true;
    } else if (arg === "--log-dir") {
      const dir = args[++i];
      if (!dir) return { ok: false, error: `--log-dir takes a folder\n${USAGE}` };
      options.logDir = dir;
    } else if (arg.startsWith("-")) {
      return { ok: false, error: `unknown option ${arg}\n${USAGE}` };
    } else if (!/(^|\/)e2e_[^/]*_test\.ts$/.test(arg)) {
      return { ok: false, error: `${arg} is not an e2e test file (tests/e2e_*_test.ts)\n${USAGE}` };
    } else {
      options.files.push(arg);
    }
  }
  if (options.files.length === 0) return { ok: false, error: `no test files given\n${USAGE}` };
  return { ok: true, options };
}

/**
 * The `deno test` flags of a task's command line (`deno test <flags> <files>`):
 * every word after `test` that starts with `-`, up to the first that does not.
 */
export function testFlagsOf(task: string): string[] {
  const words = task.trim().split(/\s+/).map((w) => w.replace(/^'(.*)'$/, "$1"));
  const at = words.indexOf("test");
  if (words[0] !== "deno" || at !== 1) throw new Error(`not a deno test command: ${task}`);
  const flags: string[] = [];
  for (const word of words.slice(2)) {
    if (!word.startsWith("-")) break;
    flags.push(word);
  }
  return flags;
}

/** One run of one file. */
export interface RunRecord {
  passed: boolean;
  /** The 1-minute load average when the run began and when it ended. */
  loadBefore: number;
  loadAfter: number;
  seconds: number;
  log: string;
}

/** What one file did over its runs. */
export interface FileTally {
  file: string;
  runs: RunRecord[];
  /** The last lines of the first failed run's output, when one failed. */
  firstFailureTail?: string;
}

/** The last `count` non-empty lines of `text`, without terminal colour codes. */
export function tailOf(text: string, count: number): string {
  // deno test colours its report when it thinks it writes to a terminal; the table is read as plain text.
  // deno-lint-ignore no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  return plain.split("\n").filter((l) => l.trim() !== "").slice(-count).join("\n");
}

/** The lowest and highest 1-minute load seen over `runs`, as `low–high`, or `-` when none ran. */
export function loadRange(runs: RunRecord[]): string {
  if (runs.length === 0) return "-";
  const loads = runs.flatMap((r) => [r.loadBefore, r.loadAfter]);
  return `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`;
}

/** The summary table: one row per file, then each first failure's tail under its file's name. */
export function renderTable(tallies: FileTally[], wanted: number, logDir: string): string {
  const rows = tallies.map((t) => {
    const passes = t.runs.filter((r) => r.passed).length;
    const seconds = t.runs.reduce((s, r) => s + r.seconds, 0);
    const mean = t.runs.length ? Math.round(seconds / t.runs.length) : 0;
    const firstFail = t.runs.findIndex((r) => !r.passed);
    return [
      t.file,
      `${passes}/${t.runs.length}${t.runs.length < wanted ? ` (of ${wanted})` : ""}`,
      loadRange(t.runs),
      `${mean}s`,
      firstFail < 0 ? "-" : `run ${firstFail + 1}: ${t.runs[firstFail].log}`,
    ];
  });
  const header = ["file", "passes/runs", "load 1m", "mean", "first failure"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  const out = [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
  for (const t of tallies) {
    if (!t.firstFailureTail) continue;
    out.push("", `first failure of ${t.file}:`, ...t.firstFailureTail.split("\n").map((l) => `  ${l}`));
  }
  out.push("", `logs: ${logDir}`);
  return out.join("\n");
}
