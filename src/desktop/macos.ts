/**
 * The macOS Desktop backend: CoreGraphics for windows, displays, capture and
 * input; AppKit (through libobjc) for activation and the clipboard.
 *
 * Every coordinate crossing the Desktop interface is in pixels of the
 * captured display (the one holding the focus window); this module converts
 * to global points, display origin included, before calling CoreGraphics.
 * The native symbols are injected so tests can drive it with a fake.
 *
 * @module
 */

import { bundleVersionOf } from "./macos/bundle_version.ts";
import type {
  Desktop,
  LaunchableApp,
  Modifier,
  MouseButton,
  PermissionCheck,
  Point,
  RgbaImage,
  RunningApp,
  WindowState,
} from "./types.ts";
import { decodePng, toRgba } from "./macos/bitmap.ts";
import {
  type Display,
  displayFor,
  pixelToPoint,
  pointFromBytes,
  pointToPixel,
  rectFromBytes,
  scaleOf,
} from "./macos/geometry.ts";
import { flagsOf, MODIFIER_KEY, planHotkey, planTyping } from "./macos/keycodes.ts";
import { type MacLibs, openMacLibraries } from "./macos/libs.ts";
import { CoreFoundation, ObjC } from "./macos/native.ts";
import { type HostFacts, permissionChecks } from "./macos/permissions.ts";
import { appsOf, focusWindow, type RawWindow, splitWindows } from "./macos/window_list.ts";

type Ptr = Deno.PointerValue;

/** CGWindow.h CGWindowListOption bits. */
const LIST_ON_SCREEN_ONLY = 1 << 0;
const LIST_EXCLUDE_DESKTOP = 1 << 4;
/** CGWindow.h: kCGWindowImageBestResolution, pixels rather than points on Retina. */
const IMAGE_BEST_RESOLUTION = 1 << 3;
/** CGEventTypes.h */
const EV = {
  leftDown: 1,
  leftUp: 2,
  rightDown: 3,
  rightUp: 4,
  moved: 5,
  leftDragged: 6,
  rightDragged: 7,
  otherDown: 25,
  otherUp: 26,
  otherDragged: 27,
} as const;
const HID_EVENT_TAP = 0;
const FIELD_CLICK_STATE = 1;
const SCROLL_UNIT_LINE = 1;
/** NSRunningApplication.h: NSApplicationActivateAllWindows. */
const ACTIVATE_ALL_WINDOWS = 1;
/** NSPasteboard.h NSPasteboardTypeString's value. */
const UTF8_PLAIN_TEXT = "public.utf8-plain-text";

