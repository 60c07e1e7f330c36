/**
 * The Deno cache this test run uses. A test desktop's HOME is a new folder,
 * so a server started there would otherwise begin with an empty cache: it
 * asks the npm registry for its packages' metadata again (a few hundred
 * milliseconds on a server's first start, and a wait on a machine without
 * the network) and compiles every module anew. A user's server runs with
 * the cache `deno install` filled; given this one, a test's does too.
 *
 * @module
 */

let known: string | null = null;

/** Where `deno` keeps its cache for this process (`deno info --json`), asked once. */
export function denoDir(): string {
  if (known) return known;
  const out = new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped", stderr: "null" })
    .outputSync();
  if (!out.success) throw new Error("`deno info --json` failed: cannot tell where Deno keeps its cache");
  return known = JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as string;
}
