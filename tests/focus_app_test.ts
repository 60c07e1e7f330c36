/** focus_app when the backend checks its own activation (macOS) and refuses. */
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
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
  assert(!r.ok && r.reason === "not_confirmed");
  assertMatch(r.message, /did not come to the front within 3000 ms \(could not confirm that the Safari/);
  assert(d.log.filter((l) => l === "activate 2").length >= 2, "asked again after a second");
});

Deno.test("a cancelled focus_app stops waiting for a launched app's window and says it was started", async () => {
  const d = new FakeDesktop();
  d.launchable = [{ name: "Mousepad", aliases: ["mousepad"], launch: ["mousepad"] }];
  const stop = new AbortController();
  // The window never comes; the request is cancelled two seconds in.
  d.at(2000, () => stop.abort());
  const r = await focusApp(d, "Mousepad", 10_000, d.clock, stop.signal);
  assert(!r.ok && r.reason === "cancelled");
  assertMatch(r.message, /cancelled, after starting Mousepad, whose window may still appear/);
  assert(d.clock.now() < 2500, `waited until ${d.clock.now()} ms`);
  assertEquals(d.log.filter((l) => l.startsWith("launch")), ["launch Mousepad"]);
});

Deno.test("a focus_app cancelled before it acts does nothing", async () => {
  const d = new FakeDesktop();
  d.launchable = [{ name: "Mousepad", aliases: ["mousepad"], launch: ["mousepad"] }];
  d.running = [{ name: "Geany", pid: 9, aliases: [], windowIds: [] }];
  const stop = new AbortController();
  stop.abort();
  for (const name of ["Mousepad", "Geany"]) {
    const r = await focusApp(d, name, 10_000, d.clock, stop.signal);
    assert(!r.ok && r.reason === "cancelled", name);
    assertMatch(r.message, /cancelled; nothing was done/);
  }
  assertEquals(d.log, []);
});

Deno.test("a running app whose windows never show in the list is not blamed on a slow launch", async () => {
  const d = new FakeDesktop();
  d.windowList = [window("1", "Editor", "notes", { x: 0, y: 0, width: 200, height: 100 })];
  d.focusWindowId = "1";
  // The app has a window (the backend saw it), but the window list handed to choto lacks it.
  d.running = [{ name: "Notes", pid: 7, aliases: [], windowIds: ["3"] }];
  const r = await focusApp(d, "Notes", 3000, d.clock);
  assert(!r.ok && r.reason === "not_confirmed", JSON.stringify(r));
  assertMatch(
    r.message,
    /Notes is running, but none of its windows showed in the window list \(every display\)/,
  );
  assert(!/still be starting|failed to start/.test(r.message), r.message);
});

Deno.test("a running app with no window is asked for one, and the reply says it was reopened; nothing is clicked or typed", async () => {
  const d = new FakeDesktop();
  d.running = [{ name: "Geany", pid: 9, aliases: ["geany"], windowIds: [] }];
  d.reopen = (app) => {
    d.log.push(`reopen ${app.name}`);
    d.windowList = [window("g", "Geany", "untitled - Geany", { x: 0, y: 0, width: 300, height: 200 })];
    d.running = [{ name: "Geany", pid: 9, aliases: ["geany"], windowIds: ["g"] }];
    d.focusWindowId = "g";
    return Promise.resolve();
  };
  const r = await focusApp(d, "gea", 10_000, d.clock);
  assert(r.ok, JSON.stringify(r));
  assertEquals(r.how, "reopened");
  assertEquals(d.log.filter((l) => !l.startsWith("activate")), ["reopen Geany"]);
});
