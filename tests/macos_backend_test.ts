/**
 * Drives the macOS backend and the Vision engine through a recording fake of
 * the FFI tables, checking that every +1 object is released exactly once.
 */
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import type { MacLibs } from "../src/desktop/macos/libs.ts";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { createVisionEngine } from "../src/ocr/vision.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { runSelfTest } from "../src/doctor_selftest.ts";

type P = Deno.PointerValue;
interface Obj {
  kind: string;
  value?: unknown;
  owned: boolean;
  releases: number;
}

/** Window and display layout of a fake Mac; tests change it between calls. */
interface FakeWorld {
  /** Active displays: id, bounds in global points, mode width in pixels. */
  displays: Array<{ id: number; bounds: number[]; pixelWidth: number }>;
  /** The window list, front to back: number, owner, layer, bounds. */
  windows: Array<{ n: number; owner: string; layer: number; bounds: number[]; pid?: number; title?: string }>;
  /** The pointer in global points. */
  pointer: [number, number];
  /** Whether AXRaise brings a window to the front (some apps ignore it). */
  raiseWorks: boolean;
  /** Titles Accessibility reports, by window number, when they differ from the window list's. */
  axTitles: Record<number, string>;
  /** What CGWindowListCreateImage returns: its layout, or null for NULL. */
  image: {
    width: number;
    height: number;
    bitsPerPixel: number;
    bitsPerComponent: number;
    bitmapInfo: number;
    bytesPerRow: number;
  } | null;
}

