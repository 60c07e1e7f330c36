/**
 * Key labels settled on their pixels once read: each short word in a line
 * cut at a box's side (a key, a button) has its letters' case, its bars and
 * its carets checked against how its glyphs stand (fixes/label_case.ts,
 * fixes/glyphs.ts), and the letters of a label stacked one above the other
 * in one key (xcalc -rpn's ENTER) are one word read top down, unsure, not
 * letters of their own. A change the pixels decide keeps the word's
 * confidence; one they leave in doubt puts it below the line.
 *
 * @module
 */

import type { Box, Rect } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import type { TextLine } from "../lines/find.ts";
import { lineGround } from "../lines/ground.ts";
import { ringLevel } from "../lines/prepare.ts";
import type { OcrWord } from "../types.ts";
import { baselineOf, glyphsIn, isCaret, MAX_LABEL_GLYPHS } from "./glyphs.ts";
import { labelMetrics, settleLabel } from "./label_case.ts";

/** The confidence, at most, of a label whose letters the pixels left in doubt, and of a stacked label. */
export const KEY_DOUBT_CONF = 0.6;
/** Stacked letters are at most this many of their heights apart, top to top. */
const STACK_PITCH = 1.8;
/** Their centres are this close across. */
const STACK_ALIGN = 3;

const centreIn = (w: Box, b: Box) => {
  const cx = w.x + w.w / 2, cy = w.y + w.h / 2;
  return cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h;
};

/** The capitals' height of the key labels in `lines`: the middle of each one's tallest glyph on its baseline. */
function capitalsHeight(grey: Grey, lines: readonly TextLine[]): number | null {
  const heights: number[] = [];
  for (const line of lines) {
    const glyphs = glyphsIn(grey, line, lineGround(line, grey) ?? ringLevel(grey, line));
    const baseline = baselineOf(glyphs);
    const standing = glyphs.filter((q) => Math.abs(q.y + q.h - baseline) <= 1).map((q) => baseline - q.y);
    if (standing.length) heights.push(Math.max(...standing));
  }
  heights.sort((a, b) => a - b);
  return heights.length ? heights[heights.length >> 1] : null;
}

/**
 * `words` (in screen pixels; `r` the read region in the frame, `grey` its
 * pixels, `lines` its lines) with the key labels among them settled.
 */
export function settleKeyLabels(
  grey: Grey,
  lines: readonly TextLine[],
  words: OcrWord[],
  r: Rect,
): OcrWord[] {
  const keyLines = lines.filter((l) => l.afterSide);
  if (!keyLines.length) return words;
  // Measured once, and only when a label's own glyphs do not tell its capitals' height.
  let capitals: number | null | undefined;
  const capitalsAround = () =>
    capitals === undefined ? (capitals = capitalsHeight(grey, keyLines)) : capitals;
  // The only word of its line: a key's whole label.
  const alone = (w: OcrWord, line: TextLine) =>
    !words.some((o) => o !== w && centreIn({ ...o, x: o.x - r.x, y: o.y - r.y }, line));
  const settled = words.map((w) => {
    const local = { x: w.x - r.x, y: w.y - r.y, w: w.w, h: w.h };
    const chars = [...w.text];
    if (chars.length > MAX_LABEL_GLYPHS || !/\p{L}/u.test(w.text)) return w;
    const line = keyLines.find((l) => centreIn(local, l));
    if (!line) return w;
    const ground = lineGround(line, grey) ?? ringLevel(grey, line);
    const x = Math.max(line.x, local.x - 1), x2 = Math.min(line.x + line.w, local.x + local.w + 1);
    const glyphs = glyphsIn(grey, { x, y: line.y, w: x2 - x, h: line.h }, ground);
    if (glyphs.length !== chars.length) return w;
    const baseline = baselineOf(glyphs), top = Math.min(...glyphs.map((q) => q.y));
    const read = chars.map((c, i) => isCaret(grey, glyphs[i], top, baseline, ground) ? "^" : c).join("");
    const metrics = labelMetrics(glyphs, baseline, capitalsAround);
    const { text, doubt } = metrics
      ? settleLabel(read, glyphs, metrics, alone(w, line))
      : { text: read, doubt: false };
    if (text === w.text && !doubt) return w;
    return { ...w, text, conf: doubt ? Math.min(w.conf, KEY_DOUBT_CONF) : w.conf };
  });
  return joinStacked(grey, settled, keyLines, r);
}

/** A rule this many letter widths either side of a stack's centre parts two keys. */
const RULE_REACH = 1;
/** A row this much inked across is a rule. */
const RULE_SHARE = 0.9;

/**
 * Whether a rule (a key's outline) runs across the rows between `upper`
 * (a letter's box in `grey`) and row `below`: the letters of two keys in
 * one column have their keys' sides between them, one label's have none.
 */
function ruleBetween(grey: Grey, upper: Box, below: number): boolean {
  const cx = upper.x + upper.w / 2, reach = Math.max(4, upper.w * RULE_REACH);
  const x0 = Math.max(0, Math.round(cx - reach)), x1 = Math.min(grey.width - 1, Math.round(cx + reach));
  // Just under the letter's middle is its key's ground.
  const ground = grey.data[Math.min(grey.height - 1, upper.y + upper.h) * grey.width + Math.round(cx)];
  for (let y = upper.y + upper.h; y < Math.min(below, grey.height); y++) {
    let ink = 0;
    for (let x = x0; x <= x1; x++) if (Math.abs(grey.data[y * grey.width + x] - ground) > 60) ink++;
    if (ink >= (x1 - x0 + 1) * RULE_SHARE) return true;
  }
  return false;
}

/** Letters stacked in one key, read as letters of their own, joined top down into one unsure word. */
function joinStacked(grey: Grey, words: OcrWord[], keyLines: readonly TextLine[], r: Rect): OcrWord[] {
  const lone = words.filter((w) =>
    [...w.text].length === 1 && keyLines.some((l) => centreIn({ ...w, x: w.x - r.x, y: w.y - r.y }, l))
  ).sort((a, b) => a.y - b.y);
  const stacks: OcrWord[][] = [];
  for (const w of lone) {
    const stack = stacks.find((s) => {
      const last = s[s.length - 1];
      return Math.abs(last.x + last.w / 2 - (w.x + w.w / 2)) <= STACK_ALIGN &&
        w.y - last.y <= Math.max(last.h, w.h) * STACK_PITCH;
    });
    if (stack) stack.push(w);
    else stacks.push([w]);
  }
  const ruled = (a: OcrWord, b: OcrWord) =>
    ruleBetween(grey, { ...a, x: a.x - r.x, y: a.y - r.y }, b.y - r.y);
  const joined = new Set<OcrWord>();
  const out: OcrWord[] = [];
  for (const stack of stacks) {
    if (stack.length < 2 || stack.some((w, i) => i > 0 && ruled(stack[i - 1], w))) continue;
    stack.forEach((w) => joined.add(w));
    const x = Math.min(...stack.map((w) => w.x)), y = stack[0].y;
    const x2 = Math.max(...stack.map((w) => w.x + w.w)), y2 = Math.max(...stack.map((w) => w.y + w.h));
    const conf = Math.min(KEY_DOUBT_CONF, ...stack.map((w) => w.conf));
    out.push({ text: stack.map((w) => w.text).join(""), conf, x, y, w: x2 - x, h: y2 - y, apart: true });
  }
  return [...words.filter((w) => !joined.has(w)), ...out];
}
