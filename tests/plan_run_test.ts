/**
 * The plan engine without a display, running steps: expectations with
 * retries on the fake clock, typing, keys, waiting and the clipboard, and
 * the budget, time limit and corner failsafe that stop a run, and a
 * shortcut the layout cannot press.
 */

import { stepLine } from "../src/render/step_lines.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type FakeDesktop, text, window } from "./support/fake_desktop.ts";
import { editor, lines, run } from "./support/plan_run.ts";

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

Deno.test("keys after a click wait until the app has drawn the click's effect, however late", async () => {
  const d = editor(text("B3", 100, 120));
  let clicked = -1, typed = -1;
  // The app handles the click 400 ms later (a loaded machine): the cell cursor moves then.
  d.onClick = (_, desk) => {
    clicked = desk.clock.now();
    desk.at(clicked + 400, (x) => x.texts.push(text("cursor on B3", 100, 40)));
  };
  d.onType = (_, desk) => (typed = desk.clock.now());
  const r = await run(d, [{ action: "click", target: { text: "B3" } }, { action: "type", text: "=1+1" }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assert(typed >= clicked + 400, `typed at ${typed} ms, the app drew the click at ${clicked + 400} ms`);
  assert(!/not confirmed/.test(lines(r)[0]), lines(r)[0]);
  // An app that never shows the click: the step says so instead of claiming it was handled.
  const still = editor(text("B3", 100, 120));
  still.showsPress = false;
  const quiet = await run(still, [{ action: "click", target: { text: "B3" } }]);
  assertMatch(
    lines(quiet)[0],
    /^unconfirmed: .*no visible effect within \d+ ms: not confirmed that the app handled it/,
  );
  assertEquals(quiet.status, "unconfirmed");
});

Deno.test("keys after a click the app draws later than the click's wait wait once more, and say so", async () => {
  const d = editor(text("B3", 100, 120));
  let drawn = -1, typed = -1;
  // A loaded machine: the app draws the click 1.5 s later, past the click's own wait.
  d.onClick = (_, desk) => {
    drawn = desk.clock.now() + 1500;
    desk.at(drawn, (x) => x.texts.push(text("cursor on B3", 100, 40)));
  };
  d.onType = (_, desk) => (typed = desk.clock.now());
  const r = await run(d, [{ action: "click", target: { text: "B3" } }, { action: "type", text: "=1+1" }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assert(typed >= drawn, `typed at ${typed} ms, the app drew the click at ${drawn} ms`);
  const [click, type] = lines(r);
  // Seen late, the click is confirmed after all: done, and its line says when.
  assertMatch(click, /^done: .*; its effect showed late, \d+ ms into step 2's wait before its keys$/);
  assertMatch(type, /^done: .*step 1's click showed its effect \d+ ms later, before these keys/);
});

Deno.test("keys after a click that never showed say they are not confirmed; a step between forgets it", async () => {
  const still = editor(text("B3", 100, 120));
  still.showsPress = false;
  const r = await run(still, [
    { action: "click", target: { text: "B3" } },
    { action: "hotkey", keys: ["tab"] },
    { action: "type", text: "x" },
  ]);
  assertEquals(r.status, "unconfirmed", r.failure?.reason);
  const [click, hotkey, type] = lines(r);
  assertMatch(click, /^unconfirmed: /);
  assertMatch(
    hotkey,
    /^unconfirmed: .*sent after step 1's click, which showed no effect: not confirmed that the keys reached/,
  );
  assert(!/step 1's click/.test(type), type);
  assertMatch(type, /^done: /);
  // Keys after a click the app took say nothing of it.
  const taken = editor(text("B3", 100, 120));
  taken.onClick = (_, desk) => desk.texts.push(text("cursor on B3", 100, 40));
  const ok = await run(taken, [{ action: "click", target: { text: "B3" } }, { action: "type", text: "x" }]);
  assert(!/click/.test(lines(ok)[1]), lines(ok)[1]);
});

Deno.test("a hover highlight is not taken for the app handling the click, but it shows a live control", async () => {
  const d = editor(text("B3", 100, 120));
  // The key lights up when the pointer rests on it; the press itself draws nothing more.
  d.onMove = (_, desk) => {
    if (!desk.texts.some((t) => t.text === "lit")) desk.texts.push(text("lit", 100, 140));
  };
  d.showsPress = false;
  const r = await run(d, [{ action: "click", target: { text: "B3" } }, {
    action: "click",
    target: { text: "B3" },
  }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertMatch(lines(r)[0], /^done: .*no visible effect within \d+ ms, though it lit under the pointer/);
  // Pressed again where the pointer rests, it lights no further: the press before it vouches for the key.
  assertMatch(
    lines(r)[1],
    /^done: .*no visible effect within \d+ ms, though the last press on it was seen to reach it/,
  );
  // Nothing lights up and nothing follows: a disabled button, a label, an app not taking input.
  const dead = editor(text("B3", 100, 120));
  dead.showsPress = false;
  const none = await run(dead, [{ action: "click", target: { text: "B3" } }]);
  assertEquals(none.status, "unconfirmed", none.failure?.reason);
  assertMatch(
    lines(none)[0],
    /^unconfirmed: .*no visible effect within \d+ ms: not confirmed that the app handled it/,
  );
});

Deno.test("keys after a click wait for the app's second drawing when it draws at a loaded machine's pace", async () => {
  const d = editor(text("=", 100, 120));
  let result = -1, keys = -1;
  // The key lights up 300 ms after the press, and the answer is drawn 250 ms after that.
  d.onClick = (_, desk) => {
    const now = desk.clock.now();
    result = now + 550;
    desk.at(now + 300, (x) => x.texts.push(text("pressed", 100, 140)));
    desk.at(result, (x) => x.texts.push(text("1.75", 300, 40)));
  };
  d.beforeEvent = (kind, _, desk) => {
    if (kind === "keys") keys = desk.clock.now();
  };
  const r = await run(d, [{ action: "click", target: { text: "=" } }, {
    action: "hotkey",
    keys: ["ctrl", "c"],
  }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assert(keys >= result, `the copy keys went at ${keys} ms, the answer was drawn at ${result} ms`);
  assert(!/not confirmed/.test(lines(r).join("\n")), lines(r).join("\n"));
});