function makeFake(world: Partial<FakeWorld> = {}) {
  const w: FakeWorld = {
    displays: [{ id: 1, bounds: [0, 0, 1440, 900], pixelWidth: 2880 }],
    windows: [
      { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600] },
    ],
    pointer: [50, 60],
    raiseWorks: true,
    axTitles: {},
    // 2x1 BGRA premultiplied (32Little | PremultipliedFirst), rows padded to 16 bytes.
    image: {
      width: 2,
      height: 1,
      bitsPerPixel: 32,
      bitsPerComponent: 8,
      bitmapInfo: (2 << 12) | 2,
      bytesPerRow: 16,
    },
    ...world,
  };
  const objs = new Map<bigint, Obj>();
  let next = 0x1000n;
  const posted: Array<{ type: string; flags: bigint; click?: bigint; text?: string; at?: number[] }> = [];
  let pools = 0;
  const mk = (kind: string, value?: unknown, owned = false): P => {
    next += 16n;
    objs.set(next, { kind, value, owned, releases: 0 });
    return Deno.UnsafePointer.create(next);
  };
  const get = (p: P) => objs.get(Deno.UnsafePointer.value(p))!;
  const rel = (p: P) => void get(p).releases++;
  const cstr = (b: BufferSource) => {
    const u = new Uint8Array(b as ArrayBuffer);
    return new TextDecoder().decode(u.subarray(0, u.indexOf(0)));
  };
  const rect = (x: number, y: number, w: number, h: number) =>
    new Uint8Array(new Float64Array([x, y, w, h]).buffer);
  const win = (x: FakeWorld["windows"][number]) =>
    mk("dict", {
      kCGWindowNumber: mk("num", x.n),
      kCGWindowOwnerName: mk("str", x.owner),
      kCGWindowOwnerPID: mk("num", x.pid ?? 100 + x.n),
      kCGWindowName: mk("str", x.title ?? `W${x.n}`),
      kCGWindowLayer: mk("num", x.layer),
      kCGWindowIsOnscreen: mk("bool", true),
      kCGWindowBounds: mk("rect", x.bounds),
    });
  const display = (id: number) => w.displays.find((d) => d.id === id) ?? w.displays[0];
  const dataCreated: Uint8Array[] = [];
  const trueObj = mk("bool", true);
  const trueCell = new BigUint64Array([Deno.UnsafePointer.value(trueObj) as bigint]);
  const events = new Map<
    bigint,
    { type: string; flags: bigint; click?: bigint; text?: string; at?: number[] }
  >();
  const ev = (type: string, at?: number[]) => {
    const p = mk("event", undefined, true);
    events.set(Deno.UnsafePointer.value(p) as bigint, { type, flags: 0n, at });
    return p;
  };
  const evOf = (p: P) => events.get(Deno.UnsafePointer.value(p) as bigint)!;

  const cf = {
    CFRelease: rel,
    CFGetTypeID: (p: P) => BigInt(["str", "num", "bool"].indexOf(get(p).kind) + 1),
    CFStringGetTypeID: () => 1n,
    CFNumberGetTypeID: () => 2n,
    CFBooleanGetTypeID: () => 3n,
    CFStringCreateWithCString: (_a: P, b: BufferSource) => mk("str", cstr(b), true),
    CFStringGetLength: (p: P) => BigInt((get(p).value as string).length),
    CFStringGetMaximumSizeForEncoding: (n: bigint) => n * 4n,
    CFStringGetCString: (p: P, buf: BufferSource) => {
      const bytes = new TextEncoder().encode(get(p).value as string);
      (buf as Uint8Array).set([...bytes, 0]);
      return 1;
    },
    CFNumberGetValue: (p: P, t: bigint, buf: BufferSource) => {
      const v = Number(get(p).value);
      if (t === 4n) new BigInt64Array((buf as BigInt64Array).buffer)[0] = BigInt(v);
      else new Float64Array((buf as Float64Array).buffer)[0] = v;
      return 1;
    },
    CFBooleanGetValue: (p: P) => (get(p).value ? 1 : 0),
    CFArrayGetCount: (p: P) => BigInt((get(p).value as P[]).length),
    CFArrayGetValueAtIndex: (p: P, i: bigint) => (get(p).value as P[])[Number(i)],
    CFDictionaryGetValue: (d: P, k: P) => (get(d).value as Record<string, P>)[get(k).value as string] ?? null,
    CFDataCreate: (_a: P, bytes: BufferSource, n: bigint) => {
      const copy = new Uint8Array((bytes as Uint8Array).subarray(0, Number(n)));
      const p = mk("data", copy, true);
      dataCreated.push(copy);
      return p;
    },
    CFDataGetLength: (p: P) => BigInt((get(p).value as Uint8Array).length),
    CFDataGetBytePtr: (p: P) => Deno.UnsafePointer.of(get(p).value as Uint8Array),
    kCFBooleanTrue: Deno.UnsafePointer.of(trueCell),
  };
  const cg = {
    CGWindowListCopyWindowInfo: () => mk("array", w.windows.map(win), true),
    CGRectMakeWithDictionaryRepresentation: (d: P, out: BufferSource) => {
      new Float64Array((out as Float64Array).buffer).set(get(d).value as number[]);
      return true;
    },
    CGGetActiveDisplayList: (_m: number, ids: BufferSource, count: BufferSource) => {
      w.displays.forEach((d, i) => (ids as Uint32Array)[i] = d.id);
      (count as Uint32Array)[0] = w.displays.length;
      return 0;
    },
    CGMainDisplayID: () => w.displays[0].id,
    CGDisplayBounds: (id: number) => rect(...(display(id).bounds as [number, number, number, number])),
    CGDisplayCopyDisplayMode: (id: number) => mk("mode", id, true),
    CGDisplayModeGetPixelWidth: (m: P) => BigInt(display(get(m).value as number).pixelWidth),
    CGDisplayModeGetPixelHeight: () => 1800n,
    CGDisplayModeRelease: rel,
    CGWindowListCreateImage: () => w.image ? mk("image", undefined, true) : null,
    CGPreflightScreenCaptureAccess: () => true,
    CGRequestScreenCaptureAccess: () => true,
    CGImageGetWidth: () => BigInt(w.image!.width),
    CGImageGetHeight: () => BigInt(w.image!.height),
    CGImageGetBitsPerPixel: () => BigInt(w.image!.bitsPerPixel),
    CGImageGetBitsPerComponent: () => BigInt(w.image!.bitsPerComponent),
    CGImageGetBytesPerRow: () => BigInt(w.image!.bytesPerRow),
    CGImageGetBitmapInfo: () => w.image!.bitmapInfo,
    CGImageGetDataProvider: () => mk("provider"),
    CGDataProviderCopyData: () =>
      mk("data", new Uint8Array(w.image!.bytesPerRow * w.image!.height).fill(7), true),
    CGImageRelease: rel,
    CGImageCreate: () => mk("image", undefined, true),
    CGColorSpaceCreateDeviceRGB: () => mk("space", undefined, true),
    CGColorSpaceRelease: rel,
    CGDataProviderCreateWithCFData: (d: P) => mk("provider", d, true),
    CGDataProviderRelease: rel,
    CGEventCreate: () => ev("null"),
    CGEventGetLocation: () => new Uint8Array(new Float64Array(w.pointer).buffer),
    CGEventCreateMouseEvent: (_s: P, t: number, pt: BufferSource) =>
      ev(`mouse${t}`, [...new Float64Array((pt as Float64Array).buffer, 0, 2)]),
    CGEventCreateKeyboardEvent: (_s: P, k: number, d: boolean) => ev(`key${k}${d ? "d" : "u"}`),
    CGEventCreateScrollWheelEvent2: (_s: P, _u: number, _c: number, w: number) => ev(`scroll${w}`),
    CGEventSetFlags: (p: P, f: bigint) => void (evOf(p).flags = f),
    CGEventSetIntegerValueField: (p: P, _f: number, v: bigint) => void (evOf(p).click = v),
    CGEventKeyboardSetUnicodeString: (p: P, n: bigint, units: BufferSource) =>
      void (evOf(p).text = String.fromCharCode(...(units as Uint16Array).subarray(0, Number(n)))),
    CGEventPost: (_t: number, p: P) => {
      const e = evOf(p);
      if (e.type === "mouse5" && e.at) w.pointer = [e.at[0], e.at[1]];
      posted.push({ ...e });
    },
  };
  const axCalls: string[] = [];
  const winOf = (p: P) => w.windows.find((x) => x.n === get(p).value)!;
  const ax = {
    AXIsProcessTrusted: () => 0,
    AXUIElementCreateApplication: (pid: number) => mk("axapp", pid, true),
    AXUIElementSetAttributeValue: (el: P, attr: P) => {
      axCalls.push(`${get(attr).value}=true on ${get(el).kind} ${get(el).value}`);
      return 0;
    },
    AXUIElementCopyAttributeValue: (el: P, attr: P, out: BufferSource) => {
      const name = get(attr).value as string;
      let v: P = null;
      if (get(el).kind === "axapp" && name === "AXWindows") {
        const mine = w.windows.filter((x) => x.layer === 0 && (x.pid ?? 100 + x.n) === get(el).value);
        v = mk("array", mine.map((x) => mk("axwin", x.n)), true);
      } else if (get(el).kind === "axwin") {
        const b = winOf(el).bounds;
        if (name === "AXPosition") v = mk("axvalue", [b[0], b[1]], true);
        if (name === "AXSize") v = mk("axvalue", [b[2], b[3]], true);
        if (name === "AXTitle") {
          v = mk("str", w.axTitles[winOf(el).n] ?? winOf(el).title ?? `W${winOf(el).n}`, true);
        }
      }
      if (!v) return -25212;
      (out as BigUint64Array)[0] = Deno.UnsafePointer.value(v) as bigint;
      return 0;
    },
    AXValueGetValue: (v: P, _t: number, out: BufferSource) => {
      (out as Float64Array).set(get(v).value as number[]);
      return 1;
    },
    AXUIElementPerformAction: (el: P, action: P) => {
      axCalls.push(`${get(action).value} on ${get(el).kind} ${get(el).value}`);
      if (get(action).value === "AXRaise" && w.raiseWorks) {
        const x = winOf(el);
        w.windows.splice(w.windows.indexOf(x), 1);
        w.windows.unshift(x);
      }
      return 0;
    },
  };
  const sels = new Map<string, P>();
  const selName = (p: P) => get(p).value as string;
  const observation = mk("obs");
  const candidate = mk("cand");
  const objc = {
    objc_getClass: (b: BufferSource) => mk("class", cstr(b)),
    sel_registerName: (b: BufferSource) => {
      const n = cstr(b);
      if (!sels.has(n)) sels.set(n, mk("sel", n));
      return sels.get(n)!;
    },
    objc_autoreleasePoolPush: () => (pools++, mk("pool")),
    objc_autoreleasePoolPop: () => void pools--,
    msgSend_id: (r: P, s: P) => {
      const n = selName(s);
      if (n === "alloc") return mk("instance", get(r).value, true);
      if (n === "init") return r;
      if (n === "results") return mk("nsarray", [observation]);
      if (n === "string") return mk("str", "Save As");
      if (n === "generalPasteboard") return mk("pasteboard");
      if (n === "bundleIdentifier") return mk("str", "com.apple.Safari");
      return mk("autoreleased");
    },
    msgSend_void: (r: P, s: P) => {
      if (selName(s) === "release") rel(r);
    },
    msgSend_usize: (r: P) => BigInt((get(r).value as P[]).length),
    msgSend_f32: () => 0.9,
    msgSend_id_id: (_r: P, s: P) => selName(s) === "stringForType:" ? mk("str", "clip") : mk("nsarray", []),
    msgSend_id_usize: (r: P, s: P, i: bigint) =>
      selName(s) === "topCandidates:" ? mk("nsarray", [candidate]) : (get(r).value as P[])[Number(i)],
    msgSend_id_i32: () => mk("runningApp"),
    msgSend_id_id_id: (r: P) => r,
    msgSend_bool_id_ptr: () => 1,
    msgSend_bool_usize: () => 1,
    msgSend_void_isize: () => {},
    msgSend_void_u8: () => {},
    msgSend_id_range_ptr: () => null,
    msgSend_rect: () => rect(0, 0.5, 0.7, 0.5),
    msgSend_stret_rect: () => rect(0, 0.5, 0.7, 0.5),
  };
  const libs = {
    cf,
    cg,
    ax,
    objc,
    loaded: { appKit: true, vision: true },
    close: () => {},
  } as unknown as MacLibs;
  const leaks = () =>
    [...objs.values()].filter((o) => o.owned && o.releases !== 1).map((o) => `${o.kind}×${o.releases}`);
  return { libs, posted, leaks, pools: () => pools, world: w, axCalls, dataCreated };
}

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

