/**
 * Synthetic input through XTEST: pointer motion, buttons, wheel, keys, and
 * Unicode typing. Characters the keyboard map lacks are typed by binding
 * their keysym to a spare keycode for the duration of the text, then
 * restoring it, so any code point can be typed on any layout.
 *
 * @module
 */

import { X } from "../../../ffi/x11/libx11.ts";
import type { InputGate, Modifier, MouseButton } from "../types.ts";
import type { XConnection } from "./connection.ts";
import { charKeysym, keyKeysym, MODIFIER_KEYSYMS } from "./keysyms.ts";
import { XLandings } from "./landing.ts";
import { sleep } from "../../common/time.ts";
import type { Point } from "../../common/rect.ts";

const BUTTON: Record<MouseButton, number> = { left: 1, middle: 2, right: 3 };
/** Core protocol wheel buttons. */
const WHEEL_UP = 4, WHEEL_DOWN = 5;

/** Where a keysym lives on the keyboard: keycode and whether Shift is needed. */
interface KeyPlace {
  keycode: number;
  shift: boolean;
}

/** The keyboard mapping, read once and refreshed after remapping. */
class Keymap {
  min = 8;
  max = 255;
  perCode = 0;
  syms: bigint[] = [];

  constructor(private c: XConnection) {
    this.refresh();
  }

  refresh(): void {
    const lo = new Int32Array(1);
    const hi = new Int32Array(1);
    this.c.x.XDisplayKeycodes(this.c.display, lo, hi);
    this.min = lo[0];
    this.max = hi[0];
    const per = new Int32Array(1);
    const count = this.max - this.min + 1;
    const p = this.c.x.XGetKeyboardMapping(this.c.display, this.min, count, per);
    this.perCode = per[0];
    this.syms = [];
    if (p) {
      const v = new Deno.UnsafePointerView(p);
      for (let i = 0; i < count * this.perCode; i++) this.syms.push(v.getBigUint64(i * 8));
      this.c.x.XFree(p);
    }
  }

  /** Finds a keycode producing `keysym` at level 0 (plain) or 1 (Shift). */
  find(keysym: number): KeyPlace | null {
    const ks = BigInt(keysym);
    for (let level = 0; level < Math.min(2, this.perCode); level++) {
      for (let code = this.min; code <= this.max; code++) {
        if (this.syms[(code - this.min) * this.perCode + level] === ks) {
          return { keycode: code, shift: level === 1 };
        }
      }
    }
    return null;
  }

  /** Keycodes with no keysym at all: free to borrow. */
  spare(): number[] {
    const out: number[] = [];
    for (let code = this.max; code >= this.min; code--) {
      const base = (code - this.min) * this.perCode;
      let empty = true;
      for (let l = 0; l < this.perCode; l++) if (this.syms[base + l] !== 0n) empty = false;
      if (empty) out.push(code);
    }
    return out;
  }
}

/**
 * XTEST-backed input for one connection. With a gate, each event is sent
 * inside one server grab together with the gate's look at where it lands:
 * no other client (the window manager giving a new window the focus) runs
 * between the check and the event. The grab is held for the check and one
 * event (a key's press and release, a button press, a wheel notch), never
 * across a wait.
 */
export class XInput {
  #keymap: Keymap;
  #landings: XLandings;

  constructor(private c: XConnection) {
    this.#keymap = new Keymap(c);
    this.#landings = new XLandings(c);
  }

  /**
   * Runs `send` after asking `gate` about event `sent`, with the server held
   * still across both; without a gate it just sends.
   */
  #checked(gate: InputGate | undefined, sent: number, kind: "keys" | "pointer", send: () => void): void {
    if (!gate) {
      send();
      this.c.sync();
      return;
    }
    if (sent === 0) this.#landings.reset();
    this.c.x.XGrabServer(this.c.display);
    try {
      gate(sent, kind === "keys" ? this.#landings.keys() : this.#landings.pointer());
      send();
    } finally {
      this.c.x.XUngrabServer(this.c.display);
      this.c.sync();
    }
  }

  move(to: Point): void {
    this.c.xtst.XTestFakeMotionEvent(this.c.display, -1, Math.round(to.x), Math.round(to.y), 0n);
    this.c.sync();
  }

  button(button: MouseButton, down: boolean, gate?: InputGate): void {
    const send = () =>
      this.c.xtst.XTestFakeButtonEvent(this.c.display, BUTTON[button], down ? X.True : X.False, 0n);
    // Letting go is never held back.
    if (down) this.#checked(gate, 0, "pointer", send);
    else this.#checked(undefined, 0, "pointer", send);
  }

