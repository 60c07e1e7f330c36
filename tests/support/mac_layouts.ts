/**
 * Keyboard layouts for the macOS fakes, as UCKeyTranslate would answer for
 * them: what each key (by kVK_* code, the US key positions) types without
 * and with Shift, with Option, and with Command where the layout has a
 * Command layer of its own. Sources: the layouts' printed key caps (US,
 * French AZERTY, German QWERTZ, Dvorak); only the keys the tests use are
 * given Option characters.
 *
 * @module
 */

/** One layout: key code → [unshifted, shifted], plus Option and Command layers. */
export interface FakeLayout {
  id: string;
  name: string;
  keys: Record<number, [string, string]>;
  option?: Record<number, string>;
  /** What the keys type with Command held, when it differs (Dvorak - QWERTY ⌘). */
  cmd?: Record<number, [string, string]>;
}

/** The US positions: kVK_ANSI_* by the character a US keyboard types there. */
// deno-fmt-ignore
const US_POS: Record<string, number> = {
  a: 0x00, s: 0x01, d: 0x02, f: 0x03, h: 0x04, g: 0x05, z: 0x06, x: 0x07, c: 0x08, v: 0x09,
  b: 0x0b, q: 0x0c, w: 0x0d, e: 0x0e, r: 0x0f, y: 0x10, t: 0x11, "1": 0x12, "2": 0x13, "3": 0x14,
  "4": 0x15, "6": 0x16, "5": 0x17, "=": 0x18, "9": 0x19, "7": 0x1a, "-": 0x1b, "8": 0x1c, "0": 0x1d,
  "]": 0x1e, o: 0x1f, u: 0x20, "[": 0x21, i: 0x22, p: 0x23, l: 0x25, j: 0x26, "'": 0x27, k: 0x28,
  ";": 0x29, "\\": 0x2a, ",": 0x2b, "/": 0x2c, n: 0x2d, m: 0x2e, ".": 0x2f, " ": 0x31, "`": 0x32,
};

/** A layout from "US character → [unshifted, shifted]" pairs (letters default to their capitals). */
function layout(
  id: string,
  name: string,
  pairs: Record<string, string | [string, string]>,
  option: Record<string, string> = {},
): FakeLayout {
  const keys: Record<number, [string, string]> = {};
  for (const [us, code] of Object.entries(US_POS)) {
    const v = pairs[us];
    if (v === undefined) continue;
    keys[code] = typeof v === "string" ? [v, v.toUpperCase()] : v;
  }
  const opt: Record<number, string> = {};
  for (const [us, ch] of Object.entries(option)) opt[US_POS[us]] = ch;
  return { id, name, keys, option: opt };
}

const LETTERS = Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz"].map((c) => [c, c]));

// deno-fmt-ignore
export const US = layout("com.apple.keylayout.US", "U.S.", {
  ...LETTERS,
  "1": ["1", "!"], "2": ["2", "@"], "3": ["3", "#"], "4": ["4", "$"], "5": ["5", "%"], "6": ["6", "^"],
  "7": ["7", "&"], "8": ["8", "*"], "9": ["9", "("], "0": ["0", ")"], "-": ["-", "_"], "=": ["=", "+"],
  "[": ["[", "{"], "]": ["]", "}"], "\\": ["\\", "|"], ";": [";", ":"], "'": ["'", '"'], ",": [",", "<"],
  ".": [".", ">"], "/": ["/", "?"], "`": ["`", "~"], " ": [" ", " "],
}, { "1": "¡", s: "ß", c: "ç" });

// deno-fmt-ignore
export const FRENCH = layout("com.apple.keylayout.French", "French", {
  ...LETTERS,
  q: "a", a: "q", w: "z", z: "w", ";": "m", m: [",", "?"], ",": [";", "."], ".": [":", "/"], "/": ["=", "+"],
  "1": ["&", "1"], "2": ["é", "2"], "3": ['"', "3"], "4": ["'", "4"], "5": ["(", "5"], "6": ["§", "6"],
  "7": ["è", "7"], "8": ["!", "8"], "9": ["ç", "9"], "0": ["à", "0"], "-": [")", "°"], "=": ["-", "_"],
  "[": ["^", "¨"], "]": ["$", "*"], "'": ["ù", "%"], "\\": ["`", "£"], "`": ["<", ">"], " ": [" ", " "],
}, { "8": "¡" });

// deno-fmt-ignore
export const GERMAN = layout("com.apple.keylayout.German", "German", {
  ...LETTERS,
  y: "z", z: "y", ";": ["ö", "Ö"], "'": ["ä", "Ä"], "[": ["ü", "Ü"], "-": ["ß", "?"], "=": ["´", "`"],
  "]": ["+", "*"], "\\": ["#", "'"], "/": ["-", "_"], ",": [",", ";"], ".": [".", ":"], "`": ["<", ">"],
  "1": ["1", "!"], "2": ["2", '"'], "3": ["3", "§"], "4": ["4", "$"], "5": ["5", "%"], "6": ["6", "&"],
  "7": ["7", "/"], "8": ["8", "("], "9": ["9", ")"], "0": ["0", "="], " ": [" ", " "],
}, { l: "@", "1": "¡" });

// deno-fmt-ignore
const DVORAK_KEYS = {
  q: ["'", '"'], w: [",", "<"], e: [".", ">"], r: "p", t: "y", y: "f", u: "g", i: "c", o: "r", p: "l",
  "[": ["/", "?"], "]": ["=", "+"], a: "a", s: "o", d: "e", f: "u", g: "i", h: "d", j: "h", k: "t", l: "n",
  ";": "s", "'": ["-", "_"], z: [";", ":"], x: "q", c: "j", v: "k", b: "x", n: "b", m: "m", ",": "w",
  ".": "v", "/": "z", "-": ["[", "{"], "=": ["]", "}"], "1": ["1", "!"], "2": ["2", "@"], "3": ["3", "#"],
  "4": ["4", "$"], "5": ["5", "%"], "6": ["6", "^"], "7": ["7", "&"], "8": ["8", "*"], "9": ["9", "("],
  "0": ["0", ")"], "\\": ["\\", "|"], "`": ["`", "~"], " ": [" ", " "],
} as Record<string, string | [string, string]>;

export const DVORAK = layout("com.apple.keylayout.Dvorak", "Dvorak", DVORAK_KEYS);

/** Dvorak that types QWERTY while Command is held. */
export const DVORAK_QWERTY_CMD: FakeLayout = {
  ...layout("com.apple.keylayout.DVORAK-QWERTYCMD", "Dvorak - QWERTY ⌘", DVORAK_KEYS),
  cmd: US.keys,
};

/** A layout whose letters are all Cyrillic, Command layer included. */
export const CYRILLIC = layout("com.example.keylayout.CyrillicOnly", "Cyrillic (test)", {
  a: "ф",
  s: "ы",
  d: "в",
  f: "а",
  c: "с",
  v: "м",
  z: "я",
  x: "ч",
  q: "й",
  w: "ц",
  e: "у",
  " ": [" ", " "],
});

/** What a key types on `l` with UCKeyTranslate's modifier bits (cmd 1, shift 2, option 8). */
export function translateOn(l: FakeLayout, code: number, mods: number): string {
  const shift = (mods & 2) !== 0;
  if (mods & 8) return shift ? "" : l.option?.[code] ?? "";
  const table = mods & 1 && l.cmd ? l.cmd : l.keys;
  const k = table[code];
  return k ? k[shift ? 1 : 0] : "";
}
