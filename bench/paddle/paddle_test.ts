/**
 * The engines benchmark's PaddleOCR reader: its dictionary makes the class
 * table the shipped model scores, greedy CTC decoding turns scores into
 * characters where they fired, lines are dealt out evenly to the Workers,
 * and a real fixture frame read through the whole reader gives its words at
 * their places.
 */

import { assert, assertEquals, assertThrows } from "../../tests/support/assert.ts";
import { loadFixtures, scoreWords } from "../ocr_score.ts";
import { classTable, ctcDecode } from "./ctc.ts";
import { MODEL_FILES } from "./models.ts";
import { DB_UNCLIP, mapBoxes } from "./detector.ts";
import { dealOut } from "./pool.ts";
import { openPaddleReader } from "./reader.ts";

/** Scores of `steps` time steps over `classes` classes, each step's best class given with probability p. */
function scores(best: number[], classes: number, p = 0.9): Float32Array {
  const out = new Float32Array(best.length * classes).fill((1 - p) / (classes - 1));
  best.forEach((c, t) => (out[t * classes + c] = p));
  return out;
}

Deno.test("the shipped dictionary gives blank, its 6,623 characters and the space, in file order", async () => {
  const classes = classTable(await Deno.readTextFile(MODEL_FILES.dictionary));
  assertEquals(classes.length, 6625);
  assertEquals(classes[0], "");
  assertEquals(classes.at(-1), " ");
  assert(classes.includes("A") && classes.includes("文"));
  assertEquals(classTable("a\r\nb\r\n"), ["", "a", "b", " "]);
  assertThrows(() => classTable("a\nbc\n"), /line 2 holds "bc"/);
});

Deno.test("greedy CTC merges repeats, drops blanks, keeps a doubled letter split by a blank", () => {
  const classes = ["", "a", "b", "l", " "];
  // a a _ b l _ l _ (space) a
  const probs = scores([1, 1, 0, 2, 3, 0, 3, 0, 4, 1], classes.length);
  const hits = ctcDecode(probs, 0, 10, classes);
  assertEquals(hits.map((h) => h.char).join(""), "abll a");
  assertEquals(hits.map((h) => [h.t0, h.t1]), [[0, 1], [3, 3], [4, 4], [6, 6], [8, 8], [9, 9]]);
  assert(Math.abs(hits[0].prob - 0.9) < 1e-6);
  // A second line after the first in the same output tensor.
  const two = new Float32Array([...probs, ...scores([2, 0, 2], classes.length)]);
  assertEquals(ctcDecode(two, 10 * classes.length, 3, classes).map((h) => h.char).join(""), "bb");
  assertThrows(() => ctcDecode(probs, 0, 11, classes), /overrun/);
});

Deno.test("lines are dealt out widest first to the least loaded Worker", () => {
  assertEquals(dealOut([100, 10, 60, 50], 2), [[0, 1], [2, 3]]);
  assertEquals(dealOut([5], 2), [[0], []]);
});

Deno.test("the detector's map gives one grown box per confident region, clipped to the frame", () => {
  const W = 64, H = 32;
  const map = new Float32Array(W * H);
  const fill = (x0: number, y0: number, w: number, h: number, p: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) map[y * W + x] = p;
  };
  fill(10, 10, 20, 4, 0.9); // a word
  fill(40, 10, 10, 4, 0.4); // above the map threshold, below the box score
  fill(60, 0, 4, 4, 0.9); // at the padded edge, past the frame's 62 columns
  // The word: 20 x 4 grows by 20 * 4 * 1.5 / (2 * 24) = 2.5 on each side; the edge region by 1.5.
  assertEquals(DB_UNCLIP, 1.5);
  assertEquals(mapBoxes(map, W, H, 62, 30), [{ x: 59, y: 0, w: 3, h: 6 }, { x: 8, y: 8, w: 25, h: 9 }]);
});

Deno.test("the reader reads a menu frame with its shortcuts, at the words' places", async () => {
  const [f] = await loadFixtures((n) => n === "apps/menu_geany_edit");
  const reader = await openPaddleReader(1);
  try {
    const words = await reader.read(f.frame);
    const score = scoreWords(f.words, words);
    assert(score.found / score.truth >= 0.95, `recall ${score.found}/${score.truth}`);
    const undo = words.find((w) => w.text === "Ctrl+Z");
    assert(undo && Math.abs(undo.x - 281) <= 3 && Math.abs(undo.y - 7) <= 3, JSON.stringify(undo));
  } finally {
    await reader.close();
  }
});
