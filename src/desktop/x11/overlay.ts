/**
 * Marks on an X11 screen: each mark's picture is one override-redirect
 * window above the others, cut (SHAPE) to the pixels the picture shows and
 * given no input region, so the pointer and its clicks pass through to the
 * app beneath and it never takes the focus. Its pixels are the picture laid
 * over what the screen showed there, put into a pixmap that is the window's
 * background, so the server repaints it by itself.
 *
 * What lay beneath is kept: every capture this server reads gets those
 * pixels back where its marks are, so OCR and icon hashing never see them.
 * Marks another choto shows (its windows carry the same class) are painted
 * flat in a capture, never read. Mark windows are left out of window lists.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import { LIBXEXT_PATHS, libXextSymbols, Shape } from "../../../ffi/x11/libxext.ts";
import type { Rect } from "../../common/rect.ts";
import { composite, opaqueRects } from "../../image/draw.ts";
import type { RgbaImage } from "../../image/pixels.ts";
import { type MarkPicture, NOTE_WIDTH, type NoteInk } from "../mark_drawing.ts";
import { MARK_CLASS } from "../own_windows.ts";
import { captureArea, rgbaToBgrx } from "./capture.ts";
import { cstr, type XConnection } from "./connection.ts";
import { wrapText } from "./question.ts";
import { parseWmClass } from "./window_types.ts";
import { requestsOn } from "./requests.ts";

type XExt = Deno.DynamicLibrary<typeof libXextSymbols>["symbols"];

let xext: XExt | null | undefined;

function openXext(): XExt | null {
  if (xext !== undefined) return xext;
  xext = null;
  for (const path of LIBXEXT_PATHS) {
    try {
      xext = Deno.dlopen(path, libXextSymbols).symbols;
      break;
    } catch {
      // try the next name
    }
  }
  return xext;
}

/** The grey another choto's marks become in a capture. */
const FLAT = 128;

/** Why marks cannot be drawn on this display, or null when they can; asked once per connection. */
const support = new WeakMap<XConnection, string | null>();

/** Null when this display can show marks, else why not. */
export function markSupport(c: XConnection): string | null {
  if (support.has(c)) return support.get(c)!;
  const why = supportOf(c);
  support.set(c, why);
  return why;
}

function supportOf(c: XConnection): string | null {
  const ext = openXext();
  if (!ext) return "libXext is missing (Debian/Ubuntu: apt-get install libxext6)";
  const a = new Int32Array(1), b = new Int32Array(1);
  if (!ext.XShapeQueryExtension(c.display, a, b)) return "the X server has no SHAPE extension";
  if (!ext.XShapeQueryVersion(c.display, a, b) || a[0] * 100 + b[0] < 101) {
    return "the X server's SHAPE extension is older than 1.1 (marks would catch the pointer)";
  }
  const depth = c.x.XDefaultDepth(c.display, c.screen);
  const visual = c.x.XDefaultVisual(c.display, c.screen);
  if (!visual) return "the X server names no default visual";
  const v = new Deno.UnsafePointerView(visual);
  const L = XLayout.visual;
  const rgbFields = v.getBigUint64(L.redMask) === 0xff0000n && v.getBigUint64(L.greenMask) === 0xff00n &&
    v.getBigUint64(L.blueMask) === 0xffn;
  if (v.getInt32(L.class) !== X.TrueColor || !rgbFields || (depth !== 24 && depth !== 32)) {
    return `the display's pixels are not 24-bit true colour (depth ${depth})`;
  }
  return null;
}

/** One mark window, with what the screen showed beneath it. */
interface MarkWindow {
  id: bigint;
  x: number;
  y: number;
  /** The pixels it covers, in its own coordinates. */
  shape: Rect[];
  /** What lay beneath, as large as the window. */
  under: RgbaImage;
  /** What the window shows (the picture laid over what lay beneath). */
  shows: RgbaImage;
}

/** The core font every X server has built in: the note's fallback when the system's fonts cannot be used. */
const CORE_FONT = "fixed";

