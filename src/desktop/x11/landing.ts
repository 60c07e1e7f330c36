/**
 * Where an input event lands on X11: keys go to the window with the
 * keyboard focus, buttons and the wheel to the window under the pointer.
 * Either is named by the top-level client window the window list shows
 * (the one with `WM_STATE`), not by the window manager's frame around it
 * nor by the hidden child a toolkit gives the focus to. A button's landing
 * also says whether the pointer is on the app's own drawing or on that
 * frame: a press meant for a key near the top of a window that has moved
 * since the look would otherwise pass as reaching the right window while it
 * hits the title bar's close button. The input code asks while it holds the
 * server still, so the answer is where the next event goes.
 *
 * @module
 */

import { X } from "../../../ffi/x11/libx11.ts";
import type { Landing, WindowPart } from "../types.ts";
import type { XConnection } from "./connection.ts";
import { describeWindow } from "./windows.ts";
import { xlibRequests } from "./requests.ts";

const hex = (w: bigint) => `0x${w.toString(16)}`;

/** Landings on one connection, with what one gesture learnt about its windows. */
export class XLandings {
  /** Window → the client window it belongs to, for the current gesture. */
  #client = new Map<bigint, bigint>();

  constructor(private readonly c: XConnection) {}

  /** Forgets what the last gesture learnt: windows come and go between gestures. */
  reset(): void {
    this.#client.clear();
  }

  /** Where a key event goes now. */
  keys(): Landing {
    const focus = new BigUint64Array(1);
    const revert = new Int32Array(1);
    this.c.x.XGetInputFocus(this.c.display, focus, revert);
    if (focus[0] === X.FocusNone) return this.#landing("keys", null);
    // PointerRoot: keys follow the pointer (a bare X server without a window manager).
    if (focus[0] === X.FocusPointerRoot) return this.#landing("keys", this.#underPointer().client);
    return this.#landing("keys", this.#climb(focus[0]));
  }

  /** Where a button or wheel event goes now. */
  pointer(): Landing {
    const { client, part } = this.#underPointer();
    return this.#landing("pointer", client, part);
  }

  #landing(kind: Landing["kind"], w: bigint | null, part?: WindowPart): Landing {
    let described: ReturnType<typeof describeWindow> | undefined;
    return {
      kind,
      id: w === null ? null : hex(w),
      window: () => (described ??= w === null ? null : describeWindow(this.c, w)),
      ...(part ? { part } : {}),
    };
  }

  #hasWmState(w: bigint): boolean {
    return this.c.property(w, "WM_STATE") !== null;
  }

  #parent(w: bigint): bigint {
    const root = new BigUint64Array(1);
    const parent = new BigUint64Array(1);
    const kids = new BigUint64Array(1);
    const n = new Uint32Array(1);
    if (!this.c.x.XQueryTree(this.c.display, w, root, parent, kids, n)) return 0n;
    const list = Deno.UnsafePointer.create(kids[0]);
    if (list) this.c.x.XFree(list);
    return parent[0];
  }

  /** From a focus window up to its client: the first with WM_STATE, else the child of the root. */
  #climb(start: bigint): bigint {
    const known = this.#client.get(start);
    if (known !== undefined) return known;
    let w = start;
    for (let i = 0; i < 32; i++) {
      if (this.#hasWmState(w)) break;
      const parent = this.#parent(w);
      if (parent === 0n || parent === this.c.root) break;
      w = parent;
    }
    this.#client.set(start, w);
    return w;
  }

  /**
   * The client under the pointer: the root's child there (a frame, a popup),
   * then the client inside a frame; and whether the pointer is on that
   * client or on the frame around it.
   */
  #underPointer(): { client: bigint | null; part?: WindowPart } {
    const rootRet = new BigUint64Array(1);
    const child = new BigUint64Array(1);
    const xy = new Int32Array(4);
    const mask = new Uint32Array(1);
    this.c.x.XQueryPointer(
      this.c.display,
      this.c.root,
      rootRet,
      child,
      xy.subarray(0, 1),
      xy.subarray(1, 2),
      xy.subarray(2, 3),
      xy.subarray(3, 4),
      mask,
    );
    const top = child[0];
    if (top === 0n) return { client: null };
    let client = this.#client.get(top);
    if (client === undefined) {
      client = this.#clientInside(top) ?? top;
      this.#client.set(top, client);
    }
    if (client === top) return { client };
    return { client, part: this.#onClient(client, xy[0], xy[1]) ? "content" : "frame" };
  }

  /** True when the root point (`x`, `y`) is inside `client`'s own area; false when the client is gone. */
  #onClient(client: bigint, x: number, y: number): boolean {
    const ask = xlibRequests(this.c);
    const size = ask.attributes(client)();
    if (!size) return false;
    const origin = ask.rootOrigin(client)();
    const dx = x - origin.x, dy = y - origin.y;
    return dx >= 0 && dy >= 0 && dx < size.width && dy < size.height;
  }

  /** The window with WM_STATE at or below `top` (a frame holds its client a level or two down). */
  #clientInside(top: bigint): bigint | null {
    let level = [top];
    for (let depth = 0; depth < 3 && level.length; depth++) {
      const hit = level.find((w) => this.#hasWmState(w));
      if (hit !== undefined) return hit;
      level = level.flatMap((w) => this.c.children(w));
    }
    return null;
  }
}