/** Posted key events as "code+d|u flags-hex text". */
const keyLog = (posted: Array<{ type: string; flags: bigint; text?: string }>) =>
  posted.map((e) => `${e.type.slice(3)} ${e.flags.toString(16)}${e.text ? ` ${e.text}` : ""}`);

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
  await assert.rejects(d.hotkey(["cmd", "é"]), /cannot be pressed on macOS/);
  await assert.rejects(d.hotkey(["insert"]), /no Insert key/);
  d.close();
  assert.deepEqual(f.leaks(), []);
});

Deno.test("clipboard, apps and permissions go through pools", async () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host, run: () => Promise.resolve() });
  assert.deepEqual(await d.readClipboard(), { text: "clip", note: "4 characters of text" });
  const apps = await d.runningApps();
  assert.deepEqual(apps.map((a) => a.aliases), [["com.apple.Safari"]]);
  const checks = d.doctorChecks();
  assert.equal(checks[0].ok, true);
  assert.equal(checks[1].ok, false);
  assert.match(checks[1].detail, /Terminal/);
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

Deno.test("activate raises nothing when Accessibility shows no window with that frame and title", async () => {
  const f = makeFake({ ...twoSafariWindows(), axTitles: { 3: "Something else" } });
  const d = createMacDesktop(f.libs, { host });
  await assert.rejects(d.activate("3"), /not found through Accessibility/);
  assert.ok(!f.axCalls.some((c) => c.startsWith("AXRaise")));
  d.close();
  assert.deepEqual(f.leaks(), []);
});

