/**
 * A word with ink against it that nothing was read from is listed unsure
 * (src/ocr/fixes/unread_ink.ts): on made-up pixels, each kind of ink that
 * does or does not count, and on a real capture of a freshly opened editor,
 * whose caret stands against the file's first word.
 */

import { assert, assertEquals } from "./support/assert.ts";
import type { Grey } from "../src/image/pixels.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import { UNREAD_CONF, unreadInkAt, unsureBesideUnreadInk } from "../src/ocr/fixes/unread_ink.ts";
import { decodeImage } from "../src/image/codec.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { LOW_CONF } from "../src/render/element_rows.ts";
import { foldLeastSure, groupWords } from "../src/ocr/group.ts";

/** A white image 120 by 40 with dark rectangles [x, y, w, h]. */
function drawn(...rects: Array<[number, number, number, number]>): Grey {
  const width = 120, height = 40;
  const data = new Uint8Array(width * height).fill(255);
  for (const [x, y, w, h] of rects) {
    for (let j = y; j < y + h; j++) data.fill(30, j * width + x, j * width + x + w);
  }
  return { width, height, data };
}

/** The word the tests look at: five letters of 11 px text at (40, 14). */
const WORD = { x: 40, y: 14, w: 30, h: 11 };
/** Its letters, drawn as bars. */
const LETTERS: Array<[number, number, number, number]> = [[41, 14, 4, 11], [52, 17, 4, 8], [64, 14, 5, 11]];

const word = (text: string, box: typeof WORD, conf = 0.96): OcrWord => ({ text, conf, ...box });

Deno.test("a letter's worth of ink a letter's spacing from a word, read as nothing, makes the word unsure", () => {
  // The T of "The" and a caret against it, as an editor draws a file just opened.
  const g = drawn(...LETTERS, [33, 14, 6, 2], [35, 14, 2, 11], [32, 11, 1, 16]);
  assertEquals(unreadInkAt(g, WORD, [WORD], "left"), { from: 32, to: 38 });
  const [listed] = unsureBesideUnreadInk(g, [word("he", WORD)], { x: 0, y: 0, width: 120, height: 40 });
  assertEquals(listed.conf, UNREAD_CONF);
  // On the right as well, and in screen pixels: the words are placed by the read's region.
  const right = drawn(...LETTERS, [71, 16, 4, 9]);
  const region = { x: 500, y: 300, width: 120, height: 40 };
  const onScreen = { ...WORD, x: WORD.x + 500, y: WORD.y + 300 };
  assertEquals(unsureBesideUnreadInk(right, [word("harbou", onScreen)], region)[0].conf, UNREAD_CONF);
});

Deno.test("the sure words after a word made unsure by unread ink do not lift it: its element is reported at its cap", () => {
  const g = drawn(...LETTERS, [33, 14, 6, 2], [35, 14, 2, 11], [32, 11, 1, 16]);
  const after: OcrWord[] = [
    word("harbour", { ...WORD, x: 76, w: 40 }),
    word("was", { ...WORD, x: 122, w: 20 }),
    word("quiet", { ...WORD, x: 148, w: 30 }),
  ];
  const region = { x: 0, y: 0, width: 120, height: 40 };
  const [line] = groupWords(unsureBesideUnreadInk(g, [word("he", WORD), ...after], region));
  // Three sure words lift the mean to 0.85, over the replies' unsure line; the report is the word's cap.
  assertEquals([line.text, line.conf], ["he harbour was quiet", 0.85]);
  assertEquals(foldLeastSure(line).conf, UNREAD_CONF);
});

Deno.test("a caret, a border, a wide shape, far ink or ink another word covers leave a word as read", () => {
  const region = { x: 0, y: 0, width: 120, height: 40 };
  const cases: Array<[string, Grey, OcrWord[]]> = [
    ["a caret against the word", drawn(...LETTERS, [38, 11, 1, 16]), [word("The", WORD)]],
    ["a bar two pixels wide", drawn(...LETTERS, [37, 14, 2, 11]), [word("The", WORD)]],
    ["a box's side running on above and below", drawn(...LETTERS, [34, 2, 5, 36]), [word("Name", WORD)]],
    ["a shape wider than a letter or two", drawn(...LETTERS, [10, 14, 29, 11]), [word("Save", WORD)]],
    ["ink a word's space away", drawn(...LETTERS, [30, 14, 5, 11]), [word("was", WORD)]],
    ["ink another word was read from", drawn(...LETTERS, [33, 14, 6, 11]), [
      word("The", WORD),
      word("a", { x: 33, y: 14, w: 6, h: 11 }),
    ]],
    ["nothing beside it", drawn(...LETTERS), [word("quiet", WORD)]],
  ];
  for (const [name, g, words] of cases) {
    const listed = unsureBesideUnreadInk(g, words, region);
    assert(listed === words, `${name}: ${JSON.stringify(listed.map((w) => [w.text, w.conf]))}`);
  }
});

Deno.test("on a real capture of a file just opened, the word against the caret is the only one made unsure", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const text = await Deno.readTextFile(new URL("../bench/fixtures/prose40.txt", import.meta.url));
  const tesseract = new TesseractEngine(2);
  try {
    const { words } = await new ScreenPipeline(tesseract).run(frame, {
      x: 0,
      y: 0,
      width: frame.width,
      height: frame.height,
    }, { unsureAtEdges: true });
    // The file's first line begins "The harbour"; the caret stands before its T, at x 403.
    const first = words.filter((w) => Math.abs(w.y - 272) <= 3 && w.x < 440);
    assert(first.length === 1, `the first line's first word: ${JSON.stringify(first)}`);
    assert(
      first[0].text === "The" || first[0].conf < LOW_CONF,
      `"${first[0].text}", read beside the caret, is listed sure (${first[0].conf})`,
    );
    // Clear of the window's right edge (where cut words are capped too), no other word was capped.
    const capped = words.filter((w) => w.conf === UNREAD_CONF && w.x + w.w < 1000 && w !== first[0]);
    assertEquals(capped.map((w) => w.text), []);
    assert(text.startsWith("The harbour"), "the capture's file no longer starts as the test expects");
  } finally {
    await tesseract.close();
  }
});
