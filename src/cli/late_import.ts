/**
 * Imports a module of `src/cli/` by a specifier Deno cannot read ahead.
 * Before the first line of a program runs, `deno run` resolves every import
 * it can see, dynamic imports of a string literal included, and with
 * deno.json's `"nodeModulesDir": "auto"` it checks `node_modules` again for
 * each batch of npm packages it meets: resolving every command's packages
 * that way cost more than a client should wait for `initialize`. A module
 * imported here is resolved, with its packages, when the import runs.
 *
 * `deno compile` and `deno cache` do not follow such an import either: the
 * compile include list (build/include.ts) has all of `src/cli/`, and the MCP
 * Bundle caches every module in it (build/bundle.ts).
 *
 * @module
 */

/** Imports `file`, a module of src/cli/, now (and only now resolves what it imports). */
export function importLate<M>(file: string): Promise<M> {
  return import(new URL(file, import.meta.url).href);
}
