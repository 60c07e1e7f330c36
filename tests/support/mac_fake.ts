/**
 * A recording fake of the macOS FFI tables, in JavaScript, for tests that
 * drive the backend and the Vision reader in-process: every handle is a
 * fake object, every +1 object must be released exactly once (plus once per
 * CFRetain), and what was posted, asked and set is kept for assertions.
 * (The permission tests use stand-in C libraries instead: `fake_macos/`.)
 *
 * @module
 */

import type { MacLibs } from "../../src/desktop/macos/libs.ts";
import { type FakeLayout, translateOn, US } from "./mac_layouts.ts";

type P = Deno.PointerValue;
interface Obj {
  kind: string;
  value?: unknown;
  owned: boolean;
  releases: number;
  retains: number;
}

/** Window and display layout of a fake Mac; tests change it between calls. */
export interface FakeWorld {
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
  /** The grants. */
  screenRecording: boolean;
  trusted: boolean;
  /** The current keyboard layout. */
  layout: FakeLayout;
  /** CFLocaleCopyPreferredLanguages. */
  preferredLanguages: string[];
  /** What Vision supports (null: the request does not answer supportedRecognitionLanguagesAndReturnError:). */
  visionLanguages: string[] | null;
  /** Whether NSRunningApplication answers activateFromApplication:options: (macOS 14). */
  cooperativeActivation: boolean;
  /** Languages performRequests:error: refuses (it fails with an NSError). */
  refusedLanguages: string[];
  /**
   * The bytes of a captured image, by the window list option it was made
   * with (1 on-screen windows, 4 the layers below a window); 7s by default.
   */
  imageBytes?: (option: number) => Uint8Array;
}

/** A posted event, as the fake saw it. */
export interface Posted {
  type: string;
  flags: bigint;
  click?: bigint;
  text?: string;
  at?: number[];
}

