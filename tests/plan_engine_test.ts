/**
 * The plan engine without a display: every step kind against a fake desktop,
 * a fake reader and a fake clock, so retries, timeouts and scroll searches
 * run in milliseconds. What is asserted is what a user would see: the input
 * sent, the journey lines, the status and the failure's evidence.
 */

import { stepLine } from "../src/render/step_lines.ts";
import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { isResolved, resolveTarget } from "../src/plan/resolve.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

const EDITOR = window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 });

/** An editor window in focus, showing `texts`. */
function editor(...texts: ReturnType<typeof text>[]): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  d.texts = texts;
  return d;
}

async function run(
  d: FakeDesktop,
  steps: unknown[],
  extra: Record<string, unknown> = {},
): Promise<RunResult> {
  return await executePlan(fakeServices(d), planSchema.parse({ steps, ...extra }), d.clock);
}

const lines = (r: RunResult) => r.reports.map((s) => `${s.outcome}: ${stepLine(s)}`);
const scrolled = (d: FakeDesktop) =>
  d.log.filter((l) => l.startsWith("scroll ")).reduce((sum, l) => sum + Number(l.split(" ")[1]), 0);

// ---------------------------------------------------------------------------
// Targeting and resolution
// ---------------------------------------------------------------------------

Deno.test("click: an exact target is clicked at its centre and reported", async () => {
  const d = editor(text("File", 40, 30), text("Save", 100, 120));
  const r = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["click left 100,120"]);
  assertMatch(stepLine(r.reports[0]), /^click "Save" \(window\): matched "Save" \(exact\) @ \(100,120\)$/);
  assertEquals(r.reports[0].match, {
    text: "Save",
    stage: "exact",
    score: 1,
    candidates: 1,
    scope: "window",
    x: 100,
    y: 120,
  });
  assertEquals(r.actions, 1);
});

Deno.test("double_click and right_click send their button, count and modifiers", async () => {
  const d = editor(text("Save", 100, 120));
  await run(d, [
    { action: "double_click", target: { text: "Save" } },
    { action: "right_click", target: { text: "save" }, modifiers: ["shift"] },
  ]);
  assertEquals(d.inputs(), ["click left x2 100,120", "click right 100,120 +shift"]);
});

Deno.test("a misspelt target matches fuzzily and the journey says how well", async () => {
  const d = editor(text("Preferences", 100, 120));
  const r = await run(d, [{ action: "click", target: { text: "Preferencs" } }]);
  assertEquals(r.status, "success");
  assertMatch(stepLine(r.reports[0]), /matched "Preferences" \(fuzzy 0\.\d+\)/);
});

Deno.test("region picks one of several equal matches", async () => {
  const d = editor(text("OK", 100, 40), text("OK", 100, 250));
  const r = await run(d, [{ action: "click", target: { text: "OK", region: "bottom" } }]);
  assertEquals(d.inputs(), ["click left 100,250"]);
  assertMatch(stepLine(r.reports[0]), /\(1 of 2\)/);
});

Deno.test("a target is searched on its own surface only: window text is not chrome", async () => {
  const d = editor(text("Save", 100, 120), text("Quit", 60, 80));
  d.chrome = [window("menu", "Editor", "", { x: 40, y: 60, width: 80, height: 60 }, "menu")];
  const inWindow = await run(d, [{ action: "click", target: { text: "Quit", scroll_to_find: false } }]);
  assertEquals(inWindow.status, "escalated");
  assertMatch(inWindow.failure!.reason, /searched the window surface only, not chrome/);
  assertEquals(inWindow.failure!.surface, "window");
  const inChrome = await run(d, [{ action: "click", target: { text: "Quit", scope: "chrome" } }]);
  assertEquals(inChrome.status, "success");
  assertEquals(d.inputs(), ["click left 60,80"]);
  assertEquals(inChrome.reports[0].match?.scope, "chrome");
});