/** A note in the core font (Latin-1: other characters show as "?"), wrapped to the note width. */
export function coreFontInk(c: XConnection, note: string): NoteInk {
  const font = c.x.XLoadFont(c.display, cstr(CORE_FONT));
  try {
    const ascent = new Int32Array(1), descent = new Int32Array(1), dir = new Int32Array(1);
    const overall = new Uint8Array(XLayout.charStructSize);
    const widthOf = (s: string) => {
      const bytes = latin1(s);
      c.x.XQueryTextExtents(c.display, font, bytes, bytes.length, dir, ascent, descent, overall);
      return new DataView(overall.buffer).getInt16(XLayout.charStruct.width, true);
    };
    const em = Math.max(1, widthOf("M"));
    const lines = wrapText(latin1Text(note), Math.max(8, Math.floor(NOTE_WIDTH / em))).split("\n");
    const lineHeight = ascent[0] + descent[0];
    return { kind: "lines", lines, width: Math.max(...lines.map(widthOf)), lineHeight };
  } finally {
    c.x.XUnloadFont(c.display, font);
  }
}

/** Punctuation beyond Latin-1 that has a plain look-alike. */
const LOOK_ALIKE: Record<string, string> = {
  "…": "...",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "•": "*",
  "→": "->",
  "←": "<-",
  "Ł": "L",
  "ł": "l",
  "Đ": "D",
  "đ": "d",
  "œ": "oe",
  "Œ": "OE",
};

/** A note in Latin-1 for the core font: look-alikes for punctuation, accents kept or dropped, else "?". */
export function latin1Text(s: string): string {
  return [...s].map((ch) => {
    if (ch.codePointAt(0)! <= 0xff) return ch;
    if (LOOK_ALIKE[ch]) return LOOK_ALIKE[ch];
    const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
    return base.length === 1 && base.codePointAt(0)! <= 0xff ? base : "?";
  }).join("");
}

function latin1(s: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...s].map((ch) => (ch.codePointAt(0)! <= 0xff ? ch.codePointAt(0)! : 0x3f)));
}

/** Writes a core-font note into a pixmap. */
function writeLines(c: XConnection, pixmap: bigint, gc: Deno.PointerValue, text: MarkPicture["text"]): void {
  if (!text) return;
  const font = c.x.XLoadFont(c.display, cstr(CORE_FONT));
  const ascent = new Int32Array(1), descent = new Int32Array(1), dir = new Int32Array(1);
  const overall = new Uint8Array(XLayout.charStructSize);
  c.x.XQueryTextExtents(c.display, font, latin1("M"), 1, dir, ascent, descent, overall);
  c.x.XSetFont(c.display, gc, font);
  c.x.XSetForeground(c.display, gc, 0xffffffn);
  text.lines.forEach((line, i) => {
    const bytes = latin1(line);
    c.x.XDrawString(
      c.display,
      pixmap,
      gc,
      text.x,
      text.y + ascent[0] + i * text.lineHeight,
      bytes,
      bytes.length,
    );
  });
  c.x.XUnloadFont(c.display, font);
}

/** Copies the pixels of `from` (placed at fx, fy on screen) inside `rects` (its coordinates) into `to` (at tx, ty). */
function copyRects(
  from: RgbaImage,
  fx: number,
  fy: number,
  rects: Rect[],
  to: RgbaImage,
  tx: number,
  ty: number,
) {
  for (const r of rects) {
    for (let row = r.y; row < r.y + r.height; row++) {
      const y = fy + row - ty;
      if (y < 0 || y >= to.height || row >= from.height) continue;
      const x0 = Math.max(r.x, tx - fx), x1 = Math.min(r.x + r.width, tx - fx + to.width, from.width);
      if (x1 <= x0) continue;
      const src = (row * from.width + x0) * 4;
      to.data.set(from.data.subarray(src, src + (x1 - x0) * 4), (y * to.width + (fx + x0 - tx)) * 4);
    }
  }
}

/** The XRectangles of a region, as SHAPE takes them. */
function xRectangles(rects: Rect[]): Uint8Array<ArrayBuffer> {
  const buf = new Uint8Array(Math.max(1, rects.length) * Shape.rectangleSize);
  const dv = new DataView(buf.buffer);
  rects.forEach((r, i) => {
    const o = i * Shape.rectangleSize;
    dv.setInt16(o, r.x, true);
    dv.setInt16(o + 2, r.y, true);
    dv.setUint16(o + 4, r.width, true);
    dv.setUint16(o + 6, r.height, true);
  });
  return buf;
}

