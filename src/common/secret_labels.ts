/**
 * Labels of fields whose value is the user's secret (a password, a PIN, a
 * card's number or code, a bank account), in each language of
 * `languages.ts`: what such a field shows is never stored, even when choto
 * did not type it.
 *
 * @module
 */

import { foldWord } from "./typed_tokens.ts";

/** Folded label phrases by language code (lower case, no accents). */
export const SECRET_LABELS: Readonly<Record<string, readonly string[]>> = {
  en: [
    "password",
    "passphrase",
    "passcode",
    "pin",
    "pin code",
    "cvv",
    "cvc",
    "cvv2",
    "security code",
    "card number",
    "credit card",
    "credit card number",
    "iban",
    "account number",
  ],
  de: [
    "passwort",
    "kennwort",
    "pin",
    "geheimzahl",
    "kartennummer",
    "prufziffer",
    "sicherheitscode",
    "iban",
    "kontonummer",
  ],
  fr: [
    "mot de passe",
    "code pin",
    "code secret",
    "numero de carte",
    "cryptogramme",
    "code de securite",
    "iban",
  ],
  es: ["contrasena", "clave", "pin", "numero de tarjeta", "codigo de seguridad", "iban"],
  ja: ["パスワード", "暗証番号", "カード番号", "セキュリティコード"],
  zh: ["密码", "口令", "卡号", "安全码", "银行卡号"],
};

/** Folded as labels are (kana lose their voicing marks). */
const ALL = new Set(Object.values(SECRET_LABELS).flat().map(foldWord));

/** Words a label may have before its phrase ("New password", "Your PIN"). */
const MAX_LEAD_WORDS = 2;

/**
 * The label part of a text when it names a secret field: "Password:",
 * "New PIN", "IBAN *"; with the value that follows a colon in the same text
 * ("PIN: 4711") as `rest`. Null for any other text.
 */
export function secretLabel(text: string): { label: string; rest: string } | null {
  const colon = text.search(/[:：]/);
  const label = colon >= 0 ? text.slice(0, colon) : text;
  const rest = colon >= 0 ? text.slice(colon + 1) : "";
  const folded = foldWord(label).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  if (!folded) return null;
  const words = folded.split(" ");
  for (let lead = 0; lead <= Math.min(MAX_LEAD_WORDS, words.length - 1); lead++) {
    if (ALL.has(words.slice(lead).join(" "))) {
      return { label: text.slice(0, colon >= 0 ? colon + 1 : text.length), rest };
    }
  }
  // Scripts written without spaces: the phrase ends the label.
  for (const phrase of ALL) {
    if (/^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(phrase) && folded.endsWith(phrase)) {
      return { label: text.slice(0, colon >= 0 ? colon + 1 : text.length), rest };
    }
  }
  return null;
}
