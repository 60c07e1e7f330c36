/**
 * `choto selftest` as a user runs it: every check passes on a real Xvfb
 * desktop, each line names the backend it used, forcing the fallbacks shows
 * them, and a broken part makes it exit non-zero.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { nativeTesseract } from "../src/ocr/engines/native_tesseract.ts";

const selftest = (env: Record<string, string>) => runChoto(["selftest"], { env, clearEnv: true });

Deno.test({
  name:
    "selftest passes on a desktop, naming sharp and the recognisers (libtesseract, or workers without it)",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const desktop = await startDesktop();
    try {
      const r = await selftest({ DISPLAY: desktop.display });
      assertEquals(r.code, 0, r.stdout + r.stderr);
      assertMatch(r.stdout, /^ok +decode PNG +420x160 \[sharp/m);
      const recognisers = "error" in nativeTesseract() ? "tesseract\\.js, workers" : "libtesseract";
      assertMatch(
        r.stdout,
        new RegExp(
          `^ok +OCR, tesseract +found Delete, selected, permanently\\?, No, Yes \\[${recognisers}`,
          "m",
        ),
      );
      assertMatch(r.stdout, /^ok +encode screenshot +1440x900 -> 1440x900 PNG, \d+ KB \[sharp/m);
      assertMatch(r.stdout, /^ok +database +migrated to version \d+/m);
      assertMatch(r.stdout, /^ok +windows and capture +\d+ window\(s\), captured 1440x900 \[x11\]/m);
      assertMatch(r.stdout, /^selftest: 5 passed, 0 failed, 0 skipped$/m);
    } finally {
      await desktop.stop();
    }
  },
});

Deno.test("selftest with libtesseract turned off reads with tesseract.js workers", async () => {
  const r = await selftest({ CHOTO_OCR_NATIVE: "0" });
  assertEquals(r.code, 0, r.stdout + r.stderr);
  assertMatch(
    r.stdout,
    /^ok +OCR, tesseract +found Delete, selected, permanently\?, No, Yes \[tesseract\.js, workers/m,
  );
});

Deno.test("selftest with the fallbacks forced says so and passes; without a display it skips the capture", async () => {
  const r = await selftest({ CHOTO_IMAGE: "builtin", CHOTO_OCR_WORKERS: "0" });
  assertEquals(r.code, 0, r.stdout + r.stderr);
  assertMatch(r.stdout, /^ok +decode PNG .*\[built-in \(forced by CHOTO_IMAGE=builtin\)\]/m);
  assertMatch(
    r.stdout,
    /^ok +OCR, tesseract .*\[tesseract\.js, in-process \(forced by CHOTO_OCR_WORKERS=0\)\]/m,
  );
  assertMatch(r.stdout, /^ok +encode screenshot .*\[built-in/m);
  assertMatch(r.stdout, /^skip +windows and capture +no display/m);
  assertMatch(r.stdout, /^selftest: 4 passed, 0 failed, 1 skipped$/m);
});

Deno.test("selftest exits 1 and says what failed", async () => {
  // An X display that does not exist: the capture check fails, the others still run.
  const r = await selftest({ DISPLAY: ":4999" });
  assertEquals(r.code, 1, r.stdout + r.stderr);
  assertMatch(r.stdout, /^FAIL +windows and capture +\S/m);
  assertMatch(r.stdout, /^ok +database/m);
  assert(/selftest: 4 passed, 1 failed, 0 skipped/.test(r.stdout), r.stdout);
});
