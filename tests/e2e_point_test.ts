/**
 * End to end: point shows the user where, on a real mousepad with its File
 * menu open, and touches nothing. A capture the test takes itself (its own
 * XGetImage, not choto's) shows the frame around the menu item's box while
 * the mark is up; choto's own next observe lists the same elements as
 * before; the pointer and the keyboard focus did not move and the menu is
 * still open, and the X server handled no input event at all (xinput
 * watches every device); after its duration the frame is gone, and choto's
 * next input takes a mark down at once. The server runs under the MCP
 * Bundle's own command line. With UPDATE_SNAPSHOT=1 the test also writes the picture of
 * the marks that docs/ and the README show.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type callTool, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { bundleArgs } from "./support/mcp.ts";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { captureRoot } from "../src/desktop/x11/capture.ts";
import { crop, type RgbaImage } from "../src/image/pixels.ts";
import { encodePng } from "../src/image/codec.ts";
import type { Rect } from "../src/common/rect.ts";

type Element = { text: string; x: number; y: number; w: number; h: number };

/** Distance from an element's box to the middle of its frame's coloured band. */
const BAND_AT = 7;

/** True for the guide colour of a mark (an orange near #ff6d00). */
function orange(img: RgbaImage, x: number, y: number): boolean {
  const o = (y * img.width + x) * 4;
  const [r, g, b] = [img.data[o], img.data[o + 1], img.data[o + 2]];
  return r > 200 && g > 60 && g < 160 && b < 70;
}

/** Of the four sides of a frame around `box`, the share of each side's band that is the mark's colour. */
function frameCover(img: RgbaImage, box: Rect): number[] {
  const left = box.x - BAND_AT, right = box.x + box.width + BAND_AT - 1;
  const top = box.y - BAND_AT, bottom = box.y + box.height + BAND_AT - 1;
  const share = (points: Array<[number, number]>) =>
    points.filter(([x, y]) => orange(img, x, y)).length / points.length;
  const along = (from: number, to: number, at: (i: number) => [number, number]) =>
    Array.from({ length: to - from }, (_, i) => at(from + i));
  return [
    share(along(box.x, box.x + box.width, (x) => [x, top])),
    share(along(box.x, box.x + box.width, (x) => [x, bottom])),
    share(along(box.y, box.y + box.height, (y) => [left, y])),
    share(along(box.y, box.y + box.height, (y) => [right, y])),
  ];
}

/**
 * The raw input events the X server handles from now on, from every device
 * (XTEST's included), as `xinput test-xi2` reports them: what shows that
 * nothing was sent, where a moved pointer or a closed menu would only hint.
 */
class InputWatch {
  #out = "";
  readonly #child: Deno.ChildProcess;
  readonly #reading: Promise<void>;

