/** The layers: every import under src/ points down the layer order, and none goes round in a cycle. */

import { checkImports, cycles, importsOf, LAYERS, readImportGraph } from "./support/layers.ts";
import { assertEquals } from "./support/assert.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

Deno.test("every import in the source tree follows the layer order", async () => {
  const graph = await readImportGraph(ROOT, ["main.ts", "src", "ffi"]);
  assertEquals(checkImports(graph), []);
});

Deno.test("the checker reports an import pointing up a layer", () => {
  const graph = new Map([
    ["src/ocr/reader.ts", ["src/perceive/group.ts", "src/desktop/types.ts"]],
    ["src/perceive/group.ts", []],
    ["src/desktop/types.ts", []],
  ]);
  assertEquals(checkImports(graph), [
    "src/ocr/reader.ts (ocr) imports src/perceive/group.ts (perceive), a layer above it",
  ]);
});

Deno.test("the checker reports a cycle inside one layer", () => {
  const graph = new Map([
    ["src/ocr/chars.ts", ["src/ocr/pipeline.ts"]],
    ["src/ocr/pipeline.ts", ["src/ocr/chars.ts"]],
  ]);
  assertEquals(cycles(graph), [["src/ocr/chars.ts", "src/ocr/pipeline.ts", "src/ocr/chars.ts"]]);
  assertEquals(checkImports(graph), [
    "import cycle: src/ocr/chars.ts → src/ocr/pipeline.ts → src/ocr/chars.ts",
  ]);
});

Deno.test("the checker keeps the desktop backends private and every file in a layer", () => {
  const graph = new Map([
    ["src/plan/run.ts", ["src/desktop/x11/input.ts", "src/desktop/types.ts"]],
    ["src/stray.ts", []],
    ["src/desktop/x11/input.ts", []],
    ["src/desktop/types.ts", []],
  ]);
  assertEquals(checkImports(graph), [
    "src/plan/run.ts imports the desktop backend src/desktop/x11/input.ts instead of the Desktop interface",
    "src/stray.ts is in no layer",
  ]);
});

Deno.test("imports are read from every form of import and re-export", () => {
  const source = [
    'import { a } from "./a.ts";',
    'import type {\n  B,\n  C,\n} from "../b.ts";',
    'export { d } from "./d.ts";',
    'export type { E } from "./e.ts";',
    'import "./side.ts";',
    'const f = await import("./f.ts");',
    'import { z } from "zod";',
  ].join("\n");
  assertEquals(importsOf(source), ["./a.ts", "../b.ts", "./d.ts", "./e.ts", "./side.ts", "./f.ts"]);
});

Deno.test("the layer order is the one docs/architecture.md states", async () => {
  const doc = await Deno.readTextFile(`${ROOT}/docs/architecture.md`);
  const order = LAYERS.map((l) => l.name).join(" → ");
  assertEquals(doc.includes(order), true, `docs/architecture.md should state: ${order}`);
});
