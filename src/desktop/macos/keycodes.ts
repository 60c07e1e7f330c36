/**
 * Virtual key codes (HIToolbox Events.h, kVK_*) and the CGEventFlags masks
 * (CGEventTypes.h via IOLLEvent.h NX_*MASK), plus the pure planning of
 * hotkeys and typing. Named keys (Return, arrows, F-keys…) sit at the same
 * code on every layout; characters are looked up in the user's keyboard
 * layout (`layout_map.ts`). The US layout's table stays as the layout of
 * last resort, for a layout that has no Unicode data. The names are those
 * of the shared vocabulary in `../keys.ts`.
 *
 * @module
 */

import type { Modifier } from "../types.ts";
import { UC_MODIFIER } from "../../../ffi/macos/carbon.ts";
import { type LayoutKey, LayoutMap, shortcutRefusal } from "./layout_map.ts";

/** CGEventFlags for each modifier (NX_SHIFTMASK, NX_CONTROLMASK, NX_ALTERNATEMASK, NX_COMMANDMASK). */
export const MODIFIER_FLAG: Record<Modifier, number> = {
  shift: 0x20000,
  ctrl: 0x40000,
  alt: 0x80000,
  cmd: 0x100000,
};

/** The left-hand key of each modifier (kVK_Shift, kVK_Control, kVK_Option, kVK_Command). */
export const MODIFIER_KEY: Record<Modifier, number> = {
  shift: 0x38,
  ctrl: 0x3b,
  alt: 0x3a,
  cmd: 0x37,
};

/** kVK_Return and kVK_Tab, which typing presses for newline and tab. */
export const RETURN_KEY = 0x24;
export const TAB_KEY = 0x30;

/** kVK_ANSI_* of the characters on the keys of a US keyboard, unshifted. */
const US_KEYS: Record<string, number> = {
  a: 0x00,
  s: 0x01,
  d: 0x02,
  f: 0x03,
  h: 0x04,
  g: 0x05,
  z: 0x06,
  x: 0x07,
  c: 0x08,
  v: 0x09,
  b: 0x0b,
  q: 0x0c,
  w: 0x0d,
  e: 0x0e,
  r: 0x0f,
  y: 0x10,
  t: 0x11,
  "1": 0x12,
  "2": 0x13,
  "3": 0x14,
  "4": 0x15,
  "6": 0x16,
  "5": 0x17,
  "=": 0x18,
  "9": 0x19,
  "7": 0x1a,
  "-": 0x1b,
  "8": 0x1c,
  "0": 0x1d,
  "]": 0x1e,
  o: 0x1f,
  u: 0x20,
  "[": 0x21,
  i: 0x22,
  p: 0x23,
  l: 0x25,
  j: 0x26,
  "'": 0x27,
  k: 0x28,
  ";": 0x29,
  "\\": 0x2a,
  ",": 0x2b,
  "/": 0x2c,
  n: 0x2d,
  m: 0x2e,
  ".": 0x2f,
  " ": 0x31,
  "`": 0x32,
};

/** What Shift turns each US key into: the shifted character and its unshifted key. */
const US_SHIFTED: Record<string, string> = {
  "!": "1",
  "@": "2",
  "#": "3",
  "$": "4",
  "%": "5",
  "^": "6",
  "&": "7",
  "*": "8",
  "(": "9",
  ")": "0",
  "_": "-",
  "+": "=",
  "{": "[",
  "}": "]",
  "|": "\\",
  ":": ";",
  '"': "'",
  "<": ",",
  ">": ".",
  "?": "/",
  "~": "`",
};

/** The named keys of the shared vocabulary that a Mac keyboard has. */
const NAMED: Record<string, number> = {
  enter: RETURN_KEY,
  tab: TAB_KEY,
  space: 0x31,
  backspace: 0x33, // kVK_Delete: the key Mac keyboards label "delete" erases to the left
  kp_enter: 0x4c, // kVK_ANSI_KeypadEnter
  delete: 0x75, // kVK_ForwardDelete
  escape: 0x35,
  home: 0x73,
  end: 0x77,
  pageup: 0x74,
  pagedown: 0x79,
  left: 0x7b,
  right: 0x7c,
  down: 0x7d,
  up: 0x7e,
  f1: 0x7a,
  f2: 0x78,
  f3: 0x63,
  f4: 0x76,
  f5: 0x60,
  f6: 0x61,
  f7: 0x62,
  f8: 0x64,
  f9: 0x65,
  f10: 0x6d,
  f11: 0x67,
  f12: 0x6f,
  f13: 0x69,
  f14: 0x6b,
  f15: 0x71,
  f16: 0x6a,
  f17: 0x40,
  f18: 0x4f,
  f19: 0x50,
  f20: 0x5a,
};

/** The key code of a named key of the vocabulary, or null when a Mac keyboard has none. */
export function namedKeyCode(key: string): number | null {
  return key in NAMED ? NAMED[key] : null;
}

