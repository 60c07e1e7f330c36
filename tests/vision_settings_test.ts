/**
 * What Vision is asked to read with: the user's preferred languages that it
 * supports (or the languages given), a minimum text height that suits the
 * image, and stacks of lines no taller than it reads small text in.
 */
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { createVisionEngine } from "../src/ocr/engines/vision.ts";
import { visionLanguages } from "../src/ocr/engines/vision_languages.ts";
import { minimumTextHeight, VISION_MAX_STACK_HEIGHT } from "../src/ocr/engines/vision_read.ts";

import { makeFake } from "./support/mac_fake.ts";
import { macPreferredLanguages } from "../src/desktop/macos/languages.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { packStacks } from "../src/ocr/lines/stack.ts";

const SUPPORTED = [
  "en-US",
  "fr-FR",
  "it-IT",
  "de-DE",
  "es-ES",
  "pt-BR",
  "zh-Hans",
  "zh-Hant",
  "ja-JP",
  "ko-KR",
];

Deno.test("preferred languages map onto what Vision supports, by language and script, English kept", () => {
  assertEquals(visionLanguages(["fr-CH", "de-AT"], SUPPORTED), ["fr-FR", "de-DE", "en-US"]);
  assertEquals(visionLanguages(["zh-Hant-TW", "en-GB"], SUPPORTED), ["zh-Hant", "en-US"]);
  assertEquals(visionLanguages(["ja_JP"], SUPPORTED), ["ja-JP", "en-US"]);
  assertEquals(visionLanguages(["en-US", "es-MX"], SUPPORTED), ["en-US", "es-ES"]);
  assertEquals(visionLanguages(["fi-FI"], SUPPORTED), ["en-US"], "nothing supported: Vision's default");
  assertEquals(visionLanguages([], SUPPORTED), ["en-US"]);
});

const frame = (w: number, h: number) => ({ width: w, height: h, data: new Uint8Array(w * h * 4) });

Deno.test("the engine reads with the user's preferred languages Vision supports, asked once", async () => {
  const f = makeFake({ preferredLanguages: ["de-CH", "fr-FR"] });
  const e = createVisionEngine(f.libs);
  await e.recognize(frame(100, 40));
  await e.recognize(frame(100, 40));
  assertEquals(f.vision.languages, [["de-DE", "fr-FR", "en-US"], ["de-DE", "fr-FR", "en-US"]]);
  assertEquals(e.detail?.(), "languages de-DE, fr-FR, en-US");
  await e.close();
  assertEquals(f.leaks(), [], "the preferred-languages array and the strings made are released");
});

Deno.test("languages given to the engine win over the preferred ones", async () => {
  const f = makeFake({ preferredLanguages: ["de-DE"] });
  const e = createVisionEngine({ libs: f.libs, languages: ["zh-Hans-CN", "en-US"] });
  await e.recognize(frame(100, 40));
  assertEquals(f.vision.languages, [["zh-Hans", "en-US"]]);
  await e.close();
});

Deno.test("a language set Vision refuses falls back to its default, and the engine says why", async () => {
  const f = makeFake({ preferredLanguages: ["ko-KR"], visionLanguages: null, refusedLanguages: ["ko-KR"] });
  const e = createVisionEngine(f.libs);
  const words = await e.recognize(frame(100, 40));
  assertEquals(words.length, 2, "the read succeeded with the default");
  assertEquals(f.vision.languages, [["ko-KR"], ["en-US"]]);
  assertMatch(
    e.detail?.() ?? "",
    /languages en-US \(Vision refused ko-KR \(unsupported language\); reading en-US\)/,
  );
  await e.close();
  assertEquals(f.leaks(), []);
});

Deno.test("the minimum text height is Vision's default on short images and keeps 16 px text on tall ones", async () => {
  assertEquals(minimumTextHeight(120), 1 / 32);
  assertEquals(minimumTextHeight(1024), 16 / 1024);
  const f = makeFake();
  const e = createVisionEngine(f.libs);
  await e.recognize(frame(200, 60));
  await e.recognize(frame(200, 1000));
  assertEquals(f.vision.minimumTextHeight.map((v) => Math.round(v * 1e4) / 1e4), [0.0313, 0.016]);
  assertEquals(e.maxStackHeight, VISION_MAX_STACK_HEIGHT);
  await e.close();
});

Deno.test("stacks are cut at the engine's height limit as well as its area", () => {
  const lines = Array.from({ length: 30 }, () => ({ width: 100, height: 74 }));
  const tall = packStacks(lines, (l) => l, 1e9, 1);
  assertEquals(tall.length, 1);
  const capped = packStacks(lines, (l) => l, 1e9, 1, 1024 - 40);
  assert(capped.length > 1);
  for (const g of capped) assert(g.length * 74 <= 984, `a stack of ${g.length} lines`);
});

Deno.test("the macOS preferred languages choose what choto reads, and Vision is asked for the same", async () => {
  const f = makeFake({ preferredLanguages: ["ja-JP", "en-US"], visionLanguages: [...SUPPORTED] });
  const names = macPreferredLanguages(f.libs);
  assertEquals(names, ["ja-JP", "en-US"]);
  const policy = buildPolicy(null, "cfg", () => undefined, { names, from: "the macOS preferred languages" });
  assertEquals(policy.languages.languages.map((l) => l.tesseract), ["jpn", "eng"]);
  assertEquals(policy.languages.source, "the macOS preferred languages");
  const e = createVisionEngine({ libs: f.libs, languages: policy.languages.languages.map((l) => l.vision) });
  await e.recognize(frame(100, 40));
  assertEquals(f.vision.languages, [["ja-JP", "en-US"]]);
  await e.close();
  assertEquals(f.leaks(), [], "the preferred-languages array is released");
});
