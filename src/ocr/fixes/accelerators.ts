/**
 * Menu shortcuts read as a grammar rather than as free text. A shortcut is
 * one or more modifiers and one key, joined by `+`:
 *
 *   shortcut := modifier ("+" modifier)* "+" key
 *   modifier := Ctrl | Shift | Alt | Super | Meta | Cmd | Option | Fn
 *             | Strg | Umschalt | Maj | Mayús | Alt Gr ...  (as GTK and Qt
 *               translate them; Japanese and Chinese menus keep Ctrl/Shift)
 *   key      := a key name (F1..F24, Delete, Entf, Suppr, Supr, Page Up,
 *               Bild auf, ...) | one character
 *
 * Whether `0`/`O` after the last `+` is the digit or the letter is left to
 * its shape as well ({@link letterOOrZero}): `Strg+O`, not `Strg+0`.
 *
 * A localized name stays in the language it is printed in (`Strg+O` is
 * read as `Strg+O`, never as `Ctrl+O`), so a target written as the screen
 * shows it is found, and a word made of such names is a shortcut that
 * survives the confidence floor as an English one does.
 *
 * The recogniser's spellings of a modifier (`Ctri`, `ctrl`, `Shif1`, `AIt`)
 * fold to the canonical one, a letter key is upper case as menus print it,
 * and a key that is neither a name nor one character (`Xx`, a doubled
 * character) is cut to its first character. Whether `1`/`I`/`l` after the last
 * `+` is a digit or a letter is left to the character's shape
 * ({@link barOrDigit}): the grammar alone cannot tell `Ctrl+1` from `Ctrl+I`.
 * A word that parses is a shortcut however unsure the recogniser was of it,
 * so grey (disabled) shortcuts survive the confidence floor.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";

/** Modifier spellings (lower case, `1`/`I`/`|` folded to `l`, `0` to `o`) and their canonical names. */
const MODIFIERS: Record<string, string> = {
  ctrl: "Ctrl",
  ctri: "Ctrl",
  ctr: "Ctrl",
  ctl: "Ctrl",
  cirl: "Ctrl",
  ctrll: "Ctrl",
  cfrl: "Ctrl",
  clrl: "Ctrl",
  shift: "Shift",
  shif: "Shift",
  shitt: "Shift",
  shlft: "Shift",
  shifl: "Shift",
  shiit: "Shift",
  alt: "Alt",
  ait: "Alt",
  all: "Alt",
  aft: "Alt",
  super: "Super",
  meta: "Meta",
  cmd: "Cmd",
  option: "Option",
  fn: "Fn",
  // German (GTK, Qt, KDE), with the recogniser's spellings.
  strg: "Strg",
  stig: "Strg",
  stry: "Strg",
  strq: "Strg",
  umschalt: "Umschalt",
  umschait: "Umschalt",
  umschaltt: "Umschalt",
  hochstelltaste: "Hochstelltaste",
  // French.
  maj: "Maj",
  mai: "Maj",
  // Spanish.
  "mayús": "Mayús",
  mayus: "Mayús",
  "mayüs": "Mayús",
  "mayás": "Mayús",
  "mayüús": "Mayús",
  "mayúsculas": "Mayúsculas",
  // Alt Gr (German, French and Spanish keyboards), written with or without a space.
  altgr: "AltGr",
  "alt gr": "Alt Gr",
};

/** Key names as menus print them, by their lower-case, space-free spelling. */
const KEY_NAMES: Record<string, string> = Object.fromEntries(
  [
    "Delete",
    "Del",
    "Backspace",
    "Insert",
    "Ins",
    "Home",
    "End",
    "Page Up",
    "Page Down",
    "PgUp",
    "PgDn",
    "Tab",
    "Enter",
    "Return",
    "Esc",
    "Escape",
    "Space",
    "Up",
    "Down",
    "Left",
    "Right",
    "Minus",
    "Plus",
    "Print",
    "Pause",
    "Menu",
    // German, French and Spanish key names as GTK and Qt print them.
    "Entf",
    "Einfg",
    "Pos1",
    "Ende",
    "Bild auf",
    "Bild ab",
    "Rücktaste",
    "Eingabe",
    "Leertaste",
    "Suppr",
    "Inser",
    "Début",
    "Fin",
    "Échap",
    "Espace",
    "Entrée",
    "Retour arrière",
    "Supr",
    "Insertar",
    "Inicio",
    "Re Pág",
    "Av Pág",
    "Retroceso",
    "Espacio",
    "Intro",
    ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
  ].map((k) => [k.toLowerCase().replace(/ /g, ""), k]),
);

/** macOS modifier symbols, already canonical. */
const MAC_SYMBOLS = /^[⌘⇧⌥⌃]+(.+)$/u;

function modifierOf(token: string): string | null {
  const t = token.toLowerCase().replace(/[1|!]/g, "l").replace(/0/g, "o");
  return MODIFIERS[t] ?? MODIFIERS[token.toLowerCase()] ?? null;
}

/** The key after the last `+`, canonical, or null when it cannot be a key. */
function keyOf(raw: string): string | null {
  if (!raw) return null;
  const named = KEY_NAMES[
    raw.toLowerCase().replace(/[ _]/g, "").replace(
      /^f([0-9il|o]{1,2})$/,
      (_, d: string) => "f" + d.replace(/[il|]/g, "1").replace(/o/g, "0"),
    )
  ];
  if (named) return named;
  const chars = [...raw];
  if (chars.length === 1) return /\p{L}/u.test(raw) ? raw.toUpperCase() : raw;
  // One character read twice (`Xx`, `CC`): the key is that one character.
  const first = chars[0];
  if (/\p{L}/u.test(first) && chars.every((c) => c.toLowerCase() === first.toLowerCase())) {
    return first.toUpperCase();
  }
  return null;
}

