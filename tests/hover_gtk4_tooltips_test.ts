/**
 * hover_icons on a scripted desktop that shows tooltips as GTK4 does on X11:
 * a window typed as a menu, mapped before it is drawn (for a while it shows
 * the window's own text that lies under it). The walk names the icon by the
 * tooltip's text once drawn, never by the text beneath, and a menu that was
 * open before the walk is never taken for a tooltip.
 */

import { hoverIcons } from "../src/look/hover.ts";
import { assertEquals } from "./support/assert.ts";
import { FakeClock, FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Point, Rect } from "../src/common/rect.ts";

const ICON = { x: 60, y: 60 };
/** Where the tooltip opens: over the window's "Rows: 2", below the icon. */
const TIP = { x: 40, y: 80, width: 120, height: 24 };

class Gtk4Desktop extends FakeDesktop {
  tipShown = false;
  /** The tooltip fades in: first drawn faint (read wrong, unsure or not), then whole. */
  fades = false;
  /** The faint frame's confidence: a fade held still under load reads wrong and sure too. */
  faintConf = 0.45;
  /**
   * The window list reports the tooltip where it was mapped for a while after it is drawn further
   * right: a capture cut at the reported place shows part of it ("Mair men", sure).
   */
  moves = false;
  /** Where the tooltip is drawn. */
  tipDrawn: Rect | null = null;

  #shades = new Map<string, number>();

  override capture(): RgbaImage {
    const frame = super.capture();
    // The pixels change with what is drawn, not with the windows mapped: a tooltip mapped and not yet
    // drawn shows the pixels that were there.
    const key = JSON.stringify(this.texts);
    if (!this.#shades.has(key)) this.#shades.set(key, 40 + this.#shades.size * 30);
    frame.data.fill(this.#shades.get(key)!);
    const ink = frame.data[0] > 128 ? 0 : 255;
    for (let dy = -8; dy < 8; dy++) {
      for (let dx = -8; dx < 8; dx++) {
        const i = ((ICON.y + dy) * frame.width + ICON.x + dx) * 4;
        if (Math.abs(dx) <= 1 || Math.abs(dy) <= 1) frame.data.fill(ink, i, i + 3);
      }
    }
    // The tooltip window's own drawing, a dark box with a light left edge, where it is drawn.
    const tip = this.tipDrawn;
    for (let y = tip?.y ?? 0; tip && y < tip.y + tip.height; y++) {
      const i = (y * frame.width + tip.x) * 4;
      frame.data.fill(5, i, i + tip.width * 4);
      frame.data.fill(200, i, i + 8);
    }
    return frame;
  }

  override async move(to: Point): Promise<void> {
    await super.move(to);
    const on = Math.abs(to.x - ICON.x) <= 3 && Math.abs(to.y - ICON.y) <= 3;
    if (!on || this.tipShown) return;
    this.tipShown = true;
    // Mapped first, typed as a menu, showing what lies under it; drawn 400 ms later.
    this.at(this.clock.now() + 500, (d) => {
      d.chrome = [...d.chrome, window("tip", "App", "", TIP, "menu")];
    });
    const under = this.texts.filter((t) => t.text !== "Rows: 2");
    if (this.moves) {
      const drawn = { ...TIP, x: 140 };
      this.at(this.clock.now() + 500, (d) => {
        d.chrome = [window("tip", "App", "", TIP, "menu")];
        this.tipDrawn = drawn;
        // What a crop at the reported place shows of it, and its whole text.
        d.texts = [...under, text("Mair men", 120, 92, 0.95), text("Main menu", 200, 92)];
      });
      this.at(this.clock.now() + 580, (d) => {
        d.chrome = [window("tip", "App", "", drawn, "menu")];
      });
      return;
    }
    if (this.fades) {
      this.at(this.clock.now() + 900, (d) => {
        d.texts = [...under, text("Mair men", 100, 92, this.faintConf)];
      });
      this.at(this.clock.now() + 1100, (d) => {
        d.texts = [...under, text("Main menu", 100, 92)];
      });
      return;
    }
    this.at(this.clock.now() + 900, (d) => {
      d.texts = [...under, text("Add row", 100, 92)];
    });
  }
}

function setup(menuOpen: boolean, fades = false, faintConf = 0.45, moves = false) {
  const clock = new FakeClock();
  const d = new Gtk4Desktop(clock);
  d.moves = moves;
  d.fades = fades;
  d.faintConf = faintConf;
  d.windowList = [window("w1", "App", "List - App", { x: 20, y: 20, width: 300, height: 200 })];
  d.focusWindowId = "w1";
  d.texts = [text("File", 50, 35), text("Rows: 2", 100, 92)];
  if (menuOpen) d.chrome = [window("menu", "App", "", { x: 30, y: 110, width: 100, height: 60 }, "menu")];
  d.pointerAt = { x: 380, y: 280 };
  return { d, clock, services: fakeServices(d) };
}

Deno.test("a GTK4 tooltip, typed as a menu and drawn late, names the icon by its own text", async () => {
  const { clock, services } = setup(false);
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.hovered, 1);
  assertEquals(r.named, ["Add row"]);
});

Deno.test("a menu open before the walk is no tooltip: the icon is named by the one that opens", async () => {
  const { clock, services } = setup(true);
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.named, ["Add row"]);
});

Deno.test("a tooltip read unsure while it fades in is read again: the icon gets the surer reading", async () => {
  const { clock, services } = setup(false, true);
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.named, ["Main menu"]);
});

Deno.test("a fading tooltip read sure but wrong is not the name: the pixels changed before they held still", async () => {
  const { clock, services } = setup(false, true, 0.93);
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.named, ["Main menu"]);
});

Deno.test("a tooltip the window list places late is read where it is drawn, not cut where it was mapped", async () => {
  const { clock, services } = setup(false, false, 0.45, true);
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.named, ["Main menu"]);
});
