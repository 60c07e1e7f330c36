/**
 * Symbols read by their shape on crops of real frames: GNOME Calculator's
 * `√`, `π` and `⌫` keys (read `V`, `mn` and `[x]` by the recogniser),
 * SpeedCrunch's `√` and `π`, xcalc's `π`, and galculator's drop-down
 * chevrons (read `wv` and `v`), with no other line or mark of those frames
 * taken for one; a `√` is sure only on a keypad's key; the plain spellings
 * find the symbols.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { readFixtureRegion } from "./support/fixture_read.ts";
import { decodeImage } from "../src/image/codec.ts";
import { type Grey, greyOf } from "../src/image/pixels.ts";
import { inkParts } from "../src/image/ink_parts.ts";
import { findTextLines, type TextLine } from "../src/ocr/lines/find.ts";
import { lineGround } from "../src/ocr/lines/ground.ts";
import { ringLevel } from "../src/ocr/lines/prepare.ts";
import { drawnChevron, drawnSymbol } from "../src/ocr/fixes/drawn_symbols.ts";
import { classifySymbol, inkMask } from "../src/ocr/fixes/shapes.ts";
import {
  SHARED_SHAPE_CONF,
  SYMBOL_CONF,
  symbolWord,
  withDrawnSymbols,
} from "../src/ocr/fixes/told_by_shape.ts";
import { matchText } from "../src/common/match.ts";

async function view(name: string): Promise<Grey> {
  const img = await decodeImage(await Deno.readFile(new URL(`../fixtures/views/${name}`, import.meta.url)));
  return greyOf(img, { x: 0, y: 0, width: img.width, height: img.height });
}

const groundOf = (g: Grey) => (l: TextLine) => lineGround(l, g) ?? ringLevel(g, l);

/** Every line of `g` its shape tells a symbol of, as "symbol@cx,cy". */
function toldLines(g: Grey): string[] {
  return findTextLines(g).flatMap((l) => {
    const d = drawnSymbol(g, l, groundOf(g)(l));
    return d ? [`${d.text}@${Math.round(l.x + l.w / 2)},${Math.round(l.y + l.h / 2)}`] : [];
  });
}

Deno.test("GNOME Calculator's √, π and ⌫ keys, and no other line, are told by shape", async () => {
  const g = await view("gnome_calculator_keypad.png");
  assertEquals(toldLines(g), ["⌫@48,277", "π@317,278", "√@318,324"]);
});

Deno.test("SpeedCrunch's √ and π and xcalc's π are told by shape", async () => {
  assertEquals(toldLines(await view("speedcrunch_keypad.png")), ["√@404,43", "π@477,45"]);
  assertEquals(toldLines(await view("xcalc_pi_row.png")), ["π@24,19"]);
  // galculator spells its keys in letters (sqrt, x^2, n!): none of them is a drawn symbol.
  assertEquals(toldLines(await view("galculator_scientific_keys.png")), []);
});

Deno.test("a √ is sure on a keypad's key and unsure with no keypad around it; a ⌫ is one only on a keypad", async () => {
  const g = await view("gnome_calculator_keypad.png");
  const lines = findTextLines(g);
  const root = lines.find((l) => l.x <= 318 && l.x + l.w >= 318 && l.y <= 324 && l.y + l.h >= 324)!;
  assertEquals(symbolWord(g, root, lines, groundOf(g))?.text, "√");
  assertEquals(symbolWord(g, root, lines, groundOf(g))?.conf, SYMBOL_CONF);
  assertEquals(symbolWord(g, root, [root], groundOf(g))?.conf, SHARED_SHAPE_CONF);
  // A ⌫'s plate is drawn by two small digits run together too (a sheet's row number 40): only a key is one.
  const back = lines.find((l) => l.x <= 48 && l.x + l.w >= 48 && l.y <= 277 && l.y + l.h >= 277)!;
  assertEquals(symbolWord(g, back, lines, groundOf(g))?.text, "⌫");
  assertEquals(symbolWord(g, back, [back], groundOf(g)), null);
  // π has no look-alike mark: sure alone.
  const pi = lines.find((l) => l.x <= 317 && l.x + l.w >= 317 && l.y <= 278 && l.y + l.h >= 278)!;
  assertEquals(symbolWord(g, pi, [pi], groundOf(g))?.conf, SYMBOL_CONF);
});

/** The centres (x) of the marks of `g` drawn as a chevron: every ink part of every line, looked at alone. */
function chevrons(g: Grey): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  for (const l of findTextLines(g)) {
    const mask = inkMask(g, l, groundOf(g)(l));
    for (const p of inkParts(mask, l.w, l.h)) {
      const box = { x: l.x + p.x - 1, y: l.y + p.y - 1, w: p.w + 2, h: p.h + 2 };
      const c = drawnChevron(g, box, ringLevel(g, box));
      if (c) found.push([c, Math.round(box.x + box.w / 2)]);
    }
  }
  return found.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

Deno.test("galculator's five drop-down chevrons are ˅, the carets of x^y and x^2 ˄, its letters (the v of inv too) none", async () => {
  const g = await view("galculator_scientific_keys.png");
  const down = [["˅", 49], ["˅", 116], ["˅", 549], ["˅", 621], ["˅", 693]];
  assertEquals(chevrons(g), [down[0], ["˄", 103], ["˄", 103], ...down.slice(1)]);
  const flipped = { ...g, data: new Uint8Array(g.data.length) };
  for (let y = 0; y < g.height; y++) {
    flipped.data.set(g.data.subarray(y * g.width, (y + 1) * g.width), (g.height - 1 - y) * g.width);
  }
  assertEquals(chevrons(flipped).map(([c]) => c), ["˄", "˅", "˅", "˄", "˄", "˄", "˄"]);
});

