import { assertEquals, assertMatch, assertNotMatch, assertThrows } from "./support/assert.ts";
import { deflateSync } from "node:zlib";
import { bundleOf, versionFromPlist } from "../src/desktop/macos/bundle_version.ts";
import { kindOfLayer } from "../src/desktop/macos/layers.ts";
import {
  displayFor,
  pixelToPoint,
  pointToPixel,
  rectToPixels,
  scaleOf,
} from "../src/desktop/macos/geometry.ts";
import { namedKeyCode, planHotkey, planTyping, US_LAYOUT } from "../src/desktop/macos/keycodes.ts";
import { channelOffsets, decodePng, layoutProblem, toRgba } from "../src/desktop/macos/bitmap.ts";
import { splitByCharacters, toPixels, wordRanges } from "../src/ocr/engines/vision_boxes.ts";
import { focusWindow, type RawWindow, splitWindows } from "../src/desktop/macos/window_list.ts";
import { grantHolder, permissionChecks } from "../src/desktop/macos/permissions.ts";
import { matchingWindows } from "../src/desktop/macos/window_match.ts";
import { layerSummary, macosVersionOf } from "../src/desktop/macos/probe.ts";

Deno.test("layers follow CGWindowLevel.h", () => {
  assertEquals(kindOfLayer(0), "normal");
  assertEquals(kindOfLayer(8), "dialog");
  assertEquals(kindOfLayer(20), "dock");
  assertEquals(kindOfLayer(24), "menubar");
  assertEquals(kindOfLayer(25), "status");
  assertEquals(kindOfLayer(101), "menu");
  assertEquals(kindOfLayer(200), "tooltip");
  assertEquals(kindOfLayer(1000), "other");
});

const main = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 }, scale: 2 };
const left = { id: 2, bounds: { x: -1920, y: -200, width: 1920, height: 1080 }, scale: 1 };

Deno.test("scale is pixel width over point width, snapped", () => {
  assertEquals(scaleOf(2880, 1440), 2);
  assertEquals(scaleOf(2879.9, 1440), 2);
  assertEquals(scaleOf(0, 1440), 1);
  assertEquals(scaleOf(3024, 1800), 1.68);
});

Deno.test("negative origins convert both ways", () => {
  const d = displayFor([main, left], { x: -1000, y: 0, width: 400, height: 300 });
  assertEquals(d.id, 2);
  assertEquals(pointToPixel(d, { x: -1920, y: -200 }), { x: 0, y: 0 });
  assertEquals(pixelToPoint(d, { x: 100, y: 50 }), { x: -1820, y: -150 });
  assertEquals(pixelToPoint(main, { x: 200, y: 100 }), { x: 100, y: 50 });
  assertEquals(rectToPixels(main, { x: 10, y: 20, width: 30, height: 40 }), {
    x: 20,
    y: 40,
    width: 60,
    height: 80,
  });
  assertEquals(displayFor([main, left], null).id, 1);
});

const raw = (over: Partial<RawWindow>): RawWindow => ({
  number: 1,
  ownerName: "App",
  pid: 10,
  name: "",
  bounds: { x: 0, y: 0, width: 100, height: 100 },
  layer: 0,
  onScreen: true,
  alpha: 1,
  ...over,
});

Deno.test("focus is the first visible layer-0 window; chrome is split off; every display's windows are listed", () => {
  const list = [
    raw({
      number: 5,
      ownerName: "Window Server",
      layer: 24,
      bounds: { x: 0, y: 0, width: 1440, height: 24 },
    }),
    raw({ number: 6, layer: 0, alpha: 0 }),
    raw({ number: 7, ownerName: "Safari", pid: 42, name: "Apple" }),
    raw({ number: 8, layer: 101, ownerName: "Safari" }),
    raw({ number: 9, layer: 0, bounds: { x: -1900, y: 0, width: 100, height: 100 } }),
  ];
  assertEquals(focusWindow(list)?.number, 7);
  const { windows, chrome } = splitWindows(list, main);
  // A window on another display is listed too, in the working display's pixels (outside its frame).
  assertEquals(windows.map((w) => w.id), ["7", "9"]);
  assertEquals(windows[1].bounds, { x: -3800, y: 0, width: 200, height: 200 });
  assertEquals(chrome.map((w) => w.kind), ["menubar", "menu"]);
  assertEquals(chrome[0].bounds, { x: 0, y: 0, width: 2880, height: 48 });
});