  private constructor(display: string) {
    this.#child = new Deno.Command("xinput", {
      args: ["test-xi2", "--root"],
      env: { DISPLAY: display },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    this.#reading = this.#child.stdout.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (chunk) => void (this.#out += chunk) }),
    ).catch(() => {});
  }

  /** Starts watching; ready once xinput has listed the devices it watches. */
  static async start(display: string): Promise<InputWatch> {
    const w = new InputWatch(display);
    await until(() => w.#out.includes("Virtual core keyboard"), 10_000);
    return w;
  }

  /** The raw events seen so far: RawKeyPress, RawButtonPress, RawMotion... */
  events(): string[] {
    return [...this.#out.matchAll(/EVENT type \d+ \((Raw\w+)\)/g)].map((m) => m[1]);
  }

  async stop(): Promise<void> {
    try {
      this.#child.kill("SIGTERM");
    } catch {
      // already gone
    }
    await this.#child.status;
    await this.#reading;
  }
}

/** What choto lists of the open menu and the window, position and text. */
function listed(structured: Record<string, unknown>): string[] {
  const rows = [...structured.elements as Element[], ...structured.chrome as Element[]];
  return rows.map((e) => `${e.text}@${e.x},${e.y},${e.w},${e.h}`).sort();
}

Deno.test({
  name: "point marks a menu item for the user without touching anything, and the mark goes",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (session) => {
      const { desktop } = session;
      // The test's own view of the display: raw captures and the pointer, past choto entirely.
      const x = new XConnection(desktop.display);
      let watch: InputWatch | null = null;
      try {
        const focused = await session.call("focus_app", { app_name: "mousepad", timeout_ms: 30_000 });
        assert(!focused.isError, focused.text);
        const open = await session.call("execute_plan", {
          steps: [{ action: "click", target: { text: "File" }, expect: { appears: "Save As" } }],
        });
        assertEquals(open.structured.status, "success", open.text);
        const before = await session.call("observe", { screenshot: false });
        const item = (before.structured.chrome as Element[]).find((e) => /^Save As/.test(e.text));
        assert(item, `no Save As in the open menu:\n${before.text}`);
        const box = { x: item.x, y: item.y, width: item.w, height: item.h };
        assertEquals(frameCover(captureRoot(x), box), [0, 0, 0, 0]);
        const pointer = x.queryPointer();
        const focus = before.structured.window as { id: string };
        watch = await InputWatch.start(desktop.display);
        const input = watch;

        let shown!: Awaited<ReturnType<typeof callTool>>;
        let seen!: RgbaImage;
        await t.step("the mark is on screen around the item, numbered after the menu it is in", async () => {
          shown = await session.call("point", {
            marks: [
              { target: { text: "File" }, gesture: "click" },
              {
                target: { text: "Save As", scope: "chrome" },
                gesture: "click",
                note: "Then Save As…, to keep a copy",
              },
            ],
            duration_ms: 30_000,
          });
          assert(!shown.isError, shown.text);
          assertEquals(shown.structured.shown, true, shown.text);
          assertEquals(shown.structured.exact, true);
          assertEquals((shown.structured.where as Rect[])[1], box);
          // Without sharp (the built-in image code) the note is written in the X server's core font.
          const coreFont = Deno.env.get("CHOTO_IMAGE") === "builtin";
          assertEquals(/core font/.test(shown.text), coreFont, shown.text);
          const matched = shown.structured.matched as Array<{ text: string; scope: string }>;
          assertEquals([matched[0].text, matched[1].scope], ["File", "chrome"]);
          seen = captureRoot(x);
          const cover = frameCover(seen, box);
          assert(cover.every((c) => c > 0.8), `the frame does not surround the item: ${cover}`);
        });

        await t.step("choto's next look lists the same elements; pointer, focus and menu stay", async () => {
          const after = await session.call("observe", { screenshot: false });
          assertEquals(listed(after.structured), listed(before.structured));
          assert(!/keep a copy/.test(after.text), after.text);
          assertEquals(x.queryPointer(), pointer);
          assertEquals(input.events(), [], "an input event reached the X server");
          assertEquals((after.structured.window as { id: string }).id, focus.id);
          // The mark is still up: observe sends no input.
          assert(frameCover(captureRoot(x), box).every((c) => c > 0.8));
        });

        await t.step("another choto on the desktop reads nothing of the mark either", async () => {
          const other = await session.connect();
          try {
            const seen = await other.call("observe", { screenshot: false });
            assert(!/keep a copy/.test(seen.text), seen.text);
            assert(listed(seen.structured).some((e) => e.startsWith("Save As")), seen.text);
            assert(
              frameCover(captureRoot(x), box).every((c) => c > 0.8),
              "the mark went before the other looked",
            );
          } finally {
            await other.close();
          }
        });

        if (Deno.env.get("UPDATE_SNAPSHOT")) {
          // The mousepad window with its menu open and both marks, for docs/ and the README.
          const w = (before.structured.window as { bounds: Rect }).bounds;
          const area = { x: Math.max(0, w.x - 20), y: Math.max(0, w.y - 20), width: 560, height: 330 };
          await Deno.writeFile(
            new URL("../docs/point-mark.png", import.meta.url),
            await encodePng(crop(seen, area)),
          );
        }

        await t.step("a new set replaces the marks up, and goes after its duration", async () => {
          const brief = await session.call("point", {
            marks: [{ target: { text: "Save As", scope: "chrome" }, gesture: "double_click" }],
            duration_ms: 1000,
          });
          assertEquals(brief.structured.shown, true, brief.text);
          const now = captureRoot(x);
          assert(frameCover(now, box).every((c) => c > 0.8));
          // The first set's mark on File went with it (once the menu bar has repainted what it uncovered).
          const file = (shown.structured.where as Rect[])[0];
          await until(() => frameCover(captureRoot(x), file).every((c) => c < 0.05), 3_000);
          await until(() => frameCover(captureRoot(x), box).every((c) => c < 0.05), 10_000);
          assertEquals(x.queryPointer(), pointer);
          assertEquals(input.events(), [], "an input event reached the X server");
        });

        await t.step("choto's next input takes a mark down at once", async () => {
          const again = await session.call("point", {
            marks: [{ target: { text: "Save As", scope: "chrome" } }],
            duration_ms: 30_000,
          });
          assertEquals(again.structured.shown, true, again.text);
          assert(frameCover(captureRoot(x), box).every((c) => c > 0.8));
          const esc = await session.call("execute_plan", { steps: [{ action: "hotkey", keys: ["escape"] }] });
          assertEquals(esc.structured.status, "success", esc.text);
          // Gone with the key: the menu closes, and its pixels with the mark's.
          await until(() => frameCover(captureRoot(x), box).every((c) => c < 0.05), 3_000);
          // The watch sees choto's input when there is some: its silence before meant none was sent.
          await until(() => input.events().includes("RawKeyPress"), 3_000);
        });

        await t.step("a target not on screen shows nothing and names the closest texts", async () => {
          const miss = await session.call("point", {
            marks: [{ target: { text: "Sav As", scope: "chrome" } }],
          });
          assertEquals(miss.structured.shown, false);
          assertMatch(miss.text, /not shown: target "Sav As" not found in the chrome/);
        });
      } finally {
        await watch?.stop();
        x.close();
      }
      // The server Claude Desktop starts from the bundle: its notes are written in the system's fonts.
    }, { args: bundleArgs });
  },
});
