/**
 * Where the language models live: one `@tesseract.js-data/<model>` npm
 * package per language, pinned in deno.json and read from disk by every
 * recogniser (tesseract.js and libtesseract alike); nothing is downloaded.
 * Only the models of the languages in force are read.
 *
 * The packages are CommonJS: importing one loads Deno's Node layer, tens of
 * milliseconds before the recognisers can start. So a model is first looked
 * for where `deno install` puts its package, beside choto's own files, and
 * its package imported only when it is not there (a compiled binary, another
 * layout).
 *
 * libtesseract loads one model from memory, but several at once (tesseract's
 * `deu+eng`) only from a folder of unpacked `.traineddata` files: those are
 * written once into a folder of choto's own (`unpackModels`), beside the
 * database, where the shipped permissions let choto write.
 *
 * @module
 */

import { dirname, join } from "../../common/paths.ts";
import type { DataPackage } from "./model_packages.ts";

/** The models choto reads, each from its own package (model_packages.ts). */
export const MODELS = ["eng", "deu", "fra", "spa", "jpn", "chi_sim"];

/** The package table, imported by computed path only when a model is not installed where it is looked for. */
const packages = (): Promise<typeof import("./model_packages.ts")> =>
  import(new URL("./model_packages.ts", import.meta.url).href);

/** The npm package that holds a model. */
export function modelPackage(model: string): string {
  return `@tesseract.js-data/${model}`;
}

/** A model that cannot be read, with what to do about it. */
export class MissingModelError extends Error {}

/** One model on disk: its name, package and gzipped file (the LSTM-only integer model). */
export interface ModelFile {
  model: string;
  package: string;
  /** The folder holding `<model>.traineddata.gz`. */
  dir: string;
  file: string;
}

/**
 * Where `model`'s file is. The package's entry names its own folder
 * (`langPath`, the legacy model beside ours), which is right wherever the
 * package lives: `node_modules/`, Deno's npm cache, or inside a compiled
 * binary. Rejects with a MissingModelError naming the package when it is
 * not installed or its file is gone. `root` is choto's folder, where
 * `installedModel` looks first.
 */
export async function modelFile(model: string, root?: URL): Promise<ModelFile> {
  const pkg = modelPackage(model);
  if (!MODELS.includes(model)) {
    throw new MissingModelError(`choto has no model "${model}" (it reads ${MODELS.join(", ")})`);
  }
  const installed = installedModel(model, root);
  if (installed) return installed;
  let entry: DataPackage;
  try {
    entry = await (await packages()).PACKAGES[model]();
  } catch (err) {
    throw new MissingModelError(
      `the ${model} model's package ${pkg} is not installed (${
        (err as Error).message.split("\n")[0]
      }): run \`deno install\` in the choto folder`,
    );
  }
  const dir = join(dirname(entry.default.langPath), MODEL_FOLDER);
  const file = join(dir, `${model}.traineddata.gz`);
  try {
    Deno.statSync(file);
  } catch {
    throw new MissingModelError(`${file} is missing from ${pkg}: run \`deno install\` in the choto folder`);
  }
  return { model, package: pkg, dir, file };
}

/** The folder of a package that holds the LSTM-only integer model. */
const MODEL_FOLDER = "4.0.0_best_int";

/**
 * `model`'s file where `deno install` put its package (`node_modules/` of
 * choto's folder), without importing the package; null when it is not there.
 */
export function installedModel(
  model: string,
  root = new URL("../../../", import.meta.url),
): ModelFile | null {
  if (root.protocol !== "file:") return null;
  const pkg = modelPackage(model);
  const dir = join(decodeURIComponent(root.pathname), "node_modules", pkg, MODEL_FOLDER);
  const file = join(dir, `${model}.traineddata.gz`);
  try {
    return Deno.statSync(file).isFile ? { model, package: pkg, dir, file } : null;
  } catch {
    return null;
  }
}

/** Every model's file, in order; rejects on the first that is missing. */
export function modelFiles(models: readonly string[]): Promise<ModelFile[]> {
  return Promise.all(models.map((m) => modelFile(m)));
}

const unpacking = new Map<string, Promise<string>>();

/**
 * Writes each model, unpacked, into `folder` (created if need be) unless the
 * same model is there already, and returns the folder: what libtesseract
 * loads several languages from. A file is written beside its final name and
 * renamed into place, so a server reading it never sees half a model; the
 * hash of the package's file, kept beside it, says whether it is current.
 */
export function unpackModels(models: readonly ModelFile[], folder: string): Promise<string> {
  const key = `${folder}\n${models.map((m) => m.file).join("\n")}`;
  let p = unpacking.get(key);
  if (!p) {
    p = (async () => {
      await Deno.mkdir(folder, { recursive: true });
      for (const m of models) {
        const gz = await Deno.readFile(m.file);
        const hash = await sha256(gz);
        const target = join(folder, `${m.model}.traineddata`);
        const stamp = `${target}.sha256`;
        const current = await Deno.readTextFile(stamp).then((t) => t.trim() === hash, () => false) &&
          await Deno.stat(target).then((s) => s.isFile, () => false);
        if (current) continue;
        const part = `${target}.${crypto.randomUUID()}.part`;
        try {
          const { gunzipSync } = await import("node:zlib");
          await Deno.writeFile(part, gunzipSync(gz));
          await Deno.rename(part, target);
        } finally {
          await Deno.remove(part).catch(() => {});
        }
        await Deno.writeTextFile(stamp, hash + "\n");
      }
      return folder;
    })();
    unpacking.set(key, p);
    p.catch(() => unpacking.delete(key));
  }
  return p;
}

/** The SHA-256 of `bytes`, in hex. */
async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
