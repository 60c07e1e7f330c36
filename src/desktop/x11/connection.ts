/**
 * One connection to the X server: the display pointer, the root window,
 * interned atoms and typed property reads. All calls are synchronous and on
 * the main thread, so Xlib needs no locking.
 *
 * Losing the server does not end the process: Xlib's IO-error path calls a
 * handler that only returns, then the display's exit handler (libX11 1.7+),
 * which marks the connection lost and returns instead of exiting. Xlib then
 * flags the display so that every later call on it returns at once; the
 * owner of the connection sees {@link XConnection.lost}, lets it go and
 * opens a new one when a server answers again.
 *
 * @module
 */

import { envVar } from "../../common/env.ts";
import { type LibX11, type LibXtst, openX11Libraries } from "../../../ffi/x11/open.ts";
import { X } from "../../../ffi/x11/libx11.ts";
import { DisplayLost } from "../display_lost.ts";

/**
 * Xlib's IO-error handler is one for the process: it returns, so the
 * display's own exit handler runs next. It lives as long as the process,
 * since any open display may call it.
 */
let ioHandler: Deno.UnsafeCallback<{ parameters: ["pointer"]; result: "i32" }> | null = null;

function installIoHandler(x: LibX11): void {
  ioHandler ??= new Deno.UnsafeCallback({ parameters: ["pointer"], result: "i32" } as const, () => {
    if (!x.XSetIOErrorExitHandler) {
      // Before libX11 1.7 Xlib exits once this returns, and nothing can stop it.
      console.error("choto: the X display went away; this libX11 (older than 1.7) ends the process now");
    }
    return 0;
  });
  x.XSetIOErrorHandler(ioHandler.pointer);
}

const enc = new TextEncoder();

/** A NUL-terminated C string. */
export function cstr(s: string): Uint8Array<ArrayBuffer> {
  const b = enc.encode(s);
  const out = new Uint8Array(b.length + 1);
  out.set(b);
  return out;
}

/** A raw property value as the server stored it. */
export interface Property {
  type: bigint;
  format: 8 | 16 | 32;
  /** Format 8: the bytes; 16 and 32: one number per item. */
  bytes: Uint8Array;
  items: bigint[];
}

/** An open X display with helpers that hide the out-parameter plumbing. */
export class XConnection {
  readonly x: LibX11;
  readonly xtst: LibXtst;
  readonly display: Deno.PointerValue;
  readonly root: bigint;
  readonly screen: number;
  #libs: ReturnType<typeof openX11Libraries>;
  #atoms = new Map<string, bigint>();
  #onError: Deno.UnsafeCallback<{ parameters: ["pointer", "pointer"]; result: "i32" }>;
  #onExit: Deno.UnsafeCallback<{ parameters: ["pointer", "pointer"]; result: "void" }> | null = null;
  /** Error code of the last X protocol error (BadWindow = 3, BadMatch = 8). */
  lastError = 0;
  /** True once the server went away: Xlib then answers every call on this display with nothing. */
  lost = false;
  /** What to let go of before the display closes (shared capture memory). */
  #closing: Array<() => void> = [];
  /** Whether losing the server leaves the process running (libX11 1.7+). */
  readonly survivesLoss: boolean;

  /** The display name asked for (`DISPLAY` unless given), e.g. ":0". */
  readonly name: string;

  constructor(displayName?: string) {
    this.#libs = openX11Libraries();
    this.x = this.#libs.x11.symbols;
    this.xtst = this.#libs.xtst.symbols;
    // Xlib's default error handler exits the process on BadWindow, and
    // windows vanish between listing and reading all the time.
    this.#onError = new Deno.UnsafeCallback(
      { parameters: ["pointer", "pointer"], result: "i32" } as const,
      (_display, event) => {
        // XErrorEvent.error_code is an unsigned char at offset 32 on LP64.
        this.lastError = event ? new Deno.UnsafePointerView(event).getUint8(32) : -1;
        return 0;
      },
    );
    this.x.XSetErrorHandler(this.#onError.pointer);
    installIoHandler(this.x);
    const name = displayName ?? envVar("DISPLAY") ?? "";
    this.name = name;
    const display = this.x.XOpenDisplay(cstr(name));
    if (!display) {
      this.#onError.close();
      this.#libs.x11.close();
      this.#libs.xtst.close();
      throw new Error(
        `cannot open X display "${name}": set DISPLAY to a running X server (e.g. DISPLAY=:0) and check that this user may connect (xhost/XAUTHORITY)`,
      );
    }
    this.display = display;
    this.survivesLoss = this.x.XSetIOErrorExitHandler !== null;
    if (this.x.XSetIOErrorExitHandler) {
      this.#onExit = new Deno.UnsafeCallback(
        { parameters: ["pointer", "pointer"], result: "void" } as const,
        () => {
          this.lost = true;
        },
      );
      this.x.XSetIOErrorExitHandler(display, this.#onExit.pointer, null);
    }
    this.root = this.x.XDefaultRootWindow(display);
    this.screen = this.x.XDefaultScreen(display);
  }

  /**
   * False when the server has gone away, found without blocking: reading
   * what the server sent meets the closed socket, and Xlib's IO-error path
   * marks the connection lost. Costs one non-blocking read.
   */
  alive(): boolean {
    if (!this.lost) this.x.XEventsQueued(this.display, X.QueuedAfterReading);
    return !this.lost;
  }

