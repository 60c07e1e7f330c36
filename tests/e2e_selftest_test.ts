/**
 * `choto doctor --selftest` on a real X desktop with two apps: it reads the
 * screen, moves the pointer there and back, raises the second window and
 * the first again, and leaves both apps as they were.
 */
import { createX11Desktop } from "../src/desktop/x11.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";

Deno.test({
  name: "e2e: doctor --selftest exercises the X11 backend and types nothing",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const xd = await startDesktop();
    const db = await Deno.makeTempFile({ suffix: ".db" });
    try {
      xd.spawn("galculator");
      await xd.waitForWindow("galculator");
      xd.spawn("mousepad");
      await xd.waitForWindow("Mousepad");
      const x = createX11Desktop(xd.display);
      const before = x.windows();
      await x.move({ x: 300, y: 200 });
      x.close();
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "main.ts", "doctor", "--selftest", "--db", db],
        cwd: ROOT,
        env: { ...xd.env, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      assertMatch(text, /ok {4}windows: 2 app window\(s\)/);
      assertMatch(text, /ok {4}capture: 1440x900 px/);
      assertMatch(text, /ok {4}text: \d+ element\(s\) read in \d+ ms by tesseract: .*"File"/);
      assertMatch(text, /ok {4}pointer: asked \(720, 450\), got \(720, 450\); back at \(300, 200\)/);
      assertMatch(text, /ok {4}activation: Galculator "galculator" came to the front/);
      assertMatch(text, /ok {4}activation: Mousepad .* is in front again/);
      assertEquals(out.code, 0, text + new TextDecoder().decode(out.stderr));
      const after = createX11Desktop(xd.display);
      try {
        assertEquals(after.windows().focusWindowId, before.focusWindowId);
        assertEquals(after.pointer(), { x: 300, y: 200 });
        // An edited document would show a changed title ("*Untitled 1").
        const titles = (s: ReturnType<typeof after.windows>) => s.windows.map((w) => w.title).sort();
        assertEquals(titles(after.windows()), titles(before));
      } finally {
        after.close();
      }
    } finally {
      await Deno.remove(db).catch(() => {});
      await xd.stop();
    }
  },
});
