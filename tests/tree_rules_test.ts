/**
 * Rules of the tree that keep the dev loop honest: one list of environment
 * variables that every shipped command line follows, tests that need a
 * display named e2e_ (so `deno task test:unit` runs without one), resource
 * budgets kept out of the parallel unit run, one
 * assertion module, and bench harnesses that do nothing when `deno bench`
 * imports them.
 */

import config from "../deno.json" with { type: "json" };

import { MAC_ENV } from "../build/manifest.ts";
import { assert, assertEquals } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { readmeConfig, taskStart } from "./support/shipped.ts";
import { listingOf } from "../src/server/server.ts";
import { glanceTable, README, summaries, TOOLS_DOC, toolsDoc, withGlance } from "../build/docs_tools.ts";
import { ENV_VARS, grantedEnv } from "../src/common/env_vars.ts";

/** The files under `dir` (relative to the root) whose names end in `ext`, recursively. */
async function sources(dir: string, ext = ".ts"): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await sources(rel, ext));
    else if (e.name.endsWith(ext)) out.push(rel);
  }
  return out.sort();
}

const envFlag = (flags: string[]) =>
  flags.find((f) => f.startsWith("--allow-env="))!.slice("--allow-env=".length).split(",");

Deno.test("every shipped --allow-env list is the one in src/common/env_vars.ts", () => {
  assertEquals(envFlag(taskStart("/home/u").flags), grantedEnv("start"), "deno task start");
  assertEquals(envFlag(readmeConfig("darwin").flags), grantedEnv("mac"), "the README's macOS config");
  assertEquals(MAC_ENV, grantedEnv("mac"), "build/manifest.ts");
  assert(config.tasks.start.includes(`--allow-env=${grantedEnv("start").join(",")} `));
  const names = ENV_VARS.map((v) => v.name);
  assertEquals(names.length, new Set(names).size, "each variable is listed once");
});

Deno.test("every environment variable the source reads is in the list", async () => {
  const listed = new Set(ENV_VARS.map((v) => v.name));
  const read = new Set<string>();
  for (const file of [...await sources("src"), "main.ts"]) {
    const text = await Deno.readTextFile(`${ROOT}${file}`);
    for (const m of text.matchAll(/\b(?:envVar|Deno\.env\.get|env)\("([A-Za-z_]+)"\)/g)) read.add(m[1]);
  }
  assert(read.size > 10, `only ${read.size} variables found: the pattern no longer matches the source`);
  assertEquals([...read].filter((v) => !listed.has(v)), []);
});

Deno.test("tests that start a display are named e2e_, so test:unit needs none", async () => {
  const display = /\b(startDesktop|withSession)\(/;
  const offenders: string[] = [];
  for (const file of await sources("tests")) {
    if (!file.endsWith("_test.ts") || file.startsWith("tests/e2e_")) continue;
    if (display.test(await Deno.readTextFile(`${ROOT}${file}`))) offenders.push(file);
  }
  assertEquals(offenders, []);
});

Deno.test("resource budgets run alone: test:unit leaves out tests/alone_*, and test runs them one at a time after it", () => {
  const tasks: Record<string, string> = config.tasks;
  assert(tasks["test:unit"].includes("'--ignore=tests/e2e_*,tests/alone_*'"), tasks["test:unit"]);
  assert(tasks["test:alone"].endsWith(" tests/alone_*_test.ts"), tasks["test:alone"]);
  assert(!tasks["test:alone"].includes("--parallel"), tasks["test:alone"]);
  assert(tasks.test.includes("deno task test:unit && deno task test:alone && "), tasks.test);
});

/** An import of node's assertions (spelled so that this file does not match it). */
const NODE_ASSERT = new RegExp(`from "node:${"assert"}`);

Deno.test("tests take their assertions from tests/support/assert.ts alone", async () => {
  const offenders: string[] = [];
  for (const file of await sources("tests")) {
    if (file === "tests/support/assert.ts") continue;
    if (NODE_ASSERT.test(await Deno.readTextFile(`${ROOT}${file}`))) offenders.push(file);
  }
  assertEquals(offenders, []);
});

Deno.test("bench harnesses do nothing on import (deno bench bench/ imports them)", async () => {
  const harnesses = (await sources("bench")).filter((f) => /_bench\.ts$/.test(f));
  assert(harnesses.length >= 5, harnesses.join(", "));
  const script = harnesses.map((f) => `await import(${JSON.stringify(`${ROOT}${f}`)});`).join("\n");
  // No --allow-run, --allow-write or --allow-net: a harness that starts Xvfb, writes or listens fails here.
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-prompt", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assertEquals(out.code, 0, said);
  assertEquals(said.trim(), "");
});

Deno.test("docs/tools.md is what the tool definitions give, and a changed description makes it stale", async () => {
  const listing = listingOf();
  const saved = await Deno.readTextFile(`${ROOT}${TOOLS_DOC}`);
  assertEquals(toolsDoc(listing), saved, "run `deno task docs:tools` and commit docs/tools.md");
  const edited = listing.map((t, i) => (i === 0 ? { ...t, description: `${t.description} More.` } : t));
  assert(toolsDoc(edited) !== saved, "a changed description must change the reference");
  const check = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "build/docs_tools.ts", "--check"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(check.code, 0, new TextDecoder().decode(check.stderr));
});

Deno.test("the README's tools at a glance are generated from the definitions, and a changed summary makes them stale", async () => {
  const readme = await Deno.readTextFile(`${ROOT}${README}`);
  const listing = listingOf();
  assertEquals(withGlance(readme, listing), readme, "run `deno task docs:tools` and commit README.md");
  for (const t of listing) {
    assert(
      new RegExp(`^\\| \`${t.name}\` +\\| \\S`, "m").test(readme),
      `README's tools at a glance: ${t.name}`,
    );
  }
  const edited = summaries();
  edited.set("recall", "something else");
  assert(withGlance(readme, listing, edited) !== readme, "a changed summary must change the README");
  assert(!glanceTable(listing).includes("||"), "every tool has a summary");
});

Deno.test("the README stays short, and every document link leads to a file", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  assert(readme.split("\n").length <= 200, `README.md has ${readme.split("\n").length} lines`);
  const missing: string[] = [];
  for (const doc of ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", ...await sources("docs", ".md")]) {
    const text = await Deno.readTextFile(`${ROOT}${doc}`);
    const dir = doc.includes("/") ? doc.slice(0, doc.lastIndexOf("/") + 1) : "";
    for (const m of text.matchAll(/\]\(([^)#:\s]+\.md)(#[^)]*)?\)/g)) {
      const target = new URL(m[1], `file://${ROOT}${dir}`).pathname;
      if (!(await Deno.stat(target).catch(() => null))) missing.push(`${doc} → ${m[1]}`);
    }
  }
  assertEquals(missing, []);
});
