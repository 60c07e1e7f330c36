/**
 * The self-test's portable steps against a fake desktop and reader: what it
 * prints, what it hands the backend, and that it sends no keys or clicks.
 */
import { assert, assertEquals, assertMatch } from "./support/assert.ts";

import type { ScreenReader } from "../src/ocr/reader.ts";
import { runDoctorSelftest } from "../src/cli/doctor_selftest.ts";
import {
  caretInWord,
  editorRoundTrip,
  namesDocument,
  typedWordsRead,
  wordBox,
} from "../src/cli/doctor_editor.ts";
import { FakeDesktop, window } from "./support/fake_desktop.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

/** Two app windows, the editor in front, showing `frame`; the pointer starts at (5, 7). */
function twoWindows(frame: RgbaImage) {
  const d = new FakeDesktop();
  d.windowList = [
    window("1", "Editor", "notes", { x: 10, y: 10, width: 300, height: 200 }),
    window("2", "Calc", "calc", { x: 50, y: 50, width: 200, height: 100 }),
  ];
  d.focusWindowId = "1";
  d.frame = frame;
  d.pointerAt = { x: 5, y: 7 };
  d.probeReport = {
    findings: [{ name: "backend", ok: true, detail: "fine" }],
    questions: [{ question: "Q1?", answer: "yes" }, { question: "Q2?", answer: null }],
  };
  return { desktop: d, calls: d.log, probed: d.probed };
}

const reader: ScreenReader = {
  engine: { name: "fake-ocr", recognize: () => Promise.resolve([]), close: () => Promise.resolve() },
  read: () =>
    Promise.resolve({
      elements: [{ text: "File", x: 1, y: 1, w: 20, h: 10, cx: 11, cy: 6, conf: 0.9 }],
      charScan: null,
      ms: 12,
    }),
  close: () => Promise.resolve(),
};

const busyFrame = (): RgbaImage => {
  const data = new Uint8Array(400 * 300 * 4).fill(200);
  data.fill(0, 0, 4000);
  return { width: 400, height: 300, data };
};

Deno.test("the self-test reads, moves the pointer there and back, raises two windows and types nothing", async () => {
  const { desktop, calls, probed } = twoWindows(busyFrame());
  const out: string[] = [];
  assertEquals(await runDoctorSelftest({ desktop, reader, print: (l) => out.push(l) }), true);
  assertEquals(calls, ["move 200,150", "move 5,7", "activate 2", "activate 1"]);
  const text = out.join("\n");
  assertMatch(text, /ok {4}windows: 2 app window\(s\), 0 chrome; in front: Editor "notes"/);
  assertMatch(text, /ok {4}capture: 400x300 px/);
  assertMatch(text, /ok {4}text: 1 element\(s\) read in 12 ms by fake-ocr: "File"/);
  assertMatch(text, /ok {4}pointer: asked \(200, 150\), got \(200, 150\); back at \(5, 7\)/);
  assertMatch(text, /ok {4}activation: Calc "calc" came to the front/);
  assertMatch(text, /ok {4}activation: Editor "notes" is in front again/);
  assertMatch(text, /Open questions \(1 of 2 answered by this run\)/);
  assertMatch(text, /answered {2}Q1\?\n {10}yes/);
  assertMatch(text, /open {6}Q2\?\n {10}not settled by this run/);
  assertEquals(probed, [{
    frameBlank: false,
    activation: { window: 'Calc "calc"', confirmed: true },
    editor: null,
  }]);
});

Deno.test("a blank frame fails the capture step and is handed to the backend", async () => {
  const flat = { width: 400, height: 300, data: new Uint8Array(400 * 300 * 4).fill(30) };
  const { desktop, probed } = twoWindows(flat);
  const out: string[] = [];
  assertEquals(await runDoctorSelftest({ desktop, reader, print: (l) => out.push(l) }), false);
  assertMatch(out.join("\n"), /FAIL {2}capture: 400x300 px in \d+ ms, one flat colour/);
  assertEquals(probed[0].frameBlank, true);
});

Deno.test("a window that does not come forward fails the activation step, and the backend hears why", async () => {
  const { desktop, probed } = twoWindows(busyFrame());
  desktop.onActivate = () => {}; // the request is ignored: nothing moves
  const out: string[] = [];
  assertEquals(await runDoctorSelftest({ desktop, reader, print: (l) => out.push(l) }), false);
  assertMatch(out.join("\n"), /FAIL {2}activation: Calc "calc" did not come to the front within 2000 ms/);
  assertMatch(out.join("\n"), /ok {4}activation: Editor "notes" is in front again/);
  assertEquals(probed[0].activation, {
    window: 'Calc "calc"',
    confirmed: false,
    error: "did not come to the front within 2000 ms",
  });
});

