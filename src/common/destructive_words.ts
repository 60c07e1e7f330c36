/**
 * The words and phrases that make a button or menu item destructive, one
 * list per language. A language plugs in by adding its list here under its
 * ISO 639 code; `destructiveWords` joins the lists of the languages in use.
 * Entries are written as a person reads them; the matcher (destructive.ts)
 * folds case, apostrophes and punctuation, and finds them as whole words
 * anywhere in a label.
 *
 * @module
 */

/** One language's destructive vocabulary. */
export interface DestructiveVocabulary {
  /** Words and phrases whose presence in a label makes it destructive. */
  readonly phrases: readonly string[];
  /**
   * Phrases that contain a destructive word but destroy nothing ("Reset
   * zoom"): a label holding one of these is not destructive for that word.
   */
  readonly harmless: readonly string[];
}

/** English: verbs that delete or lose data, and the phrases around saving. */
const ENGLISH: DestructiveVocabulary = {
  phrases: [
    "Delete",
    "Erase",
    "Remove",
    "Discard",
    "Destroy",
    "Wipe",
    "Shred",
    "Purge",
    "Overwrite",
    "Uninstall",
    "Reset",
    "Trash",
    "Empty Bin",
    "Move to Bin",
    "Empty Recycle Bin",
    "Don't Save",
    "Do Not Save",
    "Without Saving",
    "Clear All",
    "Clear Data",
    "Clear History",
    "Clear Everything",
    "Clear Browsing Data",
    "Format Disk",
    "Format Drive",
    "Format Volume",
    "Format Partition",
    "Format Device",
    "Revert to Saved",
  ],
  harmless: ["Reset Zoom", "Zoom Reset", "Reset View"],
};

/** German: the verbs GTK, Qt and KDE put on buttons that delete or lose data. */
const GERMAN: DestructiveVocabulary = {
  phrases: [
    "Löschen",
    "Endgültig löschen",
    "Entfernen",
    "Verwerfen",
    "Zerstören",
    "Überschreiben",
    "Deinstallieren",
    "Zurücksetzen",
    "Papierkorb leeren",
    "In den Papierkorb verschieben",
    "Nicht speichern",
    "Ohne Speichern",
    "Ohne Speichern schließen",
    "Alles löschen",
    "Formatieren",
  ],
  harmless: ["Zoom zurücksetzen", "Ansicht zurücksetzen"],
};

/** French. */
const FRENCH: DestructiveVocabulary = {
  phrases: [
    "Supprimer",
    "Supprimer définitivement",
    "Effacer",
    "Retirer",
    "Détruire",
    "Écraser",
    "Désinstaller",
    "Réinitialiser",
    "Vider la corbeille",
    "Mettre à la corbeille",
    "Ne pas enregistrer",
    "Fermer sans enregistrer",
    "Sans enregistrer",
    "Tout effacer",
    "Formater",
  ],
  harmless: ["Réinitialiser le zoom", "Réinitialiser la vue"],
};

/** Spanish. */
const SPANISH: DestructiveVocabulary = {
  phrases: [
    "Eliminar",
    "Eliminar permanentemente",
    "Borrar",
    "Suprimir",
    "Quitar",
    "Descartar",
    "Destruir",
    "Sobrescribir",
    "Desinstalar",
    "Restablecer",
    "Vaciar la papelera",
    "Mover a la papelera",
    "No guardar",
    "Cerrar sin guardar",
    "Sin guardar",
    "Borrar todo",
    "Formatear",
  ],
  harmless: ["Restablecer el zoom", "Restablecer la vista"],
};

/**
 * Japanese. Written without spaces, so a phrase counts wherever it stands in
 * a label ("完全に削除しますか？"), not only as a word of its own.
 */
const JAPANESE: DestructiveVocabulary = {
  phrases: [
    "削除",
    "完全に削除",
    "消去",
    "破棄",
    "変更を破棄",
    // Not 上書き (overwrite) alone: 上書き保存 is the plain Save of Japanese apps.
    "アンインストール",
    "初期化",
    "リセット",
    "ゴミ箱を空にする",
    "ゴミ箱に移動",
    "保存しない",
    "保存せずに閉じる",
    "フォーマット",
  ],
  harmless: [],
};

/** Chinese (simplified), written without spaces as Japanese is. */
const CHINESE: DestructiveVocabulary = {
  phrases: [
    "删除",
    "永久删除",
    "彻底删除",
    "移除",
    "清除",
    "清空",
    "丢弃",
    "放弃",
    "销毁",
    "覆盖",
    "卸载",
    "重置",
    "清空回收站",
    "移到回收站",
    "不保存",
    "关闭而不保存",
    "格式化",
  ],
  harmless: [],
};

/** Every language's list, by ISO 639-1 code. */
export const DESTRUCTIVE_VOCABULARIES: Readonly<Record<string, DestructiveVocabulary>> = {
  en: ENGLISH,
  de: GERMAN,
  fr: FRENCH,
  es: SPANISH,
  ja: JAPANESE,
  zh: CHINESE,
};

/** The phrases of the given languages (English when none is known), without repeats. */
export function destructiveWords(languages: readonly string[] = ["en"]): string[] {
  const lists = languages.map((l) => DESTRUCTIVE_VOCABULARIES[l]).filter(Boolean);
  return [...new Set((lists.length ? lists : [ENGLISH]).flatMap((v) => v.phrases))];
}

/** The harmless phrases of the given languages. */
export function harmlessPhrases(languages: readonly string[] = ["en"]): string[] {
  const lists = languages.map((l) => DESTRUCTIVE_VOCABULARIES[l]).filter(Boolean);
  return [...new Set((lists.length ? lists : [ENGLISH]).flatMap((v) => v.harmless))];
}