  /** Clicks with `mods` held; the gate hears of the modifiers (where the keys go) and of each press. */
  async click(
    at: Point,
    button: MouseButton,
    count: number,
    mods: Modifier[],
    gate?: InputGate,
  ): Promise<void> {
    this.move(at);
    // Apps ignore a click that lands in the same instant as the motion.
    await sleep(30);
    if (mods.length) this.modifiers(mods, true, gate);
    try {
      for (let i = 0; i < count; i++) {
        this.#checked(gate, i, "pointer", () => {
          this.c.xtst.XTestFakeButtonEvent(this.c.display, BUTTON[button], X.True, 0n);
        });
        await sleep(15);
        this.button(button, false);
        if (i + 1 < count) await sleep(60);
      }
    } finally {
      if (mods.length) this.modifiers(mods, false);
    }
  }

  async scroll(at: Point, notches: number, gate?: InputGate): Promise<void> {
    this.move(at);
    await sleep(20);
    const b = notches > 0 ? WHEEL_DOWN : WHEEL_UP;
    for (let i = 0; i < Math.abs(notches); i++) {
      this.#checked(gate, i, "pointer", () => {
        this.c.xtst.XTestFakeButtonEvent(this.c.display, b, X.True, 0n);
        this.c.xtst.XTestFakeButtonEvent(this.c.display, b, X.False, 0n);
      });
      await sleep(25);
    }
  }

  modifiers(mods: Modifier[], down: boolean, gate?: InputGate): void {
    const ordered = down ? mods : [...mods].reverse();
    const send = () => {
      for (const m of ordered) {
        const place = this.#keymap.find(MODIFIER_KEYSYMS[m]);
        if (place) this.#key(place.keycode, down);
      }
    };
    this.#checked(down ? gate : undefined, 0, "keys", send);
  }

  /** Presses a combination: modifiers down, key down/up, modifiers up, in one checked event. */
  async hotkey(mods: Modifier[], key: string | null, gate?: InputGate): Promise<void> {
    let place: KeyPlace | null = null;
    let borrowed: number | null = null;
    if (key !== null) {
      const sym = keyKeysym(key);
      place = this.#keymap.find(sym);
      if (!place) {
        borrowed = await this.#borrow([sym]).then((m) => m.get(sym) ?? null);
        if (borrowed === null) throw new Error(`no keycode can produce the key "${key}"`);
        place = { keycode: borrowed, shift: false };
      }
    }
    const all = [...mods];
    // A key that sits on the Shift level (e.g. "+" on a US layout) needs Shift too.
    if (place?.shift && !all.includes("shift")) all.push("shift");
    const codes = all.map((m) => this.#keymap.find(MODIFIER_KEYSYMS[m])?.keycode)
      .filter((k): k is number => k !== undefined);
    try {
      // The whole combination is one event: nothing can take the focus between its keys.
      this.#checked(gate, 0, "keys", () => {
        for (const k of codes) this.#key(k, true);
        if (place) {
          this.#key(place.keycode, true);
          this.#key(place.keycode, false);
        }
        for (const k of [...codes].reverse()) this.#key(k, false);
      });
    } finally {
      if (borrowed !== null) await this.#restore([borrowed]);
    }
  }

  /** Types text, one character at a time. */
  async type(text: string, gate?: InputGate): Promise<void> {
    const chars = [...text];
    const missing = [...new Set(chars.map(charKeysym))].filter((s) => !this.#keymap.find(s));
    const borrowed = missing.length ? await this.#borrow(missing) : new Map<number, number>();
    try {
      for (const [i, ch] of chars.entries()) {
        const sym = charKeysym(ch);
        const place = this.#keymap.find(sym) ??
          (borrowed.has(sym) ? { keycode: borrowed.get(sym)!, shift: false } : null);
        if (!place) throw new Error(`cannot type U+${ch.codePointAt(0)!.toString(16)}`);
        const shift = place.shift ? this.#keymap.find(MODIFIER_KEYSYMS.shift) : null;
        this.#checked(gate, i, "keys", () => {
          if (shift) this.#key(shift.keycode, true);
          this.#key(place.keycode, true);
          this.#key(place.keycode, false);
          if (shift) this.#key(shift.keycode, false);
        });
        // About xdotool's pace: toolkits that react to each key (autocompletion in file
        // choosers, search-as-you-type) fall behind and interleave when keys come faster.
        await sleep(12);
      }
    } finally {
      if (borrowed.size) await this.#restore([...borrowed.values()]);
    }
  }

  #key(keycode: number, down: boolean): void {
    this.c.xtst.XTestFakeKeyEvent(this.c.display, keycode, down ? X.True : X.False, 0n);
  }

  /** Binds keysyms to spare keycodes; returns keysym → keycode. */
  async #borrow(keysyms: number[]): Promise<Map<number, number>> {
    const spare = this.#keymap.spare();
    if (spare.length < keysyms.length) {
      throw new Error(
        `the keyboard map has ${spare.length} free keycodes but the text needs ${keysyms.length} extra characters; type it in smaller pieces`,
      );
    }
    const out = new Map<number, number>();
    const per = this.#keymap.perCode;
    keysyms.forEach((sym, i) => {
      const code = spare[i];
      // Same keysym on the plain and Shift levels, so a held Shift changes nothing.
      const row = new BigUint64Array(per);
      row[0] = BigInt(sym);
      if (per > 1) row[1] = BigInt(sym);
      this.c.x.XChangeKeyboardMapping(this.c.display, code, per, row, 1);
      out.set(sym, code);
    });
    this.c.sync();
    this.#keymap.refresh();
    // Clients re-read the mapping when MappingNotify arrives; give them a moment.
    await sleep(40);
    return out;
  }

  async #restore(codes: number[]): Promise<void> {
    // Let the clients consume the typed events under the borrowed mapping first.
    await sleep(60);
    const per = this.#keymap.perCode;
    for (const code of codes) {
      this.c.x.XChangeKeyboardMapping(this.c.display, code, per, new BigUint64Array(per), 1);
    }
    this.c.sync();
    this.#keymap.refresh();
  }
}
