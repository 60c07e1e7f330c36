/**
 * Keeping choto's question from hiding what it asks about: once the dialog
 * shows, it is moved above or below the marked element when it covers it.
 *
 * @module
 */

import { isOwnWindow } from "../own_windows.ts";
import type { XConnection } from "./connection.ts";
import { readWindowState } from "./windows.ts";
import { sleep } from "../../common/time.ts";
import type { Rect } from "../../common/rect.ts";

/** Space kept between the question and the element. */
const MARGIN = 40;

/**
 * Where a window `win` should go so it leaves `avoid` uncovered on a
 * `screen`-sized display: below the element when there is room, else above;
 * null when it does not cover it, or fits neither way.
 */
export function placeOff(win: Rect, avoid: Rect, screen: { width: number; height: number }): Rect | null {
  const covers = win.x < avoid.x + avoid.width && win.x + win.width > avoid.x &&
    win.y < avoid.y + avoid.height && win.y + win.height > avoid.y;
  if (!covers) return null;
  const below = avoid.y + avoid.height + MARGIN;
  if (below + win.height <= screen.height) return { ...win, y: below };
  const above = avoid.y - MARGIN - win.height;
  return above >= 0 ? { ...win, y: above } : null;
}

/** Waits (5 s at most) for the question of process `pid` to show, then moves it off `avoid`. */
export async function moveQuestionOff(c: XConnection, pid: number, avoid: Rect): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const s = readWindowState(c);
    const w = s.windows.find((x) => x.pid === pid && isOwnWindow(x));
    if (w) {
      const to = placeOff(w.bounds, avoid, { width: s.screen.widthPx, height: s.screen.heightPx });
      if (to) {
        c.x.XMoveWindow(c.display, BigInt(w.id), to.x, to.y);
        c.sync();
      }
      return;
    }
    await sleep(100);
  }
}
