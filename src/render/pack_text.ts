/**
 * What `choto memory export` and `import` (and a seed read at start) print:
 * what went into a pack, and what merging one did, counted, with every
 * label conflict named. Pure: data in, text out.
 *
 * @module
 */

import type { ExportSummary } from "../graph/pack/export.ts";
import type { PackHeader } from "../graph/pack/format.ts";
import type { LabelConflict, MergeReport } from "../graph/pack/merge.ts";
import type { RecipesIn, RecipesOut } from "../mission/pack_recipes.ts";
import { quote } from "../graph/routes.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lines an export prints (on stderr: the pack itself goes to stdout). */
export function exportText(s: ExportSummary, recipes: RecipesOut | null): string {
  const lines = [
    `exported ${plural(s.apps.length, "app")} (${s.apps.join(", ") || "none"}): ${
      plural(s.windows, "window")
    }, ${plural(s.texts, "text")}, ${plural(s.glyphs, "named icon")}, ${
      plural(s.transitions, "transition")
    }, ${plural(s.clicks, "click")}`,
  ];
  if (recipes) {
    lines.push(
      `recipes: ${recipes.recipes.length}${
        recipes.typing ? `; ${plural(recipes.typing, "recipe")} left out because they type text` : ""
      }${recipes.other_apps ? `; ${recipes.other_apps} of other apps left out` : ""}`,
    );
  }
  for (const l of s.left_out) lines.push(`left out: ${l.app}, ${l.why}`);
  if (s.typed_texts_left_out) {
    lines.push(
      `left out: ${plural(s.typed_texts_left_out, "text")} choto typed`,
    );
  }
  return lines.join("\n");
}

function when(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ") + "Z";
}

function conflictLine(c: LabelConflict): string {
  const side = (n: LabelConflict["kept"]) =>
    `${quote(n.label)} (${n.side === "pack" ? "the pack's" : "this machine's"}${
      n.from ? `, from a ${n.from}` : ""
    }, named ${when(n.at)})`;
  return `  ${c.app} icon ${c.phash.slice(0, 8)}: kept ${side(c.kept)}; the older name was ${side(c.older)}`;
}

/** What an import printed: the pack's header, the counts, every label conflict. */
export function importText(header: PackHeader, r: MergeReport, recipes: RecipesIn | null): string {
  const lines = [
    `imported a memory pack (format ${header.version}, from choto ${header.choto}, made ${header.created}):`,
    `  apps: ${r.apps.added} new, ${r.apps.merged} merged with ones known here`,
    `  windows: ${r.windows.added} new, ${r.windows.updated} updated (the pack saw them last), ${r.windows.kept} kept as this machine saw them (as recently or later)`,
    `  texts: ${r.texts} written`,
    `  named icons: ${r.glyphs.added} new, ${r.glyphs.named} named that were nameless here, ${r.glyphs.unchanged} already so named, ${
      plural(r.glyphs.conflicts.length, "label conflict")
    }`,
    `  transitions: ${r.transitions.added} new, ${r.transitions.merged} known here already (counts and times widened)`,
    `  clicks: ${r.clicks}`,
  ];
  if (recipes) {
    lines.push(
      "imported" in recipes && recipes.imported > 0 && "mission_id" in recipes
        ? `  recipes: ${recipes.imported} as the items of a new active mission (replay each with mission_replay)${
          recipes.left_out ? `, ${recipes.left_out} left out` : ""
        }`
        : `  recipes: none imported: ${"why" in recipes ? recipes.why : "none"}`,
    );
  }
  for (const l of r.left_out) lines.push(`  left out: ${l.app}, ${l.why}`);
  if (r.dangling) {
    lines.push(`  left out: ${plural(r.dangling, "entry", "entries")} pointing at no window of the pack`);
  }
  if (r.glyphs.conflicts.length) {
    lines.push("label conflicts (the name given last is kept):", ...r.glyphs.conflicts.map(conflictLine));
  }
  return lines.join("\n");
}
