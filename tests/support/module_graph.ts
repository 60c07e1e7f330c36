/**
 * The module graph as Deno resolves it before a program runs, read from
 * `deno info --json` with this checkout's deno.json: each module and the
 * modules its code imports (type-only imports left out, as `deno run` leaves
 * them out), each import marked static or dynamic. Deno resolves and fetches
 * what a dynamic import of a string literal names before the first line runs,
 * but evaluates it only when the import runs; an import by computed path it
 * does not see at all.
 *
 * @module
 */

import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./mcp.ts";

/** One import in the code of a module: the module it resolves to, and whether it is a dynamic import. */
export interface CodeImport {
  to: string;
  dynamic: boolean;
}

/** Every module reached from the roots, by specifier, with its code imports. */
export type CodeGraph = Map<string, CodeImport[]>;

interface InfoJson {
  modules: Array<{
    specifier: string;
    dependencies?: Array<{ code?: { specifier: string }; isDynamic?: boolean }>;
  }>;
  redirects: Record<string, string>;
}

/** The graph of `roots` (paths in this checkout), as `deno info` reports it. */
export async function codeGraph(roots: string[]): Promise<CodeGraph> {
  const dir = await Deno.makeTempDir({ prefix: "choto-graph-" });
  try {
    // deno info takes one root: a module of its own that imports them all, read under this deno.json.
    const root = join(dir, "roots.ts");
    await Deno.writeTextFile(
      root,
      roots.map((r) => `import ${JSON.stringify(pathToFileURL(join(ROOT, r)).href)};\n`).join(""),
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", join(ROOT, "deno.json"), root],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(`deno info failed: ${new TextDecoder().decode(out.stderr)}`);
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as InfoJson;
    const resolved = (s: string) => info.redirects[s] ?? s;
    const graph: CodeGraph = new Map();
    for (const m of info.modules) {
      if (m.specifier === pathToFileURL(root).href) continue;
      graph.set(
        m.specifier,
        (m.dependencies ?? []).flatMap((d) =>
          d.code ? [{ to: resolved(d.code.specifier), dynamic: d.isDynamic === true }] : []
        ),
      );
    }
    return graph;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The specifier of a path in this checkout. */
export function specifierOf(path: string): string {
  return pathToFileURL(join(ROOT, path)).href;
}

/**
 * The modules reached from `from` (specifiers) along code imports: with
 * `dynamic`, what Deno resolves before the program runs; without, what it
 * evaluates before the first line of `from` runs.
 */
export function reached(graph: CodeGraph, from: string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const next = [...from];
  while (next.length) {
    const s = next.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const i of graph.get(s) ?? []) if (dynamic || !i.dynamic) next.push(i.to);
  }
  return seen;
}
