/**
 * The one text matcher: how a piece of text the model wrote ("Preferences...")
 * is compared with text read off the screen ("Preferences…"). `recall` ranks
 * its search hits with it and the executor resolves step targets with it, so
 * a recall hit is a promise that a step aiming at that text would find it.
 *
 * Stages, tried in order, first success wins:
 * 1. exact: equal after case and whitespace normalisation;
 * 2. fuzzy: another spelling of the same symbol (`*`, `x` for `×`; `/` for
 *    `÷`; `-` for `−`; `x^2` for `x²`; common/symbols.ts); normalised edit distance over "folded" text (ellipsis, case and
 *    punctuation removed) at or above a threshold; a text that differs only
 *    by its accents or by ß/ss ("Offnen" for "Öffnen", "uber" for "über",
 *    "STRASSE" for "Straße") is a near miss, just below an equal fold, never
 *    an exact match; texts that carry different
 *    numbers never match fuzzily ("Page 1" is not "Page 2"), and very short
 *    texts must fold to the same string (a keypad "5" is not "6");
 * 3. semantic: equal once every word or phrase is replaced by the head of its
 *    synonym group in a small lexicon of UI vocabulary (Settings/Preferences,
 *    Einstellungen/Optionen, Paramètres/Préférences, 設定/環境設定);
 * 4. words: the same words in the same order, the same first and last, with
 *    a word or two more between in one of them ("Send me the newsletter" for
 *    "Send me the monthly newsletter"): a label said from memory.
 *
 * @module
 */

import { exponentSpelling, symbolOf } from "./symbols.ts";

/** Which stage of the matcher accepted a candidate. */
export type MatchStage = "exact" | "fuzzy" | "semantic" | "words";

/** A successful comparison. */
export interface TextMatch {
  stage: MatchStage;
  /** Similarity in 0..1 (1 for exact). */
  score: number;
}

/** Tuning of the fuzzy stage. */
export interface MatchOptions {
  /** Minimum similarity for a fuzzy match (default {@link FUZZY_THRESHOLD}). */
  threshold?: number;
}

/** Default minimum similarity for the fuzzy stage. */
export const FUZZY_THRESHOLD = 0.8;
/** Score given to a semantic match: below any fuzzy one, since it is a guess about meaning. */
export const SEMANTIC_SCORE = 0.75;
/** Score of a text that differs only by accents or ß/ss: a near miss, below an equal fold. */
export const ACCENT_SCORE = 0.97;
/** Score of another spelling of the same symbol (`*` for `×`): below an equal fold, above a near one. */
export const SYMBOL_SCORE = 0.98;
/** Folded texts shorter than this must be equal to match fuzzily. */
const SHORT_TEXT = 4;

/**
 * Groups of interchangeable UI words and phrases. The first entry is the
 * group's head; rows with the same head are one group. Phrases are compared
 * before single words.
 */
const LEXICON: readonly (readonly string[])[] = [
  ["settings", "preferences", "options", "prefs", "configuration", "config"],
  // The words of the languages choto reads (common/languages.ts) join their English group, so a
  // step that names a thing in one language finds it in another.
  ["settings", "einstellungen", "optionen", "konfiguration", "paramètres", "préférences", "réglages"],
  ["settings", "configuración", "preferencias", "opciones", "ajustes"],
  ["settings", "設定", "環境設定", "オプション", "设置", "首选项", "选项", "偏好设置"],
  ["ok", "okay"],
  ["trash", "bin", "recycle bin", "wastebasket"],
  ["quit", "exit", "close application"],
  ["quit", "beenden", "quitter", "salir", "終了", "退出"],
  ["delete", "remove", "erase"],
  [
    "delete",
    "löschen",
    "entfernen",
    "supprimer",
    "effacer",
    "eliminar",
    "borrar",
    "suprimir",
    "削除",
    "删除",
  ],
  ["find", "search", "look up"],
  ["find", "suchen", "rechercher", "chercher", "buscar", "検索", "查找", "搜索"],
  ["cancel", "dismiss", "abort"],
  ["yes", "confirm"],
  ["new", "create"],
  ["open", "load"],
  ["save as", "export as"],
  ["undo", "revert"],
  ["help", "support"],
  ["about", "info", "information"],
  ["sign in", "log in", "login", "signin"],
  ["sign out", "log out", "logout", "signout"],
  ["copy", "duplicate"],
  ["rename", "change name"],
  ["properties", "get info", "details"],
  ["refresh", "reload"],
  ["print", "print document"],
  ["next", "continue", "forward"],
  ["previous", "back"],
  ["apply", "save changes"],
  ["close", "close window"],
  ["close", "schließen", "fermer", "cerrar", "閉じる", "关闭"],
  ["folder", "directory"],
  ["picture", "image", "photo"],
];

