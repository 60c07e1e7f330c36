/**
 * An in-memory Desktop for unit tests: a window stack, a frame, a pointer,
 * and a log of what was asked of it. Input that a test does not expect is
 * refused, so a stray key or click fails the test.
 */
import type { Desktop, Point, RgbaImage, SelfTestFacts, WindowInfo } from "../../src/desktop/types.ts";

/** An app window at a fixed place. */
export function fakeWindow(id: string, app: string, title: string): WindowInfo {
  return {
    id,
    app,
    pid: Number(id),
    title,
    bounds: { x: 10, y: 10, width: 300, height: 200 },
    kind: "normal",
    transient: false,
  };
}

/** What a fake desktop starts with and how it reacts. */
export interface FakeDesktopOptions {
  windows: WindowInfo[];
  focus: string;
  frame?: RgbaImage;
  /** Called on activate; throw to refuse. Default: the window comes to the front. */
  activate?: (id: string) => void;
}

/** A fake Desktop with its call log and the facts its probe was handed. */
export function fakeDesktop(o: FakeDesktopOptions) {
  const calls: string[] = [];
  const probed: SelfTestFacts[] = [];
  let pointer: Point = { x: 5, y: 7 };
  let focus = o.focus;
  const frame = o.frame ?? { width: 400, height: 300, data: new Uint8Array(400 * 300 * 4) };
  const refuse = (what: string) => () => Promise.reject(new Error(`the test did not expect to ${what}`));
  const desktop: Desktop = {
    platform: "fake",
    cmdMeaning: "",
    windows: () => ({
      screen: {
        widthPx: frame.width,
        heightPx: frame.height,
        widthPt: frame.width,
        heightPt: frame.height,
        scale: 1,
      },
      windows: o.windows,
      chrome: [],
      focusWindowId: focus,
      frontmostApp: o.windows.find((w) => w.id === focus)?.app ?? null,
    }),
    capture: () => frame,
    pointer: () => pointer,
    pointerInCorner: () => false,
    move: (to) => (calls.push(`move ${to.x},${to.y}`), pointer = to, Promise.resolve()),
    click: refuse("click"),
    button: refuse("press buttons"),
    modifiers: refuse("hold modifiers"),
    scroll: refuse("scroll"),
    hotkey: refuse("press keys"),
    type: refuse("type"),
    runningApps: () =>
      Promise.resolve(o.windows.map((w) => ({ name: w.app, pid: w.pid, aliases: [], windowIds: [w.id] }))),
    launchableApps: () => Promise.resolve([]),
    launch: refuse("launch"),
    activate: (id) => {
      calls.push(`activate ${id}`);
      try {
        o.activate?.(id);
      } catch (e) {
        return Promise.reject(e);
      }
      focus = id;
      return Promise.resolve();
    },
    reopen: refuse("reopen"),
    readClipboard: () => Promise.resolve({ text: null, note: "" }),
    doctorChecks: () => [],
    probe: (facts) => (probed.push(facts), {
      findings: [{ name: "backend", ok: true, detail: "fine" }],
      questions: [
        { question: "Q1?", answer: facts.activation?.confirmed ? "yes" : null },
        { question: "Q2?", answer: null },
      ],
    }),
    close: () => {},
  };
  return { desktop, calls, probed };
}
