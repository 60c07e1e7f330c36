/**
 * The marks one X11 desktop shows: at most one set at a time, each new set
 * replacing the last; taken down after its duration, when closed, before
 * any input the backend sends and when the backend closes. Captures get
 * the pixels beneath them back, also for a moment after they went (until
 * the apps beneath have repainted what they uncovered).
 *
 * @module
 */

import { textMask } from "../../image/codec.ts";
import type { RgbaImage } from "../../image/pixels.ts";
import { drawMark, inkSize, markParts, NOTE_SIZE, NOTE_WIDTH } from "../mark_drawing.ts";
import type { Pointing, PointMark, PointOptions } from "../types.ts";
import { coreFontInk, flattenOthersMarks, markSupport, XMarks } from "./overlay.ts";
import type { DisplayLink, Session } from "./session.ts";

/** How long the pixels of marks taken down are looked for in captures (apps repaint in far less). */
const REPAINT_MS = 1000;

/** The marks of one desktop backend. */
export class MarkBoard {
  #shown: { marks: XMarks; timer: ReturnType<typeof setTimeout> } | null = null;
  #fading: { marks: XMarks; until: number } | null = null;

  constructor(readonly link: DisplayLink) {}

  /** Takes the marks down; those of a server that went away went with it. */
  takeDown(): void {
    if (!this.#shown) return;
    const { marks, timer } = this.#shown;
    this.#shown = null;
    clearTimeout(timer);
    this.link.release((s) => {
      if (s.c !== marks.c) return;
      marks.close();
      this.#fading = { marks, until: Date.now() + REPAINT_MS };
    });
  }

  /** Marks taken down a moment ago on this session's connection, or null. */
  #gone(s: Session): XMarks | null {
    const f = this.#fading;
    if (f && f.until > Date.now() && f.marks.c === s.c) return f.marks;
    this.#fading = null;
    return null;
  }

  /** Leaves every mark out of a full-screen capture: ours put back to what lay beneath, another choto's flat. */
  clean(s: Session, img: RgbaImage): RgbaImage {
    const mine = this.#shown?.marks.c === s.c ? this.#shown.marks : null;
    mine?.patch(img);
    this.#gone(s)?.patchLeftovers(img);
    flattenOthersMarks(s.c, img, mine?.ids() ?? new Set());
    return img;
  }

  /** Shows `marks` in place of any up; `use` runs a call on the live session. */
  async show(
    marks: PointMark[],
    options: PointOptions,
    use: <T>(fn: (s: Session) => T) => T,
  ): Promise<Pointing> {
    // The system's fonts write the notes where sharp loads; the X server's core font otherwise.
    const masks = await Promise.all(
      marks.map((m) => m.note ? textMask(m.note, NOTE_SIZE, NOTE_WIDTH) : null),
    );
    return use((s): Pointing => {
      const why = markSupport(s.c);
      if (why) return { shown: false, why: `this display cannot show marks: ${why}` };
      const { width, height } = s.c.size();
      const screen = { x: 0, y: 0, width, height };
      const inks = marks.map((m, i) => {
        const mask = masks[i];
        return mask ? { kind: "mask" as const, mask } : m.note ? coreFontInk(s.c, m.note) : null;
      });
      // The guard's check, on every part as it will be drawn: before anything is read, and again once
      // what lies beneath is read (a window it may not show over that appeared meanwhile is in that listing).
      const vet = () =>
        options.vet?.(marks.map((m, i) => markParts(m, inks[i] && inkSize(inks[i]!), screen)));
      const before = vet();
      if (before) return { shown: false, why: before, refused: true };
      const pictures = marks.map((m, i) => drawMark(m, inks[i], screen, options.tone));
      const prior = this.#shown?.marks.c === s.c ? this.#shown.marks : null;
      const unders = XMarks.beneath(s.c, pictures, prior, this.#gone(s));
      const after = vet();
      if (after) return { shown: false, why: after, refused: true };
      if (this.#shown) clearTimeout(this.#shown.timer);
      this.#shown = null;
      let now: XMarks;
      try {
        now = XMarks.show(s.c, pictures, unders, prior);
      } finally {
        // Replaced or not, the marks up before are down now; their pixels are looked for a moment longer.
        if (prior) this.#fading = { marks: prior, until: Date.now() + REPAINT_MS };
      }
      const close = () => {
        if (this.#shown?.marks === now) this.takeDown();
      };
      const timer = setTimeout(close, options.durationMs);
      // A mark never keeps the process alive.
      Deno.unrefTimer(timer);
      this.#shown = { marks: now, timer };
      const noted = marks.filter((m) => m.note);
      const fonts = masks.filter((m) => m).length === noted.length;
      return { shown: true, notes: !noted.length ? "none" : fonts ? "fonts" : "core font", close };
    });
  }
}
