/**
 * `choto missions`: what the model was doing, for a person. The most recent
 * missions, newest first, each with its whole checklist and, for an item
 * with a recipe, how many steps it holds and the world it was recorded in.
 *
 * @module
 */

import type { Store } from "../db/store.ts";
import { routeText } from "../mission/fingerprint.ts";
import { listMissions, recipeOf } from "../mission/store.ts";
import { statusBlock } from "./mission_text.ts";

/** How many missions the listing shows. */
export const MISSIONS_SHOWN = 10;

/** The listing as text (the command prints it). */
export function missionsText(store: Store, limit = MISSIONS_SHOWN): string {
  const missions = listMissions(store, limit);
  if (!missions.length) {
    return "no missions yet: the model starts one with the mission_start tool.";
  }
  const out: string[] = [`${missions.length} most recent mission(s), newest first:`];
  for (const m of missions) {
    out.push(statusBlock(m, true, 1, Infinity));
    out.push(`   started ${new Date(m.startedAt).toISOString()}`);
    for (const item of m.items) {
      const recipe = item.hasRecipe ? recipeOf(store, item.id) : null;
      if (!recipe) continue;
      const f = recipe.fingerprint;
      const steps = Array.isArray(recipe.plan.steps) ? recipe.plan.steps.length : 0;
      const where = [
        f.window ? `window "${f.window.title}"` : null,
        f.windowSize ? `${f.windowSize.width}x${f.windowSize.height}` : null,
        f.screen ? `screen ${f.screen.width}x${f.screen.height}` : null,
        f.llmVersionTag ? `model tag "${f.llmVersionTag}"` : null,
        f.appBuild ? `build "${f.appBuild}"` : null,
      ].filter(Boolean).join(", ");
      out.push(
        `   item ${item.n} recipe: ${steps} step(s) recorded ${
          new Date(recipe.recordedAt).toISOString()
        } in ${f.app ?? "an unknown app"} (${where}); route ${routeText(recipe.route)}`,
      );
    }
  }
  return out.join("\n");
}