/** Word or phrase → head of its group. */
const HEAD_OF = new Map<string, string>();
for (const group of LEXICON) for (const term of group) HEAD_OF.set(term, group[0]);
/** Phrases (several words) longest first, so "recycle bin" wins over "bin". */
const PHRASES = [...HEAD_OF.keys()].filter((t) => t.includes(" ")).sort((a, b) => b.length - a.length);

/** Case- and whitespace-normalised text: what the exact stage compares. */
export function normaliseText(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Folds what OCR and people write differently: the ellipsis (`…` or `...`),
 * case, punctuation and spacing. Text made only of symbols (a keypad `+`,
 * `×`) is kept as it is, since folding it would leave nothing to compare.
 */
export function foldText(text: string): string {
  const base = normaliseText(text).replace(/\u2026/g, "...");
  const folded = base
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return folded === "" ? base.replace(/\s+/g, "") : folded;
}

/**
 * A folded text without its accents, ß as ss: what a text typed without the
 * language's keyboard looks like ("Öffnen" → "offnen"). CJK text has no
 * marks to drop and stays as it is (NFD would split kana's dakuten).
 */
export function accentFold(folded: string): string {
  return folded.replace(
    /[\p{Script=Latin}]+/gu,
    (run) => run.normalize("NFD").replace(/\p{M}+/gu, "").replace(/ß/g, "ss"),
  );
}

/** Levenshtein distance (two rows, O(|a|·|b|) time). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** Similarity of two texts after folding: 1 − edit distance / longer length. */
export function similarity(a: string, b: string): number {
  const fa = foldText(a);
  const fb = foldText(b);
  const longest = Math.max(fa.length, fb.length);
  if (longest === 0) return 1;
  return 1 - editDistance(fa, fb) / longest;
}

/**
 * Folds the letters OCR confuses with digits (l, i, | → 1; o → 0; s → 5;
 * b → 8; z → 2) so "Fruitll" compares equal to "Fruit11". Used only when the
 * query itself carries a digit: in plain words the letters are letters.
 */
export function digitFold(folded: string): string {
  return folded.replace(/[li|!]/g, "1").replace(/o/g, "0").replace(/s/g, "5").replace(/b/g, "8").replace(
    /z/g,
    "2",
  );
}

/** The numbers a text carries, in order ("Page 12 of 40" → "12,40"). */
function numbersOf(folded: string): string {
  return (folded.match(/\p{N}+/gu) ?? []).join(",");
}

/** Replaces every lexicon phrase and word by its group head. */
function canonical(folded: string): string {
  let text = ` ${folded} `;
  for (const phrase of PHRASES) {
    const padded = ` ${phrase} `;
    if (text.includes(padded)) text = text.split(padded).join(` ${HEAD_OF.get(phrase)} `);
  }
  return text.trim().split(" ").map((w) => HEAD_OF.get(w) ?? w).join(" ");
}

/** Fewest words the shorter text needs for the words stage: with fewer, the extra words are most of it. */
const MIN_ORDERED_WORDS = 3;
/** Most words the longer text may add for the words stage, in all and between two neighbours. */
const MAX_ADDED_WORDS = 2;
const MAX_ADDED_BETWEEN = 1;

/**
 * The words stage on two folded texts: the shorter one's words all appear
 * in the longer one, in order, the first and last words included, with at
 * most {@link MAX_ADDED_WORDS} added (one between any two). Returns the
 * share of the longer text's words the shorter one has, or null.
 */
export function wordsInOrder(a: string, b: string): number | null {
  const [short, long] = [a.split(" "), b.split(" ")].sort((x, y) => x.length - y.length);
  const added = long.length - short.length;
  if (short.length < MIN_ORDERED_WORDS || added < 1 || added > MAX_ADDED_WORDS) return null;
  if (short[0] !== long[0] || short[short.length - 1] !== long[long.length - 1]) return null;
  let j = 0;
  for (const word of short) {
    const from = j;
    while (j < long.length && long[j] !== word) j++;
    if (j === long.length || j - from > MAX_ADDED_BETWEEN) return null;
    j++;
  }
  return j === long.length ? round(short.length / long.length) : null;
}

/**
 * Prepares the query once and returns a function comparing it with
 * candidates: the way to test many candidates against one query.
 */
export function createMatcher(
  query: string,
  options: MatchOptions = {},
): (candidate: string) => TextMatch | null {
  const nq = normaliseText(query);
  const symbol = symbolOf(query);
  const power = exponentSpelling(query);
  const fq = foldText(query);
  const numbers = numbersOf(fq);
  const hasDigit = /\p{N}/u.test(fq);
  const digitQuery = digitFold(fq);
  const threshold = options.threshold ?? FUZZY_THRESHOLD;
  let canonicalQuery: string | null = null;
  let accentQuery: string | null = null;
  return (candidate) => {
    if (nq === normaliseText(candidate)) return { stage: "exact", score: 1 };
    if (symbol !== null && symbol === symbolOf(candidate)) return { stage: "fuzzy", score: SYMBOL_SCORE };
    if (power !== null && power === exponentSpelling(candidate)) {
      return { stage: "fuzzy", score: SYMBOL_SCORE };
    }
    const fc = foldText(candidate);
    if (fq === "" || fc === "") return null;
    if (fq === fc) return { stage: "fuzzy", score: 0.99 };
    accentQuery ??= accentFold(fq);
    if (accentQuery === accentFold(fc)) return { stage: "fuzzy", score: ACCENT_SCORE };
    if (hasDigit && digitQuery === digitFold(fc)) return { stage: "fuzzy", score: 0.95 };
    const longest = Math.max(fq.length, fc.length);
    // Edit distance is at least the length difference: skip it when that alone fails.
    const reachable = 1 - Math.abs(fq.length - fc.length) / longest >= threshold;
    if (reachable && longest >= SHORT_TEXT && numbers === numbersOf(fc)) {
      const score = 1 - editDistance(fq, fc) / longest;
      if (score >= threshold) return { stage: "fuzzy", score: round(score) };
    }
    canonicalQuery ??= canonical(fq);
    if (canonicalQuery === canonical(fc)) return { stage: "semantic", score: SEMANTIC_SCORE };
    const inOrder = numbers === numbersOf(fc) ? wordsInOrder(fq, fc) : null;
    return inOrder === null ? null : { stage: "words", score: inOrder };
  };
}

/**
 * Compares what the model asked for with one candidate text.
 * Returns the stage that accepted it and a similarity, or null.
 */
export function matchText(
  query: string,
  candidate: string,
  options: MatchOptions = {},
): TextMatch | null {
  return createMatcher(query, options)(candidate);
}

/** A candidate the matcher accepted. */
export interface RankedMatch<T> {
  item: T;
  match: TextMatch;
}

const STAGE_ORDER: Record<MatchStage, number> = { exact: 0, fuzzy: 1, semantic: 2, words: 3 };

/** Orders matches best first: by stage, then by score. */
export function compareMatches(a: TextMatch, b: TextMatch): number {
  return STAGE_ORDER[a.stage] - STAGE_ORDER[b.stage] || b.score - a.score;
}

/** Every candidate the matcher accepts, best first (stable for ties). */
export function rankMatches<T>(
  query: string,
  items: Iterable<T>,
  textOf: (item: T) => string,
  options: MatchOptions = {},
): RankedMatch<T>[] {
  const matcher = createMatcher(query, options);
  const out: RankedMatch<T>[] = [];
  for (const item of items) {
    const match = matcher(textOf(item));
    if (match) out.push({ item, match });
  }
  return out.sort((a, b) => compareMatches(a.match, b.match));
}

/** A candidate text and how close it is to the query. */
export interface NearText {
  text: string;
  similarity: number;
}

/**
 * The `n` candidates closest to the query by folded edit distance, whether
 * or not they match — what a failed step reports as "closest on-screen texts".
 */
export function closestTexts(query: string, candidates: Iterable<string>, n = 3): NearText[] {
  const seen = new Set<string>();
  const out: NearText[] = [];
  for (const text of candidates) {
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, similarity: round(similarity(query, text)) });
  }
  return out.sort((a, b) => b.similarity - a.similarity).slice(0, Math.max(0, n));
}

/**
 * Other words for the query taken from the lexicon ("Preferences…" →
 * settings, options, …), so a search can fetch candidates the semantic stage
 * would accept. The query's own folded form is not included.
 */
export function synonymsOf(query: string): string[] {
  const folded = foldText(query);
  const head = HEAD_OF.get(folded);
  if (head === undefined) return [];
  const group = LEXICON.filter((g) => g[0] === head).flat();
  return [...new Set(group)].filter((t) => t !== folded);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
