/**
 * The macOS side of the safety rules, through a small recording fake of the
 * FFI tables (no Mac here): keys go to the process their gate checked, a
 * pointer event's gate sees the window under the point, a process answers
 * to its bundle id, the pasteboard tells its change count and a concealed
 * copy, and the desktop question is a system alert whose default is Deny.
 */

import { assert, assertEquals } from "./support/assert.ts";
import type { MacLibs } from "../src/desktop/macos/libs.ts";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { answerOf, askWithAlert } from "../src/desktop/macos/alert.ts";
import { MacSession } from "../src/desktop/macos/session.ts";
import type { Landing } from "../src/desktop/types.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { guardDesktop } from "../src/desktop/guard.ts";

type P = Deno.PointerValue;

/** Windows front to back: number, owner, pid, layer, bounds in points. */
interface FakeWindow {
  n: number;
  owner: string;
  pid: number;
  layer: number;
  bounds: [number, number, number, number];
}

function fakeMac(windows: FakeWindow[], pasteboard = { count: 3, types: ["public.utf8-plain-text"] }) {
  const objs = new Map<bigint, { kind: string; value?: unknown }>();
  let next = 0x2000n;
  const mk = (kind: string, value?: unknown): P => {
    next += 16n;
    objs.set(next, { kind, value });
    return Deno.UnsafePointer.create(next);
  };
  const get = (p: P) => objs.get(Deno.UnsafePointer.value(p) as bigint)!;
  const cstr = (b: BufferSource) => {
    const u = new Uint8Array(b as ArrayBuffer);
    return new TextDecoder().decode(u.subarray(0, u.indexOf(0)));
  };
  const posted: Array<{ kind: string; pid: number | null }> = [];
  const bundles: Record<number, [string, string, string]> = {
    7: ["org.keepassxc.keepassxc", "KeePassXC.app", "KeePassXC"],
    8: ["com.apple.TextEdit", "TextEdit.app", "TextEdit"],
  };
  const cf = {
    CFRelease: () => {},
    CFGetTypeID: (p: P) => BigInt(["str", "num", "bool"].indexOf(get(p).kind) + 1),
    CFStringGetTypeID: () => 1n,
    CFNumberGetTypeID: () => 2n,
    CFBooleanGetTypeID: () => 3n,
    CFStringCreateWithCString: (_a: P, b: BufferSource) => mk("str", cstr(b)),
    CFStringGetLength: (p: P) => BigInt((get(p).value as string).length),
    CFStringGetMaximumSizeForEncoding: (n: bigint) => n * 4n,
    CFStringGetCString: (p: P, buf: BufferSource) => {
      (buf as Uint8Array).set([...new TextEncoder().encode(get(p).value as string), 0]);
      return 1;
    },
    CFNumberGetValue: (p: P, t: bigint, buf: BufferSource) => {
      if (t === 4n) new BigInt64Array((buf as BigInt64Array).buffer)[0] = BigInt(Number(get(p).value));
      else new Float64Array((buf as Float64Array).buffer)[0] = Number(get(p).value);
      return 1;
    },
    CFBooleanGetValue: (p: P) => (get(p).value ? 1 : 0),
    CFArrayGetCount: (p: P) => BigInt((get(p).value as P[]).length),
    CFArrayGetValueAtIndex: (p: P, i: bigint) => (get(p).value as P[])[Number(i)],
    CFDictionaryGetValue: (d: P, k: P) => (get(d).value as Record<string, P>)[get(k).value as string] ?? null,
  };
  const events = new Map<bigint, string>();
  const ev = (kind: string) => {
    const p = mk("event");
    events.set(Deno.UnsafePointer.value(p) as bigint, kind);
    return p;
  };
  const kindOf = (p: P) => events.get(Deno.UnsafePointer.value(p) as bigint)!;
  const cg = {
    CGWindowListCopyWindowInfo: () =>
      mk(
        "array",
        windows.map((w) =>
          mk("dict", {
            kCGWindowNumber: mk("num", w.n),
            kCGWindowOwnerName: mk("str", w.owner),
            kCGWindowOwnerPID: mk("num", w.pid),
            kCGWindowName: mk("str", `${w.owner} window`),
            kCGWindowLayer: mk("num", w.layer),
            kCGWindowIsOnscreen: mk("bool", true),
            kCGWindowBounds: mk("rect", w.bounds),
          })
        ),
      ),
    CGRectMakeWithDictionaryRepresentation: (d: P, out: BufferSource) => {
      new Float64Array((out as Float64Array).buffer).set(get(d).value as number[]);
      return true;
    },
    CGGetActiveDisplayList: (_m: number, ids: BufferSource, count: BufferSource) => {
      (ids as Uint32Array)[0] = 1;
      (count as Uint32Array)[0] = 1;
      return 0;
    },
    CGMainDisplayID: () => 1,
    CGDisplayBounds: () => new Uint8Array(new Float64Array([0, 0, 1440, 900]).buffer),
    CGDisplayCopyDisplayMode: () => mk("mode"),
    CGDisplayModeGetPixelWidth: () => 1440n,
    CGDisplayModeRelease: () => {},
    CGEventCreate: () => ev("null"),
    CGEventGetLocation: () => new Uint8Array(new Float64Array([700, 400]).buffer),
    CGEventCreateMouseEvent: (_s: P, t: number) => ev(`mouse${t}`),
    CGEventCreateKeyboardEvent: (_s: P, k: number, d: boolean) => ev(`key${k}${d ? "d" : "u"}`),
    CGEventCreateScrollWheelEvent2: () => ev("scroll"),
    CGEventSetFlags: () => {},
    CGEventSetIntegerValueField: () => {},
    CGEventKeyboardSetUnicodeString: () => {},
    CGEventPost: (_t: number, p: P) => void posted.push({ kind: kindOf(p), pid: null }),
    CGEventPostToPid: (pid: number, p: P) => void posted.push({ kind: kindOf(p), pid }),
    CGPreflightScreenCaptureAccess: () => true,
    CGRequestScreenCaptureAccess: () => true,
  };
  const selName = (p: P) => get(p).value as string;
  const objc = {
    objc_getClass: (b: BufferSource) => mk("class", cstr(b)),
    sel_registerName: (b: BufferSource) => mk("sel", cstr(b)),
    objc_autoreleasePoolPush: () => mk("pool"),
    objc_autoreleasePoolPop: () => {},
    msgSend_id_i32: (_r: P, _s: P, pid: number) => mk("app", pid),
    msgSend_id: (r: P, s: P) => {
      const n = selName(s);
      const o = get(r);
      if (n === "generalPasteboard") return mk("pasteboard");
      if (n === "types") return mk("nsarray", pasteboard.types.map((t) => mk("str", t)));
      if (o.kind === "app") {
        const b = bundles[o.value as number];
        if (n === "bundleIdentifier") return mk("str", b[0]);
        if (n === "bundleURL") return mk("url", b[1]);
        if (n === "executableURL") return mk("url", b[2]);
      }
      if (o.kind === "url" && n === "lastPathComponent") return mk("str", o.value);
      return null;
    },
    msgSend_usize: (r: P, s: P) =>
      selName(s) === "changeCount" ? BigInt(pasteboard.count) : BigInt((get(r).value as P[]).length),
    msgSend_id_usize: (r: P, _s: P, i: bigint) => (get(r).value as P[])[Number(i)],
  };
  const libs = {
    cf,
    cg,
    objc,
    ax: {
      AXUIElementCreateSystemWide: () => mk("axsystem"),
      AXUIElementSetMessagingTimeout: () => 0,
      AXIsProcessTrusted: () => 1,
      AXIsProcessTrustedWithOptions: () => 1,
    },
    loaded: { appKit: true, vision: false },
    close: () => {},
  } as unknown as MacLibs;
  return { libs, posted, pasteboard, value: (p: unknown) => get(p as P).value };
}

