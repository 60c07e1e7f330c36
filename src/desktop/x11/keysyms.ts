/**
 * Pure mapping from choto key names and characters to X11 keysyms.
 *
 * @module
 */

import type { Modifier } from "../types.ts";

/** Keysyms of the named keys (from X11/keysymdef.h). */
export const NAMED_KEYSYMS: Record<string, number> = {
  enter: 0xff0d,
  kp_enter: 0xff8d,
  escape: 0xff1b,
  tab: 0xff09,
  space: 0x0020,
  backspace: 0xff08,
  delete: 0xffff,
  insert: 0xff63,
  home: 0xff50,
  end: 0xff57,
  pageup: 0xff55,
  pagedown: 0xff56,
  up: 0xff52,
  down: 0xff54,
  left: 0xff51,
  right: 0xff53,
  super: 0xffeb,
  menu: 0xff67,
};
for (let i = 1; i <= 20; i++) NAMED_KEYSYMS[`f${i}`] = 0xffbe + i - 1;

/**
 * Modifier keysyms. On X11 `cmd` means Ctrl: Linux apps put on Ctrl what
 * macOS apps put on Command (Ctrl+S saves, Ctrl+C copies).
 */
export const MODIFIER_KEYSYMS: Record<Modifier, number> = {
  cmd: 0xffe3,
  ctrl: 0xffe3,
  shift: 0xffe1,
  alt: 0xffe9,
};

/** The keysym for one typed character (keysymdef.h: Latin-1 maps 1:1, the rest is 0x01000000 + code point). */
export function charKeysym(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (ch === "\n" || ch === "\r") return NAMED_KEYSYMS.enter;
  if (ch === "\t") return NAMED_KEYSYMS.tab;
  if (ch === "\b") return NAMED_KEYSYMS.backspace;
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return 0x01000000 + cp;
}

/** The keysym for a key name from parseCombo (named key or single character). */
export function keyKeysym(key: string): number {
  return NAMED_KEYSYMS[key] ?? charKeysym(key);
}
