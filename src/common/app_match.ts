/**
 * Matching an app name the way a person means it (case and accents aside,
 * in any language the desktop entry names it in): exact
 * name first, then a unique prefix, then a unique substring. At each stage
 * display names are tried before aliases (binary names), so "mousepad"
 * finds the app "Mousepad" rather than its settings dialog, whose command is
 * also `mousepad`. Several hits at the first stage that has any make the
 * name ambiguous.
 *
 * @module
 */

import { accentFold, normaliseText } from "./match.ts";

/** A name as names are compared: case, spacing and accents aside ("Éditeur" is "editeur"). */
function nameKey(name: string): string {
  return accentFold(normaliseText(name));
}

/** Something with a display name and other names it answers to. */
export interface HasNames {
  name: string;
  aliases: string[];
}

/** The outcome of matching a name against candidates. */
export type NameMatch<T> =
  | { kind: "found"; item: T; stage: "exact" | "prefix" | "substring" }
  | { kind: "ambiguous"; candidates: T[]; stage: "exact" | "prefix" | "substring" }
  | { kind: "none" };

/**
 * True when two app names are the same once case and spacing are ignored
 * ("Visual Studio Code" and "visualstudiocode"), as window systems spell
 * an app's name both ways.
 */
export function sameAppName(a: string, b: string): boolean {
  return nameKey(a).replace(/ /g, "") === nameKey(b).replace(/ /g, "");
}

/** Matches `query` against the names and aliases of `items`. */
export function matchAppName<T extends HasNames>(query: string, items: T[]): NameMatch<T> {
  const q = nameKey(query);
  if (!q) return { kind: "none" };
  const display = (t: T) => [nameKey(t.name)];
  const aliases = (t: T) => t.aliases.map(nameKey).filter(Boolean);
  const tests: Array<["exact" | "prefix" | "substring", (n: string) => boolean]> = [
    ["exact", (n) => n === q],
    ["prefix", (n) => n.startsWith(q)],
    ["substring", (n) => n.includes(q)],
  ];
  for (const [stage, test] of tests) {
    for (const names of [display, aliases]) {
      const hits = items.filter((t) => names(t).some(test));
      // One app can be listed twice (two .desktop files with one name): dedupe by name.
      const unique = [...new Map(hits.map((h) => [normaliseText(h.name), h])).values()];
      if (unique.length === 1) return { kind: "found", item: unique[0], stage };
      if (unique.length > 1) return { kind: "ambiguous", candidates: unique, stage };
    }
  }
  return { kind: "none" };
}
