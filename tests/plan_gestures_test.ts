/**
 * The plan engine without a display, gestures and reads: drag (with
 * until_readout and destructive ends), read (bounded, cut, scrolled) and
 * focus_app, against a fake desktop and clock.
 */

import { executePlan } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { stepLine } from "../src/render/step_lines.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { fakeServices, text, window } from "./support/fake_desktop.ts";
import { editor, lines, longList, run, scrolled } from "./support/plan_run.ts";

// ---------------------------------------------------------------------------
// drag
// ---------------------------------------------------------------------------

Deno.test("drag: presses, glides through every waypoint and lets go, modifiers released", async () => {
  const d = editor(text("A", 50, 50), text("B", 250, 200));
  // An app that shows nothing of the drag: the step says so and is not done.
  d.showsPress = false;
  const r = await run(d, [{
    action: "drag",
    path: [{ target: { text: "A" } }, { x: 150, y: 100 }, {
      target: { text: "B" },
      offset: { dx: 5, dy: -5 },
    }],
    modifiers: ["alt"],
  }]);
  assertEquals(r.status, "unconfirmed");
  assertEquals(lines(r), [
    'unconfirmed: drag "A" (exact) @ (50,50) -> (150,100) -> "B" +5,-5 (exact) @ (255,195); no visible effect ' +
    "within 1000 ms: not confirmed that the app handled it (an expect would check)",
  ]);
  assertEquals(r.reports[0].waypoints, [
    { text: "A", stage: "exact", score: 1, candidates: 1, scope: "window", x: 50, y: 50 },
    { x: 150, y: 100 },
    { text: "B", stage: "exact", score: 1, candidates: 1, scope: "window", x: 255, y: 195 },
  ]);
  assertEquals(d.inputs(), ["alt down", "left down", "left up", "alt up"]);
  assertEquals(d.pointerAt, { x: 255, y: 195 });
  assertEquals(d.log.filter((l) => l.startsWith("move ")).length, 1 + 2 * 8);
});

Deno.test("drag: a waypoint still being drawn is waited for; expect is checked after the gesture", async () => {
  const d = editor(text("A", 50, 50));
  d.at(300, (x) => x.texts.push(text("B", 250, 200)));
  const r = await run(d, [{
    action: "drag",
    path: [{ target: { text: "A" } }, { target: { text: "B" } }],
    expect: { appears: "B" },
  }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertMatch(
    stepLine(r.reports[0]),
    /^drag "A" \(exact\) @ \(50,50\) -> "B" \(exact\) @ \(250,200\); expect ok: "B" appeared/,
  );
  assertEquals(d.inputs(), ["left down", "left up"]);
  const broken = await run(editor(text("A", 50, 50), text("B", 250, 200)), [{
    action: "drag",
    path: [{ target: { text: "A" } }, { target: { text: "B" } }],
    expect: { appears: "Moved" },
    timeout_ms: 400,
  }]);
  assertEquals(broken.status, "escalated");
  assertMatch(broken.failure!.reason, /^expectation not met within 400 ms: "Moved" is not on screen/);
});

Deno.test("drag: a waypoint that is not there fails before the button goes down", async () => {
  const d = editor(text("A", 50, 50));
  const r = await run(d, [{ action: "drag", path: [{ target: { text: "A" } }, { target: { text: "Z" } }] }]);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /^waypoint 2: "Z" not found on the window surface; the drag did not start$/);
  assertEquals(d.inputs(), []);
});

Deno.test("drag: the button is let go even when the desktop fails mid-drag", async () => {
  const d = editor(text("A", 50, 50), text("B", 250, 200));
  let moves = 0;
  const move = d.move.bind(d);
  d.move = async (to) => {
    if (++moves === 4) throw new Error("pointer grab lost");
    await move(to);
  };
  const r = await run(d, [{ action: "drag", path: [{ target: { text: "A" } }, { target: { text: "B" } }] }]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), ["left down", "left up"]);
});

