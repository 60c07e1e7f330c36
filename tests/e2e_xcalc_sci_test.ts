/**
 * End to end on xcalc's scientific keys (x11-apps, Athena widgets), in its
 * default layout and in `xcalc -rpn`, through a real MCP client. Unsure is
 * an answer, a confident wrong label is not: every key of both keypads is
 * listed with the label xcalc draws or, where the pixels leave it in doubt,
 * with an unsure element (`~`) in its place, and nothing in the keypad is
 * listed sure with a text its key does not show (`COs`, `XOr`, `shi`, `In`
 * and `efx` were). Plans then press scientific keys by name, the exponent
 * keys as a model would spell them (`x^2`, `e^x`), and xcalc's own answer
 * is the judge: a click on its display puts the number into the PRIMARY
 * selection, read with xclip.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { pointerAway, skipWithout } from "./support/calculators.ts";
import { displayed } from "./support/xcalc.ts";

/** A key: the spellings of what it draws (the first is its label), and the grid cell it sits in. */
interface Key {
  names: string[];
  row: number;
  col: number;
  /** Rows it spans (xcalc -rpn's ENTER is two keys tall). */
  rows?: number;
}

/** `rows` of labels (a `|`-joined entry lists spellings; "" is no key) as keys. */
function layout(rows: string[][], tall: Record<string, number> = {}): Key[] {
  return rows.flatMap((labels, row) =>
    labels.flatMap((label, col) =>
      label ? [{ names: label.split("|"), row, col, ...(tall[label] ? { rows: tall[label] } : {}) }] : []
    )
  );
}

/** xcalc's default (TI-30) keypad, as drawn. */
const SCIENTIFIC = layout([
  ["1/x", "x²|x^2", "√", "CE/C", "AC"],
  ["INV", "sin", "cos", "tan", "DRG"],
  ["e", "EE", "log", "ln", "y^x|yˣ"],
  ["not", "and", "or", "xor", "trunc"],
  ["π", "x!", "(", ")", "base"],
  ["shl", "D", "E", "F", "shr"],
  ["mod", "A", "B", "C", "÷"],
  ["STO", "7", "8", "9", "*"],
  ["RCL", "4", "5", "6", "-"],
  ["SUM", "1", "2", "3", "+"],
  ["EXC", "0", ".", "+/-", "="],
]);

/** xcalc -rpn's (HP-10C) keypad, as drawn: ENTER is two keys tall. */
const RPN = layout([
  ["√", "e^x|eˣ", "10^x|10ˣ", "y^x|yˣ", "1/x", "CHS", "7", "8", "9", "÷"],
  ["x!", "π", "sin", "cos", "tan", "EEX", "4", "5", "6", "*"],
  ["", "", "Rv", "x:y", "<-|←", "ENTER|ENTR", "1", "2", "3", "-"],
  ["ON", "DRG", "INV", "STO", "RCL", "", "0", ".", "SUM", "+"],
], { "ENTER|ENTR": 2 });

/** An element as observe's structured reply gives it. */
interface Listed {
  text: string;
  cx: number;
  cy: number;
  conf: number;
}

/** Below this confidence observe marks a reading unsure (`~`). */
const UNSURE = 0.8;
/** How far (px) an element's centre may stand from its key's. */
const NEAR = 14;

const middle = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];

/**
 * Checks `els` against `keys`: each key listed by one of its names, or an
 * unsure element in its place; no sure element in the keypad with a text
 * its place does not show. Key places come from the keys read by name.
 */
function checkKeypad(keys: Key[], els: Listed[]): void {
  const named = (k: Key) => els.find((e) => k.names.includes(e.text));
  const rowY = new Map<number, number>(), colX = new Map<number, number>();
  for (const axis of ["row", "col"] as const) {
    const values = new Set(keys.map((k) => k[axis]));
    for (const v of values) {
      const seen = keys.filter((k) => k[axis] === v && !k.rows).map(named).filter((e) => e !== undefined);
      assert(seen.length > 0, `no key of ${axis} ${v} read by name`);
      (axis === "row" ? rowY : colX).set(v, middle(seen.map((e) => (axis === "row" ? e.cy : e.cx))));
    }
  }
  const placeOf = (k: Key) => ({
    x: colX.get(k.col)!,
    y: k.rows ? (rowY.get(k.row)! + rowY.get(k.row + k.rows - 1)!) / 2 : rowY.get(k.row)!,
  });
  const near = (e: Listed, k: Key) => {
    const p = placeOf(k);
    return Math.abs(e.cx - p.x) <= NEAR && Math.abs(e.cy - p.y) <= NEAR * (k.rows ?? 1);
  };
  const all = els.map((e) => `${e.text}@${e.cx},${e.cy}~${e.conf.toFixed(2)}`).join(" ");
  for (const k of keys) {
    const listed = els.some((e) => near(e, k) && (k.names.includes(e.text) || e.conf < UNSURE));
    assert(listed, `key ${k.names[0]} neither listed nor unsure in its place: ${all}`);
  }
  for (const e of els) {
    const key = keys.find((k) => near(e, k));
    if (!key || e.conf < UNSURE) continue;
    assert(key.names.includes(e.text), `${e.text} listed sure on the key ${key.names[0]}: ${all}`);
  }
}

/** Clicks `keys` by their text in one plan; returns its journey. */
async function press(s: Session, keys: string[]): Promise<string> {
  const steps = keys.map((text) => ({ action: "click", target: { text, scroll_to_find: false } }));
  const r = await s.call("execute_plan", { steps });
  assertEquals(r.structured.status, "success", r.text);
  return r.text;
}

/** Starts xcalc with `args` and returns what observe lists once its keypad (`count` keys or more) is read. */
async function observeKeypad(s: Session, args: string[], count: number): Promise<Listed[]> {
  await pointerAway(s);
  s.desktop.spawn("xcalc", args);
  await s.desktop.waitForWindow("Calculator");
  return await until(async () => {
    const o = await s.call("observe", { screenshot: false });
    const els = (o.structured.elements ?? []) as Listed[];
    return els.length >= count ? els : null;
  }, 30_000);
}

Deno.test({
  name:
    "xcalc scientific keys: each listed by its label or unsure, none sure and wrong; x^2 log shl xor y^x cos",
  ignore: skipWithout("xcalc"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      checkKeypad(SCIENTIFIC, await observeKeypad(s, [], SCIENTIFIC.length));
      const cases: Array<[string[], string]> = [
        [["2", "x^2"], "4"],
        [["1", "0", "0", "log"], "2"],
        [["5", "shl", "1", "="], "10"],
        [["5", "xor", "3", "="], "6"],
        [["2", "y^x", "3", "="], "8"],
        [["0", "cos"], "1"],
      ];
      for (const [keys, want] of cases) {
        const journey = await press(s, ["AC", ...keys]);
        assertEquals(await displayed(s), want, `${keys.join(" ")}\n${journey}`);
      }
    });
  },
});

Deno.test({
  name:
    "xcalc -rpn: each key listed by its label or unsure (ENTER's stacked letters one element), 1 e^x is e",
  ignore: skipWithout("xcalc"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const els = await observeKeypad(s, ["-rpn"], RPN.length);
      checkKeypad(RPN, els);
      const journey = await press(s, ["1", "e^x"]);
      const shown = await displayed(s);
      assert(shown.startsWith("2.718"), `1 e^x shows ${shown}\n${journey}`);
    });
  },
});
