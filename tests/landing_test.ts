/**
 * Every input event is checked where it lands: the guard refuses a landing
 * on a denied window or on choto's own, and the run stops a step whose
 * event would reach another window than the one it was resolved in, as
 * partial with what was sent and where. The audit log names the window
 * each run of input reached. Fake desktop and clock.
 */

import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { auditSince } from "../src/db/audit.ts";
import type { Services } from "../src/services.ts";
import { stepLine } from "../src/render/step_lines.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

const NOTES = window("ed", "Mousepad", "notes.txt", { x: 10, y: 10, width: 300, height: 200 });
const OTHER = window("ot", "Geany", "other.c", { x: 50, y: 50, width: 300, height: 200 });
const VAULT = window("kp", "KeePassXC", "Passwords.kdbx", { x: 60, y: 60, width: 300, height: 200 });
const XTERM = window("xt", "XTerm", "bash", { x: 60, y: 60, width: 300, height: 200 });

function editor(...others: typeof NOTES[]): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [NOTES, ...others];
  d.focusWindowId = "ed";
  d.texts = [text("Hello", 100, 120)];
  return d;
}

async function run(d: FakeDesktop, steps: unknown[]): Promise<{ r: RunResult; services: Services }> {
  const services = fakeServices(d);
  const r = await executePlan(services, planSchema.parse({ steps }), d.clock);
  return { r, services };
}

/** Moves the focus to `to` (in front) just before key number `at` is checked. */
function focusMovesAt(d: FakeDesktop, at: number, to: typeof NOTES): void {
  d.beforeEvent = (kind, sent) => {
    if (kind === "keys" && sent === at && d.focusWindowId !== to.id) d.raise(to.id);
  };
}

Deno.test("a focus that moves to another window mid-type stops the step there, as partial", async () => {
  const d = editor(OTHER);
  focusMovesAt(d, 5, OTHER);
  const { r, services } = await run(d, [{ action: "type", text: "abcdefghij" }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.reports[0].outcome, "partial");
  assertMatch(
    stepLine(r.reports[0]),
    /^stopped: the keyboard focus moved from "notes\.txt" to "other\.c" \(Geany\); .*; typed 5 of 10 characters into "notes\.txt"$/,
  );
  assertEquals(d.inputs(), ["type abcde"]);
  const rows = auditSince(services.store, 0).filter((x) => x.action === "type");
  assertEquals(rows.map((x) => [x.window, x.text_length]), [["notes.txt", 5]]);
});

Deno.test("a denied window that takes the focus mid-type gets not one key", async () => {
  const d = editor(VAULT);
  focusMovesAt(d, 3, VAULT);
  const { r, services } = await run(d, [{ action: "type", text: "secret words" }]);
  assertEquals(r.reports[0].outcome, "partial");
  assertMatch(stepLine(r.reports[0]), /KeePassXC is on the user's deny list/);
  assertMatch(
    stepLine(r.reports[0]),
    /the keyboard focus moved onto it during the step, and none of the input reached it/,
  );
  assertMatch(stepLine(r.reports[0]), /typed 3 of 12 characters into "notes\.txt"$/);
  assertEquals(d.inputs(), ["type sec"]);
  const rows = auditSince(services.store, 0);
  assertEquals(rows.filter((x) => x.kind === "input").map((x) => [x.action, x.window, x.text_length]), [
    ["type", "notes.txt", 3],
  ]);
  assertEquals(rows.filter((x) => x.kind === "refusal").map((x) => [x.action, x.app, x.window]), [
    ["type", "KeePassXC", null],
  ]);
});

Deno.test("a terminal that takes the focus mid-type does not get the newline", async () => {
  const d = editor(XTERM);
  focusMovesAt(d, 2, XTERM);
  const { r } = await run(d, [{ action: "type", text: "ls\nrm -rf x\n" }]);
  assertEquals(r.reports[0].outcome, "partial");
  assertEquals(d.inputs(), ["type ls"]);
});

Deno.test("a focus still settling when typing starts is waited for; nothing goes astray", async () => {
  const d = editor(OTHER);
  // The look saw the editor focused, but the first key would reach the other window for a moment.
  let asks = 0;
  d.beforeEvent = (kind, sent) => {
    if (kind !== "keys" || sent !== 0) return;
    asks++;
    if (asks === 1) d.focusWindowId = "ot";
    if (asks === 3) d.focusWindowId = "ed";
  };
  const { r } = await run(d, [{ action: "type", text: "hello" }]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["type hello"]);
  assertEquals(asks, 3);
});

Deno.test("a window that comes over the target before the press stops the click, nothing sent", async () => {
  const d = editor();
  d.texts = [text("Save", 100, 120)];
  const popup = window("pp", "Mousepad", "Warning", { x: 80, y: 100, width: 60, height: 40 }, "dialog");
  d.beforeEvent = (kind) => {
    if (kind === "pointer" && d.windowList[0] !== popup) d.windowList = [popup, ...d.windowList];
  };
  const { r } = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.reports[0].outcome, "not_run");
  assertMatch(
    stepLine(r.reports[0]),
    /the window under the pointer is now "Warning" \(Mousepad\), not "notes\.txt"/,
  );
  assertEquals(d.inputs(), []);
});

/** The editor in a window manager's frame (a 24-pixel title bar on top, 1 pixel on the other sides), focused. */
function framedEditor(): { d: FakeDesktop; framed: typeof NOTES } {
  const d = new FakeDesktop();
  const framed = { ...NOTES, frame: { left: 1, right: 1, top: 24, bottom: 1 } };
  d.windowList = [framed];
  d.focusWindowId = "ed";
  return { d, framed };
}

Deno.test("a window moved since the look, its title bar under the target where a new look finds it too, stops the click; nothing sent", async () => {
  const { d, framed } = framedEditor();
  d.texts = [text("Save", 100, 45)];
  // Just before the press the window goes 20 pixels down: its title bar (y 30 to 53) is where Save was.
  d.beforeEvent = (kind) => {
    if (kind === "pointer" && framed.bounds.y === 10) framed.bounds = { ...framed.bounds, y: 30 };
  };
  const { r } = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "escalated");
  assertEquals(r.reports[0].outcome, "not_run");
  assertMatch(
    stepLine(r.reports[0]),
    /the pointer is now on the frame the window manager draws around "notes\.txt" \(its title bar or border\), not on the app's own drawing: the window moved or changed size since the look/,
  );
  assertEquals(d.inputs(), []);
});

