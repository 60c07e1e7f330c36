/**
 * `choto selftest` as a user runs it on a real Xvfb desktop: every check
 * passes, the window list and capture among them, and each line names the
 * backend it used.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
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
