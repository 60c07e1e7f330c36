/**
 * End to end: the window manager's title bar. Openbox draws each window's
 * title in its frame; choto tells that line from the title the window
 * gave (here zenity's `--title`, read back with xdotool as the app set it),
 * and reads it when openbox had to shorten it: a reply never shows a whole
 * title the screen shows cut, with an ellipsis in the middle.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";

type Element = { text: string; cx: number; cy: number };
type Bounds = { x: number; y: number; width: number; height: number };

/** The name of the one window of class `cls`, as xdotool reads it from the app's window. */
async function windowName(s: Session, cls: string): Promise<string> {
  const run = async (args: string[]) =>
    new TextDecoder().decode(
      (await new Deno.Command("xdotool", { args, env: s.desktop.env, stdout: "piped", stderr: "null" })
        .output())
        .stdout,
    ).trim();
  const id = await until(async () =>
    (await xdotoolSearch(s.desktop.env, ["--onlyvisible", "--class", cls]))[0] ?? null
  );
  return await run(["getwindowname", id]);
}

/** The focus window's elements on its title bar (the band above its first row of content). */
async function titleBarTexts(s: Session): Promise<string[]> {
  const o = await s.call("observe", { screenshot: false });
  const window = o.structured.window as { bounds: Bounds } | null;
  assert(window, o.text);
  const elements = o.structured.elements as Element[];
  return elements.filter((e) => e.cy < window.bounds.y + 22).map((e) => e.text);
}

Deno.test({
  name: "a title bar shows the window's title as set, and a title openbox shortened as it is drawn",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const short = "Invoice 2026-12, checked";
      const shown = s.desktop.spawn("zenity", [
        "--info",
        "--width=300",
        `--title=${short}`,
        "--text=Short body",
      ]);
      assertEquals(await windowName(s, "zenity"), short);
      // A dialog opens small and then grows: until it has, openbox shortens its title too.
      const first = await until(async () => {
        const texts = await titleBarTexts(s);
        return texts.includes(short) ? texts : null;
      }).catch(async () => await titleBarTexts(s));
      assert(first.includes(short), `title bar read as ${JSON.stringify(first)}`);
      shown.kill();
      await until(async () => !(await titleBarTexts(s).catch((): string[] => [])).includes(short));

      // Too long for the dialog's frame: openbox draws its start and its end with an ellipsis between.
      const long = "Quarterly revenue report for the northern region offices";
      s.desktop.spawn("zenity", ["--info", "--width=300", `--title=${long}`, "--text=Short body"]);
      assertEquals(await windowName(s, "zenity"), long);
      const cut = await until(async () => {
        const texts = await titleBarTexts(s);
        return texts.some((t) => t.startsWith("Quarterly")) ? texts : null;
      });
      assert(!cut.includes(long), `the whole title reported for a shortened one: ${JSON.stringify(cut)}`);
      const drawn = cut.find((t) => t.startsWith("Quarterly"))!;
      assert(drawn.length < long.length, `title bar read as ${JSON.stringify(cut)}`);
    });
  },
});
