/**
 * The house rules CONTRIBUTING.md states that no other test holds: no source
 * file over 450 lines; SQL in `sql/` files, never in strings; FFI symbol
 * tables in `ffi/` and the logic outside it; migrations numbered in sequence;
 * end-to-end tests on stdio through `withSession`; and unit tests that time
 * nothing. Each checker is first shown a breach, so that none passes by
 * matching nothing.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";

/** A file of the tree: its path from the root, and its text. */
interface Source {
  path: string;
  text: string;
}

/** The files under `dirs` (or the files named, relative to the root) whose names end in `ext`, recursively. */
async function read(dirs: string[], ext = ".ts"): Promise<Source[]> {
  const out: Source[] = [];
  const walk = async (rel: string): Promise<void> => {
    const info = await Deno.stat(`${ROOT}${rel}`);
    if (info.isFile) {
      if (rel.endsWith(ext)) out.push({ path: rel, text: await Deno.readTextFile(`${ROOT}${rel}`) });
      return;
    }
    for await (const e of Deno.readDir(`${ROOT}${rel}`)) await walk(`${rel}/${e.name}`);
  };
  for (const d of dirs) await walk(d);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The source that ships or measures: tests and their stand-ins are not held to the length rule. */
const SOURCE = ["main.ts", "src", "ffi", "build", "bench"];

// ---------------------------------------------------------------- length

/** The most lines a source file may have. */
const MAX_LINES = 450;

/** Files longer than {@link MAX_LINES}, with their line counts (as `wc -l` counts them). */
function longFiles(files: Source[]): string[] {
  return files
    .map((f) => ({ path: f.path, lines: f.text.split("\n").length - (f.text.endsWith("\n") ? 1 : 0) }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
}

Deno.test("the length check names a file over 450 lines, and passes one at 450", () => {
  assertEquals(
    longFiles([
      { path: "src/a.ts", text: "x\n".repeat(451) },
      { path: "src/b.ts", text: "x\n".repeat(450) },
    ]),
    ["src/a.ts: 451 lines"],
  );
});

Deno.test("no source file is over 450 lines: split it along a seam, one job per module", async () => {
  const files = await read(SOURCE);
  assert(files.length > 200, `only ${files.length} source files found`);
  assertEquals(longFiles(files), []);
});

// ---------------------------------------------------------------- SQL

/** The text with its comments blanked out, so that a comment's words are never taken for code. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:\\"'`])\/\/.*$/gm, "$1");
}

/** Every string literal in `code`: quoted on one line, or a template over several. */
function literals(code: string): string[] {
  return [...code.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

/** A statement that reads or changes tables, written as the SQL in `sql/` is (keywords in capitals). */
const STATEMENT =
  /\b(?:SELECT\b[\s\S]*\bFROM|INSERT\s+(?:OR\s+[A-Z]+\s+)?INTO|REPLACE\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|(?:CREATE|DROP|ALTER)\s+(?:TEMP\s+|VIRTUAL\s+|UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER))\b/;

/**
 * What a connection may run from a string: its settings and its
 * transactions, which name no table. Everything else is a named query.
 */
const CONNECTION_ONLY = /^[`"'\s]*(?:PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/** SQL written in a source file's strings instead of a `sql/` file. */
function sqlInStrings(file: Source): string[] {
  const code = withoutComments(file.text);
  const out = literals(code).filter((s) => STATEMENT.test(s)).map((s) => `${file.path}: ${s}`);
  for (const m of code.matchAll(/\b(?:db|database)\.(?:exec|prepare)\(\s*((["'`])(?:(?!\2)[^\\]|\\.)*\2)/g)) {
    if (!CONNECTION_ONLY.test(m[1])) out.push(`${file.path}: ${m[1]}`);
  }
  return [...new Set(out)];
}

Deno.test("the SQL check finds statements in strings and run on a connection, not in comments", () => {
  const file = {
    path: "src/x.ts",
    text: [
      "/** Reads the rows: SELECT * FROM apps (a comment). */",
      "// INSERT INTO apps VALUES (1)",
      'const q = "SELECT id FROM apps WHERE name = ?";',
      "store.db.exec(`",
      "  CREATE TABLE t (x)`);",
      "store.db.prepare('select count(*) from windows');",
      'store.db.exec("PRAGMA foreign_keys = ON");',
      'store.db.exec("BEGIN IMMEDIATE");',
      'const said = "Select the text from the list";',
      'const named = store.get("table_count");',
    ].join("\n"),
  };
  assertEquals(sqlInStrings(file), [
    'src/x.ts: "SELECT id FROM apps WHERE name = ?"',
    "src/x.ts: `\n  CREATE TABLE t (x)`",
    "src/x.ts: 'select count(*) from windows'",
  ]);
});

