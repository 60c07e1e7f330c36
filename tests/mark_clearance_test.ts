/**
 * No mark over a window choto may not show over, checked at the guard so
 * every caller gets it: a mark whose centre lies outside a denied window but
 * whose frame, gesture sign, number, drag arrow or note label would reach
 * into it is refused whole, before the backend draws anything, saying which
 * mark and part, never the window's app or title; the refusal is logged.
 * choto's own question is kept clear the same way. A mark clear of every
 * such window is shown.
 */

import { buildPolicy } from "../src/common/policy.ts";
import { guardDesktop, type GuardEvent } from "../src/desktop/guard.ts";
import { blockedReason, firstBlocked } from "../src/desktop/mark_clearance.ts";
import { FRAME_REACH, markParts } from "../src/desktop/mark_drawing.ts";
import { QUESTION_CLASS } from "../src/desktop/own_windows.ts";
import type { PointMark, WindowInfo } from "../src/desktop/types.ts";
import type { Rect } from "../src/common/rect.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, SCREEN, window } from "./support/fake_desktop.ts";

const noEnv = () => undefined;
const WHOLE_SCREEN: Rect = { x: 0, y: 0, ...SCREEN };

function mark(box: Rect, more: Partial<PointMark> = {}): PointMark {
  return { box, gesture: "look", number: null, note: null, to: null, ...more };
}

/** The element marked: its centre (130, 60) is far from the vault whatever the vault's place below. */
const BOX: Rect = { x: 100, y: 50, width: 60, height: 20 };

function vaultAt(bounds: Rect): WindowInfo {
  return window("v", "KeePassXC", "Passwords.kdbx", bounds);
}

function guarded(windows: WindowInfo[]) {
  const fake = new FakeDesktop();
  fake.windowList = windows;
  const events: GuardEvent[] = [];
  const d = guardDesktop(fake, buildPolicy(null, "", noEnv), (e) => events.push(e));
  return { fake, d, events };
}

const OPTIONS = { durationMs: 1000, tone: "guide" as const };

Deno.test("a mark whose frame reaches into a denied window is refused whole, though its centre is outside", async () => {
  // The vault starts 3 pixels right of the element: the centre is clear, the frame's band is not.
  const { fake, d, events } = guarded([vaultAt({ x: 163, y: 0, width: 200, height: 200 })]);
  const shown = await d.point!([mark(BOX)], OPTIONS);
  assertEquals(shown.shown, false);
  assert(!shown.shown && shown.refused === true);
  assertEquals(
    !shown.shown && shown.why,
    "the mark's frame would cover a window the user's deny list withholds; " +
      "mark only what observe lists, clear of that window",
  );
  // Nothing reached the backend, and the refusal is in the audit log.
  assertEquals(fake.pointed.length, 0);
  assertEquals(events.map((e) => [e.kind, e.action, e.outcome]), [["refusal", "point", "deny list"]]);
});

Deno.test("only the note's label reaching a denied window refuses the set, naming the mark and its note", async () => {
  // Below the frame (which ends at y 82 with its padding) and the gesture sign, where the note goes.
  const vault = vaultAt({ x: 0, y: 92, width: 400, height: 50 });
  const { fake, d } = guarded([vault]);
  const plain = await d.point!(
    [mark({ x: 300, y: 10, width: 40, height: 12 }, { number: 1 }), mark(BOX)],
    OPTIONS,
  );
  assertEquals(plain.shown, true, JSON.stringify(plain));
  const noted = await d.point!([
    mark({ x: 300, y: 10, width: 40, height: 12 }, { number: 1 }),
    mark(BOX, { number: 2, note: "Then this one" }),
  ], OPTIONS);
  assert(!noted.shown);
  assertMatch(
    noted.why,
    /^mark 2's note would cover a window the user's deny list withholds; .*leave the note out$/,
  );
  assert(!/KeePassXC|Passwords/.test(noted.why), noted.why);
  // The set before stays as it was: the refused set drew nothing and replaced nothing.
  assertEquals(fake.pointed.map((p) => [p.marks.length, p.up]), [[2, true]]);
});

