/**
 * The unpacked model kept beside the database: a start that finds a whole,
 * current copy reads it instead of unpacking the package's file again; a
 * copy cut short or from another file is unpacked and written again; a
 * folder that cannot hold one costs nothing but the unpacking. The engine
 * keeps its English model's copy in `ocr-models/` of the data folder.
 */

import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { assert, assertEquals } from "./support/assert.ts";
import { copiesWritten, unpackedModel } from "../src/ocr/engines/unpacked_model.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { nativeTesseract } from "../src/ocr/engines/native_tesseract.ts";
import { modelFile } from "../src/ocr/engines/language_data.ts";

/** A model's stand-in: some bytes that compress. */
const MODEL = new TextEncoder().encode("a model's weights, ".repeat(4000));

/** `bytes` gzipped into `dir/name.gz` (a folder of its own per file, as each package has). */
async function gzFile(
  dir: string,
  sub: string,
  bytes: Uint8Array,
  name = "xyz.traineddata",
): Promise<string> {
  await Deno.mkdir(join(dir, sub), { recursive: true });
  const file = join(dir, sub, `${name}.gz`);
  await Deno.writeFile(file, gzipSync(bytes));
  return file;
}

/** `file`'s deflate stream spoilt, its gzip header and trailer (CRC-32, length) left as they were. */
async function spoilBody(file: string): Promise<void> {
  const gz = await Deno.readFile(file);
  gz.fill(0xff, 10, gz.length - 8);
  await Deno.writeFile(file, gz);
}

async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "choto-model-copy-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a model unpacked once is kept, and a later start reads the copy instead of unpacking", async () => {
  await inTempDir(async (dir) => {
    const keepIn = join(dir, "ocr-models");
    const first = await unpackedModel(await gzFile(dir, "a", MODEL), keepIn);
    assertEquals(first, MODEL);
    await copiesWritten();
    assertEquals(await Deno.readFile(join(keepIn, "xyz.traineddata")), MODEL);
    // The same file again, its compressed body unreadable: only the copy can give the model.
    const later = await gzFile(dir, "b", MODEL);
    await spoilBody(later);
    assertEquals(await unpackedModel(later, keepIn), MODEL);
    // Nothing left behind but the copy.
    assertEquals([...Deno.readDirSync(keepIn)].map((e) => e.name), ["xyz.traineddata"]);
  });
});

Deno.test("a copy cut short, damaged or from another model file is unpacked again and replaced", async () => {
  await inTempDir(async (dir) => {
    const keepIn = join(dir, "ocr-models");
    const copy = join(keepIn, "xyz.traineddata");
    await Deno.mkdir(keepIn);
    const other = new TextEncoder().encode("another model's weights, ".repeat(3000));
    const damaged = MODEL.slice();
    damaged[100] ^= 1;
    for (const [i, found] of [MODEL.subarray(0, 1000), damaged, other].entries()) {
      await Deno.writeFile(copy, found);
      assertEquals(await unpackedModel(await gzFile(dir, `v${i}`, MODEL), keepIn), MODEL);
      await copiesWritten();
      assertEquals(await Deno.readFile(copy), MODEL);
    }
  });
});

Deno.test("a folder that cannot hold the copy only means the model is unpacked again", async () => {
  await inTempDir(async (dir) => {
    // A file where the folder should be: nothing can be written under it.
    const keepIn = join(dir, "not-a-folder");
    await Deno.writeTextFile(keepIn, "");
    assertEquals(await unpackedModel(await gzFile(dir, "a", MODEL), keepIn), MODEL);
    await copiesWritten();
    assertEquals(await Deno.readTextFile(keepIn), "");
    // And a model that is not gzipped is read as it is, with nothing kept.
    const plain = join(dir, "plain.traineddata");
    await Deno.writeFile(plain, MODEL);
    assertEquals(await unpackedModel(plain, join(dir, "kept")), MODEL);
    await copiesWritten();
    assert(!(await Deno.stat(join(dir, "kept")).then(() => true, () => false)), "a plain model was copied");
  });
});

Deno.test({
  name:
    "the engine keeps its English model unpacked in ocr-models/ of the data folder, as the package's file unpacks",
  // libtesseract alone loads the unpacked bytes (tesseract.js reads its own): skipped without it, or told not to use it.
  ignore: "error" in nativeTesseract() ||
    ["CHOTO_OCR_NATIVE", "CHOTO_OCR_WORKERS"].some((v) => Deno.env.get(v) === "0"),
  async fn() {
    await inTempDir(async (dir) => {
      const engine = new TesseractEngine(1, { modelFolder: dir });
      try {
        await engine.warm();
        assertEquals(engine.backend().name, "native");
        await copiesWritten();
        const kept = await Deno.readFile(join(dir, "ocr-models", "eng.traineddata"));
        const { gunzipSync } = await import("node:zlib");
        assertEquals(kept, new Uint8Array(gunzipSync(await Deno.readFile((await modelFile("eng")).file))));
      } finally {
        await engine.close();
      }
    });
  },
});