/** The marks one connection shows, drawn at once and taken down together. */
export class XMarks {
  #open = true;

  private constructor(readonly c: XConnection, readonly windows: MarkWindow[]) {}

  /**
   * What the screen shows beneath each of `pictures` (as large as each),
   * without any mark of ours: `prior` are this connection's marks up now,
   * `gone` marks taken down a moment ago.
   */
  static beneath(
    c: XConnection,
    pictures: MarkPicture[],
    prior: XMarks | null,
    gone: XMarks | null,
  ): RgbaImage[] {
    return pictures.map((p) => {
      const under = captureArea(c, {
        x: p.origin.x,
        y: p.origin.y,
        width: p.image.width,
        height: p.image.height,
      });
      prior?.patch(under, p.origin.x, p.origin.y);
      gone?.patchLeftovers(under, p.origin.x, p.origin.y);
      return under;
    });
  }

  /**
   * Shows `pictures` over `unders` (what lies beneath each, from
   * {@link beneath}), replacing `prior`, which is taken down first. All or
   * nothing: when drawing any mark fails, those already drawn are taken
   * down before the error goes on. The display must be able to show marks
   * ({@link markSupport}).
   */
  static show(c: XConnection, pictures: MarkPicture[], unders: RgbaImage[], prior: XMarks | null): XMarks {
    const ext = openXext()!;
    prior?.close();
    const depth = c.x.XDefaultDepth(c.display, c.screen);
    const visual = c.x.XDefaultVisual(c.display, c.screen);
    const cls = new TextEncoder().encode(`${MARK_CLASS}\0${MARK_CLASS}\0`);
    const windows: MarkWindow[] = [];
    try {
      pictures.forEach((p, i) => {
        const { width, height } = p.image;
        const shape = opaqueRects(p.image);
        if (!shape.length) return;
        const shows = composite(p.image, unders[i]);
        const pixels = rgbaToBgrx(shows.data) as Uint8Array<ArrayBuffer>;
        const pixmap = c.x.XCreatePixmap(c.display, c.root, width, height, depth);
        // Freed on every path: a window made below holds its own reference to the pixmap.
        try {
          const gc = c.x.XCreateGC(c.display, pixmap, 0n, null);
          try {
            const img = c.x.XCreateImage(
              c.display,
              visual,
              depth,
              X.ZPixmap,
              0,
              Deno.UnsafePointer.of(pixels),
              width,
              height,
              32,
              width * 4,
            );
            if (img) {
              // The pixels are ours: free only the XImage itself, never its data.
              c.x.XPutImage(c.display, pixmap, gc, img, 0, 0, 0, 0, width, height);
              c.x.XFree(img);
            }
            writeLines(c, pixmap, gc, p.text);
          } finally {
            c.x.XFreeGC(c.display, gc);
          }
          const w = c.x.XCreateSimpleWindow(
            c.display,
            c.root,
            p.origin.x,
            p.origin.y,
            width,
            height,
            0,
            0n,
            0n,
          );
          windows.push({ id: w, x: p.origin.x, y: p.origin.y, shape, under: unders[i], shows });
          const attrs = new Uint8Array(XLayout.setWindowAttributesSize);
          const dv = new DataView(attrs.buffer);
          dv.setBigUint64(XLayout.setWindowAttributes.backgroundPixmap, pixmap, true);
          dv.setInt32(XLayout.setWindowAttributes.overrideRedirect, X.True, true);
          c.x.XChangeWindowAttributes(c.display, w, X.CWOverrideRedirect | X.CWBackPixmap, attrs);
          c.x.XChangeProperty(
            c.display,
            w,
            X.XA_WM_CLASS,
            X.XA_STRING,
            8,
            X.PropModeReplace,
            cls,
            cls.length,
          );
          const rects = xRectangles(shape);
          ext.XShapeCombineRectangles(
            c.display,
            w,
            Shape.Bounding,
            0,
            0,
            rects,
            shape.length,
            Shape.Set,
            Shape.Unsorted,
          );
          // No input region at all: every pointer event goes to the window beneath.
          ext.XShapeCombineRectangles(c.display, w, Shape.Input, 0, 0, rects, 0, Shape.Set, Shape.Unsorted);
          c.x.XMapRaised(c.display, w);
        } finally {
          c.x.XFreePixmap(c.display, pixmap);
        }
      });
    } catch (err) {
      for (const w of windows) c.x.XDestroyWindow(c.display, w.id);
      c.sync();
      throw err;
    }
    c.sync();
    return new XMarks(c, windows);
  }

