/**
 * The monitors that make up the X root window, from Xinerama when the
 * server has it active, else the whole root as one display.
 *
 * @module
 */

import {
  LIBXINERAMA_PATHS,
  libXineramaSymbols,
  XineramaScreenInfoLayout as L,
} from "../../../ffi/x11/libxinerama.ts";

import type { XConnection } from "./connection.ts";
import type { Rect } from "../../common/rect.ts";

type Xinerama = Deno.DynamicLibrary<typeof libXineramaSymbols>;

/** Reads monitor rectangles in root coordinates; the library is opened once, if it exists. */
export class XMonitors {
  #lib: Xinerama | null | undefined;

  constructor(readonly c: XConnection) {}

  #open(): Xinerama | null {
    if (this.#lib !== undefined) return this.#lib;
    this.#lib = null;
    for (const path of LIBXINERAMA_PATHS) {
      try {
        this.#lib = Deno.dlopen(path, libXineramaSymbols);
        break;
      } catch {
        // Not installed: the root window stands for the one display.
      }
    }
    return this.#lib;
  }

  /** Monitor rectangles; the root window's when Xinerama is absent or inactive. */
  list(): Rect[] {
    const root = { x: 0, y: 0, ...this.c.size() };
    const lib = this.#open();
    if (!lib || !lib.symbols.XineramaIsActive(this.c.display)) return [root];
    const count = new Int32Array(1);
    const info = lib.symbols.XineramaQueryScreens(this.c.display, count);
    if (!info) return [root];
    try {
      const v = new Deno.UnsafePointerView(info);
      const out: Rect[] = [];
      for (let i = 0; i < count[0]; i++) {
        const at = i * L.size;
        out.push({
          x: v.getInt16(at + L.xOrg),
          y: v.getInt16(at + L.yOrg),
          width: v.getInt16(at + L.width),
          height: v.getInt16(at + L.height),
        });
      }
      return out.length ? out : [root];
    } finally {
      this.c.x.XFree(info);
    }
  }

  close(): void {
    this.#lib?.close();
    this.#lib = null;
  }
}
