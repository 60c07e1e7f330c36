/**
 * Opening an optional system library by the first of its names that loads.
 *
 * @module
 */

/** The library at the first of `paths` that opens, or null when none does (it is optional). */
export function openFirst<S extends Deno.ForeignLibraryInterface>(
  paths: string[],
  symbols: S,
): Deno.DynamicLibrary<S> | null {
  for (const path of paths) {
    try {
      return Deno.dlopen(path, symbols);
    } catch {
      // try the next name
    }
  }
  return null;
}