Deno.test("the scratch round trip's judges: the caret inside the clicked word, typed words on one row", () => {
  const line = "one two Wanderlust three";
  assertEquals(caretInWord(line, "Wanderlust", "nderlust three"), true);
  assertEquals(caretInWord(line, "Wanderlust", "Wanderlust three"), true, "just before the word");
  assertEquals(caretInWord(line, "Wanderlust", "three"), false, "the caret went past it");
  assertEquals(caretInWord(line, "Wanderlust", line), false, "the caret stayed at the start");
  assertEquals(caretInWord(line, "Wanderlust", null), false);
  const el = (text: string, x: number, cy: number) => ({
    text,
    x,
    y: cy - 5,
    w: 10 * text.length,
    h: 10,
    cx: x,
    cy,
    conf: 1,
  });
  const row = typedWordsRead([el("one two", 0, 20), el("Wanderlust three.", 80, 21)], line);
  assertEquals(row, { found: 4, total: 4, inOrder: true, missed: [] });
  const split = typedWordsRead([el("Wanderlust", 0, 20), el("one", 200, 60)], line);
  assertEquals(split, { found: 2, total: 4, inOrder: false, missed: ["two", "three"] });
  const box = wordBox([el("one Wanderlust", 100, 20)], "Wanderlust");
  assertEquals(box, { x: 140, y: 15, width: 100, height: 10 });
});

Deno.test("a scratch document is known by its own name, not by a folder whose name starts the same", () => {
  const dir = "/tmp/choto-selftest-2dd223d052e6e49c";
  assert(namesDocument(`${dir}/choto-selftest-1.txt - Mousepad`, "choto-selftest-1.txt"));
  assert(!namesDocument(`${dir}/choto-selftest-1.txt - Mousepad`, "choto-selftest-2.txt"));
  assert(namesDocument(`*${dir}/choto-selftest-2.txt - Mousepad`, "choto-selftest-2.txt"));
  assert(namesDocument("choto-selftest-2", "choto-selftest-2.txt"));
});

/** A desktop whose Mousepad opens each scratch file in a window of its own, in front. */
function editorDesktop() {
  const d = new FakeDesktop();
  d.launchable = [{ name: "Mousepad", aliases: [], launch: ["mousepad"] }];
  d.onLaunch = (app, desk) => {
    const file = app.launch.at(-1)!.split("/").pop()!;
    const id = String(10 + desk.windowList.length);
    desk.windowList.unshift(
      window(id, "Mousepad", `${file} - Mousepad`, { x: 0, y: 0, width: 400, height: 300 }),
    );
    desk.focusWindowId = id;
  };
  const sent: string[] = [];
  const hotkey = d.hotkey.bind(d);
  d.hotkey = (keys, gate) => {
    sent.push(`${keys.join("+")} ${gate ? "gated" : "UNGATED"}`);
    return hotkey(keys, gate);
  };
  return { d, sent };
}

Deno.test("the scratch round trip's shortcuts go through the server's gated path, never ungated", async () => {
  const { d, sent } = editorDesktop();
  const dir = await Deno.makeTempDir({ prefix: "choto-editor-" });
  try {
    await editorRoundTrip(d, reader, dir, () => {});
    assert(sent.length >= 4, sent.join("; "));
    assertEquals(sent.filter((s) => s.endsWith("UNGATED")), [], "every shortcut is asked about");
    assert(d.log.includes("hotkey ctrl+a") || d.log.includes("hotkey cmd+a"), d.log.join("; "));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a scratch shortcut that would land in another window is not sent", async () => {
  const { d } = editorDesktop();
  d.windowList.push(window("2", "Chat", "client", { x: 0, y: 0, width: 400, height: 300 }));
  // Just before the first shortcut is checked, the user's chat takes the focus.
  d.beforeEvent = (kind, _sent, desk) => {
    if (kind === "keys" && desk.log.some((l) => l.startsWith("type "))) desk.focusWindowId = "2";
  };
  const dir = await Deno.makeTempDir({ prefix: "choto-editor-" });
  try {
    const out = await editorRoundTrip(d, reader, dir, () => {});
    assert(!d.log.some((l) => l.startsWith("hotkey")), d.log.join("; "));
    assertEquals(out.shortcuts.ok, false);
    assertMatch(out.shortcuts.detail, /no longer in front|outside the scratch document/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