  /** Throws {@link DisplayLost} when the server went away during the calls made so far. */
  check(): void {
    if (this.lost) throw new DisplayLost(`the X display ${this.name || "(default)"} went away`);
  }

  /** Where the pointer is on the root window, and the buttons and modifiers held (XQueryPointer's mask). */
  queryPointer(): { x: number; y: number; mask: number } {
    const r = new BigUint64Array(2);
    const xy = new Int32Array(4);
    const mask = new Uint32Array(1);
    this.x.XQueryPointer(
      this.display,
      this.root,
      r.subarray(0, 1),
      r.subarray(1, 2),
      xy.subarray(0, 1),
      xy.subarray(1, 2),
      xy.subarray(2, 3),
      xy.subarray(3, 4),
      mask,
    );
    return { x: xy[0], y: xy[1], mask: mask[0] };
  }

  /** Screen size in pixels. */
  size(): { width: number; height: number } {
    return {
      width: this.x.XDisplayWidth(this.display, this.screen),
      height: this.x.XDisplayHeight(this.display, this.screen),
    };
  }

  /** Interns (and caches) an atom. */
  atom(name: string): bigint {
    let a = this.#atoms.get(name);
    if (a === undefined) {
      a = this.x.XInternAtom(this.display, cstr(name), X.False);
      this.#atoms.set(name, a);
    }
    return a;
  }

  /** The name of an atom, or "" when it has none. */
  atomName(atom: bigint): string {
    const p = this.x.XGetAtomName(this.display, atom);
    if (!p) return "";
    const s = new Deno.UnsafePointerView(p).getCString();
    this.x.XFree(p);
    return s;
  }

  /** Reads a whole property; null when absent or the window is gone. */
  property(window: bigint, name: string | bigint, type: bigint = X.AnyPropertyType): Property | null {
    const prop = typeof name === "string" ? this.atom(name) : name;
    const actualType = new BigUint64Array(1);
    const actualFormat = new Int32Array(1);
    const nItems = new BigUint64Array(1);
    const bytesAfter = new BigUint64Array(1);
    const data = new BigUint64Array(1);
    const status = this.x.XGetWindowProperty(
      this.display,
      window,
      prop,
      0n,
      // Length is in 32-bit units; 4 MiB covers any title, icon list or text.
      1n << 20n,
      X.False,
      type,
      actualType,
      actualFormat,
      nItems,
      bytesAfter,
      data,
    );
    const ptr = Deno.UnsafePointer.create(data[0]);
    if (status !== X.Success || actualType[0] === 0n || !ptr) {
      if (ptr) this.x.XFree(ptr);
      return null;
    }
    const format = actualFormat[0] as 8 | 16 | 32;
    const n = Number(nItems[0]);
    // Format 32 items are C longs (8 bytes on LP64), format 16 are shorts.
    const itemSize = format === 32 ? 8 : format === 16 ? 2 : 1;
    const view = new Deno.UnsafePointerView(ptr);
    const bytes = n > 0 ? new Uint8Array(view.getArrayBuffer(n * itemSize).slice(0)) : new Uint8Array(0);
    this.x.XFree(ptr);
    const items: bigint[] = [];
    if (format === 32) {
      const dv = new DataView(bytes.buffer);
      for (let i = 0; i < n; i++) items.push(dv.getBigUint64(i * 8, true));
    } else if (format === 16) {
      const dv = new DataView(bytes.buffer);
      for (let i = 0; i < n; i++) items.push(BigInt(dv.getUint16(i * 2, true)));
    }
    return { type: actualType[0], format, bytes, items };
  }

  /** A text property (UTF8_STRING or Latin-1 STRING), or null. */
  text(window: bigint, name: string | bigint): string | null {
    return propertyText(this, this.property(window, name));
  }

  /** The children of a window, bottom to top in stacking order. */
  children(window: bigint): bigint[] {
    const rootRet = new BigUint64Array(1);
    const parentRet = new BigUint64Array(1);
    const childrenRet = new BigUint64Array(1);
    const count = new Uint32Array(1);
    const ok = this.x.XQueryTree(this.display, window, rootRet, parentRet, childrenRet, count);
    const ptr = Deno.UnsafePointer.create(childrenRet[0]);
    if (!ok || !ptr) return [];
    const n = count[0];
    const view = new Deno.UnsafePointerView(ptr);
    const out: bigint[] = [];
    for (let i = 0; i < n; i++) out.push(view.getBigUint64(i * 8));
    this.x.XFree(ptr);
    return out;
  }

  /** Flushes queued requests and waits until the server processed them; throws {@link DisplayLost} when it is gone. */
  sync(): void {
    this.x.XSync(this.display, X.False);
    this.check();
  }

  /** Closes the display (a lost one too: Xlib then only frees it). */
  /** Runs `fn` when the connection closes, while the display and libX11 are still open. */
  beforeClose(fn: () => void): void {
    this.#closing.push(fn);
  }

  close(): void {
    for (const fn of this.#closing.splice(0)) fn();
    this.x.XCloseDisplay(this.display);
    this.#onExit?.close();
    this.#onError.close();
    this.#libs.x11.close();
    this.#libs.xtst.close();
  }
}

/** A property read as text (UTF8_STRING or Latin-1 STRING), or null when it is none. */
export function propertyText(c: XConnection, p: Property | null): string | null {
  if (!p || p.format !== 8) return null;
  const utf8 = p.type === c.atom("UTF8_STRING");
  return utf8 ? new TextDecoder().decode(p.bytes) : latin1(p.bytes);
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}