Deno.test("a short word drawn as a chevron becomes it, a caret read as ^ stays, a mark inside a told ⌫ goes", async () => {
  const g = await view("galculator_scientific_keys.png");
  const offset = { x: 100, y: 50 };
  const at = (text: string, x: number, y: number, w: number, h: number) => ({
    text,
    conf: 0.7,
    x: x + offset.x,
    y: y + offset.y,
    w,
    h,
  });
  // The recogniser's boxes for MS's chevron (`wv`) and fun's (`v`, its box a few pixels off the drawing).
  const out = withDrawnSymbols(
    g,
    [at("wv", 543, 23, 10, 6), at("v", 113, 17, 9, 18), at("MS", 517, 20, 20, 10)],
    [],
    offset,
  );
  assertEquals(out.map((w) => w.text), ["˅", "˅", "MS"]);
  const kept = withDrawnSymbols(g, [at("x", 20, 20, 8, 8), at("⌫", 15, 15, 18, 14)], [{
    box: { x: 14, y: 14, w: 20, h: 16 },
    text: "⌫",
  }], offset);
  assertEquals(kept.map((w) => w.text), ["⌫"]);
});

Deno.test("read through the recogniser, GNOME's keys are π √ ⌫ and galculator's chevrons ˅, no letters for them", async () => {
  const gnome = (await readFixtureRegion("views/gnome_calculator_keypad.png", {
    x: 0,
    y: 250,
    width: 365,
    height: 100,
  })).map((w) => w.text);
  for (const s of ["π", "√", "⌫"]) assert(gnome.includes(s), `${s} not read in ${gnome.join(" ")}`);
  for (const s of ["V", "v", "mn", "n", "[x]", "TT"]) {
    assert(!gnome.includes(s), `${s} read in ${gnome.join(" ")}`);
  }
  const galWords = await readFixtureRegion("views/galculator_scientific_keys.png", {
    x: 0,
    y: 0,
    width: 717,
    height: 45,
  });
  const gal = galWords.map((w) => w.text);
  for (const s of ["v", "wv"]) assert(!gal.includes(s), `${s} read in ${gal.join(" ")}`);
  // Each of the five drop-down chevrons reads ˅, or (tesseract.js glues one to its word: `conv`) sits in
  // a word read unsure: never in a word read sure.
  for (const x of [44, 111, 542, 614, 687]) {
    const at = galWords.filter((w) => w.x <= x + 4 && x <= w.x + w.w);
    assert(
      at.some((w) => w.text === "˅") || (at.length > 0 && at.every((w) => w.conf < 0.8)),
      `at ${x}: ${gal.join(" ")}`,
    );
  }
  assert(gal.filter((t) => t === "˅").length >= 4, gal.join(" "));
});

Deno.test("the plain spellings find the symbols, and a letter finds no other symbol", () => {
  const pairs = [
    ["pi", "π"],
    ["sqrt", "√"],
    ["backspace", "⌫"],
    ["<-", "⌫"],
    ["←", "⌫"],
    ["+/-", "±"],
    [
      "v",
      "˅",
    ],
    ["^", "˄"],
    ["...", "…"],
    ["<<", "«"],
  ];
  for (const [a, b] of pairs) {
    assert(matchText(a, b), `${a} does not find ${b}`);
    assert(matchText(b, a), `${b} does not find ${a}`);
  }
  for (const [a, b] of [["v", "√"], ["n", "π"], ["x", "⌫"], ["˅", "˄"]]) {
    assertEquals(matchText(a, b), null, `${a} ${b}`);
  }
});

Deno.test("a web calculator's ← turned upright reads ↑, and upside down ↓; no line of a fixture frame reads either", async () => {
  const img = await decodeImage(
    await Deno.readFile(new URL("../fixtures/web/calculator_light_20.png", import.meta.url)),
  );
  const g = greyOf(img, { x: 740, y: 215, width: 60, height: 50 });
  const lines = findTextLines(g);
  const left = lines.find((l) => l.x <= 32 && l.x + l.w >= 32 && l.y <= 24 && l.y + l.h >= 24)!;
  assertEquals(classifySymbol(g, left, groundOf(g)(left)), "←");
  // The grey turned on its side (rows become columns): the head that pointed left points up.
  const up: Grey = { width: g.height, height: g.width, data: new Uint8Array(g.data.length) };
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) up.data[x * up.width + y] = g.data[y * g.width + x];
  }
  const upLine = { x: left.y, y: left.x, w: left.h, h: left.w, blobs: [] };
  assertEquals(classifySymbol(up, upLine, groundOf(up)(upLine)), "↑");
  const down: Grey = { ...up, data: new Uint8Array(up.data.length) };
  for (let y = 0; y < up.height; y++) {
    down.data.set(up.data.subarray(y * up.width, (y + 1) * up.width), (up.height - 1 - y) * up.width);
  }
  const downLine = { ...upLine, y: up.height - upLine.y - upLine.h };
  assertEquals(classifySymbol(down, downLine, groundOf(down)(downLine)), "↓");
  for (
    const name of ["gnome_calculator_keypad.png", "speedcrunch_keypad.png", "galculator_scientific_keys.png"]
  ) {
    const v = await view(name);
    const upright = findTextLines(v).map((l) => classifySymbol(v, l, groundOf(v)(l))).filter((s) =>
      s === "↑" || s === "↓"
    );
    assertEquals(upright, [], name);
  }
});
