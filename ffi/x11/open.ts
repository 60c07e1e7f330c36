/**
 * Opens libX11 and libXtst, trying each candidate soname in turn.
 *
 * @module
 */

import { LIBX11_PATHS, libX11Symbols } from "./libx11.ts";
import { LIBXTST_PATHS, libXtstSymbols } from "./libxtst.ts";

export type LibX11 = Deno.DynamicLibrary<typeof libX11Symbols>["symbols"];
export type LibXtst = Deno.DynamicLibrary<typeof libXtstSymbols>["symbols"];

function openFirst<S extends Deno.ForeignLibraryInterface>(
  paths: string[],
  symbols: S,
): Deno.DynamicLibrary<S> {
  const errors: string[] = [];
  for (const path of paths) {
    try {
      return Deno.dlopen(path, symbols);
    } catch (err) {
      errors.push(`${path}: ${(err as Error).message}`);
    }
  }
  throw new Error(`could not load ${paths[0]} (${errors.join("; ")})`);
}

/** Loads both libraries; throws with the loader's reason when one is missing. */
export function openX11Libraries(): {
  x11: Deno.DynamicLibrary<typeof libX11Symbols>;
  xtst: Deno.DynamicLibrary<typeof libXtstSymbols>;
} {
  const x11 = openFirst(LIBX11_PATHS, libX11Symbols);
  try {
    return { x11, xtst: openFirst(LIBXTST_PATHS, libXtstSymbols) };
  } catch (err) {
    x11.close();
    throw err;
  }
}
