/**
 * End to end: calculators of three toolkits, their keys clicked by symbol.
 * A plan presses 5 5 × 9 = and 7 ÷ 4 = by the symbols a person writes (`×`,
 * `÷`, `*`, `/`), and the answer is the one the app itself copies to the
 * clipboard (read with xclip, not with choto): galculator (GTK3, its keys
 * drawn `*` and `/`), GNOME Calculator (GTK4, bold digits and `×` `÷`
 * keys), SpeedCrunch (Qt, its keypad shown with Ctrl+K, bold digits; a `×`
 * finds its `*` key, never its variable key `x` read as an unsure `×`). Every
 * digit key of each keypad is listed by observe. Two presses of 5 make 55:
 * the second presses the key again, not the display that echoes the first.
 */

import { assertEquals } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import {
  copied,
  listed,
  pointerAway,
  press,
  skipWithout,
  startGalculator,
  startGnomeCalculator,
} from "./support/calculators.ts";

/** Fails unless every digit 0-9 is listed as an element of its own. */
function everyDigit(texts: string[], app: string): void {
  const missing = [..."0123456789"].filter((d) => !texts.includes(d));
  assertEquals(missing, [], `${app}: digit keys not listed: ${missing.join(" ")} in ${texts.join(" | ")}`);
}

Deno.test({
  name:
    "galculator (GTK3): every digit key listed, 5 5 × 9 = gives 495 and 7 ÷ 4 = gives 1.75, × and ÷ finding its * and / keys",
  ignore: skipWithout("galculator"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await startGalculator(s);
      everyDigit(await listed(s), "galculator");
      const first = await press(s, "galculator", ["5", "5", "×", "9", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "495"), "495", first);
      const second = await press(s, "galculator", ["7", "÷", "4", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "1.75"), "1.75", second);
    });
  },
});

Deno.test({
  name: "GNOME Calculator (GTK4): every digit key listed, 5 5 × 9 = gives 495 and 7 / 4 = gives 1.75",
  ignore: skipWithout("gnome-calculator"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await pointerAway(s);
      await startGnomeCalculator(s);
      everyDigit(await listed(s), "GNOME Calculator");
      const first = await press(s, "gnome-calculator", ["5", "5", "×", "9", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "495"), "495", first);
      const second = await press(s, "gnome-calculator", ["7", "/", "4", "="], ["ctrl", "c"]);
      assertEquals(await copied(s, "1.75"), "1.75", second);
    });
  },
});

Deno.test({
  name:
    "SpeedCrunch (Qt): every digit key listed, 5 5 * 9 = gives 495, 7 ÷ 4 = gives 1.75 and 6 × 7 = 42 (× its * key, not x)",
  ignore: skipWithout("speedcrunch"),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await pointerAway(s);
      const home = `${s.dir}/home`;
      await Deno.mkdir(home);
      s.desktop.spawn("speedcrunch", [], { HOME: home, XDG_CONFIG_HOME: `${home}/.config` });
      await s.desktop.waitForWindow("SpeedCrunch", 30_000);
      const keypad = await s.call("execute_plan", {
        steps: [{ action: "focus_app", app_name: "speedcrunch" }, { action: "hotkey", keys: ["ctrl", "k"] }],
      });
      assertEquals(keypad.structured.status, "success", keypad.text);
      await until(async () => (await listed(s)).includes("arctan"), 20_000);
      // Ctrl+R copies the last result.
      const first = await press(s, "speedcrunch", ["5", "5", "*", "9", "="], ["ctrl", "r"]);
      assertEquals(await copied(s, "495"), "495", first);
      // While its line is empty SpeedCrunch shows a hint over the 0 key: the digits are counted after a 7.
      const seven = await press(s, "speedcrunch", ["7"], ["ctrl", "r"]);
      await until(async () => !(await listed(s)).includes("Type an expression here"), 10_000).catch(() =>
        null
      );
      everyDigit(await listed(s), "SpeedCrunch");
      const second = await press(s, "speedcrunch", ["÷", "4", "="], ["ctrl", "r"]);
      assertEquals(await copied(s, "1.75"), "1.75", seven + second);
      // Its variable key x reads as a × below the confidence line; the multiply key is drawn *. A target ×
      // presses the sure *, never the x (6x7 would leave the last result, 1.75, on the clipboard).
      const times = await press(s, "speedcrunch", ["6", "×", "7", "="], ["ctrl", "r"]);
      assertEquals(await copied(s, "42"), "42", times);
    });
  },
});