/** What the US layout types: its key table, read as UCKeyTranslate would answer. */
export function usTranslate(code: number, mods: number): string {
  if (mods & (UC_MODIFIER.option)) return "";
  const shifted = (mods & UC_MODIFIER.shift) !== 0;
  for (const [ch, c] of Object.entries(US_KEYS)) {
    if (c !== code) continue;
    if (!shifted) return ch;
    if (/^[a-z]$/.test(ch)) return ch.toUpperCase();
    const s = Object.entries(US_SHIFTED).find(([, base]) => base === ch);
    return s ? s[0] : ch;
  }
  return "";
}

/** The US layout, for a layout that cannot be read. */
export const US_LAYOUT = new LayoutMap("com.apple.keylayout.US", "U.S.", usTranslate);

/** OR of the flags of some modifiers. */
export function flagsOf(mods: Iterable<Modifier>): number {
  let f = 0;
  for (const m of mods) f |= MODIFIER_FLAG[m];
  return f;
}

/** A shortcut's key cannot be pressed: no key of the layout types it. */
export class KeyRefused extends Error {}

/** One key event of a plan: which key, up or down, with which flags. */
export interface KeyEvent {
  code: number;
  down: boolean;
  flags: number;
}

/** The key a combination's main key is pressed on: a named key's code, or the layout's key for a character. */
export function comboKey(
  combo: { modifiers: Modifier[]; key: string | null },
  layout: LayoutMap,
): LayoutKey | null {
  if (combo.key === null) return null;
  const named = namedKeyCode(combo.key);
  if (named !== null) return { code: named, shift: false, option: false };
  if ([...combo.key].length !== 1) throw new KeyRefused(`"${combo.key}" has no key on a Mac keyboard`);
  const withCmd = combo.modifiers.includes("cmd");
  const k = layout.shortcutKey(combo.key, withCmd);
  if (!k) throw new KeyRefused(shortcutRefusal(combo.key, layout, withCmd));
  return k;
}

/**
 * The key events of a combination, the way a hand presses it: each modifier
 * key goes down (its flag joins the others), the key goes down and up, then
 * the modifiers come up in reverse order, each key-up without its own flag.
 * The main key is the one that types the character on `layout`; Shift is
 * added when only the shifted key types it (`?` is Shift+/ on a US keyboard,
 * Shift+, on a French one). Modifiers already held (`held`) stay down and in
 * the flags throughout. Throws KeyRefused, before any event exists, when no
 * key of the layout types the character.
 */
export function planHotkey(
  combo: { modifiers: Modifier[]; key: string | null },
  held: Modifier[] = [],
  layout: LayoutMap = US_LAYOUT,
): KeyEvent[] {
  const main = comboKey(combo, layout);
  const mods = [...combo.modifiers];
  if (main?.shift && !mods.includes("shift")) mods.push("shift");
  const press = mods.filter((m) => !held.includes(m));
  let flags = flagsOf(held);
  const events: KeyEvent[] = [];
  for (const m of press) {
    flags |= MODIFIER_FLAG[m];
    events.push({ code: MODIFIER_KEY[m], down: true, flags });
  }
  if (main) {
    events.push({ code: main.code, down: true, flags }, { code: main.code, down: false, flags });
  }
  for (const m of [...press].reverse()) {
    flags &= ~MODIFIER_FLAG[m];
    events.push({ code: MODIFIER_KEY[m], down: false, flags });
  }
  return events;
}

/** One keystroke of typed text: a key, its flags, and the character it carries (none for Return and Tab). */
export interface TypeStep {
  /** The layout's key for the character, or 0 when no key types it (then only the string says what it is). */
  key: number;
  /** The modifier flags that make the key type the character (Shift, Option), as a hand would hold them. */
  flags: number;
  /** The character as UTF-16 units, a surrogate pair for astral characters; null for Return and Tab. */
  text: Uint16Array | null;
}

/** A string as UTF-16 code units, the form CGEventKeyboardSetUnicodeString takes. */
export function utf16(s: string): Uint16Array {
  const units = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) units[i] = s.charCodeAt(i);
  return units;
}

/**
 * Typing plan: one event pair per code point, because
 * CGEventKeyboardSetUnicodeString truncates long strings. Each character
 * carries the key and modifiers that type it on `layout`, so apps that read
 * key codes see the right key; newline and tab are the Return and Tab keys.
 */
export function planTyping(text: string, layout: LayoutMap = US_LAYOUT): TypeStep[] {
  const steps: TypeStep[] = [];
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    if (ch === "\n") steps.push({ key: RETURN_KEY, flags: 0, text: null });
    else if (ch === "\t") steps.push({ key: TAB_KEY, flags: 0, text: null });
    else {
      const k = layout.typingKey(ch);
      const flags = (k?.shift ? MODIFIER_FLAG.shift : 0) | (k?.option ? MODIFIER_FLAG.alt : 0);
      steps.push({ key: k?.code ?? 0, flags, text: utf16(ch) });
    }
  }
  return steps;
}
