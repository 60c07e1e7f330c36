/**
 * Drives the macOS backend and the Vision engine through a recording fake of
 * the FFI tables, checking that every +1 object is released exactly once.
 */
import assert from "node:assert/strict";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { makeFake } from "./support/mac_fake.ts";
import { type FakeWorld, keyLog } from "./support/mac_fake_world.ts";
import { greyPng } from "./support/fake_macos.ts";
import { GERMAN } from "./support/mac_layouts.ts";
import { createVisionEngine } from "../src/ocr/engines/vision.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { runDoctorSelftest } from "../src/cli/doctor_selftest.ts";

const host = { execPath: "/usr/local/bin/deno", termProgram: "Apple_Terminal" };

Deno.test("window listing converts points to Retina pixels and releases the list", () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  const s = d.windows();
  assert.equal(s.screen.scale, 2);
  assert.equal(s.frontmostApp, "Safari");
  assert.equal(s.focusWindowId, "2");
  assert.deepEqual(s.windows[0].bounds, { x: 200, y: 200, width: 1600, height: 1200 });
  assert.equal(s.chrome[0].kind, "menubar");
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("capture reads padded BGRA and releases image and data", () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  const img = d.capture();
  assert.equal(img.width, 2);
  assert.equal(img.data.length, 8);
  assert.equal(d.capturePath(), "CGWindowListCreateImage");
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("double click sets click state 1 then 2 at points, events released", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.click({ x: 400, y: 300 }, "left", 2, ["cmd"]);
  const clicks = f.posted.filter((e) => e.type === "mouse1" || e.type === "mouse2");
  assert.deepEqual(clicks.map((e) => e.click), [1n, 1n, 2n, 2n]);
  assert.ok(clicks.every((e) => e.flags === 0x100000n));
  await d.scroll({ x: 10, y: 10 }, 3);
  // One wheel event per notch, CoreGraphics' "up" sign flipped.
  assert.equal(f.posted.filter((e) => e.type === "scroll-1").length, 3);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("typing posts one pair per code point with its real key, the whole astral character", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.type("hé?\n😀");
  assert.deepEqual(keyLog(f.posted), [
    "4d 0 h",
    "4u 0 h",
    "0d 0 é",
    "0u 0 é",
    "44d 20000 ?", // ? is Shift+/ (kVK_ANSI_Slash)
    "44u 20000 ?",
    "36d 0",
    "36u 0",
    "0d 0 😀",
    "0u 0 😀",
  ]);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("hotkeys press and release real modifier keys around the key", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.hotkey(["cmd", "shift", "s"]);
  assert.deepEqual(keyLog(f.posted), [
    "55d 100000",
    "56d 120000",
    "1d 120000",
    "1u 120000",
    "56u 100000",
    "55u 0",
  ]);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("cmd + '+' is Cmd+Shift+=, never key code 0 (Cmd+A); a lone shift ends without its flag", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.hotkey(["cmd", "+"]);
  assert.deepEqual(keyLog(f.posted), [
    "55d 100000",
    "56d 120000",
    "24d 120000",
    "24u 120000",
    "56u 100000",
    "55u 0",
  ]);
  f.posted.length = 0;
  await d.hotkey(["shift"]);
  assert.deepEqual(keyLog(f.posted), ["56d 20000", "56u 0"]);
  f.posted.length = 0;
  await assert.rejects(
    d.hotkey(["cmd", "é"]),
    /no key of the U\.S\. \(com\.apple\.keylayout\.US\) keyboard layout types "é" with Command held: nothing was pressed/,
  );
  await assert.rejects(d.hotkey(["insert"]), /no Insert key/);
  assert.deepEqual(f.posted, [], "a refused combination sends nothing, not even its modifiers");
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("clipboard, apps and permissions go through pools", async () => {
  const f = makeFake({ trusted: false });
  const d = createMacDesktop(f.libs, { host, run: () => Promise.resolve() });
  assert.deepEqual(await d.readClipboard(), { text: "clip", note: "4 characters of text" });
  const apps = await d.runningApps();
  assert.deepEqual(apps.map((a) => a.aliases), [["com.apple.Safari"]]);
  const checks = d.doctorChecks();
  assert.equal(checks[0].ok, true);
  assert.equal(checks[1].ok, false);
  assert.match(checks[1].detail, /not granted to Terminal: .*turn on "Terminal"/);
  assert.match(checks[1].detail, /not to deno \(upgrading Deno keeps them\)/);
  assert.doesNotMatch(checks[1].detail, /upgrading Deno loses/);
  await d.activate("2");
  assert.equal(f.pools(), 0);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("Vision engine maps boxes, releases request, handler, image", async () => {
  const f = makeFake();
  const e = createVisionEngine(f.libs);
  const words = await e.recognize({ width: 100, height: 20, data: new Uint8Array(100 * 20 * 4) });
  assert.deepEqual(words.map((w) => [w.text, w.y, w.h]), [["Save", 0, 10], ["As", 0, 10]]);
  assert.equal(words[0].x, 0);
  assert.ok(Math.abs(words[0].conf - 0.9) < 1e-6);
  await e.close();
  assert.equal(f.pools(), 0);
  assert.deepEqual(f.leaks(), []);
});

Deno.test("an app's version is read once per process, not on every look", () => {
  const f = makeFake();
  const asked: number[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    bundleVersion: (pid) => (asked.push(pid), pid === 7 ? "18.1 (20619.2.8)" : null),
  });
  assert.equal(d.appVersion?.(7), "18.1 (20619.2.8)");
  assert.equal(d.appVersion?.(7), "18.1 (20619.2.8)");
  assert.equal(d.appVersion?.(8), null);
  assert.equal(d.appVersion?.(null), null);
  assert.deepEqual(asked, [7, 8]);
  d.close();
});

Deno.test("failsafe: the corner is the top-left of the display holding the pointer", () => {
  // A second display up and to the left of the main one, as when a monitor sits above a laptop.
  const f = makeFake({
    displays: [
      { id: 1, bounds: [0, 0, 1440, 900], pixelWidth: 2880 },
      { id: 2, bounds: [-1920, -1080, 1920, 1080], pixelWidth: 1920 },
      { id: 3, bounds: [1440, 0, 1280, 1024], pixelWidth: 1280 },
    ],
  });
  const d = createMacDesktop(f.libs, { host });
  d.windows(); // choto works on the main display (it holds the focus window)
  const at = (x: number, y: number) => (f.world.pointer = [x, y], d.pointerInCorner());
  assert.equal(at(-500, -500), false, "the middle of the upper-left display is no corner");
  // In the working display's pixels that spot is negative, which a plain x <= 2 && y <= 2 took for the corner.
  assert.ok(d.pointer().x < 0 && d.pointer().y < 0);
  assert.equal(at(-1920, -1080), true, "the corner of the upper-left display");
  assert.equal(at(1441, 1), true, "the corner of the display to the right");
  assert.equal(at(1.5, 0), true, "the corner of the main display");
  assert.equal(at(700, 400), false);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

/** Two Safari windows (one app, one pid): window 3 sits behind window 2. */
const twoSafariWindows = (): Partial<FakeWorld> => ({
  windows: [
    { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
    { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
    { n: 3, owner: "Safari", layer: 0, bounds: [300, 200, 800, 600], pid: 500, title: "Docs" },
  ],
});

Deno.test("activate raises the asked window of an app, not just the app", async () => {
  const f = makeFake(twoSafariWindows());
  const d = createMacDesktop(f.libs, { host });
  await d.activate("3");
  assert.equal(d.windows().focusWindowId, "3");
  assert.ok(f.axCalls.includes("AXRaise on axwin 3"), f.axCalls.join("; "));
  assert.ok(f.axCalls.includes("AXMain=true on axwin 3"));
  assert.ok(!f.axCalls.some((c) => c.endsWith("axwin 2")), "the other window is left alone");
  d.close();
  assert.equal(f.pools(), 0);
  assert.deepEqual(f.leaks(), []);
});

Deno.test("activate fails, saying so, when the asked window cannot be confirmed in front", async () => {
  const f = makeFake({ ...twoSafariWindows(), raiseWorks: false });
  const d = createMacDesktop(f.libs, { host });
  await assert.rejects(
    d.activate("3"),
    /could not confirm that the Safari window "Docs" is in front.*Safari "Apple"/,
  );
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("activate finds a window by its frame alone when Accessibility titles it differently", async () => {
  const f = makeFake({ ...twoSafariWindows(), axTitles: { 3: "Docs — Edited" } });
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, { host, log: (l) => logged.push(l) });
  await d.activate("3");
  assert.equal(d.windows().focusWindowId, "3");
  assert.ok(f.axCalls.includes("AXRaise on axwin 3"));
  assert.match(logged.join("\n"), /activate Safari window "Docs" \(matched by frame\)/);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("activate raises nothing when two windows share the frame and neither has the title", async () => {
  const f = makeFake({
    windows: [
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
      { n: 3, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Docs" },
    ],
    axTitles: { 2: "One", 3: "Two" },
  });
  const d = createMacDesktop(f.libs, { host });
  await assert.rejects(d.activate("3"), /not found through Accessibility/);
  assert.ok(!f.axCalls.some((c) => c.startsWith("AXRaise")));
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("activation asks with activateFromApplication:options: naming the app in front, then AXFrontmost, and logs both", async () => {
  const f = makeFake({
    windows: [
      { n: 2, owner: "Notes", layer: 0, bounds: [0, 30, 500, 400], pid: 300, title: "Notes" },
      { n: 3, owner: "Safari", layer: 0, bounds: [300, 200, 800, 600], pid: 500, title: "Docs" },
    ],
  });
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, { host, log: (l) => logged.push(l) });
  await d.activate("3");
  assert.ok(
    f.calls.includes("activateFromApplication:options: pid 500 from 300 options 0"),
    f.calls.join("; "),
  );
  assert.ok(f.axCalls.includes("AXFrontmost=true on axapp 500"));
  assert.match(
    logged.join("\n"),
    /activate Safari window "Docs" \(matched by frame and title\): activateFromApplication:options: accepted; AXFrontmost accepted; AXRaise accepted; confirmed in front/,
  );
  // Before macOS 14 the app does not answer the cooperative call: activateWithOptions: asks instead.
  const old = makeFake({
    ...f.world,
    windows: structuredClone(f.world.windows).reverse(),
    cooperativeActivation: false,
  });
  const d2 = createMacDesktop(old.libs, { host, log: () => {} });
  await d2.activate("3");
  assert.ok(old.calls.includes("activateWithOptions: pid 500 options 0"), old.calls.join("; "));
  d.close();
  d2.close();
  assert.deepEqual(f.leaks(), []);
  assert.deepEqual(old.leaks(), []);
});

for (
  const [label, layout] of [
    ["10-bit packed (RGB101010)", { bitsPerPixel: 32, bitsPerComponent: 10, bitmapInfo: (3 << 16) | 1 }],
    ["half-float HDR", { bitsPerPixel: 64, bitsPerComponent: 16, bitmapInfo: (1 << 8) | (1 << 12) | 1 }],
    ["16-bit integer", { bitsPerPixel: 64, bitsPerComponent: 16, bitmapInfo: (1 << 12) | 1 }],
  ] as const
) {
  Deno.test(`a ${label} capture falls back to screencapture instead of decoding garbage`, () => {
    const f = makeFake({
      displays: [{ id: 1, bounds: [0, 0, 144, 90], pixelWidth: 288 }],
      windows: [{ n: 2, owner: "Safari", layer: 0, bounds: [10, 10, 80, 60] }],
      image: { width: 288, height: 180, bytesPerRow: 288 * 8, ...layout },
    });
    const shots: number[][] = [];
    const d = createMacDesktop(f.libs, {
      host,
      screencapture: (r) => (shots.push([r.x, r.y, r.width, r.height]), greyPng(288, 180)),
    });
    const img = d.capture();
    assert.deepEqual([img.width, img.height, img.data[0]], [288, 180, 128]);
    assert.deepEqual(shots, [[0, 0, 144, 90]]);
    assert.equal(d.capturePath(), "screencapture");
    assert.match(d.doctorChecks()[0].detail, /screencapture \(the display's pixels are/);
    d.close();
    assert.deepEqual(f.leaks(), [], "the refused image is released");
  });
}

Deno.test("the scale comes from the captured frame when the display mode disagrees", async () => {
  // The mode claims 2 pixels per point, but frames arrive 1.5 pixels per point.
  const f = makeFake({
    displays: [{ id: 1, bounds: [0, 0, 144, 90], pixelWidth: 288 }],
    windows: [{ n: 2, owner: "Safari", layer: 0, bounds: [10, 10, 80, 60] }],
    image: {
      width: 216,
      height: 135,
      bitsPerPixel: 32,
      bitsPerComponent: 8,
      bitmapInfo: 5,
      bytesPerRow: 216 * 4,
    },
  });
  const d = createMacDesktop(f.libs, { host });
  assert.equal(d.windows().screen.scale, 2);
  const frame = d.capture();
  assert.equal(frame.width, 216);
  const s = d.windows().screen;
  assert.deepEqual([s.scale, s.widthPx, s.heightPx], [1.5, 216, 135]);
  assert.deepEqual(d.windows().windows[0].bounds, { x: 15, y: 15, width: 120, height: 90 });
  await d.click({ x: 150, y: 60 }, "left", 1, []);
  const downs = f.posted.filter((e) => e.type === "mouse1").map((e) => e.at);
  assert.deepEqual(downs, [[100, 40]], "pixel (150, 60) of the frame is point (100, 40)");
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("Vision reads a CoreFoundation copy of the frame, released once, not JavaScript memory", async () => {
  const f = makeFake();
  const e = createVisionEngine(f.libs);
  const frame = { width: 4, height: 4, data: new Uint8Array(64).map((_, i) => i) };
  await e.recognize(frame);
  assert.equal(f.dataCreated.length, 1);
  assert.deepEqual(f.dataCreated[0], frame.data, "the CFData holds the pixels");
  frame.data.fill(0);
  assert.equal(f.dataCreated[0][63], 63, "and is a copy, not a view of the caller's buffer");
  await e.close();
  assert.deepEqual(f.leaks(), [], "CFData, provider, colour space and image each released once");
});

Deno.test("the macOS self-test answers the open questions it can, from what the FFI returned", async () => {
  const f = makeFake({
    windows: [
      { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
      { n: 3, owner: "Notes", layer: 0, bounds: [300, 200, 800, 600], pid: 600, title: "Docs" },
    ],
    layout: GERMAN,
    image: {
      width: 2880,
      height: 1800,
      bitsPerPixel: 32,
      bitsPerComponent: 8,
      bitmapInfo: (2 << 12) | 2,
      bytesPerRow: 2880 * 4,
    },
  });
  const d = createMacDesktop(f.libs, {
    host,
    osRelease: () => "24.1.0",
  });
  const reader = createScreenReader(createVisionEngine(f.libs));
  const out: string[] = [];
  await runDoctorSelftest({ desktop: d, reader, print: (l) => out.push(l) });
  const text = out.join("\n");
  assert.match(text, /macOS: 15 \(Darwin 24\.1\.0/);
  assert.match(text, /activation: Notes "Docs" came to the front/);
  assert.match(text, /activation: Safari "Apple" is in front again/);
  assert.match(
    text,
    /answered {2}Does activation from a process that is not an app work on macOS 14\/15\?\n +on macOS 15, raising Notes "Docs" was confirmed in front \(activateFromApplication:options: accepted\)/,
  );
  assert.match(
    text,
    /answered {2}What does CGWindowListCreateImage do on macOS 15.*\n +on macOS 15 with Screen Recording granted, it returned a 2880x1800 image, one flat colour \(blank\); the frame choto captured was blank/,
  );
  assert.match(
    text,
    /layers on screen during this run: 0 normal \(Safari, Notes\); 24 menubar \(Window Server\)/,
  );
  assert.match(text, /open {6}Does a typed character that no key of the layout types/);
  assert.match(
    text,
    /keyboard layout: German \(com\.apple\.keylayout\.German\): cmd\+a is key 0x00 \(A on a US keyboard\); cmd\+c is key 0x08 \(C on a US keyboard\); cmd\+z is key 0x10 \(Y on a US keyboard\)/,
  );
  assert.match(text, /Verdicts:\nFAIL {2}capture {5}the frame is one flat colour/);
  assert.match(text, /ok {4}activate {4}Notes and Safari each came to the front/);
  assert.equal(f.posted.filter((e) => e.type.startsWith("key")).length, 0, "no key was sent");
  assert.ok(!f.posted.some((e) => /^mouse[1-4]$/.test(e.type)), "no button was pressed");
  assert.deepEqual(f.world.pointer, [50, 60], "the pointer is back where it was");
  await reader.close();
  d.close();
  assert.equal(f.pools(), 0);
  assert.deepEqual(f.leaks(), []);
});
