/**
 * hover_icons' walk on a scripted desktop: icons are drawn into the frames,
 * a tooltip opens half a second after the pointer rests on one. The walk
 * names what shows a tooltip, counts what does not, sends one progress
 * message per icon, clicks and types nothing, and on every way out (corner
 * failsafe, front window change, window move, cancellation) stops and puts
 * the pointer back. An icon it named is a target point marks by that name.
 */

import { hoverIcons, TOOLTIP_WAIT_MS } from "../src/look/hover.ts";
import { hoverText } from "../src/render/icon_text.ts";
import { annotateIconsTool } from "../src/tools/annotate_icons.ts";
import { hoverIconsTool } from "../src/tools/hover_icons.ts";
import { pointTool } from "../src/tools/point.ts";
import { submitIconLabelsTool } from "../src/tools/submit_icon_labels.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeClock, FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import type { RgbaImage } from "../src/image/pixels.ts";
import type { Point } from "../src/common/rect.ts";

/** Three different drawings in the window's toolbar; the first two have tooltips. */
const ICONS = [
  { at: { x: 60, y: 60 }, shape: "square", tip: "Create a new file" },
  { at: { x: 100, y: 60 }, shape: "cross", tip: "Save the current file" },
  { at: { x: 140, y: 60 }, shape: "ring", tip: null },
] as const;

class IconDesktop extends FakeDesktop {
  onHover?: (n: number, d: IconDesktop) => void;
  hovers = 0;

  override capture(): RgbaImage {
    const frame = super.capture();
    const ink = frame.data[0] > 128 ? 0 : 255;
    const put = (x: number, y: number) =>
      frame.data.fill(ink, (y * frame.width + x) * 4, (y * frame.width + x) * 4 + 3);
    for (const icon of ICONS) {
      for (let dy = -8; dy < 8; dy++) {
        for (let dx = -8; dx < 8; dx++) {
          const edge = Math.abs(dx) >= 6 || Math.abs(dy) >= 6;
          const cross = Math.abs(dx) <= 1 || Math.abs(dy) <= 1;
          const on = icon.shape === "square" ? true : icon.shape === "cross" ? cross : edge;
          if (on) put(icon.at.x + dx, icon.at.y + dy);
        }
      }
    }
    return frame;
  }

  override async move(to: Point): Promise<void> {
    await super.move(to);
    this.chrome = [];
    this.texts = this.texts.filter((t) => t.cy !== to.y + 30);
    const icon = ICONS.find((i) => i.at.x === to.x && i.at.y === to.y);
    if (icon) {
      this.hovers++;
      this.onHover?.(this.hovers, this);
      if (icon.tip) {
        const tip = icon.tip;
        this.at(this.clock.now() + 500, (d) => {
          d.chrome = [window("tip", "App", "", { x: to.x, y: to.y + 20, width: 160, height: 20 }, "tooltip")];
          // One tooltip window, shown again after a nudge: its text is drawn once.
          d.texts = [...d.texts.filter((t) => t.text !== tip), text(tip, to.x + 80, to.y + 30)];
        });
      }
    }
  }
}

function setup() {
  const clock = new FakeClock();
  const d = new IconDesktop(clock);
  d.windowList = [window("w1", "App", "Doc - App", { x: 20, y: 20, width: 300, height: 200 })];
  d.focusWindowId = "w1";
  d.texts = [text("File", 50, 35)];
  d.pointerAt = { x: 380, y: 280 };
  const services = fakeServices(d);
  return { d, clock, services };
}