Deno.test("a missing target fails with the closest texts and stops the plan", async () => {
  const d = editor(text("Save as", 100, 120), text("Close", 100, 160));
  const r = await run(d, [
    { action: "click", target: { text: "Sabe ass", scroll_to_find: false } },
    { action: "click", target: { text: "Close" } },
  ]);
  assertEquals(r.status, "escalated");
  assertEquals(r.failure?.step, 1);
  assertEquals(r.failure?.target, "Sabe ass");
  assertEquals(r.failure?.closest[0].text, "Save as");
  assert(r.failure?.look, "the failure carries a fresh look");
  assertEquals(lines(r).map((l) => l.split(":")[0]), ["failed", "not_run"]);
  assertEquals(d.inputs(), []);
});

Deno.test("skip_if_absent skips a missing target and the plan goes on", async () => {
  const d = editor(text("Close", 100, 160));
  const r = await run(d, [
    { action: "click", target: { text: "Don't save", scroll_to_find: false }, skip_if_absent: true },
    { action: "scroll", target: { text: "Nowhere", scroll_to_find: false }, amount: 3, skip_if_absent: true },
    { action: "click", target: { text: "Close" } },
  ]);
  assertEquals(r.status, "success");
  assertEquals(lines(r), [
    'skipped: skipped: target absent ("Don\'t save")',
    'skipped: skipped: target absent ("Nowhere")',
    'done: click "Close" (window): matched "Close" (exact) @ (100,160)',
  ]);
  assertEquals(d.inputs(), ["click left 100,160"]);
});

Deno.test("target.window brings that window to the front first; an unknown one fails naming the open ones", async () => {
  const d = editor(text("Save", 100, 120));
  d.windowList.push(window("calc", "Calc", "Calculator", { x: 200, y: 100, width: 150, height: 150 }));
  d.texts.push(text("7", 300, 200));
  const r = await run(d, [{ action: "click", target: { text: "7", window: "calcul" } }]);
  assertEquals(r.status, "success");
  assertEquals(d.inputs(), ["activate calc", "click left 300,200"]);
  // Bringing the window forward and the click are two input events of one step: one action.
  assertEquals(r.actions, 1);
  const miss = await run(d, [{ action: "click", target: { text: "7", window: "Spreadsheet" } }]);
  assertMatch(
    miss.failure!.reason,
    /no open window's title contains "Spreadsheet"; open windows: "Calculator" \(Calc\), "notes.txt - Editor" \(Editor\)/,
  );
});

// ---------------------------------------------------------------------------
// Expectations, with retries on the fake clock
// ---------------------------------------------------------------------------

/** Clicking "Open" shows "Dialog" `delay` ms later. */
function opensLater(delay: number): FakeDesktop {
  const d = editor(text("Open", 100, 120));
  d.onClick = (_, desk) => desk.at(desk.clock.now() + delay, (x) => x.texts.push(text("Dialog", 200, 200)));
  return d;
}

Deno.test("timeout_ms: a target drawn after the plan starts is waited for, up to timeout_ms", async () => {
  const late = () => {
    const d = editor(text("File", 40, 30));
    d.at(500, (x) => x.texts.push(text("Send", 100, 120)));
    return d;
  };
  const patient = late();
  const found = await run(patient, [{
    action: "click",
    target: { text: "Send", scroll_to_find: false },
    timeout_ms: 2000,
  }]);
  assertEquals(found.status, "success", found.failure?.reason);
  assertMatch(stepLine(found.reports[0]), /appeared after \d+ more look\(s\) -> matched "Send"/);
  assertEquals(patient.inputs(), ["click left 100,120"]);
  const hasty = late();
  const missed = await run(hasty, [{
    action: "click",
    target: { text: "Send", scroll_to_find: false },
    timeout_ms: 100,
  }]);
  assertEquals(missed.status, "escalated");
  assertMatch(missed.failure!.reason, /target "Send" not found .*looked for 100 ms \(timeout_ms\)/);
  assertEquals(hasty.inputs(), []);
});

