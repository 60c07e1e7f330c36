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
import { type FakeLayout, translateOn } from "./mac_layouts.ts";
import { fakeHeap, type P } from "./mac_fake_heap.ts";
import { fakeObjc } from "./mac_fake_objc.ts";
import { defaultWorld, type FakeWorld, type Posted } from "./mac_fake_world.ts";

/** Builds the fake; `world` overrides the defaults (one Safari window on a Retina display). */
export function makeFake(world: Partial<FakeWorld> = {}) {
  const w: FakeWorld = { ...defaultWorld(), ...world };
  const h = fakeHeap();
  const { mk, get, rel, cstr, strOf, rect, strings } = h;
  const posted: Posted[] = [];
  const calls: string[] = [];
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
  const { objc, vision, pools, poolsPushed } = fakeObjc(h, w, calls);
  const libs = {
    cf,
    cg,
    ax,
    objc,
    kb,
    loaded: { appKit: true, vision: true },
    close: () => {},
  } as unknown as MacLibs;
  return {
    libs,
    posted,
    leaks: h.leaks,
    pools,
    poolsPushed,
    world: w,
    axCalls,
    calls,
    dataCreated,
    vision,
  };
}
