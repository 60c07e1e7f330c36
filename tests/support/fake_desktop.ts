/**
 * A desktop and a screen reader made of data, for unit tests of perception
 * and the plan engine: windows and texts are plain values, input is logged,
 * and a scripted reaction (or a change due at a time on the fake clock)
 * changes what the next look sees. Frames are solid images whose shade
 * changes whenever what is shown changes, so "did the screen change" works.
 *
 * @module
 */

import { clientWindowIds } from "../../src/desktop/client_windows.ts";
import type { Clock } from "../../src/common/time.ts";
import { inTopLeftCorner } from "../../src/desktop/corner.ts";
import { createServices, type Services } from "../../src/services.ts";
import { Store } from "../../src/db/store.ts";
import type {
  ClipboardSource,
  Desktop,
  DesktopAnswer,
  DesktopQuestion,
  DoctorSelftestFacts,
  InputGate,
  Landing,
  LaunchableApp,
  Modifier,
  MouseButton,
  PermissionCheck,
  Pointing,
  PointMark,
  PointOptions,
  ProbeReport,
  RunningApp,
  WindowInfo,
  WindowState,
} from "../../src/desktop/types.ts";
import type { ScreenReader } from "../../src/ocr/reader.ts";
import type { Element, OcrEngine } from "../../src/ocr/types.ts";
import type { RgbaImage } from "../../src/image/pixels.ts";
import { containsPoint, type Point, type Rect } from "../../src/common/rect.ts";
import { clientRect } from "../../src/perceive/window_controls.ts";
import { markParts, NOTE_WIDTH } from "../../src/desktop/mark_drawing.ts";

/** A clock that jumps instead of waiting. */
export class FakeClock implements Clock {
  t = 0;
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.t += Math.max(0, ms);
    await Promise.resolve();
  }
}

/** A text drawn on screen with its centre at (cx, cy): 8 px per character, 14 px high. */
export function text(t: string, cx: number, cy: number, conf = 0.95): Element {
  const w = Math.max(8, t.length * 8);
  return { text: t, cx, cy, x: cx - Math.round(w / 2), y: cy - 7, w, h: 14, conf };
}

/** A window at a place on screen. */
export function window(
  id: string,
  app: string,
  title: string,
  bounds: Rect,
  kind: WindowInfo["kind"] = "normal",
): WindowInfo {
  return { id, app, pid: 100 + id.length, title, bounds, kind, transient: false };
}

/** Screen size of every fake desktop. */
export const SCREEN = { width: 400, height: 300 };

/** A scripted desktop. Mutate its fields (or use `at`) to change what is on screen. */
export class FakeDesktop implements Desktop {
  readonly platform = "x11";
  readonly cmdMeaning = "cmd is Ctrl on Linux";
  /** App windows, frontmost first. */
  windowList: WindowInfo[] = [];
  chrome: WindowInfo[] = [];
  focusWindowId: string | null = null;
  /** Everything drawn on screen. */
  texts: Element[] = [];
  /** Input and window requests, in order, as short lines. */
  readonly log: string[] = [];
  pointerAt: Point = { x: 200, y: 150 };
  running: RunningApp[] = [];
  launchable: LaunchableApp[] = [];
  clipboard: { text: string | null; note: string } = { text: null, note: "the clipboard is empty" };
  /** Who owns the clipboard, as a backend would tell. */
  clipboardFrom: ClipboardSource | null = null;
  /** Other names by pid, as a backend's program index would give them. */
  programs: Record<number, string[]> = {};
  /** choto's parent processes, nearest first: the windows of the nearest that owns one are the client's. */
  ancestors: number[] = [];
  /** How the desktop question is answered (absent: the backend has none); the questions asked. */
  answer?: (q: DesktopQuestion) => DesktopAnswer | Promise<DesktopAnswer>;
  readonly questions: DesktopQuestion[] = [];
  /** Why marks cannot be drawn here (null: they can); every set of marks shown, and whether it is still up. */
  cannotPoint: string | null = null;
  readonly pointed: Array<{ marks: PointMark[]; options: PointOptions; up: boolean }> = [];
  /** Called before each input event is checked: a test moves the focus here, mid-gesture. */
  beforeEvent?: (kind: Landing["kind"], sent: number, desktop: FakeDesktop) => void;

  /** What the app draws when clicked; without it the app shows each press (see {@link showsPress}). */
  onClick?: (at: Point, desktop: FakeDesktop) => void;
  /**
   * Without `onClick`, whether a click or a drag's release shows on screen
   * (the frame changes, no text does), as a real button or field shows it
   * took a press; false: an app that never shows one (a disabled button).
   */
  showsPress = true;
  /** Called when the pointer moves (a hover highlight drawn by the motion alone). */
  onMove?: (to: Point, desktop: FakeDesktop) => void;
  onScroll?: (at: Point, notches: number, desktop: FakeDesktop) => void;
  onType?: (text: string, desktop: FakeDesktop) => void;
  onLaunch?: (app: LaunchableApp, desktop: FakeDesktop) => void;
  onActivate?: (windowId: string, desktop: FakeDesktop) => void;
  /** What the self-test's probe answers; it records the facts it was handed. */
  probeReport: ProbeReport = { findings: [], questions: [] };
  readonly probed: DoctorSelftestFacts[] = [];
  /** Replaces the frames (otherwise flat shades that change with what is shown). */
  frame?: RgbaImage;