const FRONT: FakeWindow = { n: 2, owner: "TextEdit", pid: 8, layer: 0, bounds: [100, 100, 600, 400] };
const VAULT: FakeWindow = { n: 3, owner: "Notes", pid: 7, layer: 0, bounds: [650, 300, 300, 300] };

Deno.test("macOS: every typed key goes to the process its gate checked", async () => {
  const f = fakeMac([FRONT]);
  const d = createMacDesktop(f.libs, {});
  const seen: Landing[] = [];
  await d.type("ab", (_n, landing) => void seen.push(landing));
  assertEquals(seen.map((l) => [l.kind, l.id, l.window()?.app]), [["keys", "2", "TextEdit"], [
    "keys",
    "2",
    "TextEdit",
  ]]);
  assert(f.posted.length === 4 && f.posted.every((p) => p.pid === 8), JSON.stringify(f.posted));
  // A hotkey's every key event, modifiers included, goes to the checked process.
  f.posted.length = 0;
  await d.hotkey(["cmd", "s"], () => {});
  assert(f.posted.length > 0 && f.posted.every((p) => p.pid === 8), JSON.stringify(f.posted));
});

Deno.test("macOS: a click's gate sees the window under the point; a denied one by bundle id is refused", async () => {
  const f = fakeMac([VAULT, FRONT]);
  const d = guardDesktop(createMacDesktop(f.libs, {}), buildPolicy(null, "", () => undefined));
  // The window list calls it "Notes"; its bundle id says KeePassXC.
  assertEquals(d.windows().windows.map((w) => w.app), ["TextEdit"]);
  const refused = await d.click({ x: 800, y: 450 }, "left", 1, []).then(() => null, (e) => e as Error);
  assert(refused && /deny list \(entry "KeePassXC"\)/.test(refused.message), String(refused));
  assertEquals(f.posted.filter((p) => p.kind.startsWith("mouse1")), []);
  const landings: Array<string | null> = [];
  await createMacDesktop(f.libs, {}).click(
    { x: 300, y: 300 },
    "left",
    1,
    [],
    (_n, l) => void landings.push(l.id),
  );
  assertEquals(landings, ["2"]);
});

