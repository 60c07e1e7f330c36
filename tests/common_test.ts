/** The shared leaf helpers: rectangles, app-name comparison, the real clock. */

import { sameAppName } from "../src/common/app_match.ts";
import { boundsOfBoxes, containsPoint, overlapArea, unionRect } from "../src/common/rect.ts";
import { realClock } from "../src/common/time.ts";
import { assert, assertEquals } from "./support/assert.ts";

Deno.test("rectangles: a point on the left/top edge is inside, on the right/bottom edge is not", () => {
  const r = { x: 10, y: 20, width: 30, height: 40 };
  assertEquals([containsPoint(r, 10, 20), containsPoint(r, 39, 59), containsPoint(r, 40, 30)], [
    true,
    true,
    false,
  ]);
  assertEquals(overlapArea(r, { x: 30, y: 50, width: 100, height: 100 }), 10 * 10);
  assertEquals(overlapArea(r, { x: 40, y: 20, width: 5, height: 5 }), 0);
  assertEquals(unionRect([r, { x: 0, y: 70, width: 5, height: 5 }]), { x: 0, y: 20, width: 40, height: 55 });
  assertEquals(boundsOfBoxes([{ x: 1, y: 2, w: 3, h: 4 }, { x: 5, y: 0, w: 1, h: 1 }]), {
    x: 1,
    y: 0,
    width: 5,
    height: 6,
  });
});

Deno.test("app names compare without case or spacing", () => {
  assert(sameAppName("Visual Studio Code", "visualstudiocode"));
  assert(sameAppName("GNOME  Calculator", "gnome calculator"));
  assert(!sameAppName("Mousepad", "Mousepad Settings"));
});

Deno.test("the real clock sleeps and moves forward", async () => {
  const t0 = realClock.now();
  await realClock.sleep(5);
  assert(realClock.now() - t0 >= 4);
});
