/**
 * Which languages Vision is asked to read: the user's preferred languages
 * (System Settings → General → Language & Region, in order) that Vision's
 * accurate recogniser supports, matched by language and script, so "de-CH"
 * reads with "de-DE" and "zh-Hans-CN" with "zh-Hans". Pure, for tests; the
 * macOS reads live in `vision_read.ts`.
 *
 * @module
 */

/** What Vision reads when nothing else is known (its own default). */
export const VISION_DEFAULT_LANGUAGES = ["en-US"];

/** Language and script of a BCP-47 tag, lowercased: "zh-Hant-TW" → {lang: "zh", script: "hant"}. */
function parts(tag: string): { lang: string; script: string | null } {
  const [lang, ...rest] = tag.replace(/_/g, "-").toLowerCase().split("-");
  const script = rest.find((p) => /^[a-z]{4}$/.test(p)) ?? null;
  return { lang, script };
}

/**
 * The supported languages to ask for, in the user's order: each preferred
 * tag's exact match, else the first supported tag of the same language (and
 * script, when both name one). English is kept last when the user reads
 * another language first, as most interfaces still show some English; the
 * default when nothing matches.
 */
export function visionLanguages(preferred: readonly string[], supported: readonly string[]): string[] {
  const out: string[] = [];
  const add = (t: string | undefined) => {
    if (t && !out.includes(t)) out.push(t);
  };
  for (const want of preferred) {
    const exact = supported.find((s) => s.toLowerCase() === want.replace(/_/g, "-").toLowerCase());
    if (exact) {
      add(exact);
      continue;
    }
    const w = parts(want);
    add(supported.find((s) => {
      const p = parts(s);
      return p.lang === w.lang && (w.script === null || p.script === null || p.script === w.script);
    }));
  }
  if (out.length && !out.some((t) => parts(t).lang === "en")) {
    add(supported.find((s) => s === "en-US") ?? supported.find((s) => parts(s).lang === "en"));
  }
  return out.length ? out : [...VISION_DEFAULT_LANGUAGES];
}
