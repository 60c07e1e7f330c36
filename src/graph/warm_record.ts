/**
 * A made-up sighting recorded into a database in memory, which is then
 * closed: a server's first look records its window through code that has
 * not run yet, and node:zlib's first deflate (the icons' crops) is slow.
 * Measured in a new process on a prose look's size of sighting (176 texts,
 * 12 new icons): the window and icons written in 12-17 ms cold, 4 ms after
 * this (docs/benchmarks.md). The server runs it while idle, before its
 * first call when it can.
 *
 * @module
 */

import type { WindowInfo } from "../desktop/types.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Element } from "../ocr/types.ts";
import type { SeenIcon } from "../perceive/icons.ts";
import { drawingHash } from "../perceive/phash.ts";
import { Store } from "../db/store.ts";
import { recordSighting, type SightingResult } from "./record.ts";

const WINDOW: WindowInfo = {
  id: "warm",
  app: "Warm",
  pid: 0,
  title: "notes.txt - Warm",
  bounds: { x: 0, y: 0, width: 640, height: 420 },
  kind: "normal",
  transient: false,
};

/** A 20 px icon: a ring and a bar, drawn apart for each `k`, on a light ground. */
function iconCrop(k: number): RgbaImage {
  const side = 20, data = new Uint8Array(side * side * 4).fill(240);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.hypot(x - 10, y - 10);
      const ink = Math.abs(r - 3 - (k % 4)) < 1 || (y === 4 + k && x > 3 && x < 17);
      if (ink) data.fill(40, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

/** Records a made-up window twice, with texts and icons, into a store in memory, and drops it; what each recorded. */
export function warmRecord(): SightingResult[] {
  const texts: Element[] = Array.from({ length: 40 }, (_, i) => {
    const x = 10 + (i % 8) * 70, y = 60 + Math.floor(i / 8) * 20;
    return { text: `word${i}`, x, y, w: 50, h: 13, cx: x + 25, cy: y + 6, conf: 0.9 };
  });
  const icons: SeenIcon[] = Array.from({ length: 6 }, (_, k) => {
    const crop = iconCrop(k), x = 10 + k * 30, y = 30;
    return { x, y, w: 20, h: 20, cx: x + 10, cy: y + 10, hash: drawingHash(crop), near: ["word0"], crop };
  });
  const store = new Store(":memory:", { warn: () => {} });
  try {
    return [
      recordSighting(store, WINDOW.app, WINDOW, texts, 1, null, icons),
      recordSighting(store, WINDOW.app, WINDOW, texts.slice(5), 2, null, icons.slice(2)),
    ];
  } finally {
    store.close();
  }
}
