/**
 * Japanese and Chinese screens: a label is an element, never a character;
 * mnemonics come out as letters ("保存(S)", not "保存(5)") and an unread one
 * is read again letters-only; Latin runs are words of their own; and on the
 * labelled menu frames the menu items, their mnemonics and shortcuts are
 * read whole, with the CJK model alone and English for the Latin runs.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { languageEntries, loadFixture } from "../bench/ocr_score.ts";
import { cjkLabels, fitCjkToInk, fixMnemonic, joinTexts, splitScripts } from "../src/ocr/fixes/cjk.ts";
import { mnemonicGaps, mnemonicLetter } from "../src/ocr/fixes/latin_runs.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import type { OcrWord } from "../src/ocr/types.ts";

const word = (text: string, x: number, w: number, conf = 0.9): OcrWord => ({ text, x, y: 0, w, h: 14, conf });

Deno.test("CJK neighbours without a space join into one label; Latin words and clause ends stay apart", () => {
  const words = [
    word("名前を", 0, 30),
    word("付けて保存", 31, 50),
    word("(A)...", 82, 20),
    word("Ctrl+S", 150, 40),
  ];
  assertEquals(cjkLabels(words, 14).map((w) => w.text), ["名前を付けて保存(A)...", "Ctrl+S"]);
  assertEquals(cjkLabels([word("保存。", 0, 30), word("次", 31, 14)], 14).map((w) => w.text), [
    "保存。",
    "次",
  ]);
  assertEquals(joinTexts(["您正在使用", "root", "帐户。"]), "您正在使用 root 帐户。");
  assertEquals(joinTexts(["有可能", "会损害"]), "有可能会损害");
  assertEquals(splitScripts([word("您正在使用root帐户", 0, 100)]).map((w) => w.text), [
    "您正在使用",
    "root",
    "帐户",
  ]);
});

Deno.test("a mnemonic is a letter: digits read for it are spelled as the letter, a count behind a space is not", () => {
  assertEquals(fixMnemonic("保存(5)"), "保存(S)");
  assertEquals(fixMnemonic("開く(0)..."), "開く(O)...");
  assertEquals(fixMnemonic("編集(e)"), "編集(E)");
  assertEquals(fixMnemonic("受信 (3)"), "受信 (3)");
  assertEquals(fixMnemonic("Page (5)"), "Page (5)");
  assertEquals(mnemonicLetter("(L)"), "L");
  assertEquals(mnemonicLetter("L)"), "L");
  assertEquals(mnemonicLetter("(LL)"), null);
});

Deno.test("a CJK word's box is fitted to its own ink; a highlight, a neighbour's ink and Latin words are left alone", () => {
  // "root" 86..110, "帐户。" drawn 114..147 but placed 121..155, the next words' ink from 153.
  const line = {
    x: 400,
    y: 10,
    w: 300,
    h: 16,
    blobs: [{ x: 486, w: 24 }, { x: 514, w: 33 }, { x: 553, w: 137 }],
  } as never;
  const words = [word("root", 86, 24), word("帐户。", 121, 34), word("有可能", 153, 40)];
  assertEquals(fitCjkToInk(words, line, 16).map((w) => [w.text, w.x, w.w]), [
    ["root", 86, 24],
    ["帐户。", 114, 33],
    ["有可能", 153, 40],
  ]);
  // One component under the whole line is the selection's highlight, not the word's ink.
  const lit = { x: 0, y: 0, w: 200, h: 20, blobs: [{ x: 0, w: 200 }] } as never;
  assertEquals(fitCjkToInk([word("保存", 20, 30)], lit, 16)[0].x, 20);
  // Characters chained with a neighbour's into one component do not tell where the word starts.
  const chained = { x: 0, y: 0, w: 200, h: 20, blobs: [{ x: 0, w: 120 }, { x: 124, w: 20 }] } as never;
  assertEquals(fitCjkToInk([word("名", 0, 20), word("前を付けて保存", 27, 107)], chained, 16)[1].x, 27);
});

Deno.test("the bare ink right after a CJK label, as wide as (L), is where its unread mnemonic is", () => {
  const line = { x: 100, y: 10, w: 80, h: 17, blobs: [{ x: 100, w: 56 }, { x: 158, w: 12 }] } as never;
  // The word's box reaches 55, with a pixel's margin: the ink from 58 to 70 is bare.
  assertEquals(mnemonicGaps([word("全部保存", 0, 55)], line, 14).map((g) => [g.word, g.span.x0, g.span.x1]), [
    [0, 58, 70],
  ]);
  // A label that has its mnemonic, or a Latin word, is left alone.
  assertEquals(mnemonicGaps([word("保存(S)", 0, 55)], line, 14), []);
  assertEquals(mnemonicGaps([word("Save", 0, 55)], line, 14), []);
});

/** Each language's menu labels that must come out as elements, whole. */
const LABELS: Record<string, { models: string[]; labels: string[] }> = {
  ja: {
    models: ["jpn"],
    labels: [
      "ファイル(F)",
      "新規作成(N)",
      "開く(O)...",
      "名前を付けて保存(A)...",
      "保存(S)",
      "終了(Q)",
      "Ctrl+O",
      "Shift+Ctrl+S",
    ],
  },
  zh: {
    models: ["chi_sim"],
    labels: [
      "文件(F)",
      "新建(N)",
      "打开(O)...",
      "保存(S)",
      "全部保存(L)",
      "退出(Q)",
      "Ctrl+O",
      "Shift+Ctrl+S",
    ],
  },
};

for (const [code, { models, labels }] of Object.entries(LABELS)) {
  Deno.test(`${code}: mousepad's File menu reads as whole labels, mnemonics and shortcuts`, async () => {
    const entry = languageEntries(code).find((e) => e.name.endsWith("/mousepad_file_menu"));
    assert(entry, `no ${code} file-menu frame`);
    const f = await loadFixture(entry);
    const reader = createScreenReader(new TesseractEngine(2, { models, latinModels: ["eng"] }));
    try {
      const read = await reader.read(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
      // A menu bar's items may be one element: its labels are the words between the spaces.
      const texts = read.elements.flatMap((e) => [e.text, ...e.text.split(" ")]).map((t) =>
        t.normalize("NFKC")
      );
      const missing = labels.filter((l) => !texts.includes(l));
      assertEquals(missing, [], texts.join(" | "));
    } finally {
      await reader.close();
    }
  });
}
