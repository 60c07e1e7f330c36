/**
 * The one owner of held input: every button and modifier pressed through
 * the desktop is remembered until let go, so shutdown (stdin closed,
 * SIGTERM, SIGINT) or a failure anywhere can release all of it before the
 * process exits. Once released for good, nothing new is pressed.
 *
 * @module
 */

import { DisplayLost } from "./display_lost.ts";
import type { Desktop, InputGate, Modifier, MouseButton } from "./types.ts";

/** A desktop whose held input can be let go of all at once. */
export interface HeldDesktop extends Desktop {
  /**
   * Refuses new input, waits (briefly) for a gesture in flight to end, and
   * lets go of every button and modifier still down.
   */
  releaseAll(): Promise<void>;
  /**
   * Waits (briefly) for a gesture in flight to end and lets go of every
   * button and modifier still down; input goes on being sent. Run before
   * another process may act on the same display, so nothing held here
   * changes its keys.
   */
  releaseHeld(): Promise<void>;
}

/** How long shutdown waits for a key combination in flight to finish. */
const IN_FLIGHT_WAIT_MS = 500;

/** Wraps `inner` so that everything it presses is tracked. */
export function trackHeldInput(inner: Desktop): HeldDesktop {
  const buttons = new Set<MouseButton>();
  const mods = new Set<Modifier>();
  let closed = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const refuse = () => {
    if (closed) throw new Error("choto is shutting down: no more input is sent");
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight = p.catch(() => {});
    return p;
  };
  const gated = (gate?: InputGate): InputGate => (sent, landing) => {
    refuse();
    gate?.(sent, landing);
  };
  const overrides: Partial<HeldDesktop> = {
    move(to) {
      refuse();
      return track(inner.move(to));
    },
    click(at, button, count, modifiers, gate) {
      refuse();
      return track(inner.click(at, button, count, modifiers, gated(gate)));
    },
    async button(button, down, gate) {
      if (down) refuse();
      try {
        await track(inner.button(button, down, down ? gated(gate) : undefined));
      } catch (err) {
        // A display that went away took what it held with it: nothing is left to let go of.
        if (!down && err instanceof DisplayLost) buttons.delete(button);
        throw err;
      }
      if (down) buttons.add(button);
      else buttons.delete(button);
    },
    async modifiers(list, down, gate) {
      if (down) refuse();
      try {
        await track(inner.modifiers(list, down, down ? gated(gate) : undefined));
      } catch (err) {
        if (!down && err instanceof DisplayLost) list.forEach((m) => mods.delete(m));
        throw err;
      }
      for (const m of list) down ? mods.add(m) : mods.delete(m);
    },
    scroll(at, notches, gate) {
      refuse();
      return track(inner.scroll(at, notches, gated(gate)));
    },
    hotkey(keys, gate) {
      refuse();
      return track(inner.hotkey(keys, gated(gate)));
    },
    type(text, gate) {
      refuse();
      return track(inner.type(text, gated(gate)));
    },
    async releaseAll() {
      closed = true;
      await letGo();
    },
    releaseHeld: () => letGo(),
  };
  const letGo = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([inFlight, new Promise((r) => timer = setTimeout(r, IN_FLIGHT_WAIT_MS))]);
    clearTimeout(timer);
    for (const b of [...buttons]) {
      await inner.button(b, false).catch(() => {});
      buttons.delete(b);
    }
    if (mods.size) {
      await inner.modifiers([...mods], false).catch(() => {});
      mods.clear();
    }
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop in overrides) return overrides[prop as keyof HeldDesktop];
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  }) as HeldDesktop;
}
