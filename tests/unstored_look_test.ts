/**
 * A look stands when the graph cannot store it: with the database file
 * deleted under the server, observe still answers with what it read and
 * says what was not recorded, and a plan does its steps and says what the
 * graph did not keep. The next look is recorded in the new file.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";

import { observeText } from "../src/render/observe_text.ts";
import { journeyText } from "../src/render/journey_text.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";
import { observeScreen } from "../src/look/observe.ts";

function editorServices(path: string) {
  const d = new FakeDesktop();
  d.windowList = [window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 })];
  d.focusWindowId = "ed";
  d.texts = [text("File", 40, 30), text("Save", 100, 120)];
  const services = createServices({
    store: new Store(path, { warn: () => {} }),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
  });
  return { d, services };
}

Deno.test("observe and a plan go on when their sightings cannot be stored, and say so", async () => {
  const dir = Deno.makeTempDirSync();
  const path = `${dir}/choto.db`;
  const { d, services } = editorServices(path);
  try {
    assert((await observeScreen(services)).sighting !== null);
    Deno.removeSync(path);

    const o = await observeScreen(services);
    assertEquals(o.sighting, null);
    assertEquals(o.surfaces.window.map((e) => e.text), ["File", "Save"]);
    const said = observeText(o, "x11", null);
    assertMatch(
      said,
      /known_window: unknown \(not recorded: the sighting of the window "notes\.txt - Editor"/,
    );
    assertMatch(said, /was deleted while choto ran/);

    // The next sighting is stored in the new file; the plan's click is done and remembered there.
    const r = await executePlan(
      services,
      planSchema.parse({ steps: [{ action: "click", target: { text: "Save" } }] }),
      d.clock,
    );
    assertEquals(r.status, "success");
    assertEquals(d.inputs(), ["click left 100,120"]);
    assertEquals(r.unstored, []);
    const clicks = services.store.db.prepare("SELECT text FROM clicks").all() as Array<{ text: string }>;
    assertEquals(clicks.map((c) => c.text), ["Save"]);

    // Deleted again in the middle of a run: the click is done all the same, and the journey says what was not kept.
    Deno.removeSync(path);
    const again = await executePlan(
      services,
      planSchema.parse({ steps: [{ action: "click", target: { text: "File" } }] }),
      d.clock,
    );
    assertEquals(again.status, "success");
    assertEquals(d.inputs(), ["click left 100,120", "click left 40,30"]);
    assertEquals(again.unstored.length, 1);
    assertMatch(
      journeyText(again, null),
      /^not stored in the interface graph: the sighting of the window .* was deleted while choto ran/m,
    );
  } finally {
    await services.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
