/**
 * Services for the warming tests: a fake desktop showing zenity's list
 * (a real frame), tesseract with its recogniser calls counted, and each
 * read through the services' reader reported with the count before and
 * after it, each priming read as it begins.
 */

import { loadFixtures } from "../../bench/ocr_score.ts";
import { TesseractEngine } from "../../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../../src/ocr/reader.ts";
import { createServices, type Services } from "../../src/services.ts";
import { Store } from "../../src/db/store.ts";
import type { Rect } from "../../src/common/rect.ts";
import type { RgbaImage } from "../../src/image/pixels.ts";
import { FakeDesktop } from "./fake_desktop.ts";

/** One read through the services' reader: its region and the recogniser calls made before and by its end. */
export interface CountedRead {
  region: Rect;
  before: number;
  after: number;
}

/** What the reader reports: each read once it has ended, each priming read as it begins. */
export interface ReadWatch {
  onRead?: (read: CountedRead) => void;
  onPrime?: () => void;
}

/** The services, the frame their desktop shows, and the recogniser calls made so far. */
export async function countedWarmServices(
  watch: ReadWatch = {},
): Promise<{ services: Services; frame: RgbaImage; recognised: () => number }> {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const engine = new TesseractEngine(2);
  let recognised = 0;
  const recognizeGrey = engine.recognizeGrey.bind(engine);
  engine.recognizeGrey = (...args) => (recognised++, recognizeGrey(...args));
  const desktop = new FakeDesktop();
  desktop.frame = f.frame;
  const services = createServices({
    store: new Store(":memory:"),
    openDesktop: () => desktop,
    openReader: () => {
      const reader = createScreenReader(engine);
      const read = reader.read.bind(reader);
      const prime = reader.prime!.bind(reader);
      reader.read = async (frame, region, options) => {
        const before = recognised;
        const got = await read(frame, region, options);
        watch.onRead?.({ region, before, after: recognised });
        return got;
      };
      reader.prime = (frame) => (watch.onPrime?.(), prime(frame));
      return reader;
    },
  });
  return { services, frame: f.frame, recognised: () => recognised };
}