Deno.test("macOS: the clipboard is refused when concealed, or changed while a denied app was in front", async () => {
  const f = fakeMac([FRONT], {
    count: 3,
    types: ["public.utf8-plain-text", "org.nspasteboard.ConcealedType"],
  });
  const d = guardDesktop(createMacDesktop(f.libs, {}), buildPolicy(null, "", () => undefined));
  const refusal = async () => await d.readClipboard().then(() => null, (e) => (e as Error).message);
  assert(/marked as a secret/.test((await refusal()) ?? ""));

  const g = fakeMac([VAULT, FRONT]);
  const guarded = guardDesktop(createMacDesktop(g.libs, {}), buildPolicy(null, "", () => undefined));
  guarded.windows();
  g.pasteboard.count = 4;
  const why = await guarded.readClipboard().then(() => null, (e) => (e as Error).message);
  assert(/changed while an app on the user's deny list was in front/.test(why ?? ""), String(why));
});

Deno.test("macOS: the question is a system alert whose default button is Deny", async () => {
  assertEquals([answerOf(0), answerOf(1), answerOf(3), answerOf(0x100 | 1)], [
    "deny",
    "allow",
    "timeout",
    "allow",
  ]);
  const f = fakeMac([FRONT]);
  const s = new MacSession(f.libs, {});
  const calls: unknown[][] = [];
  const answer = await askWithAlert(s, {
    title: "choto: allow this step?",
    text: "click Delete",
    allow: "Allow",
    deny: "Deny",
    timeoutMs: 9_000,
  }, {
    CFUserNotificationDisplayAlert: (...args: unknown[]) => {
      calls.push(args);
      (args[10] as BigUint64Array)[0] = 1n;
      return Promise.resolve(0);
    },
  } as never);
  assertEquals(answer, { answer: "allow" });
  const [timeout, level, , , , header, message, deflt, alternate] = calls[0];
  assertEquals([timeout, level], [9, 2n]);
  assertEquals([header, message, deflt, alternate].map(f.value), [
    "choto: allow this step?",
    "click Delete",
    "Deny",
    "Allow",
  ]);
});
