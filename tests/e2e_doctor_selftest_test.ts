/**
 * `choto doctor --selftest` on a real X desktop, started by
 * `deno task doctor:selftest` with the flags the bundle's linux entry gives
 * the service its bridge starts: with two apps open it reads the screen, moves the pointer there
 * and back, raises the second app and the first again, then opens two
 * scratch documents in Mousepad, types a line with accents and punctuation,
 * copies it back through the clipboard, clicks a word and checks the caret,
 * raises one Mousepad window over the other, and closes both; one verdict
 * per capability, each ok, and the desk left as it was.
 */
import { createX11Desktop } from "../src/desktop/x11.ts";
import { CAPABILITIES } from "../src/cli/doctor_selftest.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";

Deno.test({
  name: "e2e: doctor --selftest under the bundle's linux flags types, copies and clicks in its own documents",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const xd = await startDesktop();
    const dir = await Deno.makeTempDir({ prefix: "choto-selftest-" });
    try {
      xd.spawn("galculator");
      await xd.waitForWindow("galculator");
      xd.spawn("geany", ["--no-session", "--no-msgwin"]);
      await xd.waitForWindow("Geany");
      const x = createX11Desktop(xd.display);
      const before = x.windows();
      await x.move({ x: 300, y: 200 });
      x.close();
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["task", "--quiet", "doctor:selftest", "--db", `${dir}/choto.db`],
        cwd: ROOT,
        env: { ...xd.env, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const err = new TextDecoder().decode(out.stderr);
      const report = `${text}\n${err}`;
      // The runner prints the command line it started: the flags the manifest gives the service, not -A.
      assertMatch(
        err,
        /run --cached-only --v8-flags=\S+ --allow-ffi --allow-read --allow-write=\S+ --allow-run --allow-env --allow-sys --allow-net=unix:\S+\/choto\.sock \S+main\.ts doctor --selftest --db /,
      );
      assertMatch(text, /ok {4}capture: 1440x900 px/, report);
      assertMatch(text, /ok {4}activation: Galculator "galculator" came to the front/, report);
      assertMatch(
        text,
        /ok {4}type: the line arrived as typed: "Grüße, café: 1\+2=3\? ¡Sí! naïve \(choto\) Wanderlust #7 @home"/,
        report,
      );
      assertMatch(text, /ok {4}shortcuts: cmd\+a, cmd\+c copied the typed line/, report);
      assertMatch(text, /ok {4}click: a click at \(\d+, \d+\) put the caret inside "Wanderlust"/, report);
      assertMatch(text, /ok {4}raise: of two Mousepad windows, each came to the front in turn/, report);
      assertMatch(text, /ok {4}menu bar: Mousepad's menu titles File and Edit were read/, report);
      assertMatch(
        text,
        /ok {4}OCR of the typed line: \d of 5 plain words and \d of 4 accented ones read inside the document window, on one row in typing order/,
        report,
      );
      const verdicts = text.slice(text.indexOf("Verdicts:"));
      for (const c of CAPABILITIES) {
        assertMatch(verdicts, new RegExp(`^ok {4}${c.replace(/ /g, " ")}\\s`, "m"), report);
      }
      assertEquals(out.code, 0, report);
      assertEquals(
        [...Deno.readDirSync(dir)].filter((e) => e.name.startsWith("choto-selftest")),
        [],
        "scratch files deleted",
      );
      const after = createX11Desktop(xd.display);
      try {
        const titles = (s: ReturnType<typeof after.windows>) => s.windows.map((w) => w.title).sort();
        assertEquals(titles(after.windows()), titles(before), "the scratch windows are closed");
        assertEquals(after.windows().focusWindowId, before.focusWindowId);
        assert(after.pointer().x === 300 && after.pointer().y === 200, "the pointer is back");
      } finally {
        after.close();
      }
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      await xd.stop();
    }
  },
});
