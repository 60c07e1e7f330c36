/**
 * End to end on xcalc (x11-apps, Athena widgets) through a real MCP client:
 * a grid of keys each drawn as a 1-pixel box two pixels from the next, with
 * labels that fill their box. Observe lists the keys one element each (not a
 * row read as one line with the boxes' sides inside it), `9` as a digit,
 * `*` as a star, the `.` key that is a 1x2-pixel dot and `√‾` as `√`. Plans press
 * 1 2 . 5 * 4 = and 7 7 - 8 = (the second 7 presses the key again, not the
 * display echoing the first), and the answer is the one xcalc itself gives:
 * a click on its display puts the number into the PRIMARY selection, read
 * with xclip.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { pointerAway, skipWithout } from "./support/calculators.ts";
import { displayed } from "./support/xcalc.ts";

/** The keys observe must list as elements of their own, as xcalc labels them. */
const KEYS = [
  "1/x",
  "CE/C",
  "AC",
  "INV",
  "sin",
  "tan",
  "DRG",
  "e",
  "EE",
  "log",
  "not",
  "and",
  "or",
  "π",
  "x!",
  "(",
  ")",
  "base",
  "D",
  "E",
  "F",
  "shr",
  "mod",
  "A",
  "B",
  "C",
  "÷",
  "STO",
  "7",
  "8",
  "9",
  "*",
  "RCL",
  "4",
  "5",
  "6",
  "-",
  "SUM",
  "1",
  "2",
  "3",
  "+",
  "EXC",
  "0",
  ".",
  "+/-",
  "=",
];

/** Clears the calculator and clicks `keys` by their text: one plan. Returns its journey. */
async function press(s: Session, keys: string[]): Promise<string> {
  const steps = ["AC", ...keys].map((text) => ({ action: "click", target: { text, scroll_to_find: false } }));
  const r = await s.call("execute_plan", { steps });
  assertEquals(r.structured.status, "success", r.text);
  return r.text;
}

Deno.test({
  name:
    "xcalc (Athena): every boxed key listed on its own, 12.5*4= gives 50 and 77-8= gives 69 by xcalc's selection",
  ignore: skipWithout("xcalc"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await pointerAway(s);
      s.desktop.spawn("xcalc");
      await s.desktop.waitForWindow("Calculator");
      const texts = await until(async () => {
        const o = await s.call("observe", { screenshot: false });
        const els = (o.structured.elements ?? []) as Array<{ text: string }>;
        return els.some((e) => e.text === "=") ? els.map((e) => e.text) : null;
      }, 30_000);
      const missing = KEYS.filter((k) => !texts.includes(k));
      assertEquals(missing, [], `keys not listed on their own: ${missing.join(" ")} in ${texts.join(" | ")}`);
      assert(!texts.some((t) => t.includes("|")), `a box's side read as text: ${texts.join(" | ")}`);

      const first = await press(s, ["1", "2", ".", "5", "*", "4", "="]);
      assertEquals(await displayed(s), "50", first);
      const second = await press(s, ["7", "7", "-", "8", "="]);
      assertEquals(await displayed(s), "69", second);
    });
  },
});
