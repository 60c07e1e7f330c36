/**
 * What a step costs beyond the app's own reaction, on a real X desktop
 * (Xvfb + openbox + galculator, started here and stopped at unload):
 *
 * - a look: capture + OCR of the working window and chrome (cache warm);
 * - observe: capture + OCR of the whole frame + recording in the graph;
 * - a hotkey step with no visible effect: resolve nothing, act, settle, look;
 * - a click step (resolve + click + settle + look);
 * - a click with `expect: {screen_changes: true}`: the round trip until the
 *   change is seen.
 *
 * Run with `deno task bench` (needs Xvfb, openbox and galculator).
 */

import { openDesktop } from "../src/desktop/open.ts";
import { Store } from "../src/db/store.ts";
import { createEngine } from "../src/ocr/engines/platform.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { executePlan } from "../src/plan/executor.ts";
import { look } from "../src/look/look.ts";
import { planSchema } from "../src/plan/steps.ts";
import { createServices } from "../src/services.ts";
import { haveXvfb, startDesktop } from "../tests/support/xdesktop.ts";
import { observeScreen } from "../src/look/observe.ts";

if (haveXvfb()) {
  const desktop = await startDesktop();
  Deno.env.set("DISPLAY", desktop.display);
  desktop.spawn("galculator");
  const dir = await Deno.makeTempDir({ prefix: "choto-bench-" });
  const services = createServices({
    store: new Store(`${dir}/choto.db`),
    openDesktop,
    openReader: () => createScreenReader(createEngine()),
  });
  const plan = (steps: unknown[]) => planSchema.parse({ steps });
  // Wait for the calculator, then warm the recognisers and the line cache.
  for (let i = 0; i < 100; i++) {
    if (services.desktop().windows().frontmostApp === "Galculator") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await executePlan(services, plan([{ action: "click", target: { text: "AC" } }]));
  globalThis.addEventListener("unload", () => {
    void services.close().then(() => desktop.stop()).then(() => Deno.remove(dir, { recursive: true }));
  });

  Deno.bench(
    "look: capture + OCR of window and chrome (warm cache)",
    { group: "perception", baseline: true },
    async () => {
      await look(services);
    },
  );

  Deno.bench("observe: full frame OCR + graph record (warm cache)", { group: "perception" }, async () => {
    await observeScreen(services);
  });

  Deno.bench("hotkey step with no visible effect (act + settle + look)", { group: "step" }, async () => {
    await executePlan(services, plan([{ action: "hotkey", keys: ["shift"] }]));
  });

  Deno.bench("click step: resolve + click + settle + look", { group: "step", baseline: true }, async () => {
    await executePlan(services, plan([{ action: "click", target: { text: "AC" } }]));
  });

  Deno.bench("click with expect screen_changes: round trip", { group: "step" }, async (b) => {
    await executePlan(services, plan([{ action: "click", target: { text: "AC" } }]));
    b.start();
    await executePlan(
      services,
      plan([{ action: "click", target: { text: "7" }, expect: { screen_changes: true } }]),
    );
    b.end();
  });
} else {
  console.warn("bench/plan.bench.ts skipped: Xvfb and openbox are not installed");
}
