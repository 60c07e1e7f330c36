/**
 * hover_icons on a scripted desktop whose tooltips wake as Qt's do: a
 * tooltip shows once the pointer has rested on the button for the wake-up
 * delay, and every motion starts that delay again. On a loaded machine the
 * delay runs late; a walk that nudged the pointer at Qt's own pace kept
 * restarting it, and the first icon never showed its tooltip.
 */

import { hoverIcons } from "../src/look/hover.ts";
import { assertEquals } from "./support/assert.ts";
import { FakeClock, FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import type { WindowState } from "../src/desktop/types.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Point } from "../src/common/rect.ts";

const ICON = { x: 60, y: 60 };
/** Qt's wake-up delay (700 ms) as a loaded machine keeps it: late. */
const WAKE_MS = 850;

class QtDesktop extends FakeDesktop {
  lastMotion = 0;
  tipShown = false;

  override async move(to: Point): Promise<void> {
    await super.move(to);
    this.lastMotion = this.clock.now();
  }

  #wake(): void {
    const p = this.pointerAt;
    const on = Math.abs(p.x - ICON.x) <= 3 && Math.abs(p.y - ICON.y) <= 3;
    if (this.tipShown || !on || this.clock.now() - this.lastMotion < WAKE_MS) return;
    this.tipShown = true;
    this.chrome = [
      ...this.chrome,
      window("tip", "App", "", { x: 40, y: 80, width: 140, height: 24 }, "tooltip"),
    ];
    this.texts = [...this.texts, text("Open a saved order", 110, 92)];
  }

  override windows(): WindowState {
    this.#wake();
    return super.windows();
  }

  override capture(): RgbaImage {
    this.#wake();
    const frame = super.capture();
    // The icon's drawing, and pixels that change with what is drawn.
    frame.data.fill(this.tipShown ? 90 : 40);
    for (let dy = -8; dy < 8; dy++) {
      for (let dx = -8; dx < 8; dx++) {
        const i = ((ICON.y + dy) * frame.width + ICON.x + dx) * 4;
        if (Math.abs(dx) <= 1 || Math.abs(dy) <= 1) frame.data.fill(255, i, i + 3);
      }
    }
    return frame;
  }
}

Deno.test("a Qt tooltip whose wake-up runs late still shows: the walk does not keep restarting it", async () => {
  const clock = new FakeClock();
  const d = new QtDesktop(clock);
  d.windowList = [window("w1", "App", "Order - App", { x: 20, y: 20, width: 300, height: 200 })];
  d.focusWindowId = "w1";
  d.texts = [text("Full name", 100, 150)];
  d.pointerAt = { x: 380, y: 280 };
  const r = await hoverIcons(fakeServices(d), 12, { clock });
  assertEquals(r.hovered, 1);
  assertEquals(r.named, ["Open a saved order"]);
});