  #due: Array<{ at: number; change: (d: FakeDesktop) => void }> = [];
  #presses = 0;
  #shades = new Map<string, number>();
  /** What each captured frame showed, for the reader. */
  readonly shown = new WeakMap<RgbaImage, Element[]>();

  constructor(readonly clock: FakeClock = new FakeClock()) {}

  /** Makes a change when the fake clock reaches `ms`. */
  at(ms: number, change: (d: FakeDesktop) => void): void {
    this.#due.push({ at: ms, change });
  }

  #applyDue(): void {
    const now = this.clock.now();
    for (const d of this.#due.filter((d) => d.at <= now)) d.change(this);
    this.#due = this.#due.filter((d) => d.at > now);
  }

  windows(): WindowState {
    this.#applyDue();
    const focus = this.windowList.find((w) => w.id === this.focusWindowId);
    return {
      screen: {
        widthPx: SCREEN.width,
        heightPx: SCREEN.height,
        widthPt: SCREEN.width,
        heightPt: SCREEN.height,
        scale: 1,
      },
      windows: [...this.windowList],
      chrome: [...this.chrome],
      focusWindowId: this.focusWindowId,
      frontmostApp: focus?.app ?? this.windowList[0]?.app ?? null,
      clientWindowIds: clientWindowIds(this.windowList, this.ancestors),
    };
  }

