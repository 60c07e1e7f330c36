/**
 * Destructive intent: which labels, keys and dialogs need the user's yes.
 * The table is the contract: a destructive word anywhere in a label, as a
 * word, counts; another word that only starts like one does not.
 */

import { assertEquals } from "./support/assert.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { destructivePhrase, labelWords } from "../src/common/destructive.ts";
import { DESTRUCTIVE_VOCABULARIES, destructiveWords } from "../src/common/destructive_words.ts";
import { buttonKeyOf, destructiveLabel, dialogButtonFor } from "../src/plan/confirm.ts";
import type { Look } from "../src/look/look.ts";
import { text, window } from "./support/fake_desktop.ts";

const policy = buildPolicy(null, "", () => undefined);

/** Labels that ask, with the word or phrase that makes them. */
const DESTRUCTIVE: Array<[string, string]> = [
  ["Delete", "Delete"],
  ["Delete?", "Delete"],
  ["Delete!", "Delete"],
  ["Delete…", "Delete"],
  ["Permanently delete", "Delete"],
  ["Yes, delete", "Delete"],
  ["Delete Permanently", "Delete"],
  ["Remove All", "Remove"],
  ["Reset…", "Reset"],
  ["Factory reset", "Reset"],
  ["Clear all data", "Clear All"],
  ["Clear History", "Clear History"],
  ["Trash", "Trash"],
  ["Move to Trash", "Trash"],
  ["Empty Trash", "Trash"],
  ["Empty Bin", "Empty Bin"],
  ["Don't Save", "Don't Save"],
  ["Don’t Save", "Don't Save"],
  ["Dont Save", "Don't Save"],
  ["Do Not Save", "Do Not Save"],
  ["Close Without Saving", "Without Saving"],
  ["Quit without saving", "Without Saving"],
  ["Discard changes", "Discard"],
  ["Overwrite", "Overwrite"],
  ["Yes, overwrite the file", "Overwrite"],
  ["Uninstall…", "Uninstall"],
  ["Format Disk…", "Format Disk"],
  ["Revert to Saved", "Revert to Saved"],
  ["Wipe device", "Wipe"],
  // What a hostile screen or model might write: hidden characters and lookalike letters.
  ["De\u00adlete", "Delete"],
  ["\u202eDelete", "Delete"],
  ["D\u200belete", "Delete"],
  ["Dеlete", "Delete"], // Cyrillic е
  ["ＤＥＬＥＴＥ", "Delete"], // full-width
];

/** Labels that do not ask, and why. */
const HARMLESS: Array<[string, string]> = [
  ["Deleted items", "a folder's name: 'deleted' is another word than 'delete'"],
  ["Removed", "a state, not an action"],
  ["Save", "saving loses nothing"],
  ["Cancel", "nothing happens"],
  ["Keep", "nothing happens"],
  ["Clear", "a text field's or a calculator's clear button alone destroys nothing stored"],
  ["Format", "the Format menu of an editor or a spreadsheet"],
  ["Format Cells…", "formatting is not wiping"],
  ["Reset Zoom", "a view, not data"],
  ["Preferences", "no destructive word"],
  ["Undeletable", "another word"],
  ["Please remove the cover before use and read the manual for the steps that follow", "prose, not a button"],
];

Deno.test("a destructive word or phrase anywhere in a label, as a word, asks", () => {
  for (const [label, phrase] of DESTRUCTIVE) {
    assertEquals(destructiveLabel(policy, label), phrase, JSON.stringify(label));
  }
});

Deno.test("labels that only look like destructive ones do not ask", () => {
  for (const [label, why] of HARMLESS) {
    assertEquals(destructiveLabel(policy, label), null, `${label}: ${why}`);
  }
});

Deno.test("words are compared folded: case, apostrophes, punctuation and hidden characters aside", () => {
  assertEquals(labelWords("Don’t  Save?!"), ["dont", "save"]);
  assertEquals(labelWords("Yes,delete"), ["yes", "delete"]);
  assertEquals(labelWords("\u202eDe\u00adlete\u200b"), ["delete"]);
  assertEquals(destructivePhrase("Reset zoom and reset all", ["Reset"], ["Reset zoom"]), "Reset");
  assertEquals(destructivePhrase("Reset zoom", ["Reset"], ["Reset zoom"]), null);
});

Deno.test("the user's own list replaces the built-in one, and each language plugs in its own", () => {
  const own = buildPolicy({ destructive_labels: ["Send"] }, "cfg", () => undefined);
  assertEquals(destructiveLabel(own, "Send now"), "Send");
  assertEquals(destructiveLabel(own, "Yes, send it"), "Send");
  assertEquals(destructiveLabel(own, "Delete"), null);
  assertEquals(destructiveWords(Object.keys(DESTRUCTIVE_VOCABULARIES)), policy.destructiveLabels);
  assertEquals(destructiveWords(["xx"]), destructiveWords(["en"]));
  assertEquals(Object.keys(DESTRUCTIVE_VOCABULARIES), ["en", "de", "fr", "es", "ja", "zh"]);
});

