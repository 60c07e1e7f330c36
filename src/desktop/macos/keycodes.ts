/**
 * Virtual key codes of the ANSI layout (HIToolbox Events.h, kVK_*) and the
 * CGEventFlags masks (CGEventTypes.h via IOLLEvent.h NX_*MASK), plus the pure
 * planning of hotkeys and typing.
 *
 * @module
 */

import type { Modifier } from "../types.ts";

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

const LETTERS: Record<string, number> = {
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
  o: 0x1f,
  u: 0x20,
  i: 0x22,
  p: 0x23,
  l: 0x25,
  j: 0x26,
  k: 0x28,
  n: 0x2d,
  m: 0x2e,
};

const DIGITS_AND_PUNCT: Record<string, number> = {
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
  "[": 0x21,
  "'": 0x27,
  ";": 0x29,
  "\\": 0x2a,
  ",": 0x2b,
  "/": 0x2c,
  ".": 0x2f,
  "`": 0x32,
};

const NAMED: Record<string, number> = {
  return: 0x24,
  enter: 0x24,
  tab: 0x30,
  space: 0x31,
  delete: 0x33,
  backspace: 0x33,
  escape: 0x35,
  esc: 0x35,
  forwarddelete: 0x75,
  del: 0x75,
  home: 0x73,
  end: 0x77,
  pageup: 0x74,
  pagedown: 0x79,
  help: 0x72,
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
};

const ALIASES: Record<string, string> = {
  arrowleft: "left",
  arrowright: "right",
  arrowup: "up",
  arrowdown: "down",
  pgup: "pageup",
  pgdn: "pagedown",
  ret: "return",
  " ": "space",
};

const MODIFIER_NAMES: Record<string, Modifier> = {
  cmd: "cmd",
  command: "cmd",
  meta: "cmd",
  super: "cmd",
  shift: "shift",
  alt: "alt",
  option: "alt",
  opt: "alt",
  ctrl: "ctrl",
  control: "ctrl",
};

/** The modifier a key name stands for, if it is one. */
export function modifierOf(name: string): Modifier | null {
  return MODIFIER_NAMES[name.toLowerCase()] ?? null;
}

/** The ANSI virtual key code for a key name or character, or null. */
export function keyCodeOf(name: string): number | null {
  const raw = name.length === 1 ? name : name.toLowerCase().replace(/[\s_-]/g, "");
  const key = ALIASES[raw] ?? raw;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  return LETTERS[lower] ?? DIGITS_AND_PUNCT[key] ?? NAMED[key] ?? null;
}

/** OR of the flags of some modifiers. */
export function flagsOf(mods: Iterable<Modifier>): number {
  let f = 0;
  for (const m of mods) f |= MODIFIER_FLAG[m];
  return f;
}

/** A hotkey reduced to what CGEvent needs. */
export interface HotkeyPlan {
  modifiers: Modifier[];
  flags: number;
  /** The key to press; 0 (kVK_ANSI_A) when `unicode` carries the character. */
  keyCode: number;
  /** A character that has no ANSI key, sent as the event's Unicode string. */
  unicode: string | null;
}

/** Splits ["cmd", "shift", "s"] into modifiers and one main key. */
export function planHotkey(keys: string[]): HotkeyPlan {
  if (keys.length === 0) throw new Error("a hotkey needs at least one key");
  const modifiers: Modifier[] = [];
  let main: string | null = null;
  for (const k of keys) {
    const m = modifierOf(k);
    if (m && !modifiers.includes(m)) modifiers.push(m);
    else if (!m) {
      if (main !== null) throw new Error(`a hotkey has one main key, got "${main}" and "${k}"`);
      main = k;
    }
  }
  if (main === null) {
    // A lone modifier: press its own key.
    const only = modifiers[modifiers.length - 1];
    return { modifiers, flags: flagsOf(modifiers), keyCode: MODIFIER_KEY[only], unicode: null };
  }
  const code = keyCodeOf(main);
  if (code !== null) return { modifiers, flags: flagsOf(modifiers), keyCode: code, unicode: null };
  if ([...main].length === 1) return { modifiers, flags: flagsOf(modifiers), keyCode: 0, unicode: main };
  throw new Error(`unknown key "${main}"`);
}

/** One keystroke of typed text: a real key for control characters, else a code point. */
export type TypeStep = { key: number } | { text: Uint16Array };

/**
 * Typing plan: one event per code point, because CGEventKeyboardSetUnicodeString
 * truncates long strings. Newline and tab are real keys so fields react to them.
 */
export function planTyping(text: string): TypeStep[] {
  const steps: TypeStep[] = [];
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    if (ch === "\n") steps.push({ key: 0x24 });
    else if (ch === "\t") steps.push({ key: 0x30 });
    else {
      const units = new Uint16Array(ch.length);
      for (let i = 0; i < ch.length; i++) units[i] = ch.charCodeAt(i);
      steps.push({ text: units });
    }
  }
  return steps;
}
