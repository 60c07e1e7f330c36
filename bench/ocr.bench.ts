/**
 * Warm frame time of the screen reader (`deno bench --allow-all bench/ocr.bench.ts`):
 * recognisers started, cache emptied before each read, so every line is
 * recognised; and the same frame re-read with the cache full.
 */

import { loadFixtures } from "./ocr_score.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";
import { changeBand } from "./ocr_bench.ts";

const [settings, menu] = await loadFixtures((n) =>
  n === "web/settings_light_12" || n === "apps/mousepad_file_menu_light"
);
const engine = new TesseractEngine(2);
await engine.warm();
const pipeline = new ScreenPipeline(engine);
const full = { x: 0, y: 0, width: 1440, height: 900 };
const changed = changeBand(settings.frame);

Deno.bench("full 1440x900 frame, warm recognisers, empty cache (settings)", async () => {
  pipeline.cache.clear();
  await pipeline.run(settings.frame, full);
});

Deno.bench("full 1440x900 frame, warm recognisers, empty cache (menu)", async () => {
  pipeline.cache.clear();
  await pipeline.run(menu.frame, full);
});

Deno.bench("re-read after a 10% change (cache full)", async (b) => {
  pipeline.cache.clear();
  await pipeline.run(settings.frame, full);
  b.start();
  await pipeline.run(changed, full);
  b.end();
});

globalThis.addEventListener("unload", () => void engine.close());