/** A grey 8-bit RGB PNG as screencapture writes it (CRCs are not checked by the decoder). */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Uint8Array) => {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, body.length);
    head.set(new TextEncoder().encode(type), 4);
    return [...head, ...body, 0, 0, 0, 0];
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (1 + width * 3)).fill(128);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0;
  return new Uint8Array([
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
}

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
      screencapture: (r) => (shots.push([r.x, r.y, r.width, r.height]), png(288, 180)),
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
    ...twoSafariWindows(),
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
    keyboardLayout: () => "com.apple.keylayout.German",
  });
  const reader = createScreenReader(createVisionEngine(f.libs));
  const out: string[] = [];
  await runSelfTest({ desktop: d, reader, print: (l) => out.push(l) });
  const text = out.join("\n");
  assert.match(text, /macOS: 15 \(Darwin 24\.1\.0/);
  assert.match(text, /activation: Safari "Docs" came to the front/);
  assert.match(text, /activation: Safari "Apple" is in front again/);
  assert.match(
    text,
    /answered {2}Does activation from a process that is not an app work on macOS 14\/15\?\n +on macOS 15, raising Safari "Docs" was confirmed in front/,
  );
  assert.match(
    text,
    /answered {2}What does CGWindowListCreateImage do on macOS 15.*\n +on macOS 15 with Screen Recording granted, it returned a 2880x1800 image, one flat colour \(blank\); the frame choto captured was blank/,
  );
  assert.match(text, /layers on screen during this run: 0 normal \(Safari\); 24 menubar \(Window Server\)/);
  assert.match(text, /open {6}Does typing with key code 0 work/);
  assert.match(text, /keyboard layout: com\.apple\.keylayout\.German/);
  assert.equal(f.posted.filter((e) => e.type.startsWith("key")).length, 0, "no key was sent");
  assert.ok(!f.posted.some((e) => /^mouse[1-4]$/.test(e.type)), "no button was pressed");
  assert.deepEqual(f.world.pointer, [50, 60], "the pointer is back where it was");
  await reader.close();
  d.close();
  assert.equal(f.pools(), 0);
  assert.deepEqual(f.leaks(), []);
});
