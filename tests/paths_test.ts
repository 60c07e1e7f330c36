/**
 * The path helpers that keep the recognisers' start free of `node:path`
 * (src/common/paths.ts) give what node:path gives for the paths choto uses.
 */

import * as node from "node:path";
import { assertEquals } from "./support/assert.ts";
import { basename, dirname, join } from "../src/common/paths.ts";

const PATHS = [
  "/",
  "/tmp",
  "/tmp/",
  "/tmp/choto/choto.db",
  "choto.db",
  "data/choto.db",
  "./choto.db",
  "/home/user/.local/share/choto/ocr-models/eng.traineddata",
  "/Users/a b/Library/Application Support/choto/choto.db",
];

Deno.test("dirname and basename agree with node:path on choto's paths", () => {
  for (const p of PATHS) {
    assertEquals(dirname(p), node.dirname(p), `dirname ${p}`);
    assertEquals(basename(p), node.basename(p), `basename ${p}`);
    assertEquals(basename(p, ".db"), node.basename(p, ".db"), `basename ${p} .db`);
  }
  assertEquals(basename("eng.traineddata.gz", ".gz"), "eng.traineddata");
  assertEquals(basename(".gz", ".gz"), ".gz");
});

Deno.test("join agrees with node:path on folders and names", () => {
  const cases: string[][] = [
    ["/tmp/choto", "ocr-models"],
    ["/tmp/choto/", "ocr-models", "eng.traineddata"],
    [".", "choto.json"],
    ["/", "tmp"],
    ["data", "choto.json"],
    ["/a", "", "b"],
    ["/a//b/", "./c"],
    [".", "."],
  ];
  for (const parts of cases) assertEquals(join(...parts), node.join(...parts), parts.join(" + "));
  assertEquals(join(), ".");
});