/** Moves `framed` 20 pixels down, with its text, just before the first pointer event: the title bar comes under Save. */
function movesDown(d: FakeDesktop, framed: typeof NOTES): void {
  d.beforeEvent = (kind) => {
    if (kind !== "pointer" || framed.bounds.y !== 10) return;
    framed.bounds = { ...framed.bounds, y: 30 };
    d.texts = d.texts.map((t) => ({ ...t, y: t.y + 20, cy: t.cy + 20 }));
  };
}

Deno.test("a window that moved before the press, its text with it, has its target found again and pressed there", async () => {
  const { d, framed } = framedEditor();
  d.texts = [text("Save", 100, 45)];
  movesDown(d, framed);
  const { r } = await run(d, [{ action: "click", target: { text: "Save" } }]);
  assertEquals(r.status, "success", stepLine(r.reports[0]));
  assertEquals(d.inputs(), ["click left 100,65"]);
  assertMatch(
    stepLine(r.reports[0]),
    /the window moved before the press \(the target was @ \(100,45\)\); looked again -> matched "Save" .* @ \(100,65\)/,
  );
});

Deno.test("a press the user allowed at one place is not moved to another when its window moves", async () => {
  const { d, framed } = framedEditor();
  d.texts = [text("Delete", 100, 45)];
  d.answer = () => ({ answer: "allow" });
  movesDown(d, framed);
  const { r } = await run(d, [{ action: "click", target: { text: "Delete" } }]);
  assertEquals(r.status, "escalated");
  assertMatch(stepLine(r.reports[0]), /the window moved or changed size since the look/);
  assertEquals(d.inputs(), []);
});

Deno.test("a click aimed at a title bar's close button is pressed there (the frame was the aim)", async () => {
  const { d } = framedEditor();
  d.texts = [text("notes.txt", 150, 22), text("x", 300, 22), text("Save", 100, 45)];
  const { r } = await run(d, [{ action: "click", target: { text: "close window" } }]);
  assertEquals(r.reports[0].outcome, "done", stepLine(r.reports[0]));
  assertEquals(d.inputs(), ["click left 300,22"]);
});

