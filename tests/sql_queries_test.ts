/** Named SQL: every query in sql/queries/ is used by the product, every one in tests/sql/ by the tests. */

import { loadQueries, parseNamedQueries } from "../src/db/sql_files.ts";
import { assertEquals } from "./support/assert.ts";

const ROOT = new URL("..", import.meta.url);

/** The text of every .ts file under `dirs`. */
async function sources(dirs: string[]): Promise<string> {
  const parts: string[] = [];
  const walk = async (url: URL) => {
    for await (const e of Deno.readDir(url)) {
      const child = new URL(e.name + (e.isDirectory ? "/" : ""), url);
      if (e.isDirectory) await walk(child);
      else if (e.name.endsWith(".ts")) parts.push(await Deno.readTextFile(child));
    }
  };
  for (const d of dirs) await walk(new URL(d, ROOT));
  return parts.join("\n");
}

/** Names a source text never spells as a string literal. */
function unused(names: Iterable<string>, text: string): string[] {
  return [...names].filter((n) => !text.includes(`"${n}"`));
}

Deno.test("every named query in sql/queries/ is used by the product", async () => {
  assertEquals(unused(loadQueries().keys(), await sources(["src/"])), []);
});

Deno.test("every named query in tests/sql/ is used by a test", async () => {
  const names: string[] = [];
  for await (const e of Deno.readDir(new URL("tests/sql/", ROOT))) {
    const text = await Deno.readTextFile(new URL(`tests/sql/${e.name}`, ROOT));
    names.push(...parseNamedQueries(text).keys());
  }
  assertEquals(unused(names, await sources(["tests/"])), []);
});
