/** focus_app's logic against a fake desktop. */
import assert from "node:assert/strict";
import { focusApp } from "../src/desktop/focus_app.ts";
import { fakeDesktop, fakeWindow } from "./support/fake_desktop.ts";

Deno.test("focus_app reports why a backend could not bring the window forward", async () => {
  const { desktop, calls } = fakeDesktop({
    windows: [fakeWindow("1", "Editor", "notes"), fakeWindow("2", "Safari", "Docs")],
    focus: "1",
    activate: () => {
      throw new Error('could not confirm that the Safari window "Docs" is in front');
    },
  });
  const r = await focusApp(desktop, "Safari", 400);
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.reason === "not_confirmed");
  assert.match(
    !r.ok ? r.message : "",
    /did not come to the front within 400 ms \(could not confirm that the Safari/,
  );
  assert.equal(calls[0], "activate 2");
});

Deno.test("focus_app activates the app's window and confirms it", async () => {
  const { desktop } = fakeDesktop({
    windows: [fakeWindow("1", "Editor", "notes"), fakeWindow("2", "Safari", "Docs")],
    focus: "1",
  });
  const r = await focusApp(desktop, "safari", 2000);
  assert.ok(r.ok && r.how === "activated" && r.window.id === "2");
});