Deno.test("timeout_ms: a target in a dialog that opens while waiting is found there", async () => {
  const d = editor(text("File", 40, 30));
  d.at(400, (x) => {
    // Front of the stack, with the focus: what a dialog that opens does.
    x.windowList = [
      window("dlg", "Editor", "Confirm", { x: 100, y: 100, width: 200, height: 100 }),
      ...x.windowList,
    ];
    x.focusWindowId = "dlg";
    x.texts.push(text("Allow", 200, 150));
  });
  const r = await run(d, [{
    action: "click",
    target: { text: "Allow", scroll_to_find: false },
    timeout_ms: 1000,
  }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 200,150"]);
});

Deno.test("expect: looks again until the text appears", async () => {
  const d = opensLater(1200);
  const r = await run(d, [{ action: "click", target: { text: "Open" }, expect: { appears: "Dialog" } }]);
  assertEquals(r.status, "success");
  assertMatch(stepLine(r.reports[0]), /expect ok: "Dialog" appeared$/);
  assert(d.clock.now() >= 1200, "it waited on the clock for the dialog");
});

Deno.test("expect: gives up at timeout_ms and says what it saw", async () => {
  const d = opensLater(5000);
  const r = await run(d, [{
    action: "click",
    target: { text: "Open" },
    expect: { appears: "Dialog", disappears: "Open" },
    timeout_ms: 800,
  }]);
  assertEquals(r.status, "escalated");
  assertEquals(
    r.failure?.reason,
    'expectation not met within 800 ms: "Dialog" is not on screen; "Open" is still on screen (1x)',
  );
  assertEquals(d.inputs(), ["click left 100,120"], "the click was sent once, never repeated");
});

Deno.test("expect: counts lines, and screen_changes false holds only when nothing changed", async () => {
  const d = editor(text("msg", 100, 60), text("Send", 300, 260));
  d.onClick = (_, desk) => desk.texts.push(text("msg", 100, 80));
  const r = await run(d, [
    { action: "click", target: { text: "Send" }, expect: { appears_count_increases: "msg" } },
    { action: "wait", expect: { screen_changes: false }, timeout_ms: 500 },
    { action: "click", target: { text: "Send" }, expect: { screen_changes: false }, timeout_ms: 500 },
  ]);
  assertMatch(stepLine(r.reports[0]), /"msg" on 2 line\(s\), was 1/);
  assertMatch(stepLine(r.reports[1]), /^wait until it holds: expect ok: screen did not change$/);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /screen changed/);
});

// ---------------------------------------------------------------------------
// type, hotkey, wait, read_clipboard
// ---------------------------------------------------------------------------

Deno.test("type, hotkey and read_clipboard report what was sent and brought back", async () => {
  const d = editor(text("File", 40, 30));
  d.clipboard = { text: "copied words", note: "12 characters of text" };
  const r = await run(d, [
    { action: "type", text: "hello" },
    { action: "hotkey", keys: ["cmd", "s"] },
    { action: "read_clipboard" },
  ]);
  assertEquals(d.inputs(), ["type hello", "hotkey cmd+s"]);
  assertEquals(lines(r), [
    'done: type "hello" (5 chars) into "notes.txt - Editor"',
    "done: hotkey cmd+s (cmd is Ctrl on Linux)",
    "done: read_clipboard: 12 characters of text",
  ]);
  assertEquals(r.extracts, [{
    step: 3,
    source: "clipboard",
    text: "copied words",
    note: "12 characters of text",
  }]);
});

Deno.test("wait pauses on the run's clock", async () => {
  const d = editor();
  const r = await run(d, [{ action: "wait", amount: 4000 }]);
  assertEquals(lines(r), ["done: wait 4000 ms"]);
  assert(d.clock.now() >= 4000);
});

// ---------------------------------------------------------------------------
// Budget, time limit and the corner failsafe
// ---------------------------------------------------------------------------

Deno.test("the action budget stops a plan before the input that would exceed it", async () => {
  const d = editor(text("Save", 100, 120));
  const r = await run(d, [
    { action: "click", target: { text: "Save" } },
    { action: "click", target: { text: "Save" } },
  ], { max_actions: 1 });
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), ["click left 100,120"]);
  assertMatch(stepLine(r.reports[1]), /^stopped: the action budget \(1\) is used up/);
  assertEquals(r.reports[1].outcome, "not_run");
});

Deno.test("the time limit stops a long wait", async () => {
  const d = editor();
  const r = await run(d, [{ action: "wait", amount: 5000 }], { time_limit_ms: 1000 });
  assertEquals(r.status, "escalated");
  assertEquals(r.failure?.reason, "the plan's time limit (1000 ms) ran out");
});