Deno.test("a drag arrow that crosses a denied window refuses the set; one that passes by is drawn", async () => {
  const vault = vaultAt({ x: 200, y: 120, width: 60, height: 60 });
  const { d } = guarded([vault]);
  const from = { x: 20, y: 20, width: 40, height: 20 };
  const across = await d.point!([
    mark(from, { number: 1, gesture: "drag_to", to: { x: 330, y: 250, width: 40, height: 20 } }),
    mark({ x: 330, y: 250, width: 40, height: 20 }, { number: 2 }),
  ], OPTIONS);
  assert(!across.shown);
  assertMatch(across.why, /^mark 1's drag arrow would cover .*leave the drag out$/);
  const beside = await d.point!([
    mark(from, { number: 1, gesture: "drag_to", to: { x: 20, y: 250, width: 40, height: 20 } }),
    mark({ x: 20, y: 250, width: 40, height: 20 }, { number: 2 }),
  ], OPTIONS);
  assertEquals(beside.shown, true, JSON.stringify(beside));
});

Deno.test("choto's own question is kept clear of marks, and a window in no deny list is not", async () => {
  const question = {
    ...window("q", "zenity", "choto: allow this step?", { x: 163, y: 0, width: 200, height: 200 }, "dialog"),
    aliases: [QUESTION_CLASS],
  };
  const own = await guarded([question]).d.point!([mark(BOX)], OPTIONS);
  assert(!own.shown);
  assertEquals(own.why, "the mark's frame would cover choto's own question; point again once it is answered");
  const editor = window("e", "Mousepad", "notes", { x: 163, y: 0, width: 200, height: 200 });
  assertEquals((await guarded([editor]).d.point!([mark(BOX)], OPTIONS)).shown, true);
});

Deno.test("every part is checked against every hidden window's bounds, on the screen only", () => {
  const parts = (m: PointMark, noted = false) =>
    markParts(m, noted ? { width: 80, height: 17 } : null, WHOLE_SCREEN);
  const state = (bounds: Rect[]) => ({
    ...new FakeDesktop().windows(),
    windows: bounds.map((b, i) => window(`w${i}`, i === 0 ? "Mousepad" : "KeePassXC", "t", b)),
  });
  const hidden = (w: WindowInfo) => w.app === "KeePassXC" ? "denied" as const : null;
  const frameEdge = BOX.x + BOX.width + FRAME_REACH;
  // Touching the padding's far edge is clear; one pixel into it is not.
  const clearAt = frameEdge + 2 + 6 + 24 + 6 + 1;
  assertEquals(
    firstBlocked([parts(mark(BOX))], state([BOX, { x: clearAt, y: 0, width: 50, height: 300 }]), hidden),
    null,
  );
  const b = firstBlocked(
    [parts(mark(BOX))],
    state([BOX, { x: frameEdge + 1, y: 0, width: 50, height: 300 }]),
    hidden,
  );
  assertEquals(b && [b.mark, b.part, b.kind], [0, "frame", "denied"]);
  // A denied window off the screen's edge, where the mark's padding would be cut off anyway: clear.
  const atEdge = mark({ x: 0, y: 0, width: 30, height: 12 });
  assertEquals(
    firstBlocked([parts(atEdge)], state([BOX, { x: -50, y: 0, width: 50, height: 50 }]), hidden),
    null,
  );
  // The note's label is a part: measured, it is checked where it goes.
  const noted = firstBlocked(
    [parts(mark(BOX, { note: "n" }), true)],
    state([BOX, { x: 0, y: 95, width: 400, height: 10 }]),
    hidden,
  );
  assertEquals(noted && noted.part, "note");
  assertEquals(
    blockedReason({ ...noted!, mark: 2 }, 4),
    "mark 3's note would cover a window the user's deny list withholds; mark only what observe lists, clear of that window, or leave the note out",
  );
});
