/**
 * Memory packs as the command line and a starting server use them: export
 * the graph (and recipes when asked) into a pack's text, and import a pack,
 * merged into the database in one transaction or not at all.
 *
 * @module
 */

import type { Policy } from "../common/policy.ts";
import { VERSION } from "../common/version.ts";
import type { Store } from "../db/store.ts";
import { exportGraph } from "../graph/pack/export.ts";
import { decodePack, encodePack } from "../graph/pack/format.ts";
import { preparePack } from "../graph/pack/clean.ts";
import { readPackStream } from "./pack_read.ts";
import { mergeGraph } from "../graph/pack/merge.ts";
import { exportRecipes, importRecipes, type RecipesIn } from "../mission/pack_recipes.ts";
import { exportText, importText } from "../render/pack_text.ts";

/** What an export was asked for. */
export interface ExportOptions {
  apps: string[];
  recipes: boolean;
  policy: Policy;
  now: number;
}

/** A pack (`pack`, for stdout) and what it holds (`text`, for stderr), or why there is none. */
export type Exported = { ok: true; pack: string; text: string } | { ok: false; text: string };

/** Writes the memory of the apps asked for (every app by default) as a pack. */
export function exportMemory(store: Store, o: ExportOptions): Exported {
  // One read transaction: a server writing meanwhile cannot split a window from its texts.
  return store.tx(() => {
    const graph = exportGraph(store, { apps: o.apps, policy: o.policy });
    if (!graph.ok) return graph;
    const body = graph.body;
    let recipes = null;
    if (o.recipes) {
      recipes = exportRecipes(
        store,
        new Set(body.apps.map((a) => a.name)),
        o.apps.length === 0,
        new Set(body.windows.map((w) => w.key)),
        o.policy,
      );
      body.recipes = recipes.recipes;
    }
    return { ok: true, pack: encodePack(body, VERSION, o.now), text: exportText(graph.summary, recipes) };
  }, "the export's read of the interface graph");
}

/** The outcome of an import: what it did, or why nothing was imported. */
export interface Imported {
  ok: boolean;
  text: string;
}

/** How a pack arrived: `choto memory import`, or the seed a server starts with. */
export type ImportHow = "import" | "seed";

/**
 * Merges a pack into the database, whole or not at all: its texts escaped
 * and cut as screen text is, its times no later than `now`, its recipes
 * filed once per pack as a closed mission.
 */
export function importMemory(
  store: Store,
  data: Uint8Array,
  policy: Policy,
  now: number,
  how: ImportHow = "import",
): Imported {
  const decoded = decodePack(data, VERSION, policy.packMaxBytes);
  if (!decoded.ok) return { ok: false, text: decoded.text };
  const prepared = preparePack(decoded.body, now);
  if (!prepared.ok) return { ok: false, text: prepared.text };
  const { header } = decoded;
  const { body, cleaned } = prepared;
  return store.tx(() => {
    const before = importedBefore(store, header.sha256);
    const merged = mergeGraph(store, body, policy);
    let recipes: RecipesIn | null = null;
    if (body.recipes && body.recipes.length > 0) {
      recipes = before
        ? { imported: 0, why: "this pack was imported before, and its recipes were filed then" }
        : importRecipes(store, body.recipes, merged.nodeOf, policy, now);
    }
    store.q("pack_mark_imported").run({ sha256: header.sha256, how, now });
    return { ok: true, text: importText(header, merged.report, recipes, cleaned) };
  }, "the memory pack");
}

/** True when the pack with this content checksum was imported into `store` before. */
function importedBefore(store: Store, sha256: string): boolean {
  return store.get<{ n: number }>("pack_imported_before", { sha256 })!.n > 0;
}

/**
 * Imports the pack `CHOTO_MEMORY_SEED` names as a server starts (a
 * container starting fresh brings what its image was given), once: a seed
 * whose content was imported before is known by its checksum from the
 * header line alone and not read again. Whatever happens is said on `say`;
 * a seed that cannot be read or trusted leaves the database as it was and
 * the server starts anyway.
 */
export async function importSeed(
  store: Store,
  path: string,
  policy: Policy,
  say: (line: string) => void,
): Promise<boolean> {
  const refused = (why: string) =>
    say(`choto: the memory seed ${path} (CHOTO_MEMORY_SEED) was not imported: ${why}`);
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (err) {
    const denied = err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied;
    refused(
      denied
        ? "this command line may not read it; put the pack in the database folder, which every shipped command line may read"
        : (err as Error).message,
    );
    return false;
  }
  let seen = false;
  try {
    const read = await readPackStream(file.readable, policy.packMaxBytes, (header) => {
      seen = importedBefore(store, header.sha256);
      return seen ? "imported before (its checksum is known here)" : null;
    });
    if (!read.ok) {
      if (seen) {
        say(`choto: memory seed ${path}: imported before (its checksum is known here); not read again`);
      } else refused(read.text);
      return seen;
    }
    const r = importMemory(store, read.data, policy, Date.now(), "seed");
    if (r.ok) say(`choto: memory seed ${path}: ${r.text}`);
    else refused(r.text);
    return r.ok;
  } catch (err) {
    refused((err as Error).message);
    return false;
  }
}
