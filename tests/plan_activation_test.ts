/** A step naming a window whose activation the backend refuses fails, and sends nothing to any window. */
import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

Deno.test("a refused activation fails the step with the backend's reason; nothing is clicked", async () => {
  const d = new FakeDesktop();
  d.windowList = [
    window("a", "Safari", "Apple", { x: 10, y: 10, width: 380, height: 280 }),
    window("b", "Safari", "Docs", { x: 20, y: 20, width: 300, height: 200 }),
  ];
  d.focusWindowId = "a";
  d.texts = [text("Download", 100, 120)];
  d.onActivate = () => {
    throw new Error(
      'could not confirm that the Safari window "Docs" is in front (the front window is Safari "Apple")',
    );
  };
  const plan = planSchema.parse({
    steps: [{ action: "click", target: { text: "Download", window: "Docs" } }],
  });
  const r = await executePlan(fakeServices(d), plan, d.clock);
  assertEquals(r.status, "escalated");
  assertMatch(
    r.failure!.reason,
    /^"Docs" could not be brought to the front: could not confirm that the Safari window/,
  );
  assertEquals(d.inputs(), ["activate b"]);
});
