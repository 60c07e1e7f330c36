/**
 * Matching a name the way a person means it (case and accents aside, in any
 * language the desktop entry names it in), the one matcher for app names
 * (focus_app, recall, the icon tools) and window titles (a step's
 * target.window, recall's window): case-insensitive exact name first, then
 * a unique prefix, then a unique piece. At each stage display names are
 * tried before aliases (binary names; localized names belong there too), so
 * "mousepad" finds the app "Mousepad" rather than its settings dialog, whose
 * command is also `mousepad`. Differently named hits at the first stage that
 * has any make the name ambiguous, reported by {@link ambiguousName} in the
 * same words by every tool.
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
  aliases: readonly string[];
}

/** The stages of {@link matchAppName}, in the order they are tried. */
export type NameStage = "exact" | "prefix" | "substring";

/** The outcome of matching a name against candidates. */
export type NameMatch<T> =
  | { kind: "found"; item: T; stage: NameStage }
  | { kind: "ambiguous"; candidates: T[]; stage: NameStage }
  | { kind: "none" };

/**
 * True when two app names are the same once case and spacing are ignored
 * ("Visual Studio Code" and "visualstudiocode"), as window systems spell
 * an app's name both ways.
 */
export function sameAppName(a: string, b: string): boolean {
  return nameKey(a).replace(/ /g, "") === nameKey(b).replace(/ /g, "");
}

/**
 * Matches `query` against the names and aliases of `items`. Items with the
 * same display name count as one (an app listed twice, two windows with one
 * title: nothing in a name tells them apart), and the first of them in
 * `items` is the one found: put the preferred candidates first.
 */
export function matchAppName<T extends HasNames>(query: string, items: readonly T[]): NameMatch<T> {
  const q = nameKey(query);
  if (!q) return { kind: "none" };
  const display = (t: T) => [nameKey(t.name)];
  const aliases = (t: T) => t.aliases.map(nameKey).filter(Boolean);
  const tests: Array<[NameStage, (n: string) => boolean]> = [
    ["exact", (n) => n === q],
    ["prefix", (n) => n.startsWith(q)],
    ["substring", (n) => n.includes(q)],
  ];
  for (const [stage, test] of tests) {
    for (const names of [display, aliases]) {
      const hits = items.filter((t) => names(t).some(test));
      const firsts: T[] = [];
      for (const h of hits) {
        if (!firsts.some((f) => nameKey(f.name) === nameKey(h.name))) firsts.push(h);
      }
      if (firsts.length === 1) return { kind: "found", item: firsts[0], stage };
      if (firsts.length > 1) return { kind: "ambiguous", candidates: firsts, stage };
    }
  }
  return { kind: "none" };
}

/** Candidates an ambiguity names at most; the rest are counted. */
const MAX_LISTED = 8;

/**
 * The one way every tool reports an ambiguous name: what it matched and how
 * to choose. `what` names the candidates ("running apps", "open windows");
 * `names` are shown as given (quote-safe: the caller escapes screen text).
 */
export function ambiguousName(query: string, what: string, names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((n) => `"${n}"`).join(", ");
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : "";
  return `"${query}" matches ${names.length} ${what} (${shown}${more}); pass one of them in full`;
}
