/**
 * Monitors of an X desktop read through Xinerama (Xvfb with two screens),
 * and the failsafe corner judged against them on the real server.
 */
import { createX11Desktop } from "../src/desktop/x11.ts";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { XMonitors } from "../src/desktop/x11/monitors.ts";
import { assertEquals } from "./support/assert.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";

Deno.test({
  name: "e2e: Xinerama monitors are read, and the failsafe corner holds on them",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // Xvfb stacks Xinerama screens at the origin; the sizes still prove the struct is read right.
    const xd = await startDesktop({ screens: ["800x600x24", "1024x768x24"], windowManager: false });
    const c = new XConnection(xd.display);
    const monitors = new XMonitors(c);
    const x = createX11Desktop(xd.display);
    try {
      assertEquals(monitors.list(), [
        { x: 0, y: 0, width: 800, height: 600 },
        { x: 0, y: 0, width: 1024, height: 768 },
      ]);
      const at = async (px: number, py: number) => {
        await x.move({ x: px, y: py });
        return x.pointerInCorner();
      };
      assertEquals(await at(1, 2), true);
      assertEquals(await at(400, 300), false);
      assertEquals(await at(3, 0), false);
    } finally {
      x.close();
      c.close();
      monitors.close();
      await xd.stop();
    }
  },
});