Deno.test("SQL lives in sql/ files: the source runs named queries, and only settings and transactions from strings", async () => {
  const files = await read(SOURCE);
  assertEquals(files.flatMap(sqlInStrings), []);
});

// ---------------------------------------------------------------- FFI

/** An entry of a symbol table (`XOpenDisplay: { parameters: [...], result: ... }`). */
const SYMBOL_ENTRY = /^\s*["']?[A-Za-z_$][\w$]*["']?\s*:\s*\{\s*parameters\s*:/m;
/** A library opened with a symbol table written in place. */
const INLINE_TABLE = /Deno\.dlopen\([^,]+,\s*\{/;

/** A file outside `ffi/` that declares native symbols. */
function symbolsOutsideFfi(file: Source): string[] {
  if (file.path.startsWith("ffi/")) return [];
  const code = withoutComments(file.text);
  return SYMBOL_ENTRY.test(code) || INLINE_TABLE.test(code) ? [file.path] : [];
}

/** Functions in `ffi/` that do more than open a library: logic that belongs outside, where it can be tested. */
function logicInFfi(file: Source): string[] {
  if (!file.path.startsWith("ffi/")) return [];
  const code = withoutComments(file.text);
  const names = [
    ...[...code.matchAll(/\bfunction\s*\*?\s*([\w$]+)/g)].map((m) => m[1]),
    ...[
      ...code.matchAll(
        /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]*)?=>/g,
      ),
    ]
      .map((m) => m[1]),
  ];
  return names.filter((n) => !/^open/.test(n)).map((n) => `${file.path}: ${n}`);
}

Deno.test("the FFI check finds a symbol table outside ffi/, and logic inside it", () => {
  const entry = {
    path: "src/desktop/x11/a.ts",
    text: 'const t = {\n  XFlush: { parameters: ["pointer"], result: "i32" },\n};',
  };
  const inline = { path: "src/b.ts", text: 'Deno.dlopen("libc.so.6", { getpid: x });' };
  const callback = {
    path: "src/c.ts",
    text: 'new Deno.UnsafeCallback({ parameters: ["pointer"], result: "i32" } as const, () => 0);',
  };
  assertEquals([entry, inline, callback].flatMap(symbolsOutsideFfi), ["src/desktop/x11/a.ts", "src/b.ts"]);
  const ffi = {
    path: "ffi/x.ts",
    text: [
      'export const xSymbols = { XFlush: { parameters: ["pointer"], result: "i32" } } as const;',
      "function openFirst(paths: string[]) { return Deno.dlopen(paths[0], xSymbols); }",
      "export function toPoints(px: number, scale: number) { return px / scale; }",
      "const half = (n: number): number => n / 2;",
    ].join("\n"),
  };
  assertEquals(logicInFfi(ffi), ["ffi/x.ts: toPoints", "ffi/x.ts: half"]);
});

Deno.test("FFI symbol tables are in ffi/, which declares and opens libraries and holds no other logic", async () => {
  const files = await read(SOURCE);
  assert(
    files.some((f) => f.path.startsWith("ffi/") && SYMBOL_ENTRY.test(f.text)),
    "no symbol table found in ffi/",
  );
  assertEquals(files.flatMap(symbolsOutsideFfi), []);
  assertEquals(files.flatMap(logicInFfi), []);
});

// ---------------------------------------------------------------- migrations

/** What is wrong with a migrations folder: a file the loader skips for its name, or a number out of sequence. */
function migrationProblems(names: string[]): string[] {
  const problems = names.filter((n) => !/^\d{4}_[a-z0-9_]+\.sql$/.test(n)).map((n) =>
    `${n}: not NNNN_what.sql`
  );
  const numbers = names.filter((n) => /^\d{4}_/.test(n)).map((n) => Number(n.slice(0, 4))).sort((a, b) =>
    a - b
  );
  numbers.forEach((v, i) => {
    if (v !== i + 1) problems.push(`migration ${i + 1} expected, found ${v}`);
  });
  return problems;
}

Deno.test("the migrations check finds a misnamed file, a gap and a repeated number", () => {
  assertEquals(migrationProblems(["0001_a.sql", "0002_b.sql"]), []);
  assertEquals(migrationProblems(["0001_a.sql", "0003_c.sql", "04_d.sql"]), [
    "04_d.sql: not NNNN_what.sql",
    "migration 2 expected, found 3",
  ]);
  assertEquals(migrationProblems(["0001_a.sql", "0001_b.sql"]), ["migration 2 expected, found 1"]);
});

Deno.test("each migration is sql/migrations/NNNN_what.sql with the next number", async () => {
  const names: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}sql/migrations`)) names.push(e.name);
  assert(names.length >= 10, names.join(", "));
  assertEquals(migrationProblems(names), []);
});

// ---------------------------------------------------------------- tests

/**
 * The one end-to-end test that starts its own stdio servers: it checks the
 * shipped command lines themselves (the README's, `deno task start`'s, the
 * bundle's), which a session would replace with its own.
 */
const OWN_SERVERS = ["tests/e2e_permissions_linux_test.ts"];

/** End-to-end tests that talk to a server over stdio without `withSession`. */
function ownStdio(file: Source): string[] {
  if (!/^tests\/e2e_\w+_test\.ts$/.test(file.path) || OWN_SERVERS.includes(file.path)) return [];
  return /\b(?:StdioClientTransport|connectServer)\b/.test(withoutComments(file.text)) ? [file.path] : [];
}

/** Unit tests that measure time or memory, which is a benchmark's job. */
function timing(file: Source): string[] {
  // End-to-end tests and the alone_ budgets (run one at a time by `deno task test:alone`) may measure.
  if (!/^tests\/\w+_test\.ts$/.test(file.path) || /^tests\/(e2e|alone)_/.test(file.path)) return [];
  const code = withoutComments(file.text);
  const clocks =
    /\bperformance\.now\(|\b(?:Deno|process)\.memoryUsage\(|\bprocess\.hrtime\b|\bconsole\.time(?:End)?\(|\bDate\.now\(\)\s*-\s*[A-Za-z_$]|VmRSS|\bsystemMemoryInfo\(/;
  return clocks.test(code) ? [file.path] : [];
}

Deno.test("the test checks find a stdio client outside a session, and a clock in a unit test", () => {
  const client = 'const t = new StdioClientTransport({ command: "deno" });';
  assertEquals(
    [
      { path: "tests/e2e_new_test.ts", text: client },
      { path: "tests/e2e_permissions_linux_test.ts", text: client },
      // Spelled in two so that this file is not taken for a test that starts a display.
      { path: "tests/e2e_other_test.ts", text: `await with${"Session"}(async (s) => {});` },
    ].flatMap(ownStdio),
    ["tests/e2e_new_test.ts"],
  );
  assertEquals(
    [
      { path: "tests/a_test.ts", text: "const t0 = performance.now();" },
      { path: "tests/b_test.ts", text: "assert(Date.now() - start < 50);" },
      { path: "tests/c_test.ts", text: "const rss = Deno.memoryUsage().rss;" },
      { path: "tests/d_test.ts", text: "const since = Date.now() - 3000;" },
      { path: "tests/e2e_d_test.ts", text: "const t0 = performance.now();" },
      { path: "tests/alone_e_test.ts", text: "const rss = Deno.memoryUsage().rss;" },
      { path: "tests/f_test.ts", text: "const free = Deno.systemMemoryInfo().free;" },
    ].flatMap(timing),
    ["tests/a_test.ts", "tests/b_test.ts", "tests/c_test.ts", "tests/f_test.ts"],
  );
});

Deno.test("end-to-end tests reach the server through withSession, and unit tests time nothing", async () => {
  const tests = (await read(["tests"])).filter((f) => f.path !== "tests/house_rules_test.ts");
  assert(tests.filter((f) => f.path.startsWith("tests/e2e_")).length >= 20, "too few end-to-end tests found");
  assertEquals(tests.flatMap(ownStdio), []);
  assertEquals(tests.flatMap(timing), []);
});