Deno.test("a scroll stops at the notch where another window came under the pointer", async () => {
  const d = editor(OTHER);
  d.texts = [text("Hello", 100, 120)];
  d.beforeEvent = (kind, sent) => {
    if (kind === "pointer" && sent === 4) d.raise("ot");
  };
  const { r } = await run(d, [{ action: "scroll", amount: 10, target: { text: "Hello" } }]);
  assertEquals(r.reports[0].outcome, "partial");
  assertMatch(stepLine(r.reports[0]), /scrolled 4 of 10 notch\(es\)$/);
});

Deno.test("a program that calls its window something else is still denied by what it runs", async () => {
  const d = editor();
  const renamed = {
    ...window("rn", "Notes", "Passwords.kdbx", { x: 0, y: 0, width: 400, height: 300 }),
    pid: 4242,
  };
  d.windowList = [renamed, NOTES];
  d.focusWindowId = "rn";
  d.programs = { 4242: ["notes", "KeePassXC", "keepassxc"] };
  const services = fakeServices(d);
  const desktop = services.desktop();
  const s = desktop.windows();
  assertEquals(s.windows.map((w) => w.id), ["ed"]);
  assertEquals(s.withheld, 1);
  assertEquals(s.focusWindowId, null);
  assertEquals(s.focusWithheld, true);
  const r = await executePlan(
    services,
    planSchema.parse({ steps: [{ action: "type", text: "x" }] }),
    d.clock,
  );
  assertEquals(r.reports[0].outcome, "failed");
  // Withheld by what it runs: the editor behind it does not get the keys in its place.
  assertMatch(stepLine(r.reports[0]), /refused: the window in front is withheld by the user's deny list/);
  assertEquals(d.inputs(), []);
});

Deno.test("choto's own question and mark are left out of every listing and never touched", async () => {
  const d = editor();
  const own = {
    ...window("q", "Choto-confirm", "choto: allow this step?", { x: 0, y: 0, width: 200, height: 100 }),
  };
  own.aliases = ["choto-confirm", "choto-confirm"];
  d.windowList = [own, NOTES];
  const services = fakeServices(d);
  const s = services.desktop().windows();
  assertEquals(s.windows.map((w) => w.id), ["ed"]);
  // Not counted among the deny list's windows: it is choto's, not the user's secret.
  assertEquals(s.withheld, 0);
  const r = await executePlan(
    services,
    planSchema.parse({ steps: [{ action: "drag", path: [{ x: 50, y: 50 }, { x: 60, y: 50 }] }] }),
    d.clock,
  );
  assertMatch(stepLine(r.reports[0]), /refused: that window is choto's own question to the user/);
  assertEquals(d.inputs(), []);
});

Deno.test("the clipboard is not read when a denied program put its content there", async () => {
  const d = editor();
  d.windowList = [{ ...VAULT, pid: 77 }, NOTES];
  d.clipboard = { text: "hunter2", note: "7 characters of text" };
  const read = async () => await run(d, [{ action: "read_clipboard" }]);

  d.clipboardFrom = { pid: 77, names: [], generation: null, concealed: false };
  let { r, services } = await read();
  assertEquals(r.reports[0].outcome, "failed");
  assertMatch(
    stepLine(r.reports[0]),
    /KeePassXC is on the user's deny list.*the clipboard holds what it copied/,
  );
  assert(!JSON.stringify(r).includes("hunter2"));
  assertEquals(auditSince(services.store, 0).map((x) => [x.kind, x.action, x.outcome]), [
    ["refusal", "read_clipboard", "deny list"],
  ]);

  // An owner with no window of its own, known by its program only.
  d.windowList = [NOTES];
  d.programs = { 78: ["keepassxc"] };
  d.clipboardFrom = { pid: 78, names: [], generation: null, concealed: false };
  ({ r } = await read());
  assertMatch(stepLine(r.reports[0]), /deny list/);

  d.clipboardFrom = { pid: null, names: [], generation: null, concealed: true };
  ({ r } = await read());
  assertMatch(stepLine(r.reports[0]), /marked as a secret/);

  d.clipboardFrom = { pid: 100, names: [], generation: null, concealed: false };
  ({ r } = await read());
  assertEquals(r.status, "success");
  assertEquals(r.extracts[0].text, "hunter2");
});
