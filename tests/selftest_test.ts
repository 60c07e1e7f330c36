/**
 * `choto selftest` as a user runs it without a display: each line names the
 * backend it used, forcing the fallbacks shows them, and a broken part makes
 * it exit non-zero. (On a desktop: e2e_selftest_test.ts.)
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";

const selftest = (env: Record<string, string>) => runChoto(["selftest"], { env, clearEnv: true });

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