Deno.test("drag until_readout: refuses a value it cannot compare, before any input", async () => {
  const d = editor(text("Volume", 50, 50), text("40%", 200, 50));
  const r = await run(d, [{
    action: "drag",
    path: [{ target: { text: "Volume" } }, { x: 300, y: 50 }],
    until_readout: { watch: { text: "40%" }, value: "loud" },
  }]);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /until_readout.value "loud" is not a reading choto can compare/);
  assertEquals(d.inputs(), []);
});

Deno.test("drag until_readout: pushes until the readout shows the value", async () => {
  // A slider from x=100 (0%) to x=300 (100%) whose readout follows the pointer while pressed.
  const d = editor(text("knob", 100, 150), text("0%", 200, 50));
  let pressed = false;
  const button = d.button.bind(d);
  d.button = async (b, down) => {
    pressed = down;
    await button(b, down);
  };
  const move = d.move.bind(d);
  d.move = async (to) => {
    await move(to);
    if (!pressed) return;
    const pct = Math.round(Math.max(0, Math.min(100, (to.x - 100) / 2)));
    d.texts = [text("knob", Math.max(100, Math.min(300, to.x)), 150), text(`${pct}%`, 200, 50)];
  };
  const r = await run(d, [{
    action: "drag",
    path: [{ target: { text: "knob" } }, { x: 250, y: 150 }],
    until_readout: { watch: { text: "0%" }, value: "60%", tolerance: 1 },
  }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assert(d.texts.some((t) => /^(59|60|61)%$/.test(t.text)), `readout is ${d.texts.map((t) => t.text)}`);
  assertEquals(
    d.inputs().filter((l) => l === "left down").length,
    d.inputs().filter((l) => l === "left up").length,
  );
});

// ---------------------------------------------------------------------------
// read
// ---------------------------------------------------------------------------

Deno.test("read: one screenful comes back laid out as lines", async () => {
  const d = editor(text("Name", 60, 50), text("Size", 250, 50), text("a.txt", 60, 70), text("4 KB", 250, 70));
  const r = await run(d, [{ action: "read" }]);
  assertEquals(r.status, "success");
  assertEquals(r.extracts.length, 1);
  const lines = r.extracts[0].text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  assertEquals(lines, ["Name Size", "a.txt 4 KB"]);
  assertEquals(r.extracts[0].source, 'window "notes.txt - Editor"');
  assertEquals(d.inputs(), []);
});

Deno.test("read: from_text/to_text bound the lines; a missing bound fails or skips", async () => {
  const d = editor(text("one", 60, 50), text("two", 60, 70), text("three", 60, 90), text("four", 60, 110));
  const r = await run(d, [{ action: "read", from_text: "two", to_text: "three" }]);
  assertEquals(r.extracts[0].text.split("\n").map((l) => l.trim()), ["two", "three"]);
  const miss = await run(d, [{ action: "read", from_text: "five" }]);
  assertEquals(miss.status, "escalated");
  assertMatch(miss.failure!.reason, /"five" is not in the text of the window "notes.txt - Editor"/);
  const skip = await run(d, [{
    action: "read",
    target: { text: "" },
    from_text: "five",
    skip_if_absent: true,
  }]);
  assertEquals(skip.status, "success");
  assertMatch(stepLine(skip.reports[0]), /^skipped: .*"five" absent$/);
});

Deno.test("read: max_chars cuts at a line and names the from_text that continues it", async () => {
  const d = longList();
  const r = await run(d, [{ action: "read", scroll: true, max_chars: 200 }], { max_actions: 60 });
  assertEquals(r.status, "success", r.failure?.reason);
  const rows = r.extracts[0].text.split("\n").map((l) => l.trim()).filter(Boolean);
  assert(r.extracts[0].text.length <= 200);
  const next = `Row ${rows.length + 1}`;
  assertMatch(r.extracts[0].note, new RegExp(`max_chars 200.*from_text "${next}"`));
  const more = await run(d, [{ action: "read", scroll: true, from_text: next, max_chars: 200 }], {
    max_actions: 60,
  });
  assertEquals(more.extracts[0].text.split("\n")[0].trim(), next);
});

Deno.test("read with scroll: joins the screenfuls without repeats and scrolls back", async () => {
  const d = longList();
  const r = await run(d, [{ action: "read", scroll: true }], { max_actions: 60 });
  assertEquals(r.status, "success", r.failure?.reason);
  const rows = r.extracts[0].text.split("\n").map((l) => l.trim()).filter(Boolean);
  assertEquals(rows, Array.from({ length: 40 }, (_, i) => `Row ${i + 1}`));
  assertMatch(r.extracts[0].note, /scrolled back/);
  assertEquals(scrolled(d), 0);
});

Deno.test("read with scroll: a run stopped mid-read (the corner) leaves the document where it stopped", async () => {
  const d = longList();
  const onScroll = d.onScroll;
  d.onScroll = (at, notches, desk) => {
    onScroll?.(at, notches, desk);
    desk.pointerAt = { x: 0, y: 0 };
  };
  const r = await run(d, [{ action: "read", scroll: true }], { max_actions: 60 });
  assertEquals(r.status, "aborted", r.failure?.reason);
  assert(scrolled(d) > 0, "no scrolling back once the run is stopped");
});

// ---------------------------------------------------------------------------
// focus_app
// ---------------------------------------------------------------------------

Deno.test("focus_app: a running app's window is activated and confirmed", async () => {
  const d = editor();
  d.windowList.push(window("calc", "Galculator", "Calculator", { x: 200, y: 100, width: 150, height: 150 }));
  d.running = [
    { name: "Editor", pid: 1, aliases: [], windowIds: ["ed"] },
    { name: "Galculator", pid: 2, aliases: ["galculator"], windowIds: ["calc"] },
  ];
  const r = await run(d, [{ action: "focus_app", app_name: "galcul" }]);
  assertEquals(lines(r), ['done: focus_app "galcul": focused "Galculator" (activated, window "Calculator")']);
  assertEquals(d.inputs(), ["activate calc"]);
});

Deno.test("focus_app: an app already in front is left alone", async () => {
  const d = editor();
  d.running = [{ name: "Editor", pid: 1, aliases: [], windowIds: ["ed"] }];
  const r = await run(d, [{ action: "focus_app", app_name: "editor" }]);
  assertMatch(stepLine(r.reports[0]), /\(already front, window "notes.txt - Editor"\)/);
  assertEquals(d.inputs(), []);
});

Deno.test("focus_app: an installed app is launched and waited for", async () => {
  const d = editor();
  d.launchable = [{ name: "Mousepad", aliases: ["mousepad"], launch: ["mousepad"] }];
  d.onLaunch = (_, desk) =>
    desk.at(desk.clock.now() + 1500, (x) => {
      x.windowList.unshift(
        window("mp", "Mousepad", "Untitled 1 - Mousepad", { x: 0, y: 0, width: 300, height: 200 }),
      );
      x.focusWindowId = "mp";
    });
  const r = await run(d, [{ action: "focus_app", app_name: "mousepad" }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertMatch(stepLine(r.reports[0]), /focused "Mousepad" \(launched, window "Untitled 1 - Mousepad"\)/);
  assertEquals(d.inputs(), ["launch Mousepad"]);
});

Deno.test("focus_app: failures say what to do (unknown, ambiguous, no window after launch)", async () => {
  const d = editor();
  d.running = [
    { name: "Text Editor", pid: 1, aliases: [], windowIds: [] },
    { name: "Text Viewer", pid: 2, aliases: [], windowIds: [] },
  ];
  d.launchable = [{ name: "Mousepad", aliases: [], launch: ["mousepad"] }];
  const unknown = await run(d, [{ action: "focus_app", app_name: "Photoshop" }]);
  assertMatch(unknown.failure!.reason, /^no running or installed app is called "Photoshop"/);
  const ambiguous = await run(d, [{ action: "focus_app", app_name: "text" }]);
  assertMatch(ambiguous.failure!.reason, /"text" matches 2 running apps \("Text Editor", "Text Viewer"\)/);
  const silent = await run(d, [{ action: "focus_app", app_name: "Mousepad" }]);
  assertMatch(silent.failure!.reason, /^Mousepad showed no window within 10000 ms of being launched/);
  assert(d.clock.now() >= 10_000, "it waited on the fake clock, not the real one");
});

Deno.test("focus_app: a window that will not take the focus is reported as not confirmed", async () => {
  const d = editor();
  d.windowList.push(window("calc", "Galculator", "Calculator", { x: 200, y: 100, width: 150, height: 150 }));
  d.running = [{ name: "Galculator", pid: 2, aliases: [], windowIds: ["calc"] }];
  d.onActivate = () => {}; // a modal dialog elsewhere keeps the focus
  const r = await run(d, [{ action: "focus_app", app_name: "Galculator", timeout_ms: 3000 }]);
  assertMatch(
    r.failure!.reason,
    /^Galculator has a window \("Calculator"\) but it did not come to the front/,
  );
  assert(d.inputs().filter((l) => l === "activate calc").length > 1, "activation is re-sent");
});

Deno.test("drag: a drop on a destructive label asks first; declined, nothing is pressed", async () => {
  const path = [{ target: { text: "notes.txt" } }, { target: { text: "Remove" } }];
  const asked: string[] = [];
  for (const answer of ["decline", "accept"] as const) {
    const d = editor(text("notes.txt", 60, 60), text("Remove", 250, 200));
    const services = fakeServices(d);
    services.ask = (message) => (asked.push(message), Promise.resolve(answer));
    const r = await executePlan(services, planSchema.parse({ steps: [{ action: "drag", path }] }), d.clock);
    if (answer === "decline") {
      assertEquals(r.status, "declined");
      assertEquals(d.inputs(), []);
    } else {
      assertEquals(r.status, "success", r.failure?.reason);
      assertEquals(d.inputs(), ["left down", "left up"]);
    }
  }
  assertEquals(asked.length, 2);
  assertMatch(asked[0], /about to drag "notes\.txt" onto "Remove" in Editor, window "notes\.txt - Editor"/);
  // A drop anywhere else is not asked about.
  const d = editor(text("notes.txt", 60, 60), text("Archive", 250, 200));
  const services = fakeServices(d);
  services.ask = () => Promise.reject(new Error("asked"));
  const plain = await executePlan(
    services,
    planSchema.parse({ steps: [{ action: "drag", path: [path[0], { target: { text: "Archive" } }] }] }),
    d.clock,
  );
  assertEquals(plain.status, "success", plain.failure?.reason);
});

Deno.test("drag: a name found only in a status bar's echo of the selection is not grabbed", async () => {
  // The editor window spans y 10..290: its status bar row is at the bottom.
  const echo = editor(text("Archive", 100, 80), text('"notes.txt" | 21 bytes', 150, 275));
  const r = await run(echo, [{
    action: "drag",
    path: [{ target: { text: "notes.txt" } }, { target: { text: "Archive" } }],
  }]);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure?.reason ?? "", /was found only inside the longer text .*the drag did not start/);
  assertEquals(echo.inputs(), []);
  // A label that starts with the words named is the item itself.
  const label = editor(text("Plain words here", 100, 80), text("Bin", 250, 120));
  const ok = await run(label, [{
    action: "drag",
    path: [{ target: { text: "Plain" } }, { target: { text: "Bin" } }],
  }]);
  assertEquals(ok.status, "success", ok.failure?.reason);
  assertEquals(label.inputs(), ["left down", "left up"]);
});