const BUTTONS: Record<MouseButton, { down: number; up: number; drag: number; cg: number }> = {
  left: { down: EV.leftDown, up: EV.leftUp, drag: EV.leftDragged, cg: 0 },
  right: { down: EV.rightDown, up: EV.rightUp, drag: EV.rightDragged, cg: 1 },
  middle: { down: EV.otherDown, up: EV.otherUp, drag: EV.otherDragged, cg: 2 },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which capture path is in use, for doctor. */
export type CapturePath = "CGWindowListCreateImage" | "screencapture";

/** Options for tests and for doctor. */
export interface MacDesktopOptions {
  /** Facts about the responsible process; read from the environment when absent. */
  host?: HostFacts;
  /** Runs /usr/sbin/screencapture and returns the PNG bytes (injected in tests). */
  screencapture?: (rect: { x: number; y: number; width: number; height: number }) => Uint8Array;
  /** Lists *.app bundles of a folder (injected in tests). */
  listApps?: (dir: string) => string[];
  /** Runs a command (open -a …) and resolves when it exits. */
  run?: (cmd: string, args: string[]) => Promise<void>;
  /** Reads the version of the app running as a pid (injected in tests). */
  bundleVersion?: (pid: number) => string | null;
}

/** The macOS backend, with its native libraries injected (opened for real by default). */
export function createMacDesktop(
  libs: MacLibs = openMacLibraries({ appKit: true }),
  opts: MacDesktopOptions = {},
): Desktop & { capturePath(): CapturePath } {
  return new MacDesktop(libs, opts);
}

class MacDesktop implements Desktop {
  readonly platform = "macos";
  readonly cmdMeaning = "Command (⌘) on macOS";
  #cf: CoreFoundation;
  #objc: ObjC;
  #display: Display | null = null;
  #held = new Set<MouseButton>();
  #mods = new Set<Modifier>();
  #path: CapturePath;

  constructor(readonly libs: MacLibs, readonly opts: MacDesktopOptions) {
    this.#cf = new CoreFoundation(libs);
    this.#objc = new ObjC(libs);
    this.#path = libs.cg.CGWindowListCreateImage ? "CGWindowListCreateImage" : "screencapture";
  }

  capturePath(): CapturePath {
    return this.#path;
  }

  // ---- windows and displays ----

  #rawWindows(options: number): RawWindow[] {
    const { cf, cg } = this.libs;
    const arr = cg.CGWindowListCopyWindowInfo(options, 0);
    if (!arr) return [];
    try {
      const out: RawWindow[] = [];
      const n = Number(cf.CFArrayGetCount(arr));
      const rect = new Float64Array(4);
      for (let i = 0; i < n; i++) {
        const d = cf.CFArrayGetValueAtIndex(arr, BigInt(i));
        if (!d) continue;
        const b = this.#cf.get(d, "kCGWindowBounds");
        if (!b || !cg.CGRectMakeWithDictionaryRepresentation(b, rect)) continue;
        out.push({
          number: this.#cf.readInt(this.#cf.get(d, "kCGWindowNumber")) ?? 0,
          ownerName: this.#cf.readString(this.#cf.get(d, "kCGWindowOwnerName")) ?? "",
          pid: this.#cf.readInt(this.#cf.get(d, "kCGWindowOwnerPID")) ?? 0,
          name: this.#cf.readString(this.#cf.get(d, "kCGWindowName")) ?? "",
          bounds: { x: rect[0], y: rect[1], width: rect[2], height: rect[3] },
          layer: this.#cf.readInt(this.#cf.get(d, "kCGWindowLayer")) ?? 0,
          onScreen: (this.#cf.readInt(this.#cf.get(d, "kCGWindowIsOnscreen")) ?? 0) === 1,
          alpha: this.#cf.readFloat(this.#cf.get(d, "kCGWindowAlpha")) ?? 1,
        });
      }
      return out;
    } finally {
      cf.CFRelease(arr);
    }
  }

  #displays(): Display[] {
    const cg = this.libs.cg;
    const ids = new Uint32Array(16), count = new Uint32Array(1);
    if (cg.CGGetActiveDisplayList(ids.length, ids, count) !== 0 || count[0] === 0) {
      ids[0] = cg.CGMainDisplayID();
      count[0] = 1;
    }
    const out: Display[] = [];
    for (const id of ids.subarray(0, count[0])) {
      const bounds = rectFromBytes(cg.CGDisplayBounds(id));
      const mode = cg.CGDisplayCopyDisplayMode(id);
      let px = 0;
      if (mode) {
        px = Number(cg.CGDisplayModeGetPixelWidth(mode));
        cg.CGDisplayModeRelease(mode);
      }
      out.push({ id, bounds, scale: scaleOf(px, bounds.width) });
    }
    return out;
  }

  windows(): WindowState {
    const raw = this.#rawWindows(LIST_ON_SCREEN_ONLY | LIST_EXCLUDE_DESKTOP);
    const focus = focusWindow(raw);
    const d = this.#display = displayFor(this.#displays(), focus?.bounds ?? null);
    const { windows, chrome } = splitWindows(raw, d);
    return {
      screen: {
        widthPx: Math.round(d.bounds.width * d.scale),
        heightPx: Math.round(d.bounds.height * d.scale),
        widthPt: d.bounds.width,
        heightPt: d.bounds.height,
        scale: d.scale,
      },
      windows,
      chrome,
      focusWindowId: focus ? String(focus.number) : null,
      frontmostApp: focus?.ownerName || null,
    };
  }

  #current(): Display {
    return this.#display ?? (this.windows(), this.#display!);
  }

  // ---- capture ----

  capture(): RgbaImage {
    this.windows();
    const d = this.#current();
    const create = this.libs.cg.CGWindowListCreateImage;
    if (create) {
      const { x, y, width, height } = d.bounds;
      const img = create(
        new Float64Array([x, y, width, height]),
        LIST_ON_SCREEN_ONLY,
        0,
        IMAGE_BEST_RESOLUTION,
      );
      if (img) {
        try {
          this.#path = "CGWindowListCreateImage";
          return this.#imagePixels(img);
        } finally {
          this.libs.cg.CGImageRelease(img);
        }
      }
    }
    this.#path = "screencapture";
    return decodePng((this.opts.screencapture ?? runScreencapture)(d.bounds));
  }

  #imagePixels(img: NonNullable<Ptr>): RgbaImage {
    const { cg } = this.libs;
    const width = Number(cg.CGImageGetWidth(img));
    const height = Number(cg.CGImageGetHeight(img));
    const provider = cg.CGImageGetDataProvider(img); // Get rule: not ours
    if (!provider) throw new Error("the captured image has no data provider");
    const data = cg.CGDataProviderCopyData(provider); // Copy rule: ours
    if (!data) throw new Error("CGDataProviderCopyData returned NULL");
    try {
      return toRgba(
        this.#cf.dataBytes(data),
        width,
        height,
        Number(cg.CGImageGetBytesPerRow(img)),
        cg.CGImageGetBitmapInfo(img),
        Number(cg.CGImageGetBitsPerPixel(img)),
      );
    } finally {
      this.libs.cf.CFRelease(data);
    }
  }

  pointer(): Point {
    const { cg, cf } = this.libs;
    const ev = cg.CGEventCreate(null);
    if (!ev) throw new Error("CGEventCreate failed");
    try {
      return pointToPixel(this.#current(), pointFromBytes(cg.CGEventGetLocation(ev)));
    } finally {
      cf.CFRelease(ev);
    }
  }

  // ---- input ----

  #post(ev: Ptr, flags = flagsOf(this.#mods)): void {
    if (!ev) throw new Error("CGEvent creation failed");
    try {
      this.libs.cg.CGEventSetFlags(ev, BigInt(flags));
      this.libs.cg.CGEventPost(HID_EVENT_TAP, ev);
    } finally {
      this.libs.cf.CFRelease(ev);
    }
  }

  #mouse(type: number, at: Point, button: number, clickState?: number, flags?: number): void {
    const ev = this.libs.cg.CGEventCreateMouseEvent(
      null,
      type,
      new Float64Array([at.x, at.y]),
      button,
    );
    if (ev && clickState !== undefined) {
      this.libs.cg.CGEventSetIntegerValueField(ev, FIELD_CLICK_STATE, BigInt(clickState));
    }
    this.#post(ev, flags);
  }

  #toPoints(p: Point): Point {
    return pixelToPoint(this.#current(), p);
  }

  #moveType(): { type: number; button: number } {
    for (const b of ["left", "right", "middle"] as const) {
      if (this.#held.has(b)) return { type: BUTTONS[b].drag, button: BUTTONS[b].cg };
    }
    return { type: EV.moved, button: 0 };
  }

  async move(to: Point): Promise<void> {
    const m = this.#moveType();
    this.#mouse(m.type, this.#toPoints(to), m.button);
    await sleep(15);
  }

  async click(at: Point, button: MouseButton, count: number, modifiers: Modifier[]): Promise<void> {
    const pt = this.#toPoints(at);
    const b = BUTTONS[button];
    const flags = flagsOf([...this.#mods, ...modifiers]);
    this.#mouse(EV.moved, pt, 0, undefined, flags);
    await sleep(15);
    for (let i = 1; i <= Math.max(1, count); i++) {
      this.#mouse(b.down, pt, b.cg, i, flags);
      this.#mouse(b.up, pt, b.cg, i, flags);
      if (i < count) await sleep(30);
    }
    await sleep(15);
  }

  async button(button: MouseButton, down: boolean): Promise<void> {
    const b = BUTTONS[button];
    const at = pixelToPoint(this.#current(), this.pointer());
    this.#mouse(down ? b.down : b.up, at, b.cg, 1);
    if (down) this.#held.add(button);
    else this.#held.delete(button);
    await sleep(15);
  }

  async modifiers(mods: Modifier[], down: boolean): Promise<void> {
    for (const m of mods) {
      if (down) this.#mods.add(m);
      else this.#mods.delete(m);
      this.#post(this.libs.cg.CGEventCreateKeyboardEvent(null, MODIFIER_KEY[m], down));
    }
    await sleep(10);
  }

  async scroll(at: Point, notches: number): Promise<void> {
    await this.move(at);
    // CoreGraphics counts wheel1 positive as "up"; choto counts positive as down.
    const ev = this.libs.cg.CGEventCreateScrollWheelEvent2(
      null,
      SCROLL_UNIT_LINE,
      1,
      -Math.trunc(notches),
      0,
      0,
    );
    this.#post(ev);
    await sleep(30);
  }

  async hotkey(keys: string[]): Promise<void> {
    const plan = planHotkey(keys);
    const flags = plan.flags | flagsOf(this.#mods);
    const cg = this.libs.cg;
    for (const down of [true, false]) {
      const ev = cg.CGEventCreateKeyboardEvent(null, plan.keyCode, down);
      if (ev && plan.unicode) {
        const u = Uint16Array.from(plan.unicode, (c) => c.charCodeAt(0));
        cg.CGEventKeyboardSetUnicodeString(ev, BigInt(u.length), u);
      }
      this.#post(ev, flags);
    }
    await sleep(20);
  }

  async type(text: string): Promise<void> {
    const cg = this.libs.cg;
    for (const step of planTyping(text)) {
      for (const down of [true, false]) {
        const ev = cg.CGEventCreateKeyboardEvent(null, "key" in step ? step.key : 0, down);
        if (ev && "text" in step) {
          cg.CGEventKeyboardSetUnicodeString(ev, BigInt(step.text.length), step.text);
        }
        this.#post(ev, 0);
      }
      await sleep(4);
    }
  }

  // ---- applications ----

  #bundleId(pid: number): string | null {
    if (!this.libs.loaded.appKit) return null;
    const o = this.#objc;
    return o.pool(() => {
      const app = this.libs.objc.msgSend_id_i32(
        o.cls("NSRunningApplication"),
        o.sel("runningApplicationWithProcessIdentifier:"),
        pid,
      );
      if (!app) return null;
      return this.#cf.readString(this.libs.objc.msgSend_id(app, o.sel("bundleIdentifier")));
    });
  }

  runningApps(): Promise<RunningApp[]> {
    const apps = appsOf(this.#rawWindows(LIST_EXCLUDE_DESKTOP));
    return Promise.resolve(apps.map((a) => {
      const id = this.#bundleId(a.pid);
      return { name: a.name, pid: a.pid, aliases: id ? [id] : [], windowIds: a.windowIds };
    }));
  }

  launchableApps(): Promise<LaunchableApp[]> {
    const home = safeEnv("HOME");
    const dirs = [
      "/Applications",
      "/Applications/Utilities",
      "/System/Applications",
      "/System/Applications/Utilities",
      ...(home ? [`${home}/Applications`] : []),
    ];
    const list = this.opts.listApps ?? listAppBundles;
    const seen = new Set<string>();
    const out: LaunchableApp[] = [];
    for (const dir of dirs) {
      for (const bundle of list(dir)) {
        const name = bundle.replace(/\.app$/, "");
        if (seen.has(name)) continue;
        seen.add(name);
        out.push({ name, aliases: [], launch: ["/usr/bin/open", "-a", `${dir}/${bundle}`] });
      }
    }
    return Promise.resolve(out);
  }

  async launch(app: LaunchableApp): Promise<void> {
    const [cmd, ...args] = app.launch.length ? app.launch : ["/usr/bin/open", "-a", app.name];
    await (this.opts.run ?? runCommand)(cmd, args);
  }

  #frontPid(): number | null {
    return focusWindow(this.#rawWindows(LIST_ON_SCREEN_ONLY | LIST_EXCLUDE_DESKTOP))?.pid ?? null;
  }

  async #waitFront(pid: number): Promise<boolean> {
    for (let i = 0; i < 10; i++) {
      if (this.#frontPid() === pid) return true;
      await sleep(50);
    }
    return false;
  }

  async activate(windowId: string): Promise<void> {
    const w = this.#rawWindows(LIST_EXCLUDE_DESKTOP).find((r) => String(r.number) === windowId);
    if (!w) throw new Error(`no window ${windowId}`);
    const o = this.#objc;
    if (this.libs.loaded.appKit) {
      o.pool(() => {
        const app = this.libs.objc.msgSend_id_i32(
          o.cls("NSRunningApplication"),
          o.sel("runningApplicationWithProcessIdentifier:"),
          w.pid,
        );
        if (app) {
          this.libs.objc.msgSend_bool_usize(app, o.sel("activateWithOptions:"), BigInt(ACTIVATE_ALL_WINDOWS));
        }
      });
    }
    if (await this.#waitFront(w.pid)) return;
    // Fallback: ask the app through Accessibility to become frontmost.
    const el = this.libs.ax.AXUIElementCreateApplication(w.pid);
    if (el) {
      try {
        const trueRef = new Deno.UnsafePointerView(this.libs.cf.kCFBooleanTrue!).getPointer();
        this.libs.ax.AXUIElementSetAttributeValue(el, this.#cf.str("AXFrontmost"), trueRef);
      } finally {
        this.libs.cf.CFRelease(el);
      }
    }
    if (await this.#waitFront(w.pid)) return;
    throw new Error(
      `${w.ownerName} did not come to the front (is Accessibility granted to the app running choto?)`,
    );
  }

  async reopen(app: RunningApp): Promise<void> {
    await (this.opts.run ?? runCommand)("/usr/bin/open", ["-a", app.name]);
  }

  /** Versions by pid: an update restarts the app under a new pid, and every look asks. */
  #versions = new Map<number, string | null>();

  appVersion(pid: number | null): string | null {
    if (pid === null) return null;
    if (!this.#versions.has(pid)) this.#versions.set(pid, (this.opts.bundleVersion ?? bundleVersionOf)(pid));
    return this.#versions.get(pid)!;
  }

  readClipboard(): Promise<{ text: string | null; note: string }> {
    const o = this.#objc;
    const text = o.pool(() => {
      const pb = this.libs.objc.msgSend_id(o.cls("NSPasteboard"), o.sel("generalPasteboard"));
      if (!pb) return null;
      const s = this.libs.objc.msgSend_id_id(pb, o.sel("stringForType:"), this.#cf.str(UTF8_PLAIN_TEXT));
      return this.#cf.readString(s); // autoreleased NSString, bridged to CFString
    });
    return Promise.resolve(
      text === null
        ? { text: null, note: "the clipboard holds no text (empty, or an image/file)" }
        : { text, note: `${[...text].length} characters of text` },
    );
  }

  // ---- permissions ----

  permissions(): PermissionCheck[] {
    const pre = this.libs.cg.CGPreflightScreenCaptureAccess;
    return permissionChecks(
      pre ? pre() : null,
      this.libs.ax.AXIsProcessTrusted() !== 0,
      describeCapturePath(this.#path),
      this.opts.host ?? hostFacts(),
    );
  }

  close(): void {
    this.#cf.close();
    this.libs.close();
  }
}

/** One line for doctor about how the screen is captured. */
export function describeCapturePath(p: CapturePath): string {
  return p === "CGWindowListCreateImage"
    ? "CGWindowListCreateImage (in-process)"
    : "/usr/sbin/screencapture (CGWindowListCreateImage is unavailable or refused on this macOS)";
}

/**
 * Doctor's macOS checks: Screen Recording, Accessibility and the capture
 * path, each saying which app holds the grant. Opens the libraries itself.
 */
export function macDoctorChecks(libs?: MacLibs): PermissionCheck[] {
  if (!libs && Deno.build.os !== "darwin") return [];
  const desktop = createMacDesktop(libs ?? openMacLibraries({ appKit: false }));
  try {
    const checks = desktop.permissions();
    checks.push({
      name: "Capture path",
      ok: true,
      detail: describeCapturePath(desktop.capturePath()),
    });
    return checks;
  } finally {
    desktop.close();
  }
}

function safeEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** Reads who is responsible for our grants from the environment and the parent process. */
export function hostFacts(): HostFacts {
  let parentName: string | undefined;
  try {
    const out = new Deno.Command("/bin/ps", { args: ["-o", "comm=", "-p", String(Deno.ppid)] })
      .outputSync();
    parentName = new TextDecoder().decode(out.stdout).trim().split("/").pop() || undefined;
  } catch {
    // Without --allow-run=/bin/ps the environment alone has to do.
  }
  let execPath = "deno";
  try {
    execPath = Deno.execPath();
  } catch {
    // Needs --allow-read; the note still makes sense without the path.
  }
  return {
    termProgram: safeEnv("TERM_PROGRAM"),
    bundleId: safeEnv("__CFBundleIdentifier"),
    parentName,
    execPath,
  };
}

function runScreencapture(r: { x: number; y: number; width: number; height: number }): Uint8Array {
  const file = Deno.makeTempFileSync({ prefix: "choto-", suffix: ".png" });
  try {
    const res = new Deno.Command("/usr/sbin/screencapture", {
      args: ["-x", "-t", "png", `-R${r.x},${r.y},${r.width},${r.height}`, file],
    }).outputSync();
    if (!res.success) {
      throw new Error(`screencapture failed: ${new TextDecoder().decode(res.stderr).trim()}`);
    }
    return Deno.readFileSync(file);
  } finally {
    try {
      Deno.removeSync(file);
    } catch { /* already gone */ }
  }
}

function listAppBundles(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)]
      .filter((e) => e.name.endsWith(".app"))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

async function runCommand(cmd: string, args: string[]): Promise<void> {
  const res = await new Deno.Command(cmd, { args, stdout: "null", stderr: "piped" }).output();
  if (!res.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(res.stderr).trim()}`);
  }
}
