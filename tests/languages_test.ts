/**
 * The languages screens are read in: from the desktop's locale (as gettext
 * reads it), CHOTO_LANGS or choto.json, English always added; names choto
 * cannot read are refused where the user wrote them; the model each
 * language needs and the package that holds it; the engine's models.
 */

import { assert, assertEquals, assertRejects, assertThrows } from "./support/assert.ts";
import { chooseLanguages, languageOf, localeLanguages } from "../src/common/languages.ts";
import { buildPolicy, policyLines } from "../src/common/policy.ts";
import { installedModel, modelFile, MODELS } from "../src/ocr/engines/language_data.ts";
import {
  LANGUAGES_TARGET_HEIGHT,
  MODEL_TARGET_HEIGHT,
  tesseractModels,
} from "../src/ocr/engines/platform.ts";

const envOf = (vars: Record<string, string>) => (n: string) => vars[n];
const models = (vars: Record<string, string>, file: unknown = null) =>
  buildPolicy(file, "choto.json", envOf(vars)).languages.languages.map((l) => l.tesseract);

Deno.test("the desktop's locale picks the language, English added; C and unknown locales read English", () => {
  assertEquals(models({ LANG: "de_DE.UTF-8" }), ["deu", "eng"]);
  assertEquals(models({ LANG: "en_US.UTF-8", LANGUAGE: "ja:en" }), ["jpn", "eng"]);
  assertEquals(models({ LC_ALL: "fr_FR.UTF-8", LANG: "de_DE.UTF-8" }), ["fra", "eng"]);
  assertEquals(models({ LC_MESSAGES: "es_ES.UTF-8", LANG: "de_DE.UTF-8" }), ["spa", "eng"]);
  assertEquals(models({ LANG: "zh_CN.UTF-8" }), ["chi_sim", "eng"]);
  // gettext ignores LANGUAGE under the C locale.
  assertEquals(models({ LANG: "C", LANGUAGE: "de" }), ["eng"]);
  assertEquals(models({ LANG: "pt_BR.UTF-8" }), ["eng"]);
  assertEquals(models({}), ["eng"]);
  // The first language of the list choto reads, and only it: each model costs every read its time.
  assertEquals(models({ LANG: "de_DE.UTF-8", LANGUAGE: "pt:fr:de" }), ["fra", "eng"]);
  assertEquals(localeLanguages(envOf({ LANG: "de_DE.UTF-8" })), {
    names: ["de_DE.UTF-8"],
    from: "LANG=de_DE.UTF-8",
  });
});

Deno.test("CHOTO_LANGS, then choto.json, name the languages exactly, in order", () => {
  assertEquals(models({ CHOTO_LANGS: "deu+eng", LANG: "ja_JP.UTF-8" }), ["deu", "eng"]);
  assertEquals(models({ CHOTO_LANGS: "de,fr" }), ["deu", "fra", "eng"]);
  assertEquals(models({ LANG: "ja_JP.UTF-8" }, { languages: ["es", "en"] }), ["spa", "eng"]);
  assertEquals(models({ CHOTO_LANGS: "zh" }, { languages: "de" }), ["chi_sim", "eng"]);
  assertEquals(languageOf("zh_TW.UTF-8"), null);
  assertEquals(languageOf("zh-Hans-CN")?.tesseract, "chi_sim");
  assertEquals(languageOf("de-CH")?.tesseract, "deu");
});

Deno.test("a language choto does not read is refused where the user wrote it, never read as English", () => {
  assertThrows(
    () => buildPolicy(null, "choto.json", envOf({ CHOTO_LANGS: "deu+xyz" })),
    /CHOTO_LANGS names xyz, which choto does not read/,
  );
  assertThrows(() => buildPolicy({ languages: ["kor"] }, "choto.json", envOf({})), /"languages" names kor/);
  assertThrows(() => buildPolicy({ languages: 3 }, "choto.json", envOf({})), /"languages" must be a string/);
  // The desktop's own unknown language is not the user's typo: English, and doctor says so.
  const p = buildPolicy(null, "choto.json", envOf({ LANG: "ko_KR.UTF-8" }));
  assert(
    policyLines(p, "choto.json").some((l) =>
      /languages: English \(eng\), from LANG=ko_KR.UTF-8; not read/.test(l)
    ),
  );
});

Deno.test("each language's model is its package's file; a name without one says which exist", async () => {
  for (const m of ["eng", "deu", "fra", "spa", "jpn", "chi_sim"]) {
    const f = await modelFile(m);
    assertEquals(f.package, `@tesseract.js-data/${m}`);
    assert(f.file.endsWith(`4.0.0_best_int/${m}.traineddata.gz`), f.file);
  }
  await assertRejects(() => modelFile("kor"), /choto has no model "kor" \(it reads eng, deu/);
});

Deno.test("a model not in choto's node_modules is found through its package, as a binary finds it", async () => {
  const { PACKAGES } = await import("../src/ocr/engines/model_packages.ts");
  assertEquals(Object.keys(PACKAGES), [...MODELS]);
  const elsewhere = new URL("file:///nonexistent-choto-folder/");
  for (const m of MODELS) {
    assertEquals(installedModel(m, elsewhere), null);
    const f = await modelFile(m, elsewhere);
    assertEquals(f.package, `@tesseract.js-data/${m}`);
    assert(Deno.statSync(f.file).isFile, f.file);
    assert(f.file.endsWith(`4.0.0_best_int/${m}.traineddata.gz`), f.file);
  }
});

Deno.test("a first language other than English reads alone, the others again where it is unsure", () => {
  const of = (v: string) => tesseractModels(chooseLanguages({ override: v }).languages);
  // German's model takes taller lines than the others: it reads at a smaller text height.
  assertEquals(of("de"), { models: ["deu"], latinModels: ["eng"], targetHeight: MODEL_TARGET_HEIGHT.deu });
  assert(MODEL_TARGET_HEIGHT.deu < LANGUAGES_TARGET_HEIGHT);
  assertEquals(of("fr"), { models: ["fra"], latinModels: ["eng"], targetHeight: LANGUAGES_TARGET_HEIGHT });
  assertEquals(of("es+de"), {
    models: ["spa"],
    latinModels: ["deu", "eng"],
    targetHeight: LANGUAGES_TARGET_HEIGHT,
  });
  // English first keeps the others in the same pass; so does a CJK language after a Latin one.
  assertEquals(of("en+de"), { models: ["eng", "deu"], targetHeight: LANGUAGES_TARGET_HEIGHT });
  assertEquals(of("fr+ja"), { models: ["fra", "jpn", "eng"], targetHeight: LANGUAGES_TARGET_HEIGHT });
  assertEquals(of("ja"), { models: ["jpn"], latinModels: ["eng"] });
  assertEquals(of("zh+fr"), { models: ["chi_sim"], latinModels: ["fra", "eng"] });
  assertEquals(of("en"), { models: ["eng"] });
});
