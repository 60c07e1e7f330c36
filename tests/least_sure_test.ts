/**
 * An element is reported as sure as its least sure word (ocr/group.ts
 * `foldLeastSure`): on made-up words, and on a real capture of prose, where
 * a mean of its words once listed a line sure with a misread word in it.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { foldLeastSure, groupWords } from "../src/ocr/group.ts";
import type { OcrWord } from "../src/ocr/types.ts";
import { decodeImage } from "../src/image/codec.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { LOW_CONF } from "../src/render/element_rows.ts";

const row = (...read: Array<[string, number]>): OcrWord[] =>
  read.map(([text, conf], i) => ({ text, conf, x: 10 + i * 55, y: 40, w: 50, h: 11 }));

Deno.test("a phrase keeps its words' mean for the look's passes and is reported at its least sure word", () => {
  const [e] = groupWords(row(["at", 0.95], ['six,"', 0.66], ["he", 0.96], ["wrote,", 0.95]));
  const six = { text: 'six,"', conf: 0.66, x: 65, w: 50 };
  assertEquals([e.text, e.conf, e.leastSure], ['at six," he wrote,', 0.88, six]);
  const reported = foldLeastSure(e);
  assertEquals([reported.conf, reported.leastSure], [0.66, { ...six, mean: 0.88 }]);
  // Folding again changes nothing: the mean before the first fold is kept.
  assertEquals(foldLeastSure(reported), reported);
  // Words read alike leave nothing to fold.
  const [even] = groupWords(row(["Save", 0.95], ["As", 0.95]));
  assertEquals([even.conf, even.leastSure], [0.95, undefined]);
});

Deno.test("a pass that cut the least sure word off an element took its doubt with it", () => {
  // A checkbox's drawing read as "WV" before its label; the controls' pass cuts the token off.
  const [label] = groupWords(row(["WV", 0.32], ["Subscribe", 0.96], ["to", 0.96], ["newsletter", 0.96]));
  const cut = foldLeastSure({ ...label, text: "Subscribe to newsletter" });
  assertEquals([cut.conf, cut.leastSure], [label.conf, undefined]);
  assertEquals(foldLeastSure(label).conf, 0.32);
  // Text written without spaces is looked through whole.
  const [cjk] = groupWords(row(["保存", 0.95], ["す", 0.4]));
  assertEquals(foldLeastSure({ ...cjk, text: "保存す" }).conf, 0.4);
});

Deno.test("on a real capture of prose, no element reported sure holds a word read unsure", async () => {
  const frame = await decodeImage(
    await Deno.readFile(new URL("../fixtures/screens/mousepad_prose.png", import.meta.url)),
  );
  const engine = new TesseractEngine(2);
  try {
    const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
    const { words } = await new ScreenPipeline(engine).run(frame, whole, { unsureAtEdges: true });
    const grouped = groupWords(words);
    const inside = (e: { x: number; y: number; w: number; h: number }) =>
      words.filter((w) => w.x >= e.x && w.x + w.w <= e.x + e.w && w.y >= e.y && w.y + w.h <= e.y + e.h);
    const hiding = (list: typeof grouped) =>
      list.filter((e) => e.conf >= LOW_CONF && inside(e).some((w) => w.conf < LOW_CONF));
    // By their words' mean, lines holding a word read unsure are listed sure (the title's path at 0.73 among them).
    assert(hiding(grouped).length >= 2, JSON.stringify(hiding(grouped).map((e) => e.text)));
    assertEquals(hiding(grouped.map(foldLeastSure)).map((e) => e.text), []);
  } finally {
    await engine.close();
  }
});