Deno.test("the pointer in the top-left corner aborts without another look", async () => {
  const d = editor(text("Save", 100, 120));
  d.pointerAt = { x: 0, y: 1 };
  const r = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "aborted");
  assertEquals(r.failure?.look, null);
  assertEquals(d.inputs(), []);
});

Deno.test("an unexpected error becomes an escalation that says so", async () => {
  const d = editor(text("Save", 100, 120));
  d.onClick = () => {
    throw new Error("display went away");
  };
  const r = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.failure?.reason, "internal error: display went away");
});

// ---------------------------------------------------------------------------
// Scrolling: a target below the fold, scroll without target
// ---------------------------------------------------------------------------

/** A list of 40 rows, 20 px apart, that scrolls 20 px per notch inside the editor. */
function longList(): FakeDesktop {
  const d = editor();
  let offset = 0;
  const draw = () => {
    d.texts = [];
    for (let i = 1; i <= 40; i++) {
      const y = 30 + i * 20 - offset;
      if (y > 20 && y < 280) d.texts.push(text(`Row ${i}`, 120, y));
    }
  };
  draw();
  d.onScroll = (_, notches) => {
    offset = Math.max(0, Math.min(40 * 20 - 200, offset + notches * 20));
    draw();
  };
  return d;
}

Deno.test("scroll search: a row below the fold is scrolled into view, then clicked", async () => {
  const d = longList();
  const r = await run(d, [{ action: "click", target: { text: "Row 25" } }]);
  assertEquals(r.status, "success");
  assertMatch(
    stepLine(r.reports[0]),
    /^click "Row 25" \(window\): not on screen, scrolled \dx down -> matched "Row 25"/,
  );
  assert(scrolled(d) > 0);
  assertEquals(d.inputs().at(-1)?.startsWith("click left 120,"), true);
});

Deno.test("scroll search: a row that is nowhere fails after scrolling back to where it started", async () => {
  const d = longList();
  const start = d.texts.map((t) => `${t.text}@${t.cy}`);
  const r = await run(d, [{ action: "click", target: { text: "Row 99" } }]);
  assertEquals(r.status, "escalated");
  assertMatch(r.failure!.reason, /also scrolled down and up to look for it, then scrolled back/);
  assertEquals(d.texts.map((t) => `${t.text}@${t.cy}`), start);
  assert(d.inputs().some((l) => l.startsWith("scroll -")), "it searched upwards too");
  assertEquals(d.inputs().filter((l) => l.startsWith("click")), []);
});

Deno.test("scroll without a target turns the wheel over the middle of the window's text", async () => {
  const d = longList();
  const r = await run(d, [{ action: "scroll", amount: -2 }]);
  assertMatch(stepLine(r.reports[0]), /^scroll up 2 notch\(es\) over "notes.txt - Editor" @ \(120,\d+\)$/);
  assertEquals(d.inputs().length, 1);
});

// ---------------------------------------------------------------------------
// drag
// ---------------------------------------------------------------------------

