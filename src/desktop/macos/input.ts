/**
 * Synthetic input through CGEvent: pointer, buttons, wheel, keys and
 * Unicode typing. Positions arrive in pixels of the working display and are
 * posted in global points. Nothing is sent without Accessibility (macOS
 * would drop it silently); letting go of what is held is always sent.
 * Characters go to the keys that type them on the user's keyboard layout.
 *
 * @module
 */

import type { InputGate, Modifier, MouseButton } from "../types.ts";
import { pixelToPoint, pointFromBytes, pointToPixel } from "./geometry.ts";
import { parseCombo } from "../keys.ts";
import { comboKey, flagsOf, KeyRefused, MODIFIER_KEY, planHotkey, planTyping } from "./keycodes.ts";
import { sleep } from "../../common/time.ts";
import type { MacSession } from "./session.ts";
import { currentDisplay } from "./windows.ts";
import { keysLanding, pointerLanding } from "./landing.ts";
import type { Point } from "../../common/rect.ts";

/** CGEventTypes.h */
const EV = {
  leftDown: 1,
  leftUp: 2,
  rightDown: 3,
  rightUp: 4,
  moved: 5,
  leftDragged: 6,
  rightDragged: 7,
  otherDown: 25,
  otherUp: 26,
  otherDragged: 27,
} as const;
const HID_EVENT_TAP = 0;
const FIELD_CLICK_STATE = 1;
const SCROLL_UNIT_LINE = 1;

const BUTTONS: Record<MouseButton, { down: number; up: number; drag: number; cg: number }> = {
  left: { down: EV.leftDown, up: EV.leftUp, drag: EV.leftDragged, cg: 0 },
  right: { down: EV.rightDown, up: EV.rightUp, drag: EV.rightDragged, cg: 1 },
  middle: { down: EV.otherDown, up: EV.otherUp, drag: EV.otherDragged, cg: 2 },
};

/** Mouse and keyboard, remembering which buttons and modifiers are held. */
export class MacInput {
  #held = new Set<MouseButton>();
  #mods = new Set<Modifier>();
  /** The process each held modifier went to (null: the HID tap): its release goes there too. */
  #modPids = new Map<Modifier, number | null>();

  constructor(readonly s: MacSession) {}

  /** The pointer in global points (CGEvent's own coordinates). */
  globalPointer(): Point {
    const { cg, cf } = this.s.libs;
    const ev = cg.CGEventCreate(null);
    if (!ev) throw new Error("CGEventCreate failed");
    try {
      return pointFromBytes(cg.CGEventGetLocation(ev));
    } finally {
      cf.CFRelease(ev);
    }
  }

  /** The pointer in pixels of the working display. */
  pointer(): Point {
    return pointToPixel(currentDisplay(this.s), this.globalPointer());
  }