  /** The ids of the windows showing these marks. */
  ids(): Set<bigint> {
    return new Set(this.windows.map((w) => w.id));
  }

  /** Puts back what lay beneath these marks into `img`, a capture whose top-left is (x, y) on screen. */
  patch(img: RgbaImage, x = 0, y = 0): void {
    if (!this.#open) return;
    for (const w of this.windows) copyRects(w.under, w.x, w.y, w.shape, img, x, y);
  }

  /**
   * Puts back what lay beneath these marks, once taken down, where `img`
   * (a capture whose top-left is at ox, oy on screen) still shows exactly what they drew: the app
   * beneath repaints what they uncovered a moment later, and a look in
   * between must not read the mark.
   */
  patchLeftovers(img: RgbaImage, ox = 0, oy = 0): void {
    if (this.#open) return;
    for (const w of this.windows) {
      for (const r of w.shape) {
        for (let row = r.y; row < r.y + r.height; row++) {
          const y = w.y + row - oy;
          if (y < 0 || y >= img.height) continue;
          for (let col = r.x; col < r.x + r.width; col++) {
            const x = w.x + col - ox;
            if (x < 0 || x >= img.width) continue;
            const o = (y * img.width + x) * 4, k = (row * w.shows.width + col) * 4;
            const d = img.data, s = w.shows.data;
            if (d[o] === s[k] && d[o + 1] === s[k + 1] && d[o + 2] === s[k + 2]) {
              d.set(w.under.data.subarray(k, k + 4), o);
            }
          }
        }
      }
    }
  }

  /** Takes the marks down (the connection must still be open). */
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    for (const w of this.windows) this.c.x.XDestroyWindow(this.c.display, w.id);
    this.c.sync();
  }
}

/** Paints flat, in a full-screen capture, the marks another choto shows on this display. */
export function flattenOthersMarks(c: XConnection, img: RgbaImage, own: Set<bigint>): void {
  const ext = openXext();
  if (!ext) return;
  // Every root child's attributes and class in one batch: a capture asks this each time.
  const req = requestsOn(c);
  const asked = req.children(c.root)().filter((w) => !own.has(w)).map((w) => ({
    w,
    attrs: req.attributes(w),
    cls: req.property(w, X.XA_WM_CLASS),
  }));
  for (const { w, a, cls } of asked.map((q) => ({ w: q.w, a: q.attrs(), cls: q.cls() }))) {
    if (!a || !a.viewable || !a.overrideRedirect) continue;
    if (!cls || !parseWmClass(cls.bytes).includes(MARK_CLASS)) continue;
    const count = new Int32Array(1), ordering = new Int32Array(1);
    const p = ext.XShapeGetRectangles(c.display, w, Shape.Bounding, count, ordering);
    if (!p) continue;
    const v = new Deno.UnsafePointerView(p);
    for (let i = 0; i < count[0]; i++) {
      const o = i * Shape.rectangleSize;
      const r = {
        x: a.x + v.getInt16(o),
        y: a.y + v.getInt16(o + 2),
        w: v.getUint16(o + 4),
        h: v.getUint16(o + 6),
      };
      for (let y = Math.max(0, r.y); y < Math.min(img.height, r.y + r.h); y++) {
        for (let x = Math.max(0, r.x); x < Math.min(img.width, r.x + r.w); x++) {
          img.data.set([FLAT, FLAT, FLAT, 255], (y * img.width + x) * 4);
        }
      }
    }
    c.x.XFree(p);
  }
}