Deno.test("drag: presses, glides through every waypoint and lets go, modifiers released", async () => {
  const d = editor(text("A", 50, 50), text("B", 250, 200));
  const r = await run(d, [{
    action: "drag",
    path: [{ target: { text: "A" } }, { x: 150, y: 100 }, {
      target: { text: "B" },
      offset: { dx: 5, dy: -5 },
    }],
    modifiers: ["alt"],
  }]);
  assertEquals(r.status, "success");
  assertEquals(lines(r), ['done: drag "A" -> (150,100) -> "B" +5,-5']);
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
  assertMatch(stepLine(r.reports[0]), /^drag "A" -> "B"; expect ok: "B" appeared/);
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

// ---------------------------------------------------------------------------
// resolve, on its own
// ---------------------------------------------------------------------------

Deno.test("resolve: exact beats fuzzy beats semantic beats contained, with the point aimed", () => {
  const area = { x: 0, y: 0, width: 400, height: 300 };
  const els = [text("Options", 50, 50), text("Settings...", 50, 80), text("Open Settings", 200, 120)];
  const exact = resolveTarget("Settings…", els, area);
  assert(isResolved(exact));
  assertEquals([exact.stage, exact.element.text], ["exact", "Settings..."]);
  const semantic = resolveTarget("Preferences", [els[0]], area);
  assert(isResolved(semantic));
  assertEquals(semantic.stage, "semantic");
  const contained = resolveTarget("Open", [text("Open Recent", 200, 120)], area);
  assert(isResolved(contained));
  assertEquals(contained.stage, "contained");
  assert(contained.point.x < 200, "aimed at the word, left of the element's centre");
});

Deno.test("resolve: a region with no match lists the matches outside it", () => {
  const area = { x: 0, y: 0, width: 400, height: 300 };
  const r = resolveTarget("OK", [text("OK", 100, 40)], area, "bottom");
  assert(!isResolved(r));
  assertEquals(r.outsideRegion.map((e) => e.cy), [40]);
  const far = resolveTarget("Zebra", [text("Save", 100, 40)], area);
  assert(!isResolved(far));
  assertEquals(far.outsideRegion, []);
});

Deno.test("a region miss says matches lie outside the region", async () => {
  const d = editor(text("OK", 100, 40));
  const r = await run(d, [{
    action: "click",
    target: { text: "OK", region: "bottom", scroll_to_find: false },
  }]);
  assertMatch(r.failure!.reason, /1 match\(es\) lie outside region "bottom"/);
});

// ---------------------------------------------------------------------------
// What a run remembers
// ---------------------------------------------------------------------------

Deno.test("a click that opens another window is remembered as a transition, with the menu it came through", async () => {
  const d = editor(text("Edit", 60, 30));
  d.onClick = (at, desk) => {
    if (at.x === 60 && at.y === 30) {
      desk.chrome = [window("menu", "Editor", "", { x: 50, y: 40, width: 120, height: 60 }, "menu")];
      desk.texts.push(text("Preferences", 100, 60));
    } else {
      desk.chrome = [];
      desk.windowList.unshift(
        window("prefs", "Editor", "Preferences", { x: 100, y: 50, width: 200, height: 150 }),
      );
      desk.focusWindowId = "prefs";
      desk.texts = [text("General", 150, 100)];
    }
  };
  const services = fakeServices(d);
  const r = await executePlan(
    services,
    planSchema.parse({
      steps: [
        { action: "click", target: { text: "Edit" } },
        { action: "click", target: { text: "Preferences", scope: "chrome" } },
      ],
    }),
    d.clock,
  );
  assertEquals(r.status, "success", r.failure?.reason);
  assertMatch(stepLine(r.reports[1]), /-> window "Preferences" \(#\d+\)$/);
  assertEquals(r.windowsSeen.map((w) => w.title), ["notes.txt - Editor", "Preferences"]);
  const recalled = gatherRecall(services.store, { app: "Editor", window: "notes", now: Date.now() });
  assert(recalled.ok);
  const out = recalled.data.window!.transitions.items[0];
  assertEquals([out.text, out.scope, out.via, out.to_title], [
    "Preferences",
    "chrome",
    "Edit",
    "Preferences",
  ]);
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

Deno.test("a shortcut the keyboard layout cannot press refuses the plan before its first step", async () => {
  const d = editor(text("File", 40, 30));
  // A backend that reads the user's layout (macOS) says which combinations it has no key for.
  Object.assign(d, {
    keyRefusal: (keys: string[]) =>
      keys.includes("a") ? 'no key of the Cyrillic keyboard layout types "a" with Command held' : null,
  });
  const r = await run(d, [
    { action: "type", text: "hello" },
    { action: "hotkey", keys: ["cmd", "s"] },
    { action: "hotkey", keys: ["cmd", "a"] },
  ]);
  assertEquals(r.status, "escalated");
  assertEquals(d.inputs(), [], "nothing was typed or pressed");
  assertEquals(lines(r), [
    "not_run: not run",
    "not_run: not run",
    'failed: failed: refused: no key of the Cyrillic keyboard layout types "a" with Command held',
  ]);
  assertEquals(r.failure?.sent, false);
  assertEquals(r.failure?.step, 3);
});
