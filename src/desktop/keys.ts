/**
 * Key names accepted by `hotkey`, shared by every backend: lowercase names
 * such as `enter`, `escape`, `f4`, `a`, and the modifiers `cmd`, `shift`,
 * `alt`, `ctrl`. One vocabulary: each name means the same key everywhere
 * (`delete` is forward delete, `backspace` erases to the left), and a name
 * a platform has no key for is refused when the plan is validated, with the
 * reason, never halfway through a run. A character's key depends on the
 * user's keyboard layout, which the backend checks before a plan's first
 * step (`Desktop.keyRefusal`).
 *
 * @module
 */

import { namedKeyCode } from "./macos/keycodes.ts";
import type { Modifier } from "./types.ts";

/** The platforms whose keyboards the vocabulary is mapped to. */
export type KeyPlatform = "x11" | "macos";

/** The platform this process drives. */
export function hostKeyPlatform(): KeyPlatform {
  return Deno.build.os === "darwin" ? "macos" : "x11";
}

/** The modifiers, in the order they are pressed. */
export const MODIFIERS: readonly Modifier[] = ["cmd", "ctrl", "alt", "shift"];

/** Aliases that name the same key. */
const ALIASES: Record<string, string> = {
  return: "enter",
  // X11's keysym is KP_Enter: the Enter key of the number pad, which apps take as Return.
  kpenter: "kp_enter",
  keypad_enter: "kp_enter",
  numpad_enter: "kp_enter",
  esc: "escape",
  del: "delete",
  forwarddelete: "delete",
  backspace: "backspace",
  control: "ctrl",
  option: "alt",
  opt: "alt",
  command: "cmd",
  meta: "cmd",
  super: "super",
  pgup: "pageup",
  pgdn: "pagedown",
  arrowup: "up",
  arrowdown: "down",
  arrowleft: "left",
  arrowright: "right",
  spacebar: "space",
};

/** Named non-character keys every backend supports. */
export const NAMED_KEYS = [
  "enter",
  "kp_enter",
  "escape",
  "tab",
  "space",
  "backspace",
  "delete",
  "insert",
  "home",
  "end",
  "pageup",
  "pagedown",
  "up",
  "down",
  "left",
  "right",
  "super",
  "menu",
  ...Array.from({ length: 20 }, (_, i) => `f${i + 1}`),
] as const;

const NAMED = new Set<string>(NAMED_KEYS);

/**
 * Why a key of the vocabulary cannot be pressed on a platform, or null when
 * it can. X11 binds any keysym to a spare keycode, so it refuses nothing;
 * macOS refuses the named keys a Mac keyboard lacks. Whether the current
 * layout has a key for a character is the backend's to say.
 */
export function keyRefusal(key: string, platform: KeyPlatform): string | null {
  if (platform === "x11" || [...key].length === 1 || namedKeyCode(key) !== null) return null;
  if (key === "insert") return "Mac keyboards have no Insert key";
  if (key === "menu") return "macOS has no Menu key: open a context menu with right_click";
  if (key === "super") return "super is the Windows key of PC keyboards: on macOS use cmd";
  return "a Mac keyboard has no such key";
}

/** A parsed key combination. */
export interface KeyCombo {
  modifiers: Modifier[];
  /** A named key or a single character; null for a modifier-only combo. */
  key: string | null;
}

/**
 * Parses `["cmd", "shift", "s"]` into modifiers and a key, or explains what
 * is wrong with it, including a key the platform has none for.
 */
export function parseCombo(
  keys: string[],
  platform: KeyPlatform = hostKeyPlatform(),
): KeyCombo | { error: string } {
  const modifiers: Modifier[] = [];
  let key: string | null = null;
  for (const raw of keys) {
    const lower = raw.trim().toLowerCase();
    const name = ALIASES[lower] ?? lower;
    if ((MODIFIERS as readonly string[]).includes(name)) {
      if (!modifiers.includes(name as Modifier)) modifiers.push(name as Modifier);
      continue;
    }
    const isChar = [...raw].length === 1;
    if (!NAMED.has(name) && !isChar) {
      return {
        error: `unknown key "${raw}": use a single character (a, 4, /) or one of ${
          NAMED_KEYS.join(", ")
        }, with modifiers cmd, ctrl, alt, shift`,
      };
    }
    if (key !== null) {
      return { error: `a combination has one non-modifier key; got "${key}" and "${raw}"` };
    }
    key = NAMED.has(name) ? name : (isChar ? raw.toLowerCase() : name);
    const refused = keyRefusal(key, platform);
    if (refused) {
      return { error: `"${raw}" cannot be pressed on ${platform === "macos" ? "macOS" : "X11"}: ${refused}` };
    }
  }
  if (key === null && modifiers.length === 0) return { error: "keys is empty: name at least one key" };
  modifiers.sort((a, b) => MODIFIERS.indexOf(a) - MODIFIERS.indexOf(b));
  return { modifiers, key };
}
