/**
 * End to end: a calculator's symbol keys clicked by the symbol or by its
 * plain spelling. GNOME Calculator (GTK4) draws `√`, `π` and a `⌫` key (its Clear
 * Display) that the recogniser reads as `V`, `mn` and `[x]`; they are read
 * by their shape, so a plan computes √81 and pi×2 and clears the display.
 * galculator (GTK3) in scientific mode, switched by its View menu, spells
 * its keys `sqrt`, `+/-` and `<-`: targets `√`, `±` and `←` find them. Every
 * answer is the one the app itself copies to the clipboard (read with xclip).
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import {
  copied,
  listed,
  pointerAway,
  press,
  skipWithout,
  startGalculator,
  startGnomeCalculator,
} from "./support/calculators.ts";

/** Runs `steps` as one plan that must succeed; returns its journey. */
async function plan(s: Session, steps: Array<Record<string, unknown>>): Promise<string> {
  const r = await s.call("execute_plan", { steps });
  assertEquals(r.structured.status, "success", r.text);
  return r.text;
}

Deno.test({
  name: "GNOME Calculator (GTK4): √ 8 1 = gives 9, pi × 2 = gives 6.28…, 1 2 3 ⌫ 4 5 = gives 45",
  ignore: skipWithout("gnome-calculator"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await pointerAway(s);
      await startGnomeCalculator(s);
      const texts = await listed(s);
      for (const key of ["√", "π", "⌫"]) {
        assert(texts.includes(key), `${key} not listed in ${texts.join(" | ")}`);
      }
      const root = await press(s, "gnome-calculator", ["√", "8", "1", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "9", "ctrl+c"), "9", root);
      // Escape clears the last answer, so π starts a new sum.
      await plan(s, [{ action: "focus_app", app_name: "gnome-calculator" }, {
        action: "hotkey",
        keys: ["escape"],
      }]);
      const pi = await press(s, "gnome-calculator", ["pi", "×", "2", "="], ["ctrl", "c"]);
      const twoPi = await copied(s, (t) => t.startsWith("6.28318"), "ctrl+c");
      assert(twoPi.startsWith("6.28318"), `π×2 copied ${twoPi}: ${pi}`);
      await plan(s, [{ action: "focus_app", app_name: "gnome-calculator" }, {
        action: "hotkey",
        keys: ["escape"],
      }]);
      // The key drawn ⌫ is GNOME's Clear Display (its tooltip says so): 123 goes, 45 is what is left.
      const cleared = await press(s, "gnome-calculator", ["1", "2", "3", "⌫", "4", "5", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "45", "ctrl+c"), "45", cleared);
    });
  },
});

Deno.test({
  name: "galculator (GTK3) scientific mode: 8 1 √ gives 9, 5 ± × 3 = gives -15, 1 4 7 ← gives 14",
  ignore: skipWithout("galculator"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await startGalculator(s);
      await plan(s, [
        { action: "focus_app", app_name: "galculator" },
        { action: "click", target: { text: "View", scroll_to_find: false } },
        { action: "click", target: { text: "Scientific Mode", scope: "chrome" } },
      ]);
      await until(async () => (await listed(s)).includes("sin"), 15_000);
      const root = await press(s, "galculator", ["8", "1", "√"], ["ctrl", "c"]);
      assertEquals(await copied(s, "9"), "9", root);
      const sign = await press(s, "galculator", ["5", "±", "×", "3", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "-15"), "-15", sign);
      // Keys upwards: the tooltip a key shows below the pointer would hide the next key down.
      const erased = await press(s, "galculator", ["1", "4", "7", "←"], ["ctrl", "c"]);
      assertEquals(await copied(s, "14"), "14", erased);
    });
  },
});