  capture(): RgbaImage {
    this.#applyDue();
    if (this.frame) return this.frame;
    const key = JSON.stringify([this.texts, this.windowList, this.chrome, this.#presses]);
    if (!this.#shades.has(key)) this.#shades.set(key, this.#shades.size % 250);
    const frame = {
      width: SCREEN.width,
      height: SCREEN.height,
      data: new Uint8Array(SCREEN.width * SCREEN.height * 4).fill(this.#shades.get(key)!),
    };
    this.shown.set(frame, [...this.texts]);
    return frame;
  }

  pointer(): Point {
    return this.pointerAt;
  }

  /** The window a listing shows at a point: chrome first, each front to back. */
  windowAt(p: Point): WindowInfo | null {
    return [...this.chrome, ...this.windowList].find((w) =>
      p.x >= w.bounds.x && p.y >= w.bounds.y && p.x < w.bounds.x + w.bounds.width &&
      p.y < w.bounds.y + w.bounds.height
    ) ?? null;
  }

  /** Asks a gate about event `sent`, as a backend does: with where it lands now. */
  #ask(gate: InputGate | undefined, sent: number, kind: Landing["kind"], at?: Point): void {
    if (!gate) return;
    this.beforeEvent?.(kind, sent, this);
    const p = at ?? this.pointerAt;
    const w = kind === "keys"
      ? this.windowList.find((x) => x.id === this.focusWindowId) ?? null
      : this.windowAt(p);
    // Like X11 under a window manager: a button says whether it is on the app's drawing or the frame.
    const part = kind === "pointer" && w?.frame
      ? (containsPoint(clientRect(w), p.x, p.y) ? "content" as const : "frame" as const)
      : undefined;
    gate(sent, { kind, id: w?.id ?? null, window: () => w, ...(part ? { part } : {}) });
  }
  pointerInCorner(): boolean {
    return inTopLeftCorner([{ x: 0, y: 0, ...SCREEN }], this.pointerAt);
  }
  async move(to: Point): Promise<void> {
    this.pointerAt = to;
    this.log.push(`move ${to.x},${to.y}`);
    this.onMove?.(to, this);
  }
  async click(
    at: Point,
    button: MouseButton,
    count: number,
    modifiers: Modifier[],
    gate?: InputGate,
  ): Promise<void> {
    // A backend's click moves the pointer there first, as a move does.
    if (at.x !== this.pointerAt.x || at.y !== this.pointerAt.y) this.onMove?.(at, this);
    this.pointerAt = at;
    if (modifiers.length) this.#ask(gate, 0, "keys");
    for (let i = 0; i < count; i++) this.#ask(gate, i, "pointer", at);
    const mods = modifiers.length ? ` +${modifiers.join("+")}` : "";
    this.log.push(`click ${button}${count > 1 ? ` x${count}` : ""} ${at.x},${at.y}${mods}`);
    if (this.onClick) this.onClick(at, this);
    else if (this.showsPress) this.#presses++;
  }
  async button(button: MouseButton, down: boolean, gate?: InputGate): Promise<void> {
    if (down) this.#ask(gate, 0, "pointer");
    this.log.push(`${button} ${down ? "down" : "up"}`);
    if (!down && !this.onClick && this.showsPress) this.#presses++;
  }
  async modifiers(mods: Modifier[], down: boolean, gate?: InputGate): Promise<void> {
    if (down) this.#ask(gate, 0, "keys");
    if (mods.length) this.log.push(`${mods.join("+")} ${down ? "down" : "up"}`);
  }
  async scroll(at: Point, notches: number, gate?: InputGate): Promise<void> {
    for (let i = 0; i < Math.abs(notches); i++) {
      try {
        this.#ask(gate, i, "pointer", at);
      } catch (err) {
        if (i > 0) this.log.push(`scroll ${Math.sign(notches) * i} @ ${at.x},${at.y}`);
        throw err;
      }
    }
    this.log.push(`scroll ${notches} @ ${at.x},${at.y}`);
    this.onScroll?.(at, notches, this);
  }
  async hotkey(keys: string[], gate?: InputGate): Promise<void> {
    this.#ask(gate, 0, "keys");
    this.log.push(`hotkey ${keys.join("+")}`);
  }
  async type(t: string, gate?: InputGate): Promise<void> {
    const chars = [...t];
    for (let i = 0; i < chars.length; i++) {
      try {
        this.#ask(gate, i, "keys");
      } catch (err) {
        if (i > 0) this.log.push(`type ${chars.slice(0, i).join("")}`);
        throw err;
      }
    }
    this.log.push(`type ${t}`);
    this.onType?.(t, this);
  }
  async runningApps(): Promise<RunningApp[]> {
    return this.running;
  }
  async launchableApps(): Promise<LaunchableApp[]> {
    return this.launchable;
  }
  async launch(app: LaunchableApp): Promise<void> {
    this.log.push(`launch ${app.name}`);
    this.onLaunch?.(app, this);
  }
  async activate(windowId: string): Promise<void> {
    this.log.push(`activate ${windowId}`);
    if (this.onActivate) this.onActivate(windowId, this);
    else this.raise(windowId);
  }
  async reopen(app: RunningApp): Promise<void> {
    this.log.push(`reopen ${app.name}`);
  }
  async readClipboard(): Promise<{ text: string | null; note: string }> {
    return this.clipboard;
  }
  clipboardSource(): ClipboardSource | null {
    return this.clipboardFrom;
  }
  programNames(pid: number): string[] {
    return this.programs[pid] ?? [];
  }
  askUser(q: DesktopQuestion): Promise<DesktopAnswer> {
    this.questions.push(q);
    return Promise.resolve(
      this.answer ? this.answer(q) : { answer: "unavailable", why: "no answer scripted" },
    );
  }
  point(marks: PointMark[], options: PointOptions): Promise<Pointing> {
    if (this.cannotPoint) return Promise.resolve({ shown: false, why: this.cannotPoint });
    // As a backend does: the guard's check on every part as drawn, a note taking 7 pixels a character.
    const screen = { x: 0, y: 0, ...SCREEN };
    const ink = (note: string | null) =>
      note ? { width: Math.min(NOTE_WIDTH, 7 * note.length), height: 17 } : null;
    const refused = options.vet?.(marks.map((m) => markParts(m, ink(m.note), screen)));
    if (refused) return Promise.resolve({ shown: false, why: refused, refused: true });
    // A new set replaces the one up.
    this.pointed.forEach((p) => p.up = false);
    const set = { marks, options, up: true };
    this.pointed.push(set);
    return Promise.resolve({ shown: true, notes: "fonts", close: () => set.up = false });
  }
  doctorChecks(): PermissionCheck[] {
    return [];
  }
  probe(facts: DoctorSelftestFacts): ProbeReport {
    this.probed.push(facts);
    return this.probeReport;
  }
  close(): void {}

  /** Brings a window to the front and gives it the focus. */
  raise(windowId: string): void {
    const w = this.windowList.find((w) => w.id === windowId);
    if (!w) return;
    this.windowList = [w, ...this.windowList.filter((o) => o !== w)];
    this.focusWindowId = windowId;
  }

  /** The input lines of the log (no moves), for asserting what was sent. */
  inputs(): string[] {
    return this.log.filter((l) => !l.startsWith("move "));
  }
}

/** A reader that "reads" the texts a frame showed whose centres lie in the region. */
export function fakeReader(desktop: FakeDesktop): ScreenReader & { reads: Rect[] } {
  const reads: Rect[] = [];
  const engine: OcrEngine = { name: "fake", recognize: async () => [], close: async () => {} };
  return {
    engine,
    reads,
    async read(frame, region) {
      reads.push(region);
      const inside = (e: Element) =>
        e.cx >= region.x && e.cy >= region.y && e.cx < region.x + region.width &&
        e.cy < region.y + region.height;
      return { elements: (desktop.shown.get(frame) ?? []).filter(inside), charScan: null, ms: 1 };
    },
    close: async () => {},
  };
}

/** Services over a fake desktop, its reader and a fresh in-memory graph. */
export function fakeServices(desktop: FakeDesktop): Services {
  let epoch = 1_700_000_000_000;
  return createServices({
    store: new Store(":memory:"),
    openDesktop: () => desktop,
    openReader: () => fakeReader(desktop),
    now: () => (epoch += 1000),
  });
}
