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
import { escapeScreenText } from "../common/untrusted.ts";
import { type Cleaned, keptText } from "../graph/pack/clean.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lines an export prints (on stderr: the pack itself goes to stdout). */
export function exportText(s: ExportSummary, recipes: RecipesOut | null): string {
  const lines = [
    `exported ${plural(s.apps.length, "app")} (${s.apps.map(escapeScreenText).join(", ") || "none"}): ${
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
  for (const l of s.left_out) lines.push(`left out: ${escapeScreenText(l.app)}, ${l.why}`);
  if (s.typed_texts_left_out) {
    lines.push(
      `left out: ${plural(s.typed_texts_left_out, "text")} choto typed`,
    );
  }
  return lines.join("\n");
}

function when(ms: number): string {
  const d = new Date(ms);
  // A time no date can hold (written by an older choto from a pack) is said, never thrown.
  return Number.isNaN(d.getTime())
    ? "at a time no date can hold"
    : d.toISOString().slice(0, 16).replace("T", " ") + "Z";
}

/** A text from the pack's header, as a terminal may show it: escaped and short. */
function headerText(text: string): string {
  return keptText(text, 60);
}

function conflictLine(c: LabelConflict): string {
  const side = (n: LabelConflict["kept"]) =>
    `${quote(n.label)} (${
      n.side === "pack" ? "the pack's" : `this machine's${n.from ? `, from a ${n.from}` : ""}`
    }, named ${when(n.at)})`;
  return `  ${escapeScreenText(c.app)} icon ${c.phash.slice(0, 8)}: kept ${side(c.kept)}; the pack's name ${
    side(c.offered)
  } was not taken`;
}

/** What an import printed: the pack's header, the counts, every label conflict. */
export function importText(
  header: PackHeader,
  r: MergeReport,
  recipes: RecipesIn | null,
  cleaned: Cleaned = { futureTimes: 0, texts: 0 },
): string {
  const lines = [
    `imported a memory pack (format ${header.version}, from choto ${headerText(header.choto)}, made ${
      headerText(header.created)
    }):`,
    `  apps: ${r.apps.added} new, ${r.apps.merged} merged with ones known here`,
    `  windows: ${r.windows.added} new, ${r.windows.kept} known here kept as this machine saw them (a pack never replaces what was seen here)`,
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
        ? `  recipes: ${recipes.imported} filed as closed mission ${recipes.mission_id}, a record from the pack, never the active mission: replay one only when asked (mission_replay with mission_id=${recipes.mission_id})${
          recipes.left_out
            ? `, ${recipes.left_out} left out (they type text, touch a denied app, or repeat)`
            : ""
        }`
        : `  recipes: none imported: ${"why" in recipes ? recipes.why : "none"}`,
    );
  }
  for (const l of r.left_out) lines.push(`  left out: ${escapeScreenText(l.app)}, ${l.why}`);
  if (cleaned.futureTimes) {
    lines.push(`  ${plural(cleaned.futureTimes, "time")} later than now set to the import's time`);
  }
  if (cleaned.texts) {
    lines.push(`  ${plural(cleaned.texts, "text")} with control characters shown escaped or cut to length`);
  }
  if (r.glyphs.added + r.glyphs.named > 0) {
    lines.push("  icon names from the pack are marked as from a pack; a click on one asks the user first");
  }
  if (r.dangling) {
    lines.push(`  left out: ${plural(r.dangling, "entry", "entries")} pointing at no window of the pack`);
  }
  if (r.glyphs.conflicts.length) {
    lines.push(
      "label conflicts (a pack never renames an icon named here):",
      ...r.glyphs.conflicts.map(conflictLine),
    );
  }
  return lines.join("\n");
}
