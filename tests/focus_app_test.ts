/** focus_app when the backend checks its own activation (macOS) and refuses. */
import assert from "node:assert/strict";
import { focusApp } from "../src/desktop/focus_app.ts";
import { FakeDesktop, window } from "./support/fake_desktop.ts";

Deno.test("focus_app keeps trying a refused activation and says why when time runs out", async () => {
  const d = new FakeDesktop();
  d.windowList = [
    window("1", "Editor", "notes", { x: 0, y: 0, width: 200, height: 100 }),
    window("2", "Safari", "Docs", { x: 50, y: 50, width: 200, height: 100 }),
  ];
  d.focusWindowId = "1";
  d.running = [{ name: "Safari", pid: 7, aliases: [], windowIds: ["2"] }];
  d.onActivate = () => {
    throw new Error('could not confirm that the Safari window "Docs" is in front');
  };
  const r = await focusApp(d, "Safari", 3000, d.clock);
  assert.ok(!r.ok && r.reason === "not_confirmed");
  assert.match(r.message, /did not come to the front within 3000 ms \(could not confirm that the Safari/);
  assert.ok(d.log.filter((l) => l === "activate 2").length >= 2, "asked again after a second");
});
