/**
 * `deno task registry`: brings `server.json` (the MCP Registry's entry for
 * choto) up to date with the release: the version from deno.json, the
 * `.mcpb` download named for that version, and the bundle's sha256.
 *
 * The sha256 is that of the bundle file being released: an `.mcpb` is a zip
 * whose bytes change with every build, so run this on the very file that is
 * uploaded (`--mcpb <path>`; by default `dist/choto.mcpb`, built with
 * `deno task bundle`'s code when it is not there yet).
 *
 * The entry's name and download URL carry the owner's GitHub account
 * (`io.github.OWNER/choto`): a maintainer replaces OWNER before publishing,
 * as the registry only accepts an `io.github.<account>/` name from that account.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { VERSION } from "../src/common/version.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** Where the registry entry lives: the repository's root, where `mcp-publisher` looks for it. */
export const SERVER_JSON = join(ROOT, "server.json");

/** The parts of a registry package this step rewrites. */
type Package = { registryType: string; identifier: string; version: string; fileSha256?: string };
/** The parts of a registry entry this step rewrites; everything else is kept as written. */
export type ServerEntry = { version: string; packages: Package[] } & Record<string, unknown>;

/** The hex sha256 of some bytes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The entry for `version`, each `.mcpb` package pointing at that release's
 * download (`.../releases/download/v<version>/...`) with `sha256`.
 */
export function refreshedEntry(entry: ServerEntry, version: string, sha256: string): ServerEntry {
  const packages = entry.packages.map((p) => {
    if (p.registryType !== "mcpb") return { ...p, version };
    const identifier = p.identifier.replace(
      /\/releases\/download\/v[^/]+\//,
      `/releases/download/v${version}/`,
    );
    return { ...p, identifier, version, fileSha256: sha256 };
  });
  return { ...entry, version, packages };
}

/** The entry as written to disk: two-space JSON, one trailing newline (what `deno fmt` keeps). */
export function entryText(entry: ServerEntry): string {
  return `${JSON.stringify(entry, null, 2)}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: Deno.args, options: { mcpb: { type: "string" } } });
  let mcpb = values.mcpb ?? join(ROOT, "dist", "choto.mcpb");
  if (!values.mcpb && !await Deno.stat(mcpb).then(() => true, () => false)) {
    const { buildBundle } = await import("./bundle.ts");
    mcpb = await buildBundle();
  }
  const sha256 = await sha256Hex(await Deno.readFile(mcpb));
  const entry = JSON.parse(await Deno.readTextFile(SERVER_JSON)) as ServerEntry;
  await Deno.writeTextFile(SERVER_JSON, entryText(refreshedEntry(entry, VERSION, sha256)));
  console.log(`server.json: version ${VERSION}, ${mcpb} sha256 ${sha256}`);
}

if (import.meta.main) await main();
