/**
 * Each language model's npm package, imported only when its file is not
 * where `deno install` puts it (language_data.ts): in a compiled binary, or
 * another layout. The specifiers are literal, so `deno compile` and the
 * bundle's cache take every package into the module graph; this module is
 * itself imported by computed path, so that a start which finds its model
 * installed does not make Deno resolve six packages first (build/include.ts
 * includes it, and the bundle caches it).
 *
 * @module
 */

/** A package's entry: the folder of its legacy model, beside which `4.0.0_best_int` lies. */
export type DataPackage = { default: { langPath: string } };

/** Each model's package, loaded when called. */
export const PACKAGES: Record<string, () => Promise<DataPackage>> = {
  eng: () => import("@tesseract.js-data/eng"),
  deu: () => import("@tesseract.js-data/deu"),
  fra: () => import("@tesseract.js-data/fra"),
  spa: () => import("@tesseract.js-data/spa"),
  jpn: () => import("@tesseract.js-data/jpn"),
  chi_sim: () => import("@tesseract.js-data/chi_sim"),
};