/** Each language's labels that ask, with the phrase that makes them, and labels of theirs that do not. */
const BY_LANGUAGE: Record<string, { asks: Array<[string, string]>; not: string[] }> = {
  de: {
    asks: [
      ["Löschen", "Löschen"],
      ["Endgültig löschen", "Löschen"],
      ["Verwerfen", "Verwerfen"],
      [
        "Ohne Speichern schließen",
        "Ohne Speichern",
      ],
      ["In den Papierkorb verschieben", "In den Papierkorb verschieben"],
      ["LÖSCHEN?", "Löschen"],
    ],
    not: ["Speichern", "Abbrechen", "Gelöschte Objekte", "Zoom zurücksetzen", "Öffnen …"],
  },
  fr: {
    asks: [["Supprimer", "Supprimer"], ["Fermer sans enregistrer", "Fermer sans enregistrer"], [
      "Vider la corbeille",
      "Vider la corbeille",
    ], ["Effacer l’historique", "Effacer"]],
    not: ["Enregistrer", "Annuler", "Remplacer…", "Réinitialiser le zoom"],
  },
  es: {
    asks: [
      ["Eliminar", "Eliminar"],
      ["Cerrar sin guardar", "Cerrar sin guardar"],
      ["Borrar todo", "Borrar"],
      [
        "Descartar cambios",
        "Descartar",
      ],
    ],
    not: ["Guardar", "Cancelar", "Reemplazar…", "Eliminados"],
  },
  ja: {
    asks: [["削除", "削除"], ["完全に削除", "削除"], ["保存せずに閉じる(W)", "保存せずに閉じる"], [
      "ゴミ箱を空にする",
      "ゴミ箱を空にする",
    ], ["変更を破棄しますか？", "破棄"]],
    not: ["保存(S)", "上書き保存", "キャンセル", "開く(O)…"],
  },
  zh: {
    asks: [["删除", "删除"], ["永久删除", "删除"], ["不保存", "不保存"], ["清空回收站", "清空"]],
    not: ["保存(S)", "取消", "打开(O)…", "另存为(A)…"],
  },
};

Deno.test("each language's destructive words ask, and its everyday labels do not", () => {
  for (const [code, { asks, not }] of Object.entries(BY_LANGUAGE)) {
    const got = [...asks.map(([label]) => label), ...not].map((
      label,
    ) => [label, destructiveLabel(policy, label)]);
    assertEquals(got, [...asks, ...not.map((label) => [label, null])], code);
  }
});

/** A look at a dialog (or a window) holding these texts. */
function lookAt(texts: string[], kind: "dialog" | "normal" = "dialog"): Look {
  const w = window("9", "Mousepad", "Save changes?", { x: 0, y: 0, width: 400, height: 200 }, kind);
  return {
    state: {
      screen: { widthPx: 400, heightPx: 300, widthPt: 400, heightPt: 300, scale: 1 },
      windows: [w],
      chrome: [],
      focusWindowId: w.id,
      frontmostApp: w.app,
    },
    frame: { width: 1, height: 1, data: new Uint8Array(4) },
    window: w,
    front: { kind: "front", window: w },
    windowElements: texts.map((t, i) => text(t, 60 + i * 100, 150)),
    chromeElements: [],
    icons: [],
    grid: null,
    nodeId: null,
    unstored: null,
    at: 0,
  };
}

Deno.test("Enter, Return, Space and a dialog's mnemonics press its buttons: a destructive one asks", () => {
  const save = lookAt(["Save the changes to “notes” before closing?", "Don't Save", "Cancel", "Save"]);
  const ask = (keys: string[], l = save) => dialogButtonFor(policy, buttonKeyOf(keys), l);
  assertEquals(ask(["enter"]), "Don't Save");
  assertEquals(ask(["return"]), "Don't Save");
  assertEquals(ask(["space"]), "Don't Save");
  assertEquals(ask(["alt", "d"]), "Don't Save");
  // Alt+S is Save's letter, Alt+C Cancel's: they destroy nothing.
  assertEquals(ask(["alt", "s"]), null);
  assertEquals(ask(["alt", "c"]), null);
  // A letter no button starts with may be underlined inside one: the destructive one holds an "n".
  assertEquals(ask(["alt", "n"]), "Don't Save");
  assertEquals(ask(["alt", "z"]), null);
  // Other keys press no button.
  assertEquals(ask(["tab"]), null);
  assertEquals(ask(["cmd", "s"]), null);
  // A dialog without a destructive button, and a document window, are not asked about.
  assertEquals(ask(["enter"], lookAt(["Name:", "Cancel", "OK"])), null);
  assertEquals(ask(["enter"], lookAt(["Delete the old files", "then save"], "normal")), null);
  // The question text is not a button: a dialog asking "Remove the report?" with Keep/OK does not ask.
  assertEquals(ask(["enter"], lookAt(["Remove the quarterly report?", "Keep", "OK"])), null);
});
