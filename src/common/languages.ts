/**
 * The languages choto reads screens in: which ones it knows, how the user's
 * desktop names them, and which are in force. Every part that reads words
 * (the recognisers, the shortcut grammar, the matcher) takes its languages
 * from here.
 *
 * Where the languages come from, first found wins:
 * 1. `CHOTO_LANGS` (`deu+eng`, `de,en`, `ja`): exactly the languages named,
 *    in that order;
 * 2. `languages` in choto.json, read the same way;
 * 3. the desktop: on Linux the first of `LANGUAGE` (a colon list),
 *    `LC_ALL`, `LC_MESSAGES` and `LANG` that names a language, as gettext
 *    picks a program's translation; on macOS the user's preferred languages
 *    (System Settings → General → Language & Region). The desktop's first
 *    language choto knows is used;
 * 4. English.
 *
 * English is always added last when it is not named: shortcuts, app names and
 * many interfaces stay English on any desktop.
 *
 * @module
 */

/** A language choto can read, and its names in the tools that read it. */
export interface UiLanguage {
  /** ISO 639-1 code: "de". */
  code: string;
  /** tesseract's model name: "deu". */
  tesseract: string;
  /** The BCP-47 tag Vision reads it under: "de-DE". */
  vision: string;
  /** The English name, for doctor. */
  name: string;
  /** Whether words are written with spaces between them (Latin) or without (Japanese, Chinese). */
  script: "latin" | "cjk";
}

/** Every language choto reads, English first. */
export const UI_LANGUAGES: readonly UiLanguage[] = [
  { code: "en", tesseract: "eng", vision: "en-US", name: "English", script: "latin" },
  { code: "de", tesseract: "deu", vision: "de-DE", name: "German", script: "latin" },
  { code: "fr", tesseract: "fra", vision: "fr-FR", name: "French", script: "latin" },
  { code: "es", tesseract: "spa", vision: "es-ES", name: "Spanish", script: "latin" },
  { code: "ja", tesseract: "jpn", vision: "ja-JP", name: "Japanese", script: "cjk" },
  { code: "zh", tesseract: "chi_sim", vision: "zh-Hans", name: "Chinese (simplified)", script: "cjk" },
];

const ENGLISH = UI_LANGUAGES[0];

/** The languages in force and where they came from. */
export interface LanguageChoice {
  languages: UiLanguage[];
  /** "CHOTO_LANGS", the config file's path, "LANG=de_DE.UTF-8", "macOS preferred languages", or "default". */
  source: string;
  /** Names in the source that choto does not read (shown by doctor). */
  unknown: string[];
}

/**
 * The language one name stands for: a tesseract model name (`deu`,
 * `chi_sim`), an ISO code (`de`), a locale (`de_DE.UTF-8`, `de-CH`,
 * `zh_CN`) or a BCP-47 tag (`zh-Hans-CN`); null for one choto does not read.
 * Traditional Chinese (`zh_TW`, `zh-Hant`) is not simplified Chinese and
 * reads as unknown.
 */
export function languageOf(name: string): UiLanguage | null {
  const t = name.trim().replace(/[.@].*$/, "").replace(/_/g, "-").toLowerCase();
  if (!t) return null;
  const byModel = UI_LANGUAGES.find((l) => l.tesseract === t.replace(/-/g, "_"));
  if (byModel) return byModel;
  const [lang, ...rest] = t.split("-");
  const found = UI_LANGUAGES.find((l) => l.code === lang);
  if (!found || found.code !== "zh") return found ?? null;
  // Chinese: only the simplified script has a model here.
  const traditional = rest.includes("hant") || rest.some((p) => ["tw", "hk", "mo"].includes(p));
  return traditional && !rest.includes("hans") ? null : found;
}

/** Reads a list of names (`deu+eng`, `de,en`, `de:fr`, or an array of them) into languages, in order. */
export function parseLanguages(
  value: string | readonly string[],
): { languages: UiLanguage[]; unknown: string[] } {
  const names = (typeof value === "string" ? [value] : value).flatMap((v) => v.split(/[+,:;\s]+/))
    .map((n) => n.trim()).filter(Boolean);
  const languages: UiLanguage[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    const l = languageOf(n);
    if (!l) unknown.push(n);
    else if (!languages.includes(l)) languages.push(l);
  }
  return { languages, unknown };
}

/** English added last when it is not there already. */
export function withEnglish(languages: readonly UiLanguage[]): UiLanguage[] {
  return languages.includes(ENGLISH) ? [...languages] : [...languages, ENGLISH];
}

/** The locale variables gettext consults for messages, in its order. */
export const LOCALE_VARS = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] as const;

/**
 * The desktop's languages on Linux, from the locale variables as gettext
 * reads them: `LANGUAGE` (a colon list) counts only when the locale itself is
 * not C/POSIX; otherwise the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
 * set. Returns the names in order and the variable they came from.
 */
export function localeLanguages(
  env: (name: string) => string | undefined,
): { names: string[]; from: string } | null {
  const locale = ["LC_ALL", "LC_MESSAGES", "LANG"].map((v) => ({ v, value: env(v)?.trim() }))
    .find((e) => e.value);
  const plain = !locale || /^(C|POSIX)([.@].*)?$/i.test(locale.value!);
  const list = env("LANGUAGE")?.trim();
  if (list && !plain) return { names: list.split(":").filter(Boolean), from: `LANGUAGE=${list}` };
  if (!locale || plain) return null;
  return { names: [locale.value!], from: `${locale.v}=${locale.value}` };
}

/** Where the languages may come from, in order of precedence. */
export interface LanguageSources {
  /** `CHOTO_LANGS`. */
  override?: string;
  /** choto.json's `languages`, with the file's path. */
  config?: { value: string | readonly string[]; where: string };
  /** The desktop's languages, best first, and what they were read from. */
  desktop?: { names: readonly string[]; from: string } | null;
}

/** The languages in force (see the module note), English always among them. */
export function chooseLanguages(sources: LanguageSources): LanguageChoice {
  const named = [
    sources.override?.trim() ? { value: sources.override, source: "CHOTO_LANGS" } : null,
    sources.config ? { value: sources.config.value, source: sources.config.where } : null,
  ].find((s) => s !== null);
  if (named) {
    const { languages, unknown } = parseLanguages(named.value);
    if (languages.length) return { languages: withEnglish(languages), source: named.source, unknown };
    return { languages: [ENGLISH], source: named.source, unknown };
  }
  const desktop = sources.desktop;
  if (desktop?.names.length) {
    const { languages, unknown } = parseLanguages(desktop.names);
    // The desktop's first language choto reads: more models would cost every read their time.
    if (languages.length) {
      return { languages: withEnglish(languages.slice(0, 1)), source: desktop.from, unknown };
    }
    return { languages: [ENGLISH], source: desktop.from, unknown };
  }
  return { languages: [ENGLISH], source: "default", unknown: [] };
}

/** The choice shown in one line: "German, English (from LANG=de_DE.UTF-8)". */
export function describeLanguages(choice: LanguageChoice): string {
  const names = choice.languages.map((l) => `${l.name} (${l.tesseract})`).join(", ");
  const unknown = choice.unknown.length ? `; not read by choto: ${choice.unknown.join(", ")}` : "";
  return `${names}, from ${choice.source}${unknown}`;
}

/** English alone: what choto reads when nothing says otherwise. */
export function englishOnly(): LanguageChoice {
  return { languages: [ENGLISH], source: "default", unknown: [] };
}