Deno.test("key codes follow HIToolbox Events.h for the shared vocabulary", () => {
  const us = (ch: string) => US_LAYOUT.typingKey(ch);
  assertEquals(us("a"), { code: 0, shift: false, option: false });
  assertEquals(us("S"), { code: 1, shift: true, option: false });
  assertEquals(namedKeyCode("enter"), 0x24);
  assertEquals(namedKeyCode("tab"), 0x30);
  assertEquals(namedKeyCode("space"), 0x31);
  assertEquals(namedKeyCode("backspace"), 0x33, "kVK_Delete erases to the left");
  assertEquals(namedKeyCode("delete"), 0x75, "delete is forward delete, as on X11");
  assertEquals(namedKeyCode("escape"), 0x35);
  assertEquals(namedKeyCode("f1"), 0x7a);
  assertEquals(namedKeyCode("f12"), 0x6f);
  assertEquals(namedKeyCode("f13"), 0x69);
  assertEquals(namedKeyCode("f20"), 0x5a);
  assertEquals(namedKeyCode("left"), 0x7b);
  assertEquals(us("é"), null);
  assertEquals(namedKeyCode("insert"), null);
});

Deno.test("US punctuation is its key plus Shift, never key code 0", () => {
  const us = (ch: string) => US_LAYOUT.shortcutKey(ch, true);
  assertEquals(us("+"), { code: 0x18, shift: true, option: false }, "+ is Shift+=");
  assertEquals(us("?"), { code: 0x2c, shift: true, option: false }, "? is Shift+/");
  assertEquals(us("="), { code: 0x18, shift: false, option: false });
  assertEquals(us("~"), { code: 0x32, shift: true, option: false });
  assertEquals(us("!"), { code: 0x12, shift: true, option: false });
});

const SHIFT = 0x20000, CMD = 0x100000;

Deno.test("cmd + '+' presses Cmd, Shift and =, not Cmd+A", () => {
  const ev = planHotkey({ modifiers: ["cmd"], key: "+" });
  assertEquals(ev, [
    { code: 0x37, down: true, flags: CMD },
    { code: 0x38, down: true, flags: CMD | SHIFT },
    { code: 0x18, down: true, flags: CMD | SHIFT },
    { code: 0x18, down: false, flags: CMD | SHIFT },
    { code: 0x38, down: false, flags: CMD },
    { code: 0x37, down: false, flags: 0 },
  ]);
  assertThrows(() => planHotkey({ modifiers: ["cmd"], key: "é" }), /no key/);
});

Deno.test("a lone modifier goes down with its flag and up without it", () => {
  assertEquals(planHotkey({ modifiers: ["shift"], key: null }), [
    { code: 0x38, down: true, flags: SHIFT },
    { code: 0x38, down: false, flags: 0 },
  ]);
  // A modifier already held is neither pressed again nor let go.
  assertEquals(planHotkey({ modifiers: ["cmd"], key: "c" }, ["cmd"]), [
    { code: 0x08, down: true, flags: CMD },
    { code: 0x08, down: false, flags: CMD },
  ]);
});

Deno.test("typing sends one code point per event, with its real key where it has one", () => {
  const steps = planTyping("a😀\nB?");
  assertEquals(steps.length, 5);
  assertEquals(steps[0], { key: 0, flags: 0, text: new Uint16Array([0x61]) });
  assertEquals(steps[1], { key: 0, flags: 0, text: new Uint16Array([0xd83d, 0xde00]) });
  assertEquals(steps[2], { key: 0x24, flags: 0, text: null });
  assertEquals(steps[3], { key: 0x0b, flags: SHIFT, text: new Uint16Array([0x42]) });
  assertEquals(steps[4], { key: 0x2c, flags: SHIFT, text: new Uint16Array([0x3f]) });
});

Deno.test("BGRA premultiplied rows with padding become RGBA", () => {
  const info = (2 << 12) | 2; // 32Little | PremultipliedFirst
  assertEquals(channelOffsets(info, 32), { r: 2, g: 1, b: 0, a: 3, premultiplied: true });
  // 2x2, bytesPerRow 12 (4 bytes padding)
  const src = new Uint8Array([
    ...[30, 20, 10, 255, 0, 0, 255, 255, 9, 9, 9, 9],
    ...[0, 64, 0, 128, 1, 2, 3, 255, 9, 9, 9, 9],
  ]);
  const out = toRgba(src, 2, 2, 12, info);
  assertEquals([...out.data], [10, 20, 30, 255, 255, 0, 0, 255, 0, 128, 0, 128, 3, 2, 1, 255]);
  const rgbx = toRgba(new Uint8Array([1, 2, 3, 0]), 1, 1, 4, 5);
  assertEquals([...rgbx.data], [1, 2, 3, 255]);
});

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  return out; // CRC left zero: the decoder does not check it
}

