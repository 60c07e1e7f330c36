/**
 * Unsure is an answer: a sure reading of a target wins over an unsure one,
 * an unsure best match beside other matches asks instead of clicking, an
 * unsure only candidate is taken and said so, and a key still wins over
 * the display echoing it. Resolution on plain elements, and one run on the
 * fake desktop to hold what a click does.
 */

import { isResolved, type Resolved, resolveTarget } from "../src/plan/resolve.ts";
import { preferSure, unsureWhy, weighUnsure } from "../src/plan/unsure.ts";
import { foldLeastSure, groupWords } from "../src/ocr/group.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { text } from "./support/fake_desktop.ts";
import { editor, lines, run } from "./support/plan_run.ts";

const AREA = { x: 0, y: 0, width: 800, height: 600 };

/**
 * A calculator's keypad of four rows and columns, 60 px apart, each key given as [text, conf]: the keys
 * SpeedCrunch draws in part (its multiply key `*`, its variable key `x` read as `×` below the line).
 */
function keypad(rows: Array<Array<[string, number]>>): ReturnType<typeof text>[] {
  return rows.flatMap((row, r) => row.map(([t, conf], c) => text(t, 100 + c * 60, 200 + r * 60, conf)));
}

const SPEEDCRUNCH = keypad([
  [["7", 0.95], ["8", 0.95], ["9", 0.95], ["÷", 0.93]],
  [["4", 0.95], ["5", 0.95], ["6", 0.95], ["*", 0.96]],
  [["1", 0.95], ["2", 0.95], ["3", 0.95], ["×", 0.7]],
  [["0", 0.95], [".", 0.9], ["=", 0.95], ["+", 0.95]],
]);

function resolved(query: string, elements: ReturnType<typeof text>[]): Resolved {
  const r = resolveTarget(query, elements, AREA);
  assert(isResolved(r), `"${query}" not resolved`);
  return r;
}

Deno.test("a sure reading wins over an unsure one: × and x find the sure * key, not a key read ×~0.70", () => {
  for (const query of ["×", "x", "*"]) {
    const r = resolved(query, SPEEDCRUNCH);
    assertEquals(r.element.text, "*", query);
    assertEquals(r.tied, undefined, query);
  }
  assertMatch(resolved("×", SPEEDCRUNCH).evidence ?? "", /^read sure \(0\.96\) over "×"~0\.70 \(unsure\)$/);
  // Without the sure key the unsure one is the only candidate: taken, and said so.
  const alone = SPEEDCRUNCH.filter((e) => e.text !== "*");
  const r = resolved("×", alone);
  assertEquals(r.element.text, "×");
  assertEquals(r.tied, undefined);
  assertEquals(r.evidence, "an unsure reading (~0.70) of a keypad key, the only key or control matching");
});

Deno.test("an unsure best match beside another match nothing tells apart is handed back as a tie", () => {
  // Two keys both read unsure: `×` at 0.70, and a `x` at 0.75 (found through the symbol's spelling).
  const both = keypad([
    [["7", 0.95], ["8", 0.95], ["9", 0.95], ["x", 0.75]],
    [["4", 0.95], ["5", 0.95], ["6", 0.95], ["-", 0.95]],
    [["1", 0.95], ["2", 0.95], ["3", 0.95], ["×", 0.7]],
    [["0", 0.95], [".", 0.9], ["=", 0.95], ["+", 0.95]],
  ]);
  const r = resolved("×", both);
  assertEquals(r.tied?.map((e) => e.text), ["×", "x"]);
  assertEquals(r.unsure, "an unsure reading (~0.70)");
});

Deno.test("a key read unsure still wins over the sure display echoing it", () => {
  // After one press of 5 the display reads 5 too, larger, alone on its row.
  const keys = keypad([
    [["7", 0.95], ["8", 0.95], ["9", 0.95], ["÷", 0.93]],
    [["4", 0.95], ["5", 0.7], ["6", 0.95], ["*", 0.96]],
    [["1", 0.95], ["2", 0.95], ["3", 0.95], ["-", 0.9]],
    [["0", 0.95], [".", 0.9], ["=", 0.95], ["+", 0.95]],
  ]);
  const display = { ...text("5", 280, 80, 0.96), w: 24, h: 36, x: 268, y: 62 };
  const r = resolved("5", [display, ...keys]);
  assertEquals([r.element.cx, r.element.cy], [160, 260]);
  assertEquals(r.tied, undefined);
  assertMatch(r.evidence ?? "", /^the key over the display, an unsure reading \(~0\.70\) of a keypad key/);
});

Deno.test("what makes a match unsure: below the line, or a symbol's other spelling not well above it", () => {
  const at = { x: 0, y: 0 };
  assertEquals(
    unsureWhy({ element: text("×", 0, 0, 0.7), stage: "exact", score: 1, point: at }),
    "an unsure reading (~0.70)",
  );
  assertEquals(unsureWhy({ element: text("×", 0, 0, 0.85), stage: "exact", score: 1, point: at }), null);
  assertEquals(
    unsureWhy({ element: text("×", 0, 0, 0.85), stage: "fuzzy", score: 0.98, point: at }),
    "another spelling of the symbol, read at 0.85",
  );
  assertEquals(unsureWhy({ element: text("*", 0, 0, 0.95), stage: "fuzzy", score: 0.98, point: at }), null);
  // A named icon's name is its tooltip's, whatever its reading.
  assertEquals(
    unsureWhy({ element: { ...text("Bold", 0, 0, 0.3), icon: true }, stage: "exact", score: 1, point: at }),
    null,
  );
  // Sure matches alone: nothing to prefer, nothing to weigh.
  const sure = [{ element: text("Save", 50, 50), stage: "exact", score: 1, point: at }];
  assertEquals(preferSure(sure, []).evidence, undefined);
  assertEquals(weighUnsure(sure[0], sure, []).kind, "sure");
});