/** Builds the fake; `world` overrides the defaults (one Safari window on a Retina display). */
export function makeFake(world: Partial<FakeWorld> = {}) {
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
    screenRecording: true,
    trusted: true,
    layout: US,
    preferredLanguages: ["en-US"],
    visionLanguages: ["en-US", "fr-FR", "de-DE", "zh-Hans"],
    cooperativeActivation: true,
    refusedLanguages: [],
    ...world,
  };
  const objs = new Map<bigint, Obj>();
  let next = 0x1000n;
  const posted: Posted[] = [];
  const calls: string[] = [];
  let pools = 0, pushes = 0;
  const mk = (kind: string, value?: unknown, owned = false): P => {
    next += 16n;
    objs.set(next, { kind, value, owned, releases: 0, retains: 0 });
    return Deno.UnsafePointer.create(next);
  };
  const get = (p: P) => objs.get(Deno.UnsafePointer.value(p) as bigint)!;
  const rel = (p: P) => void get(p).releases++;
  const cstr = (b: BufferSource) => {
    const u = new Uint8Array(b as ArrayBuffer);
    return new TextDecoder().decode(u.subarray(0, u.indexOf(0)));
  };
  const strOf = (p: P) => get(p).value as string;
  const rect = (x: number, y: number, w: number, h: number) =>
    new Uint8Array(new Float64Array([x, y, w, h]).buffer);
  const win = (x: FakeWorld["windows"][number]) =>
    mk("dict", {
      kCGWindowNumber: mk("num", x.n),
      kCGWindowOwnerName: mk("str", x.owner),
      kCGWindowOwnerPID: mk("num", x.pid ?? 100 + x.n),
      kCGWindowName: mk("str", w.screenRecording ? x.title ?? `W${x.n}` : ""),
      kCGWindowLayer: mk("num", x.layer),
      kCGWindowIsOnscreen: mk("bool", true),
      kCGWindowBounds: mk("rect", x.bounds),
    });
  const display = (id: number) => w.displays.find((d) => d.id === id) ?? w.displays[0];
  const dataCreated: Uint8Array[] = [];
  const trueObj = mk("bool", true);
  /** A constant of a framework: its "address" holds the value. */
  const constant = (value: P) => mk("static", value);
  const events = new Map<bigint, Posted>();
  const ev = (type: string, at?: number[]) => {
    const p = mk("event", undefined, true);
    events.set(Deno.UnsafePointer.value(p) as bigint, { type, flags: 0n, at });
    return p;
  };
  const evOf = (p: P) => events.get(Deno.UnsafePointer.value(p) as bigint)!;
  const strings = (list: string[]) => list.map((s) => mk("str", s));

  const cf = {
    CFRelease: rel,
    CFRetain: (p: P) => (get(p).retains++, p),
    CFRetainAddress: (a: bigint) => {
      const p = Deno.UnsafePointer.create(a);
      get(p).retains++;
      return p;
    },
    CFGetTypeID: (p: P) => BigInt(["str", "num", "bool"].indexOf(get(p).kind) + 1),
    CFStringGetTypeID: () => 1n,
    CFNumberGetTypeID: () => 2n,
    CFBooleanGetTypeID: () => 3n,
    CFStringCreateWithCString: (_a: P, b: BufferSource) => mk("str", cstr(b), true),
    CFStringGetLength: (p: P) => BigInt(strOf(p).length),
    CFStringGetMaximumSizeForEncoding: (n: bigint) => n * 4n,
    CFStringGetCString: (p: P, buf: BufferSource) => {
      const bytes = new TextEncoder().encode(strOf(p));
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
    CFArrayCreate: (_a: P, values: P, n: bigint) => {
      // The fake's constants are one-element arrays of their value, as a C constant's address is.
      if (n !== 1n || get(values).kind !== "static") {
        throw new Error("CFArrayCreate: a constant's address expected");
      }
      return mk("array", [get(values).value], true);
    },
    CFArrayCreateMutable: () => mk("array", [], true),
    CFArrayAppendValue: (arr: P, v: P) => void (get(arr).value as P[]).push(v),
    CFDictionaryCreate: (_a: P, keys: P, values: P, n: bigint) => {
      if (n !== 1n) throw new Error("CFDictionaryCreate: one pair expected");
      return mk("dict", { [strOf(get(keys).value as P)]: get(values).value as P }, true);
    },
    CFDictionaryGetValue: (d: P, k: P) => (get(d).value as Record<string, P>)[strOf(k)] ?? null,
    CFDataCreate: (_a: P, bytes: BufferSource, n: bigint) => {
      const copy = new Uint8Array((bytes as Uint8Array).subarray(0, Number(n)));
      const p = mk("data", copy, true);
      dataCreated.push(copy);
      return p;
    },
    CFDataGetLength: (p: P) => BigInt((get(p).value as Uint8Array).length),
    CFDataGetBytePtr: (p: P) => mk("bytes", get(p).value),
    CFDataGetBytes: (p: P, range: BufferSource, out: BufferSource) => {
      const [loc, len] = new BigInt64Array((range as BigInt64Array).buffer);
      const src = get(p).value as Uint8Array;
      (out as Uint8Array).set(src.subarray(Number(loc), Number(loc + len)));
    },
    CFLocaleCopyPreferredLanguages: () => mk("array", strings(w.preferredLanguages), true),
    kCFBooleanTrue: constant(trueObj),
    kCFTypeArrayCallBacks: mk("callbacks"),
    kCFTypeDictionaryKeyCallBacks: mk("callbacks"),
    kCFTypeDictionaryValueCallBacks: mk("callbacks"),
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
    CGWindowListCreateImage: (_r: BufferSource, option: number, relativeTo: number) => {
      calls.push(`CGWindowListCreateImage ${option} ${relativeTo}`);
      return w.image ? mk("image", option, true) : null;
    },
    CGPreflightScreenCaptureAccess: () => w.screenRecording,
    CGRequestScreenCaptureAccess: () => (calls.push("CGRequestScreenCaptureAccess"), w.screenRecording),
    CGImageGetWidth: () => BigInt(w.image!.width),
    CGImageGetHeight: () => BigInt(w.image!.height),
    CGImageGetBitsPerPixel: () => BigInt(w.image!.bitsPerPixel),
    CGImageGetBitsPerComponent: () => BigInt(w.image!.bitsPerComponent),
    CGImageGetBytesPerRow: () => BigInt(w.image!.bytesPerRow),
    CGImageGetBitmapInfo: () => w.image!.bitmapInfo,
    CGImageGetDataProvider: (img: P) => mk("provider", get(img).value),
    CGDataProviderCopyData: (provider: P) =>
      mk(
        "data",
        w.imageBytes?.(get(provider).value as number) ??
          new Uint8Array(w.image!.bytesPerRow * w.image!.height).fill(7),
        true,
      ),
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
  const promptKey = mk("str", "AXTrustedCheckOptionPrompt");
  const ax = {
    AXIsProcessTrusted: () => (w.trusted ? 1 : 0),
    AXIsProcessTrustedWithOptions: (opts: P) => {
      const prompt = opts && (get(opts).value as Record<string, P>).AXTrustedCheckOptionPrompt;
      calls.push(`AXIsProcessTrustedWithOptions prompt=${prompt ? get(prompt).value : "none"}`);
      return w.trusted ? 1 : 0;
    },
    kAXTrustedCheckOptionPrompt: constant(promptKey),
    AXUIElementCreateSystemWide: () => mk("axsystem", undefined, true),
    AXUIElementSetMessagingTimeout: (el: P, t: number) => (calls.push(`timeout ${get(el).kind} ${t}`), 0),
    AXUIElementCreateApplication: (pid: number) => mk("axapp", pid, true),
    AXUIElementSetAttributeValue: (el: P, attr: P, value: P) => {
      axCalls.push(`${get(attr).value}=${get(value).value} on ${get(el).kind} ${get(el).value}`);
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
  const kb = {
    TISCopyCurrentKeyboardLayoutInputSource: () => mk("inputsource", w.layout, true),
    TISGetInputSourceProperty: (src: P, key: P) => {
      const l = get(src).value as FakeLayout;
      const k = strOf(key);
      if (k === "TISPropertyInputSourceID") return mk("str", l.id);
      if (k === "TISPropertyLocalizedName") return mk("str", l.name);
      if (k === "TISPropertyUnicodeKeyLayoutData") return mk("data", l);
      return null;
    },
    kTISPropertyUnicodeKeyLayoutData: constant(mk("str", "TISPropertyUnicodeKeyLayoutData")),
    kTISPropertyInputSourceID: constant(mk("str", "TISPropertyInputSourceID")),
    kTISPropertyLocalizedName: constant(mk("str", "TISPropertyLocalizedName")),
    LMGetKbdType: () => 40,
    UCKeyTranslate: (
      uchr: P,
      code: number,
      _action: number,
      mods: number,
      _kbd: number,
      _opts: number,
      _dead: BufferSource,
      max: bigint,
      length: BufferSource,
      chars: BufferSource,
    ) => {
      const out = translateOn(get(uchr).value as FakeLayout, code, mods);
      const units = [...out].slice(0, Number(max)).join("");
      for (let i = 0; i < units.length; i++) (chars as Uint16Array)[i] = units.charCodeAt(i);
      (length as BigUint64Array)[0] = BigInt(units.length);
      return 0;
    },
  };
  const sels = new Map<string, P>();
  const selName = (p: P) => get(p).value as string;
  const observation = mk("obs");
  const candidate = mk("cand");
  const vision: { minimumTextHeight: number[]; languages: string[][] } = {
    minimumTextHeight: [],
    languages: [],
  };
  let requestLanguages: string[] = [];
  const objc = {
    objc_getClass: (b: BufferSource) => mk("class", cstr(b)),
    sel_registerName: (b: BufferSource) => {
      const n = cstr(b);
      if (!sels.has(n)) sels.set(n, mk("sel", n));
      return sels.get(n)!;
    },
    objc_autoreleasePoolPush: () => (pools++, pushes++, mk("pool")),
    objc_autoreleasePoolPop: () => void pools--,
    msgSend_id: (r: P, s: P) => {
      const n = selName(s);
      if (n === "alloc") return mk("instance", get(r).value, true);
      if (n === "init") return r;
      if (n === "results") return mk("nsarray", [observation]);
      if (n === "string") return mk("str", "Save As");
      if (n === "generalPasteboard") return mk("pasteboard");
      if (n === "bundleIdentifier") return mk("str", "com.apple.Safari");
      if (n === "localizedDescription") return mk("str", "unsupported language");
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
    msgSend_id_i32: (_r: P, _s: P, pid: number) => mk("runningApp", pid),
    msgSend_id_id_id: (r: P) => r,
    msgSend_bool_id_ptr: (_r: P, _s: P, _req: P, err: BufferSource) => {
      if (requestLanguages.some((l) => w.refusedLanguages.includes(l))) {
        (err as BigUint64Array)[0] = Deno.UnsafePointer.value(mk("nserror")) as bigint;
        return 0;
      }
      return 1;
    },
    msgSend_bool_id: (_r: P, _s: P, asked: P) => {
      const n = selName(asked);
      if (n === "activateFromApplication:options:") return w.cooperativeActivation ? 1 : 0;
      if (n === "supportedRecognitionLanguagesAndReturnError:") return w.visionLanguages ? 1 : 0;
      return 0;
    },
    msgSend_bool_id_usize: (r: P, s: P, from: P, opts: bigint) => {
      calls.push(`${selName(s)} pid ${get(r).value} from ${get(from).value} options ${opts}`);
      return 1;
    },
    msgSend_bool_usize: (r: P, s: P, opts: bigint) => {
      calls.push(`${selName(s)} pid ${get(r).value} options ${opts}`);
      return 1;
    },
    msgSend_void_isize: () => {},
    msgSend_void_f32: (_r: P, s: P, v: number) => {
      if (selName(s) === "setMinimumTextHeight:") vision.minimumTextHeight.push(v);
    },
    msgSend_void_id: (_r: P, s: P, arr: P) => {
      if (selName(s) !== "setRecognitionLanguages:") return;
      requestLanguages = (get(arr).value as P[]).map(strOf);
      vision.languages.push(requestLanguages);
    },
    msgSend_id_ptr: () => mk("nsarray", strings(w.visionLanguages ?? [])),
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
    kb,
    loaded: { appKit: true, vision: true },
    close: () => {},
  } as unknown as MacLibs;
  const leaks = () =>
    [...objs.values()].filter((o) => o.owned && o.releases !== 1 + o.retains).map((o) =>
      `${o.kind}×${o.releases}`
    );
  return {
    libs,
    posted,
    leaks,
    pools: () => pools,
    poolsPushed: () => pushes,
    world: w,
    axCalls,
    calls,
    dataCreated,
    vision,
  };
}

/** Posted key events as "code+d|u flags-hex text". */
export const keyLog = (posted: Posted[]) =>
  posted.filter((e) => e.type.startsWith("key")).map((e) =>
    `${e.type.slice(3)} ${e.flags.toString(16)}${e.text ? ` ${e.text}` : ""}`
  );
