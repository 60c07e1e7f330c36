/**
 * Icon detection and drawing identity on real toolbar frames (geany and
 * mousepad under Xvfb, Adwaita light and dark) whose icon boxes were
 * labelled by hand: detection after real OCR finds the icon buttons without
 * inventing glyphs, and the perceptual hash says "same drawing" exactly when
 * the labels do.
 */

import { findsIcon, type IconFixture, loadIconFixtures, scoreIcons } from "../bench/icon_score.ts";
import type { Rect } from "../src/common/rect.ts";

import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { findIconBoxes } from "../src/perceive/icon_boxes.ts";
import { cropImage, drawingHash, hashDistance, sameDrawing } from "../src/perceive/phash.ts";
import { assert, assertEquals } from "./support/assert.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

const fixtures = await loadIconFixtures();

Deno.test("detection after real OCR finds at least 90% of the icon buttons with at most 10% false glyphs", async () => {
  const reader = createScreenReader(new TesseractEngine(1));
  try {
    let required = 0, found = 0, detected = 0, falseGlyphs = 0;
    for (const f of fixtures) {
      const win = f.windows[0];
      const words = (await reader.read(f.frame, win)).elements;
      const s = scoreIcons(f.icons, findIconBoxes(f.frame, win, words));
      assert(s.found / s.required >= 0.9, `${f.name}: found ${s.found} of ${s.required}, missed ${s.missed}`);
      assert(
        s.falseGlyphs.length <= s.detected * 0.1,
        `${f.name}: ${s.falseGlyphs.length} false of ${s.detected}: ${JSON.stringify(s.falseGlyphs)}`,
      );
      required += s.required;
      found += s.found;
      detected += s.detected;
      falseGlyphs += s.falseGlyphs.length;
    }
    assert(found / required >= 0.9 && falseGlyphs <= detected * 0.1);
  } finally {
    await reader.close();
  }
});

Deno.test("with no OCR words at all, every labelled icon is still found", () => {
  for (const f of fixtures) {
    const s = scoreIcons(f.icons, findIconBoxes(f.frame, f.windows[0], []));
    assertEquals(s.missed, [], f.name);
  }
});

interface Seen {
  name: string;
  drawing: string;
  hash: string;
  w: number;
  h: number;
}

function hashed(frame: RgbaImage, win: Rect, f: IconFixture, dx = 0, dy = 0): Seen[] {
  const icons = f.icons.map((t) => ({ ...t, x: t.x + dx, y: t.y + dy }));
  const out: Seen[] = [];
  for (const b of findIconBoxes(frame, win, [])) {
    const t = findsIcon(b, icons);
    if (t) {
      out.push({ name: t.name, drawing: t.drawing, hash: drawingHash(cropImage(frame, b)), w: b.w, h: b.h });
    }
  }
  return out;
}

const byName = (name: string) => fixtures.find((f) => f.name === name)!;
/** The window-manager frame is drawn differently when its window is inactive. */
const FRAME = new Set(["app icon", "Minimize", "Maximize", "Close window"]);

Deno.test("the same drawing in another window, at another place, in another run hashes as the same drawing", () => {
  const light = byName("geany_light");
  const two = byName("geany_two_windows_light");
  const first = hashed(light.frame, light.windows[0], light);
  // The front window of the two-window frame, and the toolbar of the one behind it.
  const front = hashed(two.frame, two.windows[0], two);
  const behind = hashed(two.frame, { x: 269, y: 137, width: 901, height: 130 }, light)
    .filter((s) => !FRAME.has(s.name));
  let pairs = 0;
  for (const other of [front, behind]) {
    for (const s of other) {
      const t = first.find((a) => a.name === s.name)!;
      assert(sameDrawing(t, s), `${s.name}: ${t.hash} vs ${s.hash} (${hashDistance(t.hash, s.hash)} bits)`);
      pairs++;
    }
  }
  assert(pairs >= 30, `only ${pairs} pairs compared`);
});

Deno.test("distinct toolbar drawings never hash as the same drawing; repeated drawings do", () => {
  let distinct = 0;
  for (const f of fixtures) {
    const seen = hashed(f.frame, f.windows[0], f);
    for (let i = 0; i < seen.length; i++) {
      for (let j = i + 1; j < seen.length; j++) {
        const [a, b] = [seen[i], seen[j]];
        if (a.drawing === b.drawing) {
          assert(sameDrawing(a, b), `${f.name}: ${a.name} and ${b.name} are one drawing`);
        } else {
          distinct++;
          assert(!sameDrawing(a, b), `${f.name}: ${a.name} and ${b.name} collide`);
        }
      }
    }
  }
  assert(distinct > 500, `only ${distinct} distinct pairs`);
});

Deno.test("a drawing repainted on another background (a hover highlight) keeps its hash", () => {
  const light = byName("geany_light");
  const save = light.icons.find((t) => t.name === "Save")!;
  const box = { x: save.x - 3, y: save.y - 3, w: save.w + 6, h: save.h + 6 };
  const crop = cropImage(light.frame, box);
  // Composite the drawing again over a darker, bluish background: each pixel keeps its
  // share of the drawing (its distance from the old background) and takes the rest
  // from the new one, as a hover highlight repaints the button under the icon.
  const old = [crop.data[0], crop.data[1], crop.data[2]];
  const fresh = [old[0] - 30, old[1] - 22, old[2]];
  const data = new Uint8Array(crop.data);
  for (let i = 0; i < data.length; i += 4) {
    const ink = Math.min(1, Math.max(...[0, 1, 2].map((c) => Math.abs(crop.data[i + c] - old[c]))) / 60);
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(crop.data[i + c] + (1 - ink) * (fresh[c] - old[c]));
  }
  const tinted = { ...crop, data };
  const a = { hash: drawingHash(crop), w: crop.width, h: crop.height };
  const b = { hash: drawingHash(tinted), w: crop.width, h: crop.height };
  assert(sameDrawing(a, b), `${a.hash} vs ${b.hash}`);
});
