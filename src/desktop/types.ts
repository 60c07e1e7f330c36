/**
 * The Desktop interface: everything choto needs from an operating system.
 *
 * Coordinates contract: every position and rectangle that crosses this
 * interface is in SCREEN PIXELS of the captured display (what OCR sees).
 * A backend converts pixels to its own input units (logical points on macOS)
 * itself, so callers never deal with scale factors.
 *
 * @module
 */

import type { Point, Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";

/**
 * What a window is for. Top-level app windows are `normal` or `dialog`
 * (or `utility`); the others belong to the chrome surface.
 */
export type WindowKind =
  | "normal"
  | "dialog"
  | "utility"
  | "menu"
  | "popup"
  | "tooltip"
  | "dock"
  | "menubar"
  | "status"
  | "other";

/** True for kinds that belong to the chrome surface rather than to an app window. */
export function isChromeKind(kind: WindowKind): boolean {
  return kind === "menu" || kind === "tooltip" || kind === "popup" ||
    kind === "dock" || kind === "menubar" || kind === "status";
}

/** One on-screen window as the backend sees it. */
export interface WindowInfo {
  /** Backend-specific stable id (X11 window id, macOS window number), as a string. */
  id: string;
  /** The application's display name ("Mousepad", "Safari"). */
  app: string;
  /** Process id of the owning application, when known. */
  pid: number | null;
  /** The window title ("" when it has none). */
  title: string;
  /** Bounds in screen pixels, including the window-manager frame. */
  bounds: Rect;
  /**
   * The window manager's frame around the app's own drawing (its title bar
   * on top), in pixels per side, when it draws one (X11 _NET_FRAME_EXTENTS).
   */
  frame?: { left: number; right: number; top: number; bottom: number };
  /** What the window is for. */
  kind: WindowKind;
  /** True when the window is a transient child (dialog) of another window. */
  transient: boolean;
  /**
   * Other names the window's program gives it (X11: both WM_CLASS parts;
   * `--class` changes only one), for the deny list.
   */
  aliases?: string[];
}

/** The display that is captured and acted on. */
export interface ScreenInfo {
  /** Size in pixels (OCR and element coordinates). */
  widthPx: number;
  heightPx: number;
  /** Size in logical points (the OS's input units). */
  widthPt: number;
  heightPt: number;
  /** Pixels per point (2 on a Retina display, 1 on X11). */
  scale: number;
}

/** A snapshot of the window stack. */
export interface WindowState {
  screen: ScreenInfo;
  /** Top-level application windows, frontmost first. */
  windows: WindowInfo[];
  /** Chrome: menu bar, status items, open menus, popovers, tooltips, docks. */
  chrome: WindowInfo[];
  /** The window that has the keyboard focus, when any. */
  focusWindowId: string | null;
  /** The application that owns the focus window (or is frontmost). */
  frontmostApp: string | null;
  /** Windows and chrome of apps on the user's deny list, left out of the lists above. */
  withheld?: number;
  /**
   * True when the window in front (the focus window, else the frontmost) is
   * a denied app's: `focusWindowId` is then null, and no other window may
   * stand in for it (set by the guard; absent means false).
   */
  focusWithheld?: boolean;
  /**
   * The windows of the MCP client that started choto (its chat, or the
   * terminal it runs in): never the window a look or a step works in unless
   * named. Set by a backend that can tell (X11, macOS); absent means none known.
   */
  clientWindowIds?: string[];
}

/**
 * Where the next input event goes: keys to the window with the keyboard
 * focus, buttons and the wheel to the window under the pointer.
 */
export interface Landing {
  readonly kind: "keys" | "pointer";
  /** The receiving top-level window's id as `windows()` names it; null when the event reaches no window. */
  readonly id: string | null;
  /** That window described (app, pid, title), read on first use; null when it has none. */
  window(): WindowInfo | null;
  /**
   * For a button or the wheel: whether the pointer is on the app's own
   * drawing or on the frame the window manager draws around it (its title
   * bar and its buttons, its borders). Absent where the backend cannot tell
   * or there is no such frame.
   */
  readonly part?: WindowPart;
}

/** The app's own drawing in a window, or the window manager's frame around it. */
export type WindowPart = "content" | "frame";

/**
 * Called before each input event (a key, a button press, a wheel notch)
 * with how many of the gesture's events were sent so far and where this one
 * lands; it throws to stop the gesture there, and the backend lets go of
 * anything it pressed before passing that on. The backend sends the event
 * where the gate was told it lands: nothing between the check and the event
 * can move the focus (X11 holds the server still around both; macOS posts
 * keys to the process that was checked).
 */
export type InputGate = (sent: number, landing: Landing) => void;

/** Who put the clipboard's content there, as far as the platform can tell. */
export interface ClipboardSource {
  /** The process that owns the selection (X11), or null when unknown. */
  pid: number | null;
  /** The owner's own names (X11: the owner window's WM_CLASS), when it has any. */
  names: string[];
  /** The clipboard's change count (macOS), to compare with what choto saw while denied apps were in front. */
  generation: number | null;
  /** True when the copying app marked the content as a secret (a password manager's convention). */
  concealed: boolean;
}

/** A question choto puts to the user on the desktop itself, for a client that cannot ask. */
export interface DesktopQuestion {
  title: string;
  /** Names the app, the window, the action and the label: plain text, already escaped. */
  text: string;
  /** The button that says yes; the other one, the default, says no. */
  allow: string;
  deny: string;
  /** How long the user has; silence is a no. */
  timeoutMs: number;
  /** Where the target is, marked on screen while the question is up (where the backend can draw). */
  mark?: Rect;
  signal?: AbortSignal;
}

/** How the user answered a desktop question, or why it could not be asked. */
export type DesktopAnswer =
  | { answer: "allow" | "deny" | "timeout" }
  | { answer: "unavailable"; why: string };

/** What a mark shows the user to do at its element. */
export const GESTURES = ["look", "click", "double_click", "right_click", "type_here", "drag_to"] as const;
/** One gesture a mark can show. */
export type Gesture = typeof GESTURES[number];

/** One mark choto draws on the screen for the user's eyes: a frame around a box, and what to do there. */
export interface PointMark {
  /** The element's box, in screen pixels. */
  box: Rect;
  gesture: Gesture;
  /** Its place in a sequence of marks (1, 2, ...), or null when it stands alone. */
  number: number | null;
  /** A short plain-text line shown beside it (the assistant's words), or null. */
  note: string | null;
  /** drag_to: the box the drag ends on (an arrow leads there); null otherwise. */
  to: Rect | null;
}

/** What a part of a mark is, as a refusal names it. */
export type MarkPartName = "frame" | "number" | "gesture" | "arrow" | "note";

/** One part of a mark and the screen area it may paint, its white edge and padding included. */
export interface MarkPart {
  part: MarkPartName;
  area: Rect;
}

/** How a set of marks is shown. */
export interface PointOptions {
  /** How long they stay up unless taken down sooner. */
  durationMs: number;
  /** guide: what the user may do (the point tool); warning: a destructive step choto is asking about. */
  tone: "guide" | "warning";
  /**
   * Set by the guard: why marks whose parts (per mark, as they would be
   * drawn, the note measured) may not be shown, or null. The backend asks
   * before it reads or draws anything and again once it has read what lies
   * beneath them, and draws nothing when either answer is a reason.
   */
  vet?: (parts: MarkPart[][]) => string | null;
}

/**
 * Marks on screen, or why none could be drawn. Marks stay until their
 * duration ends, the next set replaces them, choto sends its next input,
 * they are closed, or the server exits; choto never reads them or sends
 * input to them, and they take neither the pointer nor the keyboard focus.
 */
export type Pointing =
  | {
    shown: true;
    /** How the notes were written: the system's fonts, the X server's core font (Latin-1), or not at all. */
    notes: "fonts" | "core font" | "none";
    /** Takes these marks down (nothing when they are already gone). */
    close(): void;
  }
  | {
    shown: false;
    why: string;
    /** True when the guard refused them: a mark would cover a window choto may not show over. */
    refused?: boolean;
  };

/** Mouse buttons. */
export type MouseButton = "left" | "right" | "middle";

/** Modifier names accepted everywhere. `cmd` is Ctrl off macOS. */
export type Modifier = "cmd" | "shift" | "alt" | "ctrl";

/** A running application, as far as the window system can tell. */
export interface RunningApp {
  name: string;
  pid: number | null;
  /** Other names the app answers to (X11 WM_CLASS parts, bundle id…). */
  aliases: string[];
  windowIds: string[];
}

/** An application that could be launched. */
export interface LaunchableApp {
  name: string;
  /** Extra names it is known by (executable name, generic name). */
  aliases: string[];
  /** Backend-specific launch recipe (argv on Linux, app path on macOS). */
  launch: string[];
  /** True when its desktop entry says it is a terminal emulator (Linux `Categories=TerminalEmulator`). */
  terminal?: boolean;
}

/** Whether a platform permission is granted, and what to do if not. */
export interface PermissionCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What the self-test's round trip in a scratch document saw. */
export interface EditorFacts {
  /** The editor ("TextEdit", "Mousepad"). */
  app: string;
  /** The line typed into the scratch document. */
  typed: string;
  /** The clipboard after select-all and copy (null: no text there). */
  copied: string | null;
  /** The clipboard after clicking a word and selecting to the end of the line and copying. */
  afterClick: string | null;
  /** The word clicked. */
  clicked: string | null;
}

/** What the portable steps of a self-test saw, for the backend to judge. */
export interface DoctorSelftestFacts {
  /** Whether the captured frame was one flat colour (null when capture failed). */
  frameBlank: boolean | null;
  /** The activation round trip, when there were two app windows to try it with. */
  activation: { window: string; confirmed: boolean; error?: string } | null;
  /** The scratch document round trip, when the editor opened. */
  editor?: EditorFacts | null;
}

/** A question about the platform that only a run on a real machine answers. */
export interface OpenQuestion {
  question: string;
  /** What this run found, or null when it could not tell. */
  answer: string | null;
}

/** Platform facts a self-test gathers, and the open questions they answer. */
export interface ProbeReport {
  findings: PermissionCheck[];
  questions: OpenQuestion[];
  /**
   * Why the frame captured does not show the screen although it is neither
   * blank nor missing (macOS without Screen Recording: only the desktop
   * picture and the menu bar), or null when it does.
   */
  captureProblem?: string | null;
}

/** The operations choto needs from a desktop. */
export interface Desktop {
  /** "x11" or "macos". */
  readonly platform: string;
  /** What `cmd` means on this platform, said in replies ("Ctrl on Linux"). */
  readonly cmdMeaning: string;

  /** The window stack and the display geometry. */
  windows(): WindowState;
  /** Captures the whole display in pixels. */
  capture(): RgbaImage;
  /**
   * One capture with the window stack listed just before and just after it,
   * each list as {@link windows} gives it at that moment and the frame as
   * {@link capture} gives it; a look takes its windows and its pixels from
   * these. Without it, a look lists, captures and lists again through the
   * other two.
   */
  snapshot?(): { before: WindowState; frame: RgbaImage; after: WindowState };
  /**
   * Readies memory for the captures to come, once one has given the
   * screen's size, so that they write to pages already mapped; for idle
   * time (the server's warming).
   */
  spareFrames?(): void;
  /** The pointer position in pixels. */
  pointer(): Point;
  /**
   * True when the pointer sits in the top-left corner of the display that
   * holds it, judged in global coordinates: the user's signal to stop a run,
   * on any display of a multi-display desk.
   */
  pointerInCorner(): boolean;

  /** Moves the pointer. */
  move(to: Point): Promise<void>;
  /** Clicks at a point (count 2 = double click) with modifiers held, asking `gate` before each press. */
  click(
    at: Point,
    button: MouseButton,
    count: number,
    modifiers: Modifier[],
    gate?: InputGate,
  ): Promise<void>;
  /** Presses or releases a mouse button where the pointer is; `gate` is asked before a press. */
  button(button: MouseButton, down: boolean, gate?: InputGate): Promise<void>;
  /** Holds or lets go of modifier keys; `gate` is asked before they go down. */
  modifiers(mods: Modifier[], down: boolean, gate?: InputGate): Promise<void>;
  /** Scrolls by wheel notches at a point (positive is down), asking `gate` before each notch. */
  scroll(at: Point, notches: number, gate?: InputGate): Promise<void>;
  /** Presses a key combination such as ["ctrl", "shift", "s"], asking `gate` first. */
  hotkey(keys: string[], gate?: InputGate): Promise<void>;
  /** Types arbitrary Unicode text, asking `gate` before each character. */
  type(text: string, gate?: InputGate): Promise<void>;
  /**
   * Why a key combination cannot be pressed on this desktop's current
   * keyboard layout, or null when it can (macOS: a character no key of the
   * layout types). Lets a plan be refused before its first step. Optional
   * per backend.
   */
  keyRefusal?(keys: string[]): string | null;

  /** Running applications (those with windows, plus any the OS knows of). */
  runningApps(): Promise<RunningApp[]>;
  /** Applications that could be launched. */
  launchableApps(): Promise<LaunchableApp[]>;
  /**
   * An executable that can be started by this exact name when no installed
   * application matches (Linux: a program on PATH). Optional per backend.
   */
  findExecutable?(name: string): LaunchableApp | null;
  /** Starts an application; returns once the process is spawned. */
  launch(app: LaunchableApp): Promise<void>;
  /**
   * Brings a window (and its app) to the front. Throws when the backend can
   * tell that this window did not come forward, rather than leave another
   * window of the same app in front. Resolves to a note for the reply when
   * it took a fallback path (macOS: `open -b` after a declined activation).
   */
  activate(windowId: string): Promise<string | void>;
  /** Asks a running app with no window to show one. */
  reopen(app: RunningApp): Promise<void>;

  /**
   * Something that changes when the app is updated (a version string, or the
   * build date of its executable), or null when unknown. Optional per backend.
   */
  appVersion?(pid: number | null): string | null;

  /** The clipboard's text, null when empty, or a note when it holds no text. */
  readClipboard(): Promise<{ text: string | null; note: string }>;
  /** Who owns the clipboard's content, for the deny list. Optional per backend. */
  clipboardSource?(): ClipboardSource | null;
  /** The clipboard's change count, when the platform keeps one (macOS). */
  clipboardGeneration?(): number | null;

  /**
   * Other names the process `pid` answers to, for the deny list: its
   * executable's file name, and the application whose executable it runs
   * (the same file, or a copy of it under another name) or whose bundle it
   * is (macOS bundle id). Optional per backend.
   */
  programNames?(pid: number): string[];

  /**
   * Asks the user a yes/no question in a dialog of choto's own on the
   * desktop, with the target marked where the backend can draw it; no is
   * the default and silence until the timeout. Optional per backend.
   */
  askUser?(q: DesktopQuestion): Promise<DesktopAnswer>;
  /**
   * Shows marks on the screen for the user (replacing any shown), without
   * moving the pointer or taking the focus; left out of every capture and
   * window list. Optional per backend.
   */
  point?(marks: PointMark[], options: PointOptions): Promise<Pointing>;

  /**
   * Doctor's platform checks: permissions and who holds them, how the screen
   * is captured, what input and window management can do here.
   */
  doctorChecks(): PermissionCheck[];
  /**
   * Platform facts for `doctor --selftest`, read after the portable steps
   * ran, with the open questions they settle. Reads only; sends no input.
   */
  probe(facts: DoctorSelftestFacts): ProbeReport;
  /** Releases the display connection. */
  close(): void;
  /**
   * Why an app (by name and other names) may not be read or touched, or
   * null when it may: the user's deny list. Set on the guarded desktop.
   */
  deniedApp?(name: string, aliases?: string[]): string | null;
  /**
   * Refuses (throws, and logs the refusal) input `action` at any of `points`
   * that would land on a window of a denied app, as the input itself would
   * be refused: lets a gesture be checked whole before any of it is sent.
   * Set on the guarded desktop.
   */
  refuseDenied?(action: string, points: Point[]): void;
}
