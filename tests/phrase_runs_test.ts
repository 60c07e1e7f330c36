/**
 * A phrase whose words were read as separate elements of one row (a
 * fixed-pitch editor's line: the word space is a whole cell) is one target:
 * it matches exactly or fuzzily across them, aims at their middle and says
 * it joined them; a column gap, another row or a word out of order does not join.
 */

import type { Element } from "../src/ocr/types.ts";
import { phraseRuns } from "../src/plan/phrase_runs.ts";
import { isResolved, resolveTarget } from "../src/plan/resolve.ts";
import { assert, assertEquals } from "./support/assert.ts";

/** A word box as a fixed-pitch line draws it: `cell` pixels a character, a cell between words. */
function word(text: string, col: number, row: number, cell = 8, h = 10): Element {
  const x = 20 + col * cell, y = 40 + row * 17, w = text.length * cell - 2;
  return { text, x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf: 0.95 };
}

const AREA = { x: 0, y: 0, width: 800, height: 600 };
/** `alpha beta` read as one element; `second line here` as three, as mousepad's second line was. */
const EDITOR = [
  { ...word("alpha beta", 0, 0), h: 13, cy: 47 },
  word("second", 0, 1),
  word("line", 7, 1),
  word("here", 12, 1),
];

Deno.test("phraseRuns: side-by-side words of one row join, left to right, up to the given count", () => {
  const runs = phraseRuns(EDITOR, 3).map((r) => r.element.text);
  assertEquals(runs, ["second line", "second line here", "line here"]);
  assertEquals(phraseRuns(EDITOR, 2).map((r) => r.element.text), ["second line", "line here"]);
});

Deno.test("phraseRuns: a column gap, another row or a control does not join", () => {
  const gap = [word("Name", 0, 0), word("Size", 20, 0), word("Kind", 25, 1)];
  assertEquals(phraseRuns(gap, 4), []);
  const control = [word("Subscribe", 0, 0), {
    ...word("now", 10, 0),
    control: { kind: "checkbox" as const, state: "checked", x: 0, y: 0, w: 5, h: 5 },
  }];
  assertEquals(phraseRuns(control, 4), []);
});

Deno.test("resolveTarget: a phrase split into one row's words matches exactly as one target spanning them", () => {
  const r = resolveTarget("second line here", EDITOR, AREA);
  assert(isResolved(r), "the phrase is found");
  assertEquals(r.stage, "exact");
  assertEquals(r.element.text, "second line here");
  const [first, , last] = EDITOR.slice(1);
  assertEquals({ x: r.element.x, w: r.element.w }, { x: first.x, w: last.x + last.w - first.x });
  assertEquals(r.point, { x: r.element.cx, y: first.cy });
  assertEquals(r.evidence, "3 words side by side on one line");
  const part = resolveTarget("line here", EDITOR, AREA);
  assert(isResolved(part));
  assertEquals([part.stage, part.element.text], ["exact", "line here"]);
});

Deno.test("resolveTarget: a joined phrase keeps the fuzzy stage and its score", () => {
  const r = resolveTarget("second line hera", EDITOR, AREA);
  assert(isResolved(r));
  assertEquals(r.stage, "fuzzy");
  assert(r.score < 1 && r.score >= 0.8, `score ${r.score}`);
});

Deno.test("resolveTarget: words out of order or across rows are not a phrase", () => {
  assert(!isResolved(resolveTarget("here line", EDITOR, AREA)));
  assert(!isResolved(resolveTarget("beta second", EDITOR, AREA)));
  const one = resolveTarget("alpha beta", EDITOR, AREA);
  assert(isResolved(one));
  assertEquals([one.stage, one.evidence], ["exact", undefined]);
});
