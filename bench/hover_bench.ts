/**
 * What hover_icons costs per icon beyond the app's tooltip delay, on geany's
 * toolbar under Xvfb (target 300 ms). Each run starts from an empty graph
 * so every icon is visited; the figures are medians over all visits of all
 * runs:
 *
 * - wait: from the pointer arriving until the tooltip window was seen (the
 *   toolkit's delay, to within one 60 ms poll);
 * - beyond: the rest of the visit (checks, the move, letting the tooltip
 *   paint, capture, OCR of the tooltip's pixels, writing the name).
 *
 *   deno task bench:hover
 */

import { openDesktop } from "../src/desktop/open.ts";
import { Store } from "../src/db/store.ts";
import { createEngine } from "../src/ocr/engines/platform.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { hoverIcons } from "../src/look/hover.ts";
import { createServices } from "../src/services.ts";
import { haveXvfb, startDesktop } from "../tests/support/xdesktop.ts";

const RUNS = 3;

/** The benchmark; nothing runs on import (`deno bench bench/` loads this file too). */
async function main(): Promise<void> {
  if (!haveXvfb()) {
    console.warn("bench/hover_bench.ts skipped: Xvfb and openbox are not installed");
    return;
  }
  const desktop = await startDesktop();
  Deno.env.set("DISPLAY", desktop.display);
  desktop.spawn("geany", ["-i"], { GTK_THEME: "Adwaita" });
  await desktop.waitForWindow("Geany");
  await new Promise((r) => setTimeout(r, 2000));
  const x = openDesktop();
  const reader = createScreenReader(createEngine());
  const median = (v: number[]) => Math.round(v.sort((a, b) => a - b)[Math.floor(v.length / 2)]);
  const waits: number[] = [];
  const beyond: number[] = [];
  const silent: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const services = createServices({
        store: new Store(":memory:"),
        openDesktop: () => x,
        openReader: () => reader,
      });
      const r = await hoverIcons(services, 40);
      for (const t of r.timings) {
        if (t.waitMs === null) silent.push(t.totalMs);
        else {
          waits.push(t.waitMs);
          beyond.push(t.totalMs - t.waitMs);
        }
      }
      console.log(
        `run ${run + 1}: hovered ${r.hovered}, named ${r.named.length}, showed nothing ${r.showedNothing}`,
      );
    }
    console.log(`visits with a tooltip: ${waits.length}`);
    console.log(
      `tooltip wait, median: ${median(waits)} ms (first visit of a run: ${Math.round(waits[0])} ms)`,
    );
    console.log(
      `cost beyond the wait, median: ${median(beyond)} ms, slowest ${Math.round(Math.max(...beyond))} ms`,
    );
    if (silent.length) console.log(`icon with no tooltip, whole visit: ${median(silent)} ms`);
  } finally {
    await reader.close();
    x.close();
    await desktop.stop();
  }
}

if (import.meta.main) await main();
