/**
 * Short codes in capitals (`C8`) read as small letters (`cs`) are read again
 * when the ink beside them on the same baseline shows they stand taller
 * than small letters.
 */

import { assertEquals } from "./support/assert.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { acceptCapitals, caseBlind, smallLetterHeight, tallAsCapitals } from "../src/ocr/fixes/capitals.ts";

Deno.test("a list's codes C8 and C9 are read in capitals beside the words of their rows", async () => {
  // Rows `Fruit8 C8` to `Fruit10 C10` of a two-column list.
  const words = await readFixtureRegion("apps/zenity_longlist_top.png", {
    x: 500,
    y: 335,
    width: 200,
    height: 70,
  });
  const codes = words.filter((w) => w.x > 580).sort((a, b) => a.y - b.y).map((w) => w.text);
  assertEquals(codes, ["C8", "C9", "C10"]);
});

Deno.test("only same-shape letters and digits are case-blind", () => {
  for (const t of ["cs", "co", "c8", "ox", "zoo"]) assertEquals(caseBlind(t), true, t);
  for (const t of ["C8", "10", "c", "cats", "vows1", "ok"]) assertEquals(caseBlind(t), false, t);
});

Deno.test("small letters beside a word set its height; small letters beside small letters stay small", () => {
  // `Fruit8`'s characters (F, ru, i, t, 8) on the baseline at 355, a comma below it, a dot above.
  const fruit = [
    { x: 0, y: 346, w: 6, h: 9 },
    { x: 7, y: 348, w: 11, h: 7 },
    { x: 20, y: 345, w: 2, h: 10 },
    { x: 23, y: 346, w: 5, h: 9 },
    { x: 29, y: 346, w: 6, h: 9 },
    { x: 40, y: 353, w: 2, h: 4 },
    { x: 44, y: 345, w: 2, h: 2 },
  ];
  const small = smallLetterHeight(fruit, 355);
  assertEquals(small, 7);
  assertEquals(tallAsCapitals(9, small!), true);
  // A lowercase `cs` is as tall as `ru`.
  assertEquals(tallAsCapitals(7, small!), false);
  assertEquals(tallAsCapitals(8, small!), false);
  // Capitals only beside it: no small letter to measure by.
  assertEquals(smallLetterHeight([{ x: 0, y: 346, w: 6, h: 9 }, { x: 8, y: 346, w: 6, h: 9 }], 355), null);
});

Deno.test("the capitals' reading replaces a letter only by its capital or a digit of its shape", () => {
  const read = (text: string) => [{ text, x: 0, y: 0, w: 10, h: 10, conf: 0 }];
  assertEquals(acceptCapitals("cs", read("C8")), "C8");
  assertEquals(acceptCapitals("co", read("C9")), "C9");
  assertEquals(acceptCapitals("ox", read("OX")), "OX");
  assertEquals(acceptCapitals("cs", read("CB")), null);
  assertEquals(acceptCapitals("cs", read("C")), null);
  assertEquals(acceptCapitals("cs", [...read("C"), ...read("8")]), null);
});
