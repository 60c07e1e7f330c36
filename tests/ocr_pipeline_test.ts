/**
 * The screen-text pipeline on real fixture pixels with the real recogniser
 * (no mocks): recall floors, the region cache, and offline operation.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { loadFixtures, scoreWords } from "../bench/ocr_score.ts";
import { changeBand } from "../bench/ocr_bench.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { createScreenReader } from "../src/ocr/reader.ts";

const FLOORS: Record<string, number> = {
  "apps/zenity_list_light": 0.95,
  "apps/galculator_basic_light": 0.85,
  "web/settings_light_12": 0.95,
  "web/menu_dark_13": 0.95,
};

Deno.test("pipeline recall stays above its floor on real frames", async () => {
  const fixtures = await loadFixtures((n) => n in FLOORS);
  assertEquals(fixtures.length, Object.keys(FLOORS).length);
  const engine = new TesseractEngine(2);
  try {
    for (const f of fixtures) {
      const pipeline = new ScreenPipeline(engine);
      const r = await pipeline.run(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
      const s = scoreWords(f.words, r.words);
      const recall = s.found / s.truth;
      assert(recall >= FLOORS[f.name], `${f.name}: recall ${recall.toFixed(3)}, missed ${s.missed}`);
    }
  } finally {
    await engine.close();
  }
});

Deno.test("the cache re-reads only changed lines", async () => {
  const [f] = await loadFixtures((n) => n === "web/settings_light_12");
  const engine = new TesseractEngine(2);
  try {
    const pipeline = new ScreenPipeline(engine);
    const full = { x: 0, y: 0, width: f.frame.width, height: f.frame.height };
    const first = await pipeline.run(f.frame, full, { charScan: false });
    assert(first.recognised > 10);
    const again = await pipeline.run(f.frame, full, { charScan: false });
    assertEquals(again.recognised, 0, "an unchanged frame recognises nothing new");
    const texts = (r: typeof first) => r.words.map((w) => `${w.text}@${w.x},${w.y}`).sort();
    assertEquals(texts(again), texts(first));
    const changed = await pipeline.run(changeBand(f.frame), full, { charScan: false });
    assert(changed.recognised > 0, "a changed line is read again");
    assert(changed.recognised < first.recognised / 2, `re-read ${changed.recognised} lines`);
  } finally {
    await engine.close();
  }
});

Deno.test("the reader maps words to screen pixels of a sub-region", async () => {
  const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
  const reader = createScreenReader(new TesseractEngine(1));
  try {
    const text = await reader.read(f.frame, { x: 290, y: 140, width: 420, height: 160 });
    const yes = text.elements.find((e) => e.text === "Yes");
    assert(yes, `no Yes in ${text.elements.map((e) => e.text)}`);
    assert(Math.abs(yes.cx - 587) <= 4 && Math.abs(yes.cy - 265) <= 4, JSON.stringify(yes));
    assert(yes.conf > 0.5);
  } finally {
    await reader.close();
  }
});

Deno.test("the engine works with the network denied", async () => {
  const script = new URL("../bench/fixtures/read_fixture.ts", import.meta.url).pathname;
  const png = new URL("../fixtures/apps/zenity_question_dark.png", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--deny-net", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", script, png],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert(out.success, stderr);
  const texts: string[] = JSON.parse(new TextDecoder().decode(out.stdout));
  assert(texts.some((t) => t.includes("without saving changes?")), texts.join(" | "));
});
