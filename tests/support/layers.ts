/**
 * The import rule of the source tree, and a checker for it. Layers are
 * listed bottom first; a file may import its own layer or any layer below
 * it, never one above, and no chain of imports may come back to where it
 * started. docs/architecture.md states the same order.
 *
 * @module
 */

/** A layer: its name and the path prefixes (relative to the repo root) of its files. */
export interface Layer {
  name: string;
  paths: string[];
}

/** An import allowed against the general rule, with the reason it is tolerated. */
export interface Exception {
  from: string;
  to: string;
  why: string;
}

/** The layers of choto, bottom first. */
export const LAYERS: Layer[] = [
  { name: "common", paths: ["src/common/"] },
  { name: "image", paths: ["src/image/"] },
  { name: "ffi", paths: ["ffi/"] },
  { name: "desktop", paths: ["src/desktop/"] },
  { name: "ocr", paths: ["src/ocr/"] },
  { name: "perceive", paths: ["src/perceive/"] },
  { name: "db", paths: ["src/db/"] },
  { name: "graph", paths: ["src/graph/"] },
  { name: "services", paths: ["src/services.ts"] },
  { name: "look", paths: ["src/look/"] },
  { name: "plan", paths: ["src/plan/"] },
  { name: "mission", paths: ["src/mission/"] },
  { name: "render", paths: ["src/render/"] },
  { name: "tools", paths: ["src/tools/"] },
  { name: "server", paths: ["src/server/"] },
  { name: "cli", paths: ["src/cli/"] },
  { name: "main", paths: ["main.ts"] },
];

/**
 * The desktop backends are private to `src/desktop/`: everything else goes
 * through the Desktop interface (`types.ts`, opened by `open.ts`).
 */
export const PRIVATE: { paths: string[]; openTo: string[] } = {
  paths: ["src/desktop/x11.ts", "src/desktop/x11/", "src/desktop/macos.ts", "src/desktop/macos/"],
  openTo: [
    "src/desktop/",
    // The Vision reader (and the worker it runs in) calls the same Objective-C runtime and CoreGraphics helpers.
    "src/ocr/engines/vision.ts",
    "src/ocr/engines/vision_read.ts",
    "src/ocr/engines/vision_worker.ts",
  ],
};

const starts = (file: string, prefixes: string[]) =>
  prefixes.some((p) => p.endsWith("/") ? file.startsWith(p) : file === p);

/** The index of the layer holding `file`, or -1. */
export function layerOf(file: string, layers: Layer[] = LAYERS): number {
  return layers.findIndex((l) => starts(file, l.paths));
}

/**
 * Every broken rule in an import graph (file → files it imports, paths
 * relative to the repo root): imports pointing up, into a private backend,
 * or at a file in no layer, and import cycles. Empty when the graph obeys.
 */
export function checkImports(
  graph: Map<string, string[]>,
  layers: Layer[] = LAYERS,
  privacy = PRIVATE,
): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const a = layerOf(from, layers);
    if (a < 0) {
      problems.push(`${from} is in no layer`);
      continue;
    }
    for (const to of targets) {
      const b = layerOf(to, layers);
      if (b < 0) problems.push(`${from} imports ${to}, which is in no layer`);
      else if (b > a) {
        problems.push(`${from} (${layers[a].name}) imports ${to} (${layers[b].name}), a layer above it`);
      }
      if (starts(to, privacy.paths) && !starts(from, privacy.openTo)) {
        problems.push(`${from} imports the desktop backend ${to} instead of the Desktop interface`);
      }
    }
  }
  for (const cycle of cycles(graph)) problems.push(`import cycle: ${cycle.join(" → ")}`);
  return problems;
}

/** The import cycles of a graph, each listed once from its first file. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (onPath.has(file)) {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    onPath.add(file);
    for (const to of graph.get(file) ?? []) visit(to);
    onPath.delete(file);
    path.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return found;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The relative module specifiers a source text imports or re-exports. */
export function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith(".")) out.push(spec);
  }
  return out;
}

/** Reads the import graph of TypeScript files under `dirs` (and the given files) in `root`. */
export async function readImportGraph(root: string, entries: string[]): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  const files: string[] = [];
  const walk = async (rel: string) => {
    const info = await Deno.stat(`${root}/${rel}`);
    if (info.isFile) {
      if (rel.endsWith(".ts")) files.push(rel);
      return;
    }
    for await (const e of Deno.readDir(`${root}/${rel}`)) await walk(`${rel}/${e.name}`);
  };
  for (const e of entries) await walk(e);
  for (const file of files) {
    const text = await Deno.readTextFile(`${root}/${file}`);
    const dir = file.split("/").slice(0, -1);
    const targets = importsOf(text)
      .filter((spec) => spec.endsWith(".ts"))
      .map((spec) => resolve(dir, spec));
    graph.set(file, targets);
  }
  return graph;
}

function resolve(dir: string[], spec: string): string {
  const parts = [...dir];
  for (const piece of spec.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  return parts.join("/");
}
