/**
 * Drives the macOS backend and the Vision engine through a recording fake of
 * the FFI tables, checking that every +1 object is released exactly once.
 */
import { assert, assertEquals, assertMatch, assertRejects } from "./support/assert.ts";
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
  assertEquals(s.screen.scale, 2);
  assertEquals(s.frontmostApp, "Safari");
  assertEquals(s.focusWindowId, "2");
  assertEquals(s.windows[0].bounds, { x: 200, y: 200, width: 1600, height: 1200 });
  assertEquals(s.chrome[0].kind, "menubar");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("capture reads padded BGRA and releases image and data", () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  const img = d.capture();
  assertEquals(img.width, 2);
  assertEquals(img.data.length, 8);
  assertEquals(d.capturePath(), "CGWindowListCreateImage");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("double click sets click state 1 then 2 at points, events released", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.click({ x: 400, y: 300 }, "left", 2, ["cmd"]);
  const clicks = f.posted.filter((e) => e.type === "mouse1" || e.type === "mouse2");
  assertEquals(clicks.map((e) => e.click), [1n, 1n, 2n, 2n]);
  assert(clicks.every((e) => e.flags === 0x100000n));
  await d.scroll({ x: 10, y: 10 }, 3);
  // One wheel event per notch, CoreGraphics' "up" sign flipped.
  assertEquals(f.posted.filter((e) => e.type === "scroll-1").length, 3);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("typing posts one pair per code point with its real key, the whole astral character", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.type("hé?\n😀");
  assertEquals(keyLog(f.posted), [
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
  assertEquals(f.leaks(), []);
});

Deno.test("hotkeys press and release real modifier keys around the key", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.hotkey(["cmd", "shift", "s"]);
  assertEquals(keyLog(f.posted), [
    "55d 100000",
    "56d 120000",
    "1d 120000",
    "1u 120000",
    "56u 100000",
    "55u 0",
  ]);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("cmd + '+' is Cmd+Shift+=, never key code 0 (Cmd+A); a lone shift ends without its flag", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host });
  await d.hotkey(["cmd", "+"]);
  assertEquals(keyLog(f.posted), [
    "55d 100000",
    "56d 120000",
    "24d 120000",
    "24u 120000",
    "56u 100000",
    "55u 0",
  ]);
  f.posted.length = 0;
  await d.hotkey(["shift"]);
  assertEquals(keyLog(f.posted), ["56d 20000", "56u 0"]);
  f.posted.length = 0;
  await assertRejects(
    d.hotkey(["cmd", "é"]),
    /no key of the U\.S\. \(com\.apple\.keylayout\.US\) keyboard layout types "é" with Command held: nothing was pressed/,
  );
  await assertRejects(d.hotkey(["insert"]), /no Insert key/);
  assertEquals(f.posted, [], "a refused combination sends nothing, not even its modifiers");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("clipboard, apps and permissions go through pools", async () => {
  const f = makeFake({ trusted: false });
  const d = createMacDesktop(f.libs, { host, run: () => Promise.resolve() });
  assertEquals(await d.readClipboard(), { text: "clip", note: "4 characters of text" });
  const apps = await d.runningApps();
  assertEquals(apps.map((a) => a.aliases), [["com.apple.Safari"]]);
  const checks = d.doctorChecks();
  assertEquals(checks[0].ok, true);
  assertEquals(checks[1].ok, false);
  assertMatch(checks[1].detail, /not granted to Terminal: .*turn on "Terminal"/);
  // Terminal's grant covers runs from Terminal; the MCP client's choto is Choto.app, which doctor says.
  assertMatch(checks[1].detail, /covers runs from Terminal only; for your MCP client, install Choto\.app/);
  assertMatch(checks[1].detail, /Run from a terminal, doctor reports Terminal's grants/);
  await d.activate("2");
  assertEquals(f.pools(), 0);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("Vision engine maps boxes, releases request, handler, image", async () => {
  const f = makeFake();
  const e = createVisionEngine(f.libs);
  const words = await e.recognize({ width: 100, height: 20, data: new Uint8Array(100 * 20 * 4) });
  assertEquals(words.map((w) => [w.text, w.y, w.h]), [["Save", 0, 10], ["As", 0, 10]]);
  assertEquals(words[0].x, 0);
  assert(Math.abs(words[0].conf - 0.9) < 1e-6);
  await e.close();
  assertEquals(f.pools(), 0);
  assertEquals(f.leaks(), []);
});

Deno.test("an app's version is read once per process, not on every look", () => {
  const f = makeFake();
  const asked: number[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    bundleVersion: (pid) => (asked.push(pid), pid === 7 ? "18.1 (20619.2.8)" : null),
  });
  assertEquals(d.appVersion?.(7), "18.1 (20619.2.8)");
  assertEquals(d.appVersion?.(7), "18.1 (20619.2.8)");
  assertEquals(d.appVersion?.(8), null);
  assertEquals(d.appVersion?.(null), null);
  assertEquals(asked, [7, 8]);
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
  assertEquals(at(-500, -500), false, "the middle of the upper-left display is no corner");
  // In the working display's pixels that spot is negative, which a plain x <= 2 && y <= 2 took for the corner.
  assert(d.pointer().x < 0 && d.pointer().y < 0);
  assertEquals(at(-1920, -1080), true, "the corner of the upper-left display");
  assertEquals(at(1441, 1), true, "the corner of the display to the right");
  assertEquals(at(1.5, 0), true, "the corner of the main display");
  assertEquals(at(700, 400), false);
  d.close();
  assertEquals(f.leaks(), []);
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
  assertEquals(d.windows().focusWindowId, "3");
  assert(f.axCalls.includes("AXRaise on axwin 3"), f.axCalls.join("; "));
  assert(f.axCalls.includes("AXMain=true on axwin 3"));
  assert(!f.axCalls.some((c) => c.endsWith("axwin 2")), "the other window is left alone");
  d.close();
  assertEquals(f.pools(), 0);
  assertEquals(f.leaks(), []);
});

Deno.test("activate fails, saying so, when the asked window cannot be confirmed in front", async () => {
  const f = makeFake({ ...twoSafariWindows(), raiseWorks: false });
  const d = createMacDesktop(f.libs, { host });
  await assertRejects(
    d.activate("3"),
    /could not confirm that the Safari window "Docs" is in front.*Safari "Apple"/,
  );
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("activate finds a window by its frame alone when Accessibility titles it differently", async () => {
  const f = makeFake({ ...twoSafariWindows(), axTitles: { 3: "Docs — Edited" } });
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, { host, log: (l) => logged.push(l) });
  await d.activate("3");
  assertEquals(d.windows().focusWindowId, "3");
  assert(f.axCalls.includes("AXRaise on axwin 3"));
  assertMatch(logged.join("\n"), /activate Safari window "Docs" \(matched by frame\)/);
  d.close();
  assertEquals(f.leaks(), []);
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
  await assertRejects(d.activate("3"), /not found through Accessibility/);
  assert(!f.axCalls.some((c) => c.startsWith("AXRaise")));
  d.close();
  assertEquals(f.leaks(), []);
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
  assert(
    f.calls.includes("activateFromApplication:options: pid 500 from 300 options 0"),
    f.calls.join("; "),
  );
  assert(f.axCalls.includes("AXFrontmost=true on axapp 500"));
  assertMatch(
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
  assert(old.calls.includes("activateWithOptions: pid 500 options 0"), old.calls.join("; "));
  d.close();
  d2.close();
  assertEquals(f.leaks(), []);
  assertEquals(old.leaks(), []);
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
    assertEquals([img.width, img.height, img.data[0]], [288, 180, 128]);
    assertEquals(shots, [[0, 0, 144, 90]]);
    assertEquals(d.capturePath(), "screencapture");
    assertMatch(
      d.doctorChecks()[0].detail,
      /screencapture \(CGWindowListCreateImage: it returned a 288x180 image of .+, which choto does not decode; ScreenCaptureKit: it exists only on macOS\)/,
    );
    d.close();
    assertEquals(f.leaks(), [], "the refused image is released");
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
  assertEquals(d.windows().screen.scale, 2);
  const frame = d.capture();
  assertEquals(frame.width, 216);
  const s = d.windows().screen;
  assertEquals([s.scale, s.widthPx, s.heightPx], [1.5, 216, 135]);
  assertEquals(d.windows().windows[0].bounds, { x: 15, y: 15, width: 120, height: 90 });
  await d.click({ x: 150, y: 60 }, "left", 1, []);
  const downs = f.posted.filter((e) => e.type === "mouse1").map((e) => e.at);
  assertEquals(downs, [[100, 40]], "pixel (150, 60) of the frame is point (100, 40)");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("Vision reads a CoreFoundation copy of the frame, released once, not JavaScript memory", async () => {
  const f = makeFake();
  const e = createVisionEngine(f.libs);
  const frame = { width: 4, height: 4, data: new Uint8Array(64).map((_, i) => i) };
  await e.recognize(frame);
  assertEquals(f.dataCreated.length, 1);
  assertEquals(f.dataCreated[0], frame.data, "the CFData holds the pixels");
  frame.data.fill(0);
  assertEquals(f.dataCreated[0][63], 63, "and is a copy, not a view of the caller's buffer");
  await e.close();
  assertEquals(f.leaks(), [], "CFData, provider, colour space and image each released once");
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
  assertMatch(text, /macOS: 15 \(Darwin 24\.1\.0/);
  assertMatch(text, /activation: Notes "Docs" came to the front/);
  assertMatch(text, /activation: Safari "Apple" is in front again/);
  assertMatch(
    text,
    /answered {2}Does activation from a process that is not an app work on macOS 14\/15\?\n +on macOS 15, raising Notes "Docs" was confirmed in front \(activateFromApplication:options: accepted\)/,
  );
  assertMatch(
    text,
    /answered {2}What does CGWindowListCreateImage do on macOS 15.*\n +on macOS 15 with Screen Recording granted, it returned a 2880x1800 image, one flat colour \(blank\); the frame choto captured was blank/,
  );
  assertMatch(
    text,
    /layers on screen during this run: 0 normal \(Safari, Notes\); 24 menubar \(Window Server\)/,
  );
  assertMatch(text, /open {6}Does a typed character that no key of the layout types/);
  assertMatch(
    text,
    /keyboard layout: German \(com\.apple\.keylayout\.German\): cmd\+a is key 0x00 \(A on a US keyboard\); cmd\+c is key 0x08 \(C on a US keyboard\); cmd\+z is key 0x10 \(Y on a US keyboard\)/,
  );
  assertMatch(text, /Verdicts:\nFAIL {2}capture {5}the frame is one flat colour/);
  assertMatch(text, /ok {4}activate {4}Notes and Safari each came to the front/);
  assertEquals(f.posted.filter((e) => e.type.startsWith("key")).length, 0, "no key was sent");
  assert(!f.posted.some((e) => /^mouse[1-4]$/.test(e.type)), "no button was pressed");
  assertEquals(f.world.pointer, [50, 60], "the pointer is back where it was");
  await reader.close();
  d.close();
  assertEquals(f.pools(), 0);
  assertEquals(f.leaks(), []);
});
