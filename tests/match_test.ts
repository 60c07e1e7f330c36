import { assert, assertEquals } from "./support/assert.ts";
import {
  closestTexts,
  foldText,
  matchText,
  rankMatches,
  similarity,
  synonymsOf,
} from "../src/common/match.ts";

Deno.test("exact: case and whitespace do not matter", () => {
  assertEquals(matchText("save  as", "Save As"), { stage: "exact", score: 1 });
});

Deno.test("ellipsis: written two ways is the same text; left out, a near-exact fuzzy match", () => {
  assertEquals(matchText("Preferences...", "Preferences…")?.stage, "exact");
  assertEquals(matchText("Save As", "Save As…"), { stage: "fuzzy", score: 0.99 });
  assertEquals(foldText("Save As…"), "save as");
});

Deno.test("fuzzy: an OCR typo within the threshold matches, with its score", () => {
  const m = matchText("Preferences", "Preferenccs");
  assertEquals(m?.stage, "fuzzy");
  assert(m!.score >= 0.8 && m!.score < 1);
});

Deno.test("fuzzy: far-apart texts do not match", () => {
  assertEquals(matchText("Preferences", "Print"), null);
});

Deno.test("fuzzy: different numbers never match ('Page 1' is not 'Page 2')", () => {
  assertEquals(matchText("Page 1", "Page 2"), null);
});

Deno.test("fuzzy: short keys must fold equal (a keypad 5 is not 6)", () => {
  assertEquals(matchText("5", "6"), null);
  assertEquals(matchText("+", "-"), null);
  assertEquals(matchText("×", "×"), { stage: "exact", score: 1 });
});

Deno.test("semantic: UI synonyms match after fuzzy fails", () => {
  for (
    const [a, b] of [
      ["Settings", "Preferences…"],
      ["OK", "Okay"],
      ["Move to Trash", "Move to Bin"],
      ["Quit", "Exit"],
      ["Delete", "Remove"],
      ["Find", "Search"],
    ]
  ) {
    assertEquals(matchText(a, b)?.stage, "semantic", `${a} / ${b}`);
  }
});

Deno.test("rankMatches orders by stage, then score", () => {
  const ranked = rankMatches("Settings", ["Preferences", "Settings", "Setings", "Other"], (t) => t);
  assertEquals(ranked.map((r) => [r.item, r.match.stage]), [
    ["Settings", "exact"],
    ["Setings", "fuzzy"],
    ["Preferences", "semantic"],
  ]);
});

Deno.test("closestTexts gives the N nearest with similarity, even below the threshold", () => {
  const near = closestTexts("Save", ["Save As…", "Cancel", "Sage", "Save As…"], 2);
  assertEquals(near.length, 2);
  assertEquals(near[0].text, "Sage");
  assert(near[0].similarity >= near[1].similarity);
  assertEquals(similarity("abc", "abc"), 1);
});

Deno.test("synonymsOf gives the lexicon group without the query", () => {
  assert(synonymsOf("Preferences…").includes("settings"));
  assert(!synonymsOf("Preferences").includes("preferences"));
  assertEquals(synonymsOf("Frobnicate"), []);
});

Deno.test("a missing accent or ß written as ss is a near miss: fuzzy, below an equal fold, never exact", () => {
  const cases: Array<[string, string]> = [
    ["Offnen …", "Öffnen …"],
    ["uber", "über"],
    ["Fenetre", "Fenêtre"],
    ["Edition", "Édition"],
    ["senal", "señal"],
    ["STRASSE", "Straße"],
  ];
  for (const [query, screen] of cases) {
    const m = matchText(query, screen);
    assertEquals(m?.stage, "fuzzy", `${query} / ${screen}`);
    assert(m!.score < 0.99 && m!.score >= 0.95, `${query}: ${m!.score}`);
  }
  // Case folds the way the language writes it: exact.
  assertEquals(matchText("ÖFFNEN", "öffnen")?.stage, "exact");
  assertEquals(matchText("ÉDITION", "édition")?.stage, "exact");
  // An accent that changes the word is still only a near miss, and ranks below the word itself.
  const ranked = rankMatches("Löschen", ["Loschen", "Löschen"], (t) => t);
  assertEquals(ranked.map((r) => r.item), ["Löschen", "Loschen"]);
  // Japanese: kana with and without dakuten are different characters, not accents.
  assertEquals(matchText("ハ", "バ"), null);
  // Full-width brackets are the ASCII ones.
  assertEquals(matchText("開く(O)...", "開く（O）…")?.stage, "exact");
});

Deno.test("semantic: the languages' UI synonyms, across languages", () => {
  for (
    const [a, b] of [
      ["Einstellungen", "Optionen"],
      ["Paramètres", "Préférences"],
      ["Configuración", "Preferencias"],
      ["設定", "環境設定"],
      ["设置", "首选项"],
      ["Settings", "Einstellungen"],
      ["Delete", "削除"],
    ]
  ) assertEquals(matchText(a, b)?.stage, "semantic", `${a} / ${b}`);
  assertEquals(matchText("Einstellungen", "Löschen"), null);
  assert(synonymsOf("設定").includes("環境設定"));
  assert(synonymsOf("Settings").includes("preferences") && synonymsOf("Settings").includes("paramètres"));
});

Deno.test("words: either text may be the longer; 3+ words, same first and last, 1-2 added, never side by side", () => {
  // The target may hold the extra word as well as the element.
  assertEquals(matchText("Send me the monthly newsletter", "Send me the newsletter")?.stage, "words");
  // Two added words, apart: a match; side by side: none.
  assertEquals(matchText("Send the newsletter now", "Send me the big newsletter now")?.stage, "words");
  assertEquals(matchText("Send the newsletter", "Send me very the newsletter"), null);
  // Three added words: none.
  assertEquals(matchText("Send the newsletter now", "Send me the big newsletter today now"), null);
});

Deno.test("words: a label said from memory with a word left out still matches, in order only", () => {
  assertEquals(matchText("Send me the newsletter", "Send me the monthly newsletter")?.stage, "words");
  assertEquals(matchText("Send me the newsletter", "Send me the monthly newsletter")?.score, 0.8);
  // Out of order, another last word, too many added or other numbers: no match; two words are too few.
  assertEquals(matchText("newsletter the me Send", "Send me the monthly newsletter"), null);
  assertEquals(matchText("Send me the news", "Send me the monthly newsletter"), null);
  assert(matchText("Send newsletter", "Send me newsletter")?.stage !== "words");
  assertEquals(matchText("Send the newsletter", "Send me the very monthly newsletter"), null);
  assertEquals(matchText("Page 1 of the report", "Page 2 of the annual report"), null);
});
