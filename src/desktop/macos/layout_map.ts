/**
 * Which key of a keyboard layout types a character: the layout is asked
 * (through `translate`, UCKeyTranslate on a Mac) what each key produces
 * with each modifier state, and the answers are kept per state. A shortcut
 * is then pressed on the key that types its character, as the user's own
 * hand would: on a French AZERTY keyboard `cmd+a` is the key a US keyboard
 * has Q on, never key code 0 (which is ⌘Q there). Pure, for tests.
 *
 * @module
 */

import { UC_MODIFIER } from "../../../ffi/macos/carbon.ts";

/** What a layout's key produces: (virtual key code, UCKeyTranslate modifier bits) → text. */
export type Translate = (keyCode: number, modifiers: number) => string;

/**
 * The key codes searched, best first: the main block (kVK_ANSI_* and the ISO
 * section key), the JIS keys, then the keypad, whose digits and operators
 * some apps do not take as the main keys' (Events.h).
 */
export const SEARCH_ORDER: readonly number[] = [
  ...Array.from({ length: 0x33 }, (_, i) => i).filter((c) => c !== 0x24 && c !== 0x30), // not Return, Tab
  0x5d, // kVK_JIS_Yen
  0x5e, // kVK_JIS_Underscore
  0x41, // kVK_ANSI_KeypadDecimal
  0x43, // kVK_ANSI_KeypadMultiply
  0x45, // kVK_ANSI_KeypadPlus
  0x4b, // kVK_ANSI_KeypadDivide
  0x4e, // kVK_ANSI_KeypadMinus
  0x51, // kVK_ANSI_KeypadEquals
  ...Array.from({ length: 10 }, (_, i) => 0x52 + i + (i >= 8 ? 1 : 0)), // Keypad0-9 (0x52-0x59, 0x5B, 0x5C)
];

/** A key of the layout and the modifiers that make it type the character. */
export interface LayoutKey {
  code: number;
  shift: boolean;
  option: boolean;
}

/** One keyboard layout: who it is, and which key types what. */
export class LayoutMap {
  #byState = new Map<number, Map<string, number>>();

  constructor(
    /** The input source id (com.apple.keylayout.French). */
    readonly id: string,
    /** The name the user sees in the input menu ("French"). */
    readonly name: string,
    private readonly translate: Translate,
  ) {}

  /** "French (com.apple.keylayout.French)" */
  get label(): string {
    return this.name && this.name !== this.id ? `${this.name} (${this.id})` : this.id;
  }

  /** Character → first key producing it, with modifier state `mods`. */
  #table(mods: number): Map<string, number> {
    let t = this.#byState.get(mods);
    if (!t) {
      t = new Map();
      for (const code of SEARCH_ORDER) {
        const out = this.translate(code, mods);
        // A key that types one printable character; control characters and ligatures do not count.
        if ([...out].length !== 1 || out < " " || out === "\u007f") continue;
        if (!t.has(out)) t.set(out, code);
      }
      this.#byState.set(mods, t);
    }
    return t;
  }

  #find(ch: string, states: Array<{ mods: number; shift: boolean; option: boolean }>): LayoutKey | null {
    for (const st of states) {
      const code = this.#table(st.mods).get(ch);
      if (code !== undefined) return { code, shift: st.shift, option: st.option };
    }
    return null;
  }

  /**
   * The key for a shortcut's character: what the layout types with Command
   * held when the shortcut holds Command (layouts such as "Dvorak - QWERTY ⌘"
   * switch then), else without; Shift is added when only the shifted key
   * types it. Null when no key of the layout types it.
   */
  shortcutKey(ch: string, withCmd: boolean): LayoutKey | null {
    const base = withCmd ? UC_MODIFIER.cmd : 0;
    return this.#find(ch, [
      { mods: base, shift: false, option: false },
      { mods: base | UC_MODIFIER.shift, shift: true, option: false },
    ]);
  }

  /** The key and modifiers that type a character, Option included (é on a US layout is not one). */
  typingKey(ch: string): LayoutKey | null {
    return this.#find(ch, [
      { mods: 0, shift: false, option: false },
      { mods: UC_MODIFIER.shift, shift: true, option: false },
      { mods: UC_MODIFIER.option, shift: false, option: true },
      { mods: UC_MODIFIER.option | UC_MODIFIER.shift, shift: true, option: true },
    ]);
  }
}

/** Why a shortcut cannot be pressed on a layout: its character is on none of its keys. */
export function shortcutRefusal(ch: string, layout: LayoutMap, withCmd: boolean): string {
  return `no key of the ${layout.label} keyboard layout types "${ch}"${
    withCmd ? " with Command held" : ""
  }: ` +
    `nothing was pressed; use a shortcut of this layout, or enter the text with a type step`;
}
