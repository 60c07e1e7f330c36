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

/** Merges a pack into the database, whole or not at all. */
export function importMemory(store: Store, data: Uint8Array, policy: Policy, now: number): Imported {
  const decoded = decodePack(data, VERSION);
  if (!decoded.ok) return { ok: false, text: decoded.text };
  const { header, body } = decoded;
  return store.tx(() => {
    const merged = mergeGraph(store, body, policy);
    let recipes: RecipesIn | null = null;
    if (body.recipes && body.recipes.length > 0) {
      recipes = importRecipes(store, body.recipes, merged.nodeOf, policy, now);
    }
    return { ok: true, text: importText(header, merged.report, recipes) };
  }, "the memory pack");
}

/**
 * Imports the pack `CHOTO_MEMORY_SEED` names, once, as a server starts (a
 * container starting fresh brings what its image was given). Whatever
 * happens is said on `say`; a seed that cannot be read or trusted leaves the
 * database as it was and the server starts anyway.
 */
export function importSeed(store: Store, path: string, policy: Policy, say: (line: string) => void): boolean {
  let data: Uint8Array;
  try {
    data = Deno.readFileSync(path);
  } catch (err) {
    const denied = err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied;
    say(
      `choto: the memory seed ${path} (CHOTO_MEMORY_SEED) was not imported: ${
        denied
          ? "this command line may not read it; put the pack in the database folder, which every shipped command line may read"
          : (err as Error).message
      }`,
    );
    return false;
  }
  try {
    const r = importMemory(store, data, policy, Date.now());
    say(
      r.ok
        ? `choto: memory seed ${path}: ${r.text}`
        : `choto: the memory seed ${path} was not imported: ${r.text}`,
    );
    return r.ok;
  } catch (err) {
    say(`choto: the memory seed ${path} was not imported: ${(err as Error).message}`);
    return false;
  }
}