Deno.test("hovering names the icons that show a tooltip, one progress message each, and puts the pointer back", async () => {
  const { d, clock, services } = setup();
  const progress: string[] = [];
  const r = await hoverIcons(services, 12, { clock, progress: (_n, _t, m) => void progress.push(m) });
  assertEquals(r.hovered, 3);
  assertEquals(r.named, ["Create a new file", "Save the current file"]);
  assertEquals(r.showedNothing, 1);
  assertEquals(r.stillUnnamed, 1);
  assertEquals(r.stopped, null);
  assertEquals(progress.length, 3);
  assertEquals(d.pointerAt, { x: 380, y: 280 });
  assertEquals(d.inputs(), []);
  const reply = hoverText(r);
  assertMatch(reply, /^hovered 3 icon\(s\) in "Doc - App" \(App\)\.$/m);
  assertMatch(
    reply,
    /^named 2 \(text read from the app's tooltips\): "Create a new file", "Save the current file"$/m,
  );
  assertMatch(reply, /^showed nothing: 1\.$/m);
  assertMatch(reply, /^still unnamed in this window: 1\.$/m);
  // A second walk has only the icon without a tooltip left to visit: it waits the tooltip delay, no more.
  const t0 = clock.now();
  const again = await hoverIcons(services, 12, { clock });
  assertEquals(again.hovered, 1);
  const took = clock.now() - t0;
  assert(
    took >= TOOLTIP_WAIT_MS && took < TOOLTIP_WAIT_MS + 1000,
    `${took} ms for an icon without a tooltip`,
  );
});

Deno.test("limit caps the visits and says how many are left", async () => {
  const { clock, services } = setup();
  const r = await hoverIcons(services, 1, { clock });
  assertEquals(r.hovered, 1);
  assertEquals(r.leftOver, 2);
});

const stops: Array<[string, (d: IconDesktop, abort: AbortController) => void, RegExp]> = [
  ["the corner failsafe", (d) => void (d.pointerAt = { x: 0, y: 0 }), /top-left corner/],
  ["a change of front window", (d) => {
    d.windowList = [window("w2", "Other", "Other", { x: 0, y: 0, width: 100, height: 100 }), ...d.windowList];
    d.focusWindowId = "w2";
  }, /front window changed/],
  ["the window moving", (d) => {
    d.windowList = [{ ...d.windowList[0], bounds: { x: 30, y: 20, width: 300, height: 200 } }];
  }, /moved/],
  ["cancellation", (_d, abort) => abort.abort(), /cancelled/],
];

for (const [what, act, reason] of stops) {
  Deno.test(`${what} stops the walk after the icon in hand and the pointer goes back`, async () => {
    const { d, clock, services } = setup();
    const abort = new AbortController();
    d.onHover = (n, desk) => {
      if (n === 1) act(desk, abort);
    };
    const r = await hoverIcons(services, 12, { clock, signal: abort.signal });
    assert(r.stopped, "it stopped");
    assertMatch(r.stopped, reason);
    assertEquals(r.hovered, 1);
    assertEquals(d.log.at(-1), "move 380,280");
    assertEquals(d.inputs(), []);
    assertMatch(hoverText(r), /^stopped early after 1: /m);
  });
}

Deno.test("an icon under a denied app's window ends the walk there, and the pointer still goes back", async () => {
  const { d, clock, services } = setup();
  d.onHover = (n, desk) => {
    // A password manager's small window comes up over the second icon.
    const pw = window("pw", "KeePassXC", "Unlock", { x: 90, y: 50, width: 20, height: 20 });
    if (n === 1) desk.windowList = [pw, ...desk.windowList];
  };
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.hovered, 1);
  assertMatch(r.stopped ?? "", /KeePassXC is on the user's deny list/);
  assert(!d.log.includes("move 100,60"), d.log.join("\n"));
  assertEquals(d.log.at(-1), "move 380,280");
});

Deno.test("the pointer is not put back onto a denied app's window, and the walk still reports", async () => {
  const { d, clock, services } = setup();
  d.windowList = [
    ...d.windowList,
    window("pw", "KeePassXC", "Passwords", { x: 340, y: 240, width: 100, height: 100 }),
  ];
  const r = await hoverIcons(services, 12, { clock });
  assertEquals(r.hovered, 3);
  assertEquals(r.stopped, null);
  assertEquals(d.log.at(-1), "move 140,60");
});

Deno.test("hover_icons acts on the screen, so the server lets it run only when nothing else acts", () => {
  assertEquals(hoverIconsTool.actsOnScreen, true);
  assertEquals(annotateIconsTool.actsOnScreen ?? false, false);
  assertEquals(submitIconLabelsTool.actsOnScreen ?? false, false);
});

Deno.test("an icon named by its tooltip is a point target, marked exactly on its box, with nothing sent", async () => {
  const { d, clock, services } = setup();
  await hoverIcons(services, 12, { clock });
  const sent = d.inputs().length;
  const args = pointTool.validate!({
    marks: [{ target: { text: "Save the current file" }, gesture: "click" }],
  });
  assert(args.ok);
  const r = await pointTool.run(args.value as never, services, { signal: new AbortController().signal });
  assert(r.ok, r.text);
  assertEquals([r.structured?.shown, r.structured?.exact], [true, true], r.text);
  assertMatch(r.text, /"Save the current file" \[icon\] \(exact, window\)/);
  // The mark sits on the icon drawn at (100, 60).
  const [box] = r.structured!.where;
  assert(
    box.x <= 100 && 100 < box.x + box.width && box.y <= 60 && 60 < box.y + box.height,
    JSON.stringify(box),
  );
  assertEquals(d.pointed.at(-1)?.marks[0].box, box);
  assertEquals(d.inputs().length, sent);
});