/**
 * The canonical spelling of a recognised word when it is a shortcut
 * (`ctri+z` → `Ctrl+Z`, `Ctrl+Xx` → `Ctrl+X`), else null.
 */
export function readShortcut(text: string): string | null {
  const mac = MAC_SYMBOLS.exec(text);
  if (mac) {
    const key = keyOf(mac[1]);
    return key ? text.slice(0, text.length - mac[1].length) + key : null;
  }
  // `Ctrl++` (the plus key) splits into an empty token before the key.
  const plusKey = /\+\+$/.test(text);
  const parts = (plusKey ? text.slice(0, -1) : text).split("+");
  if (parts.length < 2) return null;
  const keyRaw = plusKey ? "+" : parts.pop()!;
  if (plusKey) parts.pop();
  const mods = parts.map(modifierOf);
  if (!mods.length || mods.some((m) => m === null)) return null;
  const key = keyOf(keyRaw);
  return key ? [...mods, key].join("+") : null;
}

/** Folds a word to its shortcut spelling when it is one; other words pass unchanged. */
export function foldShortcut(text: string): string {
  return readShortcut(text) ?? text;
}

/** Whether the key of a shortcut is one of the characters a recogniser confuses: `1`, `I`, `l`, `|`. */
export function hasBarKey(shortcut: string): boolean {
  return /\+[1Il|]$/.test(shortcut);
}

/**
 * Tells a digit `1` from a letter `I` by the last character's ink inside `box`
 * (a word's box in `grey`): a plain vertical bar is `I` (`l` never names a
 * key in a menu); a bar with a flag or a foot is `1`.
 */
export function barOrDigit(grey: Grey, box: { x: number; y: number; w: number; h: number }): "I" | "1" {
  const g = lastGlyph(grey, box);
  return g.w <= Math.max(2, Math.round(g.h * 0.25)) ? "I" : "1";
}

/** Whether the key of a shortcut is `0` or `O`, which a recogniser confuses (`Strg+0` for `Strg+O`). */
export function hasRoundKey(shortcut: string): boolean {
  return /\+[0O]$/.test(shortcut);
}

/**
 * The last glyph's ink inside `box` (a word's box in `grey`): its width and
 * height in pixels, the ground told from the ink as {@link barOrDigit} does.
 */
function lastGlyph(
  grey: Grey,
  box: { x: number; y: number; w: number; h: number },
): Glyph {
  const x0 = Math.max(0, box.x), y0 = Math.max(0, box.y);
  const x1 = Math.min(grey.width, box.x + box.w), y1 = Math.min(grey.height, box.y + box.h);
  let lo = 255, hi = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = grey.data[y * grey.width + x];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const corner = grey.data[y0 * grey.width + x0];
  const ground = Math.abs(corner - lo) < Math.abs(corner - hi) ? lo : hi;
  const cut = (hi - lo) * 0.45;
  const ink = (x: number, y: number) => Math.abs(grey.data[y * grey.width + x] - ground) > cut;
  const inkAt = (x: number) => {
    for (let y = y0; y < y1; y++) if (ink(x, y)) return true;
    return false;
  };
  let right = x1 - 1;
  while (right > x0 && !inkAt(right)) right--;
  let left = right;
  while (left > x0 && inkAt(left - 1)) left--;
  let top = y1, bottom = y0;
  for (let y = y0; y < y1; y++) {
    for (let x = left; x <= right; x++) {
      if (ink(x, y)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { w: right - left + 1, h: Math.max(1, bottom - top + 1), left, top, ink };
}

/** The last glyph of a word: its size, its top-left ink pixel, and which pixels are ink. */
interface Glyph {
  w: number;
  h: number;
  left: number;
  top: number;
  ink: (x: number, y: number) => boolean;
}

/** Whether the key of a shortcut is `5` or `S`, which a recogniser confuses on small faint text. */
export function hasSKey(shortcut: string): boolean {
  return /\+[5S]$/.test(shortcut);
}

/** A glyph whose top row is ink over at least this share of its width starts with a bar. */
export const TOP_BAR_SHARE = 0.6;

/**
 * Tells the letter `S` from the digit `5` by the last glyph's ink inside
 * `box`: a `5` starts with a flat bar that meets its stem in a square
 * top-left corner; an `S` starts with a curve, so its top row is ink only in
 * the middle and its top-left corner is ground.
 */
export function letterSOrFive(grey: Grey, box: { x: number; y: number; w: number; h: number }): "S" | "5" {
  const g = lastGlyph(grey, box);
  let bar = 0;
  for (let x = g.left; x < g.left + g.w; x++) if (g.ink(x, g.top)) bar++;
  return g.ink(g.left, g.top) && bar >= g.w * TOP_BAR_SHARE ? "5" : "S";
}

/** A round glyph at least this wide for its height is the letter O; the digit 0 is narrower. */
export const LETTER_O_RATIO = 0.8;

/**
 * Tells the letter `O` from the digit `0` by the last glyph's ink inside
 * `box`: in UI fonts the letter is nearly as wide as it is tall (DejaVu
 * Sans: 0.9), the digit an upright oval (0.68).
 */
export function letterOOrZero(grey: Grey, box: { x: number; y: number; w: number; h: number }): "O" | "0" {
  const g = lastGlyph(grey, box);
  return g.w / g.h >= LETTER_O_RATIO ? "O" : "0";
}
