import { assert, assertEquals } from "./support/assert.ts";
import { measureShift, splitScreenfuls } from "../src/plan/actions/read/furniture.ts";
import type { Element } from "../src/ocr/types.ts";

const el = (text: string, x: number, y: number, w = 8 * text.length, h = 14): Element => ({
  text,
  x,
  y,
  w,
  h,
  cx: x + Math.round(w / 2),
  cy: y + Math.round(h / 2),
  conf: 0.95,
});

/** Line `n` of a document, as a screenful scrolled by `scrolled` pixels shows it. */
const line = (n: number, scrolled: number) =>
  el(`paragraph line number ${n} of the journal`, 200, 100 + 20 * n - scrolled);

/** A screenful of a browser: its furniture, then the document's lines that fall inside 90..700. */
function screenful(scrolled: number, extra: Element[] = []): Element[] {
  const lines: Element[] = [];
  for (let n = 0; n < 80; n++) {
    const e = line(n, scrolled);
    if (e.y >= 90 && e.y + e.h <= 700) lines.push(e);
  }
  return [el("Field Journal", 20, 20), el("Home", 200, 20), ...extra, ...lines];
}

Deno.test("the scroll shift is the distance most rows read alike in both screenfuls moved", () => {
  assertEquals(measureShift(screenful(0), screenful(400)), 400);
  // Nothing moved but the furniture: no shift.
  assertEquals(measureShift(screenful(0), screenful(0)), null);
});

Deno.test("furniture that changes during the read stays out of the document: a ticking clock, a bubble", () => {
  const shots = [
    screenful(0, [el("Updated 10:00:01", 400, 20)]),
    screenful(400, [el("Updated 10:00:02", 400, 20), el("Sign in to sync your notes?", 600, 60)]),
    screenful(800, [el("Updated 10:00:03", 400, 20), el("Sign in to sync your notes?", 600, 60)]),
  ];
  const split = splitScreenfuls(shots);
  assert(split);
  assertEquals(split.shifts, [400, 400]);
  for (const [i, part] of split.parts.entries()) {
    const body = part.body.map((e) => e.text).join("\n");
    assert(!/Field Journal|Home|Updated|Sign in/.test(body), `screenful ${i}:\n${body}`);
    assert(part.body.length > 20, `screenful ${i} has its lines: ${part.body.length}`);
  }
  // The bar that never moved is furniture in every screenful; the bubble, still once it is up.
  assert(split.parts.every((p) => p.furniture.some((e) => e.text === "Field Journal")));
  assert(split.parts[2].furniture.some((e) => e.text.startsWith("Sign in")));
});

Deno.test("edge fragments are junk: a scroll bar's arrow and a row cut at the bottom", () => {
  const cut = (scrolled: number) => el(". — . .", 200, 702 - (scrolled % 7), 60, 3);
  const shots = [0, 400, 800].map((s) => screenful(s, [el("v", 1044, 710, 9, 5), cut(s)]));
  const split = splitScreenfuls(shots);
  assert(split);
  for (const part of split.parts) {
    assert(
      !part.body.some((e) => e.text === "v" || e.text.startsWith(". —")),
      part.body.map((e) => e.text).join("|"),
    );
  }
});

Deno.test("a row cut at the top that starts like the row above is not furniture", () => {
  // The same words one row's fraction lower in the next screenful: not the same box to a pixel.
  const a = screenful(0);
  const b = [...screenful(400), el("paragraph line number 1 of the journal", 200, 93, 304, 11)];
  const split = splitScreenfuls([a, b]);
  assert(split);
  assert(
    !split.parts[1].furniture.some((e) => e.text.startsWith("paragraph")),
    "a cut row taken for furniture",
  );
});

Deno.test("without any measured shift there is no split (the caller keeps rows identical everywhere)", () => {
  assertEquals(splitScreenfuls([screenful(0), screenful(0)]), null);
});
