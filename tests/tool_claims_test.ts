/**
 * Every sentence a tool's description says is held by a test: docs/tools.md
 * (generated from the definitions, so it is what tools/list sends) is split
 * into its descriptions' sentences, and each must have an entry in the
 * claims table (src/tools/support/claims.ts) naming tests that exist. A new or
 * reworded sentence fails here until its test is named.
 */

import { CLAIMS } from "../src/tools/support/claims.ts";
import { assert, assertEquals } from "./support/assert.ts";

/** The sentences of each tool's description, as docs/tools.md shows them, by tool name. */
export function descriptionSentences(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const [heading, ...lines] = section.split("### Input")[0].split("\n");
    // The bold line is the title; the paragraphs after it are the description.
    const prose = lines.filter((l) => l.trim() && !l.startsWith("**")).join(" ");
    out.set(heading.trim(), prose.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean));
  }
  return out;
}

Deno.test("descriptions are split into their sentences, the title left out", () => {
  const md =
    "# The tools\n\n## a\n\n**A tool**\n\nDoes X. Says why!\n\nskipped: never. Ends.\n\n### Input\n\nx. y.\n" +
    "## b\n\n**B**\n\nOne (1.5 s) only.\n";
  assertEquals(
    descriptionSentences(md),
    new Map([["a", ["Does X.", "Says why!", "skipped: never.", "Ends."]], ["b", ["One (1.5 s) only."]]]),
  );
});

const DOCS = await Deno.readTextFile(new URL("../docs/tools.md", import.meta.url));

Deno.test("every sentence of every tool description has a claim entry naming its tests", () => {
  const missing: string[] = [];
  for (const [tool, sentences] of descriptionSentences(DOCS)) {
    for (const s of sentences) {
      if (!CLAIMS[tool]?.[s]?.length) missing.push(`${tool}: ${JSON.stringify(s)}`);
    }
  }
  assertEquals(missing, [], "add each sentence to src/tools/support/claims.ts with the tests that hold it");
});

Deno.test("every claim entry is a sentence the descriptions still say", () => {
  const said = descriptionSentences(DOCS);
  const stale: string[] = [];
  for (const [tool, claims] of Object.entries(CLAIMS)) {
    for (const s of Object.keys(claims)) if (!said.get(tool)?.includes(s)) stale.push(`${tool}: ${s}`);
  }
  assertEquals(stale, [], "a sentence left the description: remove or update its entry");
});

Deno.test("every test a claim names exists in the file it names", async () => {
  const files = new Map<string, string>();
  const absent: string[] = [];
  for (const [tool, claims] of Object.entries(CLAIMS)) {
    for (const tests of Object.values(claims)) {
      for (const { file, test } of tests) {
        if (!files.has(file)) {
          files.set(file, await Deno.readTextFile(new URL(file, import.meta.url)).catch(() => ""));
        }
        const text = files.get(file)!;
        // A test's or step's name: the quoted text that opens Deno.test, a `name:` or t.step.
        const named = [...text.matchAll(/(?:Deno\.test\(|name: |t\.step\()\s*(["`])((?:\\.|(?!\1).)*)\1/g)]
          .map((m) => m[2].replace(/\\(.)/g, "$1"));
        if (!named.some((n) => n.includes(test))) absent.push(`${tool}: ${file}: ${test}`);
      }
    }
  }
  assert(files.size > 10, "the claims name tests across the suite");
  assertEquals(absent, [], "a claim names a test that is not there");
});