Deno.test("decodePng reads filtered RGB rows", () => {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, 2);
  new DataView(ihdr.buffer).setUint32(4, 2);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // row 0: filter 1 (sub), row 1: filter 2 (up)
  const rows = new Uint8Array([1, 10, 20, 30, 5, 5, 5, 2, 1, 1, 1, 2, 2, 2]);
  const png = new Uint8Array([
    137,
    80,
    78,
    71,
    13,
    10,
    26,
    10,
    ...chunk("IHDR", ihdr),
    ...chunk("IDAT", new Uint8Array(deflateSync(rows))),
    ...chunk("IEND", new Uint8Array(0)),
  ]);
  const img = decodePng(png);
  assertEquals(img.width, 2);
  assertEquals([...img.data], [10, 20, 30, 255, 15, 25, 35, 255, 11, 21, 31, 255, 17, 27, 37, 255]);
});

Deno.test("Vision boxes flip to a top-left origin", () => {
  assertEquals(toPixels({ x: 0.1, y: 0.2, width: 0.5, height: 0.1 }, 1000, 500), {
    x: 100,
    y: 350,
    w: 500,
    h: 50,
  });
  assertEquals(wordRanges(" Save  As…"), [
    { text: "Save", location: 1, length: 4 },
    { text: "As…", location: 7, length: 3 },
  ]);
  const words = splitByCharacters("ab cd", { x: 0, y: 10, w: 50, h: 8 });
  assertEquals(words.map((w) => [w.text, w.x, w.w]), [["ab", 0, 20], ["cd", 30, 20]]);
});

