/** One look: observe and a plan step see the same reachable text when windows overlap. */

import { executePlan } from "../src/plan/executor.ts";
import { look } from "../src/look/look.ts";
import { planSchema } from "../src/plan/steps.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import { observeScreen } from "../src/look/observe.ts";

/**
 * The focus window "Editor" lies under an always-on-top "Calc" window that
 * covers its right half; "Open" is drawn by Calc over the Editor.
 */
function overlapped(): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [
    window("calc", "Calc", "Calculator", { x: 200, y: 40, width: 180, height: 200 }),
    window("ed", "Editor", "notes.txt - Editor", { x: 20, y: 20, width: 300, height: 250 }),
  ];
  d.focusWindowId = "ed";
  d.texts = [text("File", 60, 40), text("Save", 100, 120), text("Open", 260, 120), text("7", 340, 200)];
  return d;
}

Deno.test("observe and a plan step agree on the text a window in front hides", async () => {
  const d = overlapped();
  const services = fakeServices(d);
  const observed = await observeScreen(services);
  const stepLook = await look(services);
  assertEquals(observed.surfaces.window.map((e) => e.text), ["File", "Save"]);
  assertEquals(stepLook.windowElements.map((e) => e.text), ["File", "Save"]);
  assertEquals(observed.surfaces.offSurface, 2);
  // Both recorded the same window in the graph.
  assertEquals(stepLook.nodeId, observed.sighting?.nodeId);
});

Deno.test("a plan step does not click text that observe counted as off the focus window", async () => {
  const d = overlapped();
  const services = fakeServices(d);
  const plan = planSchema.parse({
    steps: [{ action: "click", target: { text: "Open", scroll_to_find: false } }, {
      action: "click",
      target: { text: "Save" },
    }],
  });
  const r = await executePlan(services, plan);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /target "Open" not found in the window "notes.txt - Editor"/);
  assertEquals(d.inputs(), []);
});