  /** Posts through the HID tap, or to process `pid` (a key, to the app its gate checked). */
  #post(ev: Deno.PointerValue, flags = flagsOf(this.#mods), pid: number | null = null): void {
    if (!ev) throw new Error("CGEvent creation failed");
    try {
      this.s.libs.cg.CGEventSetFlags(ev, BigInt(flags));
      const toPid = this.s.libs.cg.CGEventPostToPid;
      if (pid !== null && toPid) toPid(pid, ev);
      else this.s.libs.cg.CGEventPost(HID_EVENT_TAP, ev);
    } finally {
      this.s.libs.cf.CFRelease(ev);
    }
  }

  /** Asks `gate` about key event `sent`; the process to post it to (null: none checked). */
  #keysGate(gate: InputGate | undefined, sent: number): number | null {
    if (!gate) return null;
    const landing = keysLanding(this.s);
    gate(sent, landing);
    return landing.pid;
  }

  /** Asks `gate` about a pointer event at `pt` (global points). */
  #pointerGate(gate: InputGate | undefined, sent: number, pt: Point): void {
    gate?.(sent, pointerLanding(this.s, pt));
  }

  #mouse(type: number, at: Point, button: number, clickState?: number, flags?: number): void {
    const ev = this.s.libs.cg.CGEventCreateMouseEvent(
      null,
      type,
      new Float64Array([at.x, at.y]),
      button,
    );
    if (ev && clickState !== undefined) {
      this.s.libs.cg.CGEventSetIntegerValueField(ev, FIELD_CLICK_STATE, BigInt(clickState));
    }
    this.#post(ev, flags);
  }

  #toPoints(p: Point): Point {
    return pixelToPoint(currentDisplay(this.s), p);
  }

  #moveType(): { type: number; button: number } {
    for (const b of ["left", "right", "middle"] as const) {
      if (this.#held.has(b)) return { type: BUTTONS[b].drag, button: BUTTONS[b].cg };
    }
    return { type: EV.moved, button: 0 };
  }

  /** Throws GrantMissing, before anything is sent, when macOS would drop the input. */
  #mayPost(): void {
    this.s.grants.requireAccessibility();
  }

  async move(to: Point): Promise<void> {
    this.#mayPost();
    const m = this.#moveType();
    this.#mouse(m.type, this.#toPoints(to), m.button);
    await sleep(15);
  }

  async click(
    at: Point,
    button: MouseButton,
    count: number,
    modifiers: Modifier[],
    gate?: InputGate,
  ): Promise<void> {
    this.#mayPost();
    const pt = this.#toPoints(at);
    const b = BUTTONS[button];
    const flags = flagsOf([...this.#mods, ...modifiers]);
    this.#mouse(EV.moved, pt, 0, undefined, flags);
    await sleep(15);
    for (let i = 1; i <= Math.max(1, count); i++) {
      this.#pointerGate(gate, i - 1, pt);
      this.#mouse(b.down, pt, b.cg, i, flags);
      this.#mouse(b.up, pt, b.cg, i, flags);
      if (i < count) await sleep(30);
    }
    await sleep(15);
  }

  async button(button: MouseButton, down: boolean, gate?: InputGate): Promise<void> {
    if (down) this.#mayPost();
    const b = BUTTONS[button];
    const at = this.globalPointer();
    if (down) this.#pointerGate(gate, 0, at);
    this.#mouse(down ? b.down : b.up, at, b.cg, 1);
    if (down) this.#held.add(button);
    else this.#held.delete(button);
    await sleep(15);
  }

  async modifiers(mods: Modifier[], down: boolean, gate?: InputGate): Promise<void> {
    if (down) this.#mayPost();
    const pid = down ? this.#keysGate(gate, 0) : null;
    for (const m of mods) {
      const to = down ? pid : this.#modPids.get(m) ?? null;
      if (down) {
        this.#mods.add(m);
        this.#modPids.set(m, pid);
      } else {
        this.#mods.delete(m);
        this.#modPids.delete(m);
      }
      this.#post(this.s.libs.cg.CGEventCreateKeyboardEvent(null, MODIFIER_KEY[m], down), undefined, to);
    }
    await sleep(10);
  }

  async scroll(at: Point, notches: number, gate?: InputGate): Promise<void> {
    this.#mayPost();
    await this.move(at);
    const pt = this.#toPoints(at);
    // One event per notch, so a gate can stop the scroll between any two.
    // CoreGraphics counts wheel1 positive as "up"; choto counts positive as down.
    const sign = notches > 0 ? -1 : 1;
    for (let i = 0; i < Math.abs(Math.trunc(notches)); i++) {
      this.#pointerGate(gate, i, pt);
      this.#post(this.s.libs.cg.CGEventCreateScrollWheelEvent2(null, SCROLL_UNIT_LINE, 1, sign, 0, 0));
      await sleep(10);
    }
    await sleep(20);
  }

  /**
   * Presses a combination with real modifier key events (CGEvent.h asks for
   * every keystroke, modifiers included). Keys already pressed are let go on
   * every exit path.
   */
  async hotkey(keys: string[], gate?: InputGate): Promise<void> {
    const combo = parseCombo(keys, "macos");
    if ("error" in combo) throw new Error(combo.error);
    // The whole press is planned on the current layout before the first event: a refusal sends nothing.
    const events = planHotkey(combo, [...this.#mods], this.s.keyboard.current());
    this.#mayPost();
    const cg = this.s.libs.cg;
    const down = new Map<number, number>();
    const pid = this.#keysGate(gate, 0);
    try {
      for (const e of events) {
        this.#post(cg.CGEventCreateKeyboardEvent(null, e.code, e.down), e.flags, pid);
        if (e.down) down.set(e.code, e.flags);
        else down.delete(e.code);
      }
    } finally {
      // A failed post leaves keys down: release them, last pressed first, with the held flags only.
      for (const code of [...down.keys()].reverse()) {
        try {
          this.#post(cg.CGEventCreateKeyboardEvent(null, code, false), flagsOf(this.#mods), pid);
        } catch { /* nothing more can be done for this key */ }
      }
    }
    await sleep(20);
  }

  async type(text: string, gate?: InputGate): Promise<void> {
    const cg = this.s.libs.cg;
    const steps = planTyping(text, this.s.keyboard.current());
    this.#mayPost();
    for (const [i, step] of steps.entries()) {
      const pid = this.#keysGate(gate, i);
      // A typed character carries the modifiers its key needs on this layout (Shift, Option), and no others.
      for (const down of [true, false]) {
        const ev = cg.CGEventCreateKeyboardEvent(null, step.key, down);
        if (ev && step.text) cg.CGEventKeyboardSetUnicodeString(ev, BigInt(step.text.length), step.text);
        this.#post(ev, step.flags, pid);
      }
      await sleep(4);
    }
  }

  /**
   * Why a combination cannot be pressed on the current keyboard layout, or
   * null when it can: lets a plan be refused before its first step.
   */
  keyRefusal(keys: string[]): string | null {
    const combo = parseCombo(keys, "macos");
    if ("error" in combo) return combo.error;
    try {
      comboKey(combo, this.s.keyboard.current());
      return null;
    } catch (e) {
      if (e instanceof KeyRefused) return e.message;
      throw e;
    }
  }
}