Deno.test("a click whose best match is unsure beside another asks, naming both, and clicks nothing", async () => {
  const d = editor(text("x", 100, 120, 0.75), text("×", 200, 120, 0.7));
  const r = await run(d, [{ action: "click", target: { text: "×" } }]);
  assertEquals(r.status, "escalated");
  assertMatch(
    r.failure!.reason,
    /target "×" is best matched by "×", an unsure reading \(~0\.70\), and 1 other element\(s\) match it too: "×"~0\.70 @ \(200,120\) \d+x\d+, "x"~0\.75 @ \(100,120\) \d+x\d+; nothing was clicked/,
  );
  assertEquals(d.inputs(), []);
  // With a sure reading beside it the click goes there, and its line says why.
  const sure = editor(text("*", 100, 120, 0.96), text("×", 200, 120, 0.7));
  const ok = await run(sure, [{ action: "click", target: { text: "×" } }]);
  assertEquals(ok.status, "success", ok.failure?.reason);
  assertEquals(sure.inputs(), ["click left 100,120"]);
  assertMatch(lines(ok)[0], /matched "\*" \(fuzzy 0\.98, read sure \(0\.96\) over "×"~0\.70 \(unsure\)\)/);
});

Deno.test("an unsure × read by its shape is taken over letters x found only as its spelling, read less sure", () => {
  // GNOME Calculator: its × key read × at 0.70 by shape and grid; the x of an x² key read x at 0.60.
  const gnome = keypad([
    [["7", 0.95], ["8", 0.95], ["9", 0.95], ["÷", 0.93]],
    [["4", 0.95], ["5", 0.95], ["6", 0.95], ["×", 0.7]],
    [["1", 0.95], ["2", 0.95], ["3", 0.95], ["x", 0.6]],
    [["0", 0.95], [".", 0.9], ["=", 0.95], ["+", 0.95]],
  ]);
  const r = resolved("×", gnome);
  assertEquals([r.element.text, r.tied], ["×", undefined]);
  assertEquals(r.evidence, "an unsure reading (~0.70) of a keypad key, over 1 weaker match(es)");
});

Deno.test("an unsure reading matched only as a part of its text asks instead of clicking", () => {
  // galculator's "2" key hidden under a tooltip: the nearest text is the key above it, read `x 2`~0.45.
  const hidden = keypad([
    [["7", 0.95], ["8", 0.95], ["9", 0.95], ["÷", 0.93]],
    [["4", 0.95], ["5", 0.95], ["6", 0.95], ["x 2", 0.45]],
  ]);
  const r = resolveTarget("2", hidden, AREA);
  assert(isResolved(r), "resolved");
  assertEquals(r.tied?.map((e) => e.text), ["x 2"]);
  assertMatch(r.unsure ?? "", /^an unsure reading \(~0\.45\), matched only as a part of its text$/);
  // Read sure, the same part match is no question.
  const sure = hidden.map((e) => e.text === "x 2" ? { ...e, conf: 0.95 } : e);
  const again = resolveTarget("2", sure, AREA);
  assert(isResolved(again), "resolved");
  assertEquals(again.tied, undefined);
});

/** One element grouped from words read side by side, each given as [text, conf], as a look reports it. */
function phrase(...read: Array<[string, number]>) {
  const words = read.map(([t, conf], i) => ({ text: t, conf, x: 100 + i * 50, y: 100, w: 40, h: 14 }));
  return foldLeastSure(groupWords(words)[0]);
}

Deno.test("a part of a text is judged by its least sure word only when the target covers that word", () => {
  // Chromium's form: a label and its entry's placeholder read as one element, the label's "name" unsure.
  const form = phrase(["Full", 0.96], ["name", 0.55], ["|", 0.93], ["Your", 0.96], ["name", 0.96]);
  assertEquals([form.text, form.conf], ["Full name | Your name", 0.55]);
  const part = resolved("Your name", [form]);
  assertEquals([part.stage, part.tied, part.unsure], ["contained", undefined, undefined]);
  assertEquals(
    resolved("Full name", [form]).unsure,
    'an unsure reading (~0.55 for "name"), matched only as a part of its text',
  );
  // The whole text matched rests on every word of it.
  assertMatch(
    resolved("Full name | Your name", [form]).evidence ?? "",
    /^an unsure reading \(~0\.55 for "name"\) of a text, the only match$/,
  );
  // A target covering the unsure word rests on it: the click asks (a caret read into the word it stands before).
  const caret = phrase(["Alpha", 0.51], ["Bravo", 0.96], ["Charlie", 0.95]);
  assertMatch(
    resolved("Alpha", [caret]).unsure ?? "",
    /^an unsure reading \(~0\.51 for "Alpha"\), matched only as a part/,
  );
  assertEquals(resolved("Bravo", [caret]).unsure, undefined);
  // Read unsure as a whole, no part of it is evidence, whichever word the target names.
  const key = phrase(["x", 0.1], ["2", 0.8]);
  assertMatch(resolved("2", [key]).unsure ?? "", /^an unsure reading \(~0\.45\), matched only as a part/);
});
