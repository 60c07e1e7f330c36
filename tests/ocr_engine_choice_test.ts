/**
 * Choosing the OCR engine by name: `--ocr` wins over `CHOTO_OCR_ENGINE`,
 * which wins over the platform default; a name the OS has no engine for is
 * refused with the choices; `tesseract-fast` reads real pixels with Debian's
 * fast model (an ungzipped model file) and says so, and without that file
 * reads as `tesseract` does and says why.
 */

import { assert, assertEquals, assertMatch, assertThrows } from "./support/assert.ts";
import { loadFixtures, scoreWords } from "../bench/ocr_score.ts";
import {
  chosenEngine,
  engineChoices,
  FAST_TARGET_HEIGHT,
  fastModelFile,
  tesseractSettings,
} from "../src/ocr/engines/engine_choice.ts";
import { createEngine } from "../src/ocr/engines/platform.ts";
import type { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { nativeTesseract } from "../src/ocr/engines/native_tesseract.ts";
import { TARGET_HEIGHT } from "../src/ocr/lines/prepare.ts";
import { runDoctor } from "../src/cli/doctor.ts";
import { ScreenPipeline } from "../src/ocr/pipeline.ts";

const fast = fastModelFile();
const libtesseract = !("error" in nativeTesseract());
// CI also runs the OCR tests with tesseract.js forced (CHOTO_OCR_NATIVE=0, CHOTO_OCR_WORKERS=0): the fast
// model is libtesseract's alone.
const native = libtesseract && Deno.env.get("CHOTO_OCR_NATIVE") !== "0" &&
  Deno.env.get("CHOTO_OCR_WORKERS") !== "0";
if ((!fast || !libtesseract) && Deno.env.get("CI")) {
  throw new Error("CI must have libtesseract and Debian's fast English model (tesseract-ocr-eng)");
}

async function withEnv<T>(value: string | undefined, fn: () => T | Promise<T>): Promise<T> {
  const before = Deno.env.get("CHOTO_OCR_ENGINE");
  if (value === undefined) Deno.env.delete("CHOTO_OCR_ENGINE");
  else Deno.env.set("CHOTO_OCR_ENGINE", value);
  try {
    return await fn();
  } finally {
    if (before === undefined) Deno.env.delete("CHOTO_OCR_ENGINE");
    else Deno.env.set("CHOTO_OCR_ENGINE", before);
  }
}

Deno.test("the flag wins over CHOTO_OCR_ENGINE, which wins over the platform default", async () => {
  await withEnv(undefined, () => {
    assertEquals(chosenEngine(undefined, "linux"), "tesseract");
    assertEquals(chosenEngine(undefined, "darwin"), "vision");
  });
  await withEnv("tesseract-fast", () => {
    assertEquals(chosenEngine(undefined, "linux"), "tesseract-fast");
    assertEquals(chosenEngine("tesseract", "linux"), "tesseract");
  });
  await withEnv("tesseract", () => assertEquals(chosenEngine(undefined, "darwin"), "tesseract"));
});

Deno.test("CHOTO_OCR_ENGINE naming no engine of this OS is refused with the choices", async () => {
  await withEnv("paddle", () => {
    assertThrows(
      () => chosenEngine(undefined, "linux"),
      /CHOTO_OCR_ENGINE must be one of tesseract, tesseract-fast on linux \(got "paddle"\)/,
    );
  });
  await withEnv("tesseract-fast", () => {
    assertThrows(() => chosenEngine(undefined, "darwin"), /vision, tesseract on darwin/);
  });
  assertEquals(engineChoices("darwin"), ["vision", "tesseract"]);
});

Deno.test("tesseract-fast without the fast model reads with the best model and says why", () => {
  const s = tesseractSettings("tesseract-fast", ["/nonexistent/eng.traineddata"]);
  assertEquals(s.modelFile, undefined, "each language's own model");
  assertEquals(s.targetHeight, TARGET_HEIGHT);
  assertMatch(s.about, /fast model is not installed \(apt-get install tesseract-ocr-eng\)/);
  assertEquals(tesseractSettings("tesseract").modelFile, undefined);
});

Deno.test({
  name: "tesseract-fast reads a real frame with Debian's fast model and names it",
  ignore: !fast || !native,
  fn: async () => {
    const [f] = await loadFixtures((n) => n === "apps/zenity_question_light");
    const engine = await withEnv("tesseract-fast", () => createEngine());
    try {
      assertEquals(engine.name, "tesseract-fast");
      assertEquals(engine.targetHeight, FAST_TARGET_HEIGHT);
      assertMatch(engine.detail?.() ?? "", new RegExp(`fast model ${fast}`));
      const r = await new ScreenPipeline(engine).run(f.frame, {
        x: 0,
        y: 0,
        width: f.frame.width,
        height: f.frame.height,
      });
      // The model loaded in libtesseract: a failed load would have fallen back to tesseract.js.
      assertEquals((engine as TesseractEngine).backend().name, "native");
      const s = scoreWords(f.words, r.words);
      assert(s.found / s.truth >= 0.9, `recall ${s.found}/${s.truth}; missed ${s.missed.join(" ")}`);
    } finally {
      await engine.close();
    }
  },
});

Deno.test({
  name: "doctor names the engine in use, where the choice came from and what it reads with",
  ignore: !fast || !native,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "choto-engine-" });
    const engineLine = async (value: string | undefined) => {
      const lines: string[] = [];
      await withEnv(value, () => runDoctor(`${dir}/choto.db`, (l) => lines.push(l)));
      return lines.find((l) => l.includes("OCR engine:")) ?? "";
    };
    try {
      assertMatch(
        await engineLine(undefined),
        /^ok {4}OCR engine: tesseract \(the default on linux; choices tesseract, tesseract-fast\): best_int model, lines enlarged to 34 px; libtesseract \S+ through FFI/,
      );
      assertMatch(
        await engineLine("tesseract-fast"),
        new RegExp(`^ok {4}OCR engine: tesseract-fast \\(CHOTO_OCR_ENGINE; .*\\): fast model ${fast}`),
      );
      assertMatch(await engineLine("paddle"), /^FAIL {2}OCR engine: CHOTO_OCR_ENGINE must be one of/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("a server asked for an engine this OS lacks stops at start and names the choices", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-engine-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("../main.ts", import.meta.url).pathname,
        "serve",
        "--db",
        `${dir}/choto.db`,
      ],
      env: { CHOTO_OCR_ENGINE: "paddle" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(out.code, 1);
    assertMatch(
      new TextDecoder().decode(out.stderr),
      /CHOTO_OCR_ENGINE must be one of .+ \(got "paddle"\)/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