Deno.test("permission details name who really holds the grants, and never Claude", () => {
  // Claude Desktop disowns the servers it starts: a bare deno is responsible for itself.
  const claude = { execPath: "/opt/homebrew/bin/deno", bundleId: "com.anthropic.claudefordesktop" };
  assertEquals(grantHolder(claude), { name: "deno", kind: "executable", path: "/opt/homebrew/bin/deno" });
  assertEquals(grantHolder({ execPath: "/opt/homebrew/bin/deno", parentName: "disclaimer" }).name, "deno");
  // The service launchd starts from the app bundle.
  const service = { execPath: "/Users/ann/Applications/Choto.app/Contents/MacOS/choto" };
  assertEquals(grantHolder(service), {
    name: "Choto",
    kind: "app",
    path: "/Users/ann/Applications/Choto.app",
  });
  // A shell's child is the terminal's, even Choto.app's own executable run from it.
  assertEquals(grantHolder({ ...service, termProgram: "iTerm.app" }), { name: "iTerm", kind: "terminal" });
  assertEquals(
    grantHolder({ bundleId: "com.example.Client", execPath: "/x/deno" }).name,
    "com.example.Client",
  );

  const [sr, ax] = permissionChecks(false, false, "screencapture", {
    termProgram: "Apple_Terminal",
    execPath: "/opt/deno",
  });
  assertMatch(sr.detail, /^not granted to Terminal: /);
  assertMatch(sr.detail, /Privacy & Security → Screen Recording: turn on "Terminal"/);
  assertMatch(sr.detail, /covers runs from Terminal only; for your MCP client, install Choto\.app/);
  assertMatch(sr.detail, /Run from a terminal, doctor reports Terminal's grants/);
  assertMatch(sr.detail, /screencapture/);
  assertMatch(ax.detail, /Accessibility: turn on "Terminal"/);

  const [bareSr, bareAx] = permissionChecks(false, false, "p", claude);
  assertMatch(bareSr.detail, /^not granted to deno: .*Install Choto\.app \(`deno task app`.*`choto bridge`/);
  assertMatch(bareSr.detail, /Turning on deno itself would give every Deno script these rights/);
  assertMatch(bareAx.detail, /macOS charges the grants to the program itself, \/opt\/homebrew\/bin\/deno/);

  const [svcSr, svcAx] = permissionChecks(true, false, "p", service);
  assertMatch(svcSr.detail, /^granted to Choto\./);
  assertMatch(svcAx.detail, /turn on "Choto" .*launchctl kickstart -k gui\/\$\(id -u\)\/dev\.choto\.host/);
  assertMatch(svcAx.detail, /rebuilds signed by the same identity keep them/);

  // A compiled choto started on its own holds its own, and a rebuild undoes an added one.
  const [, own] = permissionChecks(true, false, "p", { execPath: "/usr/local/bin/choto" });
  assertMatch(
    own.detail,
    /not granted to choto: .*add "\/usr\/local\/bin\/choto" with \+, which a rebuild undoes/,
  );

  for (const f of [claude, service, { termProgram: "Apple_Terminal", execPath: "/opt/deno" }]) {
    for (const c of permissionChecks(false, false, "p", f)) {
      // Claude may be named only as the client that disowns its servers, never as a holder.
      assertNotMatch(c.detail.replaceAll("Claude Desktop disowns", ""), /Claude/);
    }
  }
  assertEquals(permissionChecks(true, true, "p", { execPath: "d" }).every((c) => c.ok), true);
});

Deno.test("app versions come from the bundle's Info.plist", () => {
  assertEquals(
    bundleOf("/Applications/Safari.app/Contents/MacOS/Safari"),
    "/Applications/Safari.app",
  );
  assertEquals(bundleOf("/usr/bin/vim"), null);
  const plist = `<?xml version="1.0"?><plist><dict>
    <key>CFBundleShortVersionString</key>
    <string>18.1</string>
    <key>CFBundleVersion</key><string>20619.2.8</string></dict></plist>`;
  assertEquals(versionFromPlist(plist), "18.1 (20619.2.8)");
  assertEquals(
    versionFromPlist("<plist><dict><key>CFBundleVersion</key><string>42</string></dict></plist>"),
    "42",
  );
  assertEquals(versionFromPlist("bplist00\u0000"), null);
});

Deno.test("only 8-bit RGBA capture layouts are decoded in-process", () => {
  assertEquals(layoutProblem((2 << 12) | 2, 32, 8), null, "BGRA premultiplied, 32-bit little");
  assertEquals(layoutProblem(5, 32, 8), null, "RGBX default order");
  assertMatch(layoutProblem((3 << 16) | 1, 32, 10)!, /10 bits per component/);
  assertMatch(layoutProblem((4 << 16) | 2, 32, 8)!, /packed pixel format 0x40000/);
  assertMatch(layoutProblem((1 << 8) | 1, 128, 32)!, /float components/);
  assertMatch(layoutProblem((1 << 12) | 1, 32, 8)!, /16-bit byte order/);
  assertMatch(layoutProblem(7, 32, 8)!, /alpha only/);
  assertThrows(() => channelOffsets((3 << 16) | 1, 32), /unsupported capture layout/);
});

Deno.test("an Accessibility window is the asked one by frame and title, else by a frame of its own", () => {
  const at = (x: number, title: string) => ({ title, bounds: { x, y: 50, width: 800, height: 600 } });
  const ax = [at(100, "Apple"), at(300, "Docs"), null, at(300.5, "Docs")];
  const m = (t: ReturnType<typeof at>) => matchingWindows(t, ax);
  assertEquals(
    m(at(300, "Docs")),
    { indices: [1, 3], by: "frame and title" },
    "both identical, in order",
  );
  assertEquals(
    m(at(300, "Other")),
    { indices: [], by: "frame" },
    "two windows share that frame: no guess",
  );
  assertEquals(
    m(at(100, "Apple — Edited")),
    { indices: [0], by: "frame" },
    "a frame no other window has",
  );
  assertEquals(m(at(100, "")), { indices: [0], by: "frame" }, "no title without Screen Recording");
  assertEquals(
    m(at(300, "")),
    { indices: [1, 3], by: "frame" },
    "untitled: each with the frame is tried",
  );
  assertEquals(m(at(200, "Docs")), { indices: [], by: "frame" });
});

Deno.test("self-test helpers: macOS version from Darwin, layers by owner", () => {
  assertEquals(macosVersionOf("23.6.0"), "14");
  assertEquals(macosVersionOf("24.1.0"), "15");
  assertEquals(macosVersionOf("25.0.0"), "26");
  assertMatch(macosVersionOf("x"), /unknown/);
  assertEquals(
    layerSummary([
      raw({ layer: 25, ownerName: "Control Centre" }),
      raw({ layer: 0, ownerName: "Safari" }),
      raw({ layer: 101, ownerName: "Safari" }),
    ]),
    "0 normal (Safari); 25 status (Control Centre); 101 menu (Safari)",
  );
});
