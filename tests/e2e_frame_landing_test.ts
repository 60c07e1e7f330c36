/**
 * End to end on X11 under openbox: a button's landing says whether the
 * pointer is on the app's own drawing or on the frame openbox draws around
 * it. A point on the title bar is the frame, a point inside is the content,
 * and a point that was inside until the window moved down is the frame:
 * the window is the same, so only the part tells a press meant for the app
 * from one that would hit the title bar's buttons. Each press is stopped
 * by its gate before it is sent, and xlogo stays open.
 */

import { assert, assertEquals, assertRejects } from "./support/assert.ts";
import { skipE2E, startDesktop, type TestDesktop } from "./support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import type { Landing, WindowInfo } from "../src/desktop/types.ts";
import type { Point } from "../src/common/rect.ts";
import { clientRect } from "../src/perceive/window_controls.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";
import { until } from "./support/session.ts";

/** What the gate throws so that the press is never sent. */
const HELD = "held by the test's gate";

/** Where a left click at `at` would land, asked of the backend's gate; the click itself is not sent. */
async function landingAt(display: string, at: Point): Promise<Pick<Landing, "id" | "part">> {
  const x = createX11Desktop(display);
  let seen: Pick<Landing, "id" | "part"> | null = null;
  try {
    await assertRejects(() =>
      x.click(at, "left", 1, [], (_sent, landing) => {
        seen = { id: landing.id, part: landing.part };
        throw new Error(HELD);
      }), new RegExp(HELD));
  } finally {
    x.close();
  }
  assert(seen, "the gate was never asked");
  return seen;
}

/** xlogo's window as choto lists it, with openbox's frame. */
function xlogo(display: string): WindowInfo {
  const x = createX11Desktop(display);
  try {
    const w = x.windows().windows.find((w) => w.title === "xlogo");
    assert(w?.frame && w.frame.top > 0, `xlogo has no title bar: ${JSON.stringify(w)}`);
    return w;
  } finally {
    x.close();
  }
}

Deno.test({
  name: "a button's landing is the frame on the title bar and where a moved window's title bar now is",
  ignore: skipE2E(),
  sanitizeResources: false,
  async fn() {
    const desktop: TestDesktop = await startDesktop();
    try {
      desktop.spawn("xlogo", ["-geometry", "300x200+200+150"]);
      await desktop.waitForWindow("xlogo");
      const before = xlogo(desktop.display);
      const inner = clientRect(before);
      const title = {
        x: before.bounds.x + before.bounds.width / 2,
        y: before.bounds.y + before.frame!.top / 2,
      };
      const nearTop = { x: inner.x + inner.width / 2, y: inner.y + 4 };

      assertEquals(await landingAt(desktop.display, title), { id: before.id, part: "frame" });
      assertEquals(await landingAt(desktop.display, nearTop), { id: before.id, part: "content" });

      // The window goes down by its title bar's height: the point near its top is on the title bar now.
      const [id] = await xdotoolSearch(desktop.env, ["--onlyvisible", "--name", "^xlogo$"]);
      const down = before.frame!.top;
      await new Deno.Command("xdotool", {
        args: ["windowmove", id, String(before.bounds.x), String(before.bounds.y + down)],
        env: desktop.env,
      }).output();
      const after = await until(() => {
        const w = xlogo(desktop.display);
        return w.bounds.y !== before.bounds.y ? w : null;
      });
      assert(
        nearTop.y >= after.bounds.y && nearTop.y < clientRect(after).y,
        `the point is not on the moved window's title bar: ${JSON.stringify({ nearTop, after })}`,
      );
      assertEquals(await landingAt(desktop.display, nearTop), { id: before.id, part: "frame" });

      assertEquals(await xdotoolSearch(desktop.env, ["--onlyvisible", "--name", "^xlogo$"]), [id]);
    } finally {
      await desktop.stop();
    }
  },
});
