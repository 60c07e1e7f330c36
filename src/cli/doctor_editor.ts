/**
 * The part of `doctor --selftest` that types and clicks, in a document of
 * its own: it writes two empty scratch files beside the database, opens the
 * first in the platform's plain text editor (TextEdit on macOS, Mousepad on
 * X11), types a line with punctuation and accents, selects all and copies
 * it, reads the clipboard back, reads the window and finds the typed words
 * where they were typed, clicks one of them and checks where the caret
 * went by selecting to the end of the line and copying again, opens the
 * second file and raises one window of the editor over the other, then
 * saves and closes both and deletes the files.
 *
 * Every key goes only to the scratch document: before each one the
 * document must be the focus window, and the pointer in the top-left
 * corner stops the run.
 *
 * @module
 */

import { join } from "node:path";
import { sleep } from "../common/time.ts";
import type { Desktop, EditorFacts, InputGate, WindowInfo } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import type { ScreenReader } from "../ocr/reader.ts";
import type { Rect } from "../common/rect.ts";

/**
 * Whether a window title names the scratch document `file` as a word of its
 * own ("…/choto-selftest-1.txt - Mousepad", "choto-selftest-1" on a Mac that
 * hides extensions): the scratch folder's random name may contain the
 * document's name too.
 */
export function namesDocument(title: string, file: string): boolean {
  const base = file.replace(/\.txt$/, "");
  return title.split(/[\/\s]+/).some((t) => {
    const word = t.replace(/^\*/, "");
    return word === file || word === base;
  });
}

/** The line typed: ASCII punctuation, accents and characters most layouts type only with Option or AltGr. */
export const SCRATCH_LINE = "Grüße, café: 1+2=3? ¡Sí! naïve (choto) Wanderlust #7 @home";
/** The word clicked: long, plain letters, near the end of the line. */
export const CLICK_WORD = "Wanderlust";

/** The editor of each platform and how it opens a file in a window of its own. */
const EDITORS: Record<string, { app: string; args: string[]; selectToLineEnd: string[] }> = {
  macos: { app: "TextEdit", args: [], selectToLineEnd: ["cmd", "shift", "right"] },
  x11: { app: "Mousepad", args: ["--opening-mode=window"], selectToLineEnd: ["shift", "end"] },
};

/** The scratch files' names; a window shows one in its title. */
const SCRATCH = ["choto-selftest-1.txt", "choto-selftest-2.txt"];

/** How long an editor window gets to open and come to the front. */
const OPEN_MS = 15_000;

/** The outcome of one capability the round trip tried. */
export interface CapabilityVerdict {
  ok: boolean | null;
  detail: string;
}

/** What the round trip found, by capability (null: not tried). */
export interface EditorOutcome {
  facts: EditorFacts | null;
  type: CapabilityVerdict;
  shortcuts: CapabilityVerdict;
  click: CapabilityVerdict;
  ocr: CapabilityVerdict | null;
  raise: CapabilityVerdict;
  menuBar: CapabilityVerdict;
}

/** The round trip stopped: the scratch document is not in front, or the user asked to stop. */
class Stopped extends Error {}

const skipped = (why: string): CapabilityVerdict => ({ ok: null, detail: why });

/** Lowercase, composed, without the punctuation OCR may attach or drop at a word's ends. */
function norm(w: string): string {
  return w.normalize("NFC").toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/** Where a word sits in the read elements, estimated from its share of its element's characters. */
export function wordBox(elements: Element[], word: string): Rect | null {
  const w = word.toLowerCase();
  for (const e of elements) {
    const at = e.text.toLowerCase().indexOf(w);
    if (at < 0) continue;
    const chars = [...e.text].length;
    const before = [...e.text.slice(0, at)].length;
    const len = [...word].length;
    const x = e.x + (e.w * before) / chars;
    return { x: Math.round(x), y: e.y, width: Math.round((e.w * len) / chars), height: e.h };
  }
  return null;
}

/** Which typed words were read inside the window, and whether they share one row in typing order. */
export function typedWordsRead(
  elements: Element[],
  typed: string,
): { found: number; total: number; inOrder: boolean; missed: string[] } {
  const words = typed.split(/\s+/).filter(Boolean);
  const seen: Array<{ word: string; x: number; cy: number }> = [];
  for (const e of elements) {
    const parts = e.text.split(/\s+/);
    parts.forEach((p, i) => seen.push({ word: norm(p), x: e.x + (e.w * i) / parts.length, cy: e.cy }));
  }
  const hits = words.map((w) => seen.find((s) => s.word === norm(w)) ?? null);
  const found = hits.filter((h) => h !== null) as Array<{ x: number; cy: number }>;
  const rowH = Math.max(4, ...elements.map((e) => e.h)) / 2;
  const oneRow = found.every((h) => Math.abs(h.cy - found[0].cy) <= rowH);
  const sorted = found.every((h, i) => i === 0 || h.x >= found[i - 1].x);
  return {
    found: found.length,
    total: words.length,
    inOrder: found.length > 0 && oneRow && sorted,
    missed: words.filter((_, i) => hits[i] === null),
  };
}

/** Whether the text selected from the caret to the line's end starts inside the clicked word. */
export function caretInWord(line: string, word: string, selected: string | null): boolean {
  if (!selected || !line.endsWith(selected)) return false;
  const start = line.length - selected.length;
  const at = line.indexOf(word);
  return at >= 0 && start >= at && start <= at + word.length;
}

/** Runs the round trip; `scratchDir` is where the scratch files may be written. */
export async function editorRoundTrip(
  desktop: Desktop,
  reader: ScreenReader,
  scratchDir: string,
  print: (line: string) => void,
): Promise<EditorOutcome> {
  const notRun = (why: string): EditorOutcome => ({
    facts: null,
    type: skipped(why),
    shortcuts: skipped(why),
    click: skipped(why),
    ocr: null,
    raise: skipped(why),
    menuBar: skipped(why),
  });
  const editor = EDITORS[desktop.platform];
  if (!editor) return notRun(`no scratch editor is known for ${desktop.platform}`);
  const app = (await desktop.launchableApps()).find((a) => a.name.toLowerCase() === editor.app.toLowerCase());
  if (!app) return notRun(`${editor.app} is not installed`);
  const files = SCRATCH.map((f) => join(scratchDir, f));
  try {
    for (const f of files) Deno.writeTextFileSync(f, "");
  } catch (e) {
    return notRun(`cannot write the scratch files in ${scratchDir}: ${(e as Error).message}`);
  }
  print(`        scratch documents: ${files.join(", ")} (deleted at the end)`);
  const pointerWas = desktop.pointer();
  const opened: WindowInfo[] = [];
  const open = async (i: number): Promise<WindowInfo | null> => {
    await desktop.launch({ ...app, launch: [...app.launch, ...editor.args, files[i]] });
    const end = performance.now() + OPEN_MS;
    while (performance.now() < end) {
      const s = desktop.windows();
      const w = s.windows.find((x) => x.id === s.focusWindowId && namesDocument(x.title, SCRATCH[i]));
      if (w) return w;
      await sleep(200);
    }
    return null;
  };
  // Every key and click goes to the scratch window, or nowhere.
  const guard = (w: WindowInfo) => {
    if (desktop.pointerInCorner()) throw new Stopped("the pointer is in the top-left corner: stopped");
    const s = desktop.windows();
    if (s.focusWindowId !== w.id) {
      const front = s.windows.find((x) => x.id === s.focusWindowId);
      throw new Stopped(
        `the scratch document is no longer in front (${
          front ? `${front.app} "${front.title}"` : "nothing"
        } is)`,
      );
    }
  };
  // The server's gated path: the backend asks the gate where each event lands and, on macOS, posts
  // keys to the process it checked; an ungated key would take the HID tap, which the server never uses.
  const gate = (w: WindowInfo): InputGate => (_sent, landing) => {
    guard(w);
    if (landing.id !== null && landing.id !== w.id) {
      throw new Stopped(
        `the ${landing.kind === "keys" ? "keys" : "click"} would land outside the scratch document`,
      );
    }
  };
  const out = notRun("the scratch document did not open");
  try {
    const first = await open(0);
    if (!first) {
      return notRun(`${editor.app} did not show "${SCRATCH[0]}" in front within ${OPEN_MS / 1000} s`);
    }
    opened.push(first);
    print(`        ${first.app} "${first.title}" is in front`);
    await sleep(500); // the document view takes the keyboard focus after the window appears
    guard(first);
    await desktop.type(SCRATCH_LINE, gate(first));
    await sleep(300);
    guard(first);
    await desktop.hotkey(["cmd", "a"], gate(first));
    guard(first);
    await desktop.hotkey(["cmd", "c"], gate(first));
    await sleep(300);
    const copied = (await desktop.readClipboard()).text;
    const facts: EditorFacts = {
      app: first.app,
      typed: SCRATCH_LINE,
      copied,
      afterClick: null,
      clicked: null,
    };
    out.facts = facts;
    out.shortcuts = copied === SCRATCH_LINE
      ? { ok: true, detail: `cmd+a, cmd+c copied the typed line` }
      : { ok: false, detail: `after cmd+a, cmd+c the clipboard holds ${JSON.stringify(copied)}` };

    // Selected text is drawn inverted, which reads worse: the selection goes before the look.
    guard(first);
    await desktop.hotkey(["right"], gate(first));
    await sleep(300);
    const frame = desktop.capture();
    const win = desktop.windows().windows.find((w) => w.id === first.id) ?? first;
    const read = await reader.read(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
    const inside = (e: Element, r: Rect) =>
      e.cx >= r.x && e.cx < r.x + r.width && e.cy >= r.y && e.cy < r.y + r.height;
    const inWindow = read.elements.filter((e) => inside(e, win.bounds));
    const words = typedWordsRead(inWindow, SCRATCH_LINE);
    // Plain ASCII words any language model reads; the accented ones tell whether the OCR languages fit.
    const accented = SCRATCH_LINE.split(/\s+/).filter((w) => /[^\x20-\x7e]/.test(w));
    const missedAccented = words.missed.filter((w) => accented.includes(w));
    const plainTotal = words.total - accented.length;
    const plainFound = plainTotal - (words.missed.length - missedAccented.length);
    const enough = plainFound >= Math.ceil(plainTotal * 0.7);
    out.ocr = {
      ok: enough && words.inOrder,
      detail:
        `${plainFound} of ${plainTotal} plain words and ${accented.length - missedAccented.length} of ` +
        `${accented.length} accented ones read inside the document window` +
        (words.found
          ? (words.inOrder ? ", on one row in typing order" : ", NOT on one row in typing order")
          : "") +
        (words.missed.length ? `; not read: ${words.missed.join(" ")}` : "") +
        (enough
          ? ""
          : ` (read there: ${JSON.stringify(inWindow.map((e) => e.text).join(" | ").slice(0, 200))})`),
    };
    out.type = copied === SCRATCH_LINE
      ? { ok: true, detail: `the line arrived as typed: ${JSON.stringify(SCRATCH_LINE)}` }
      : enough
      ? {
        ok: true,
        detail: `the typed words show in the window (the clipboard did not confirm every character)`,
      }
      : { ok: false, detail: `the typed line is not in the document (clipboard ${JSON.stringify(copied)})` };
    const menu = [...read.elements.filter((e) => inWindow.includes(e) || e.cy < win.bounds.y)]
      .map((e) => e.text.toLowerCase());
    const titles = ["file", "edit"].filter((t) => menu.some((m) => m.split(/\s+/).includes(t)));
    out.menuBar = titles.length === 2
      ? { ok: true, detail: `${first.app}'s menu titles File and Edit were read` }
      : {
        ok: false,
        detail: `${first.app}'s menu titles were not read (found: ${titles.join(", ") || "none"})`,
      };

    const box = wordBox(inWindow, CLICK_WORD);
    if (!box) {
      out.click = { ok: false, detail: `"${CLICK_WORD}" was not read, so there was nothing to click` };
    } else {
      const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
      guard(first);
      await desktop.click(at, "left", 1, [], gate(first));
      await sleep(300);
      guard(first);
      await desktop.hotkey(editor.selectToLineEnd, gate(first));
      guard(first);
      await desktop.hotkey(["cmd", "c"], gate(first));
      await sleep(300);
      facts.clicked = CLICK_WORD;
      facts.afterClick = (await desktop.readClipboard()).text;
      out.click = caretInWord(SCRATCH_LINE, CLICK_WORD, facts.afterClick)
        ? { ok: true, detail: `a click at (${at.x}, ${at.y}) put the caret inside "${CLICK_WORD}"` }
        : {
          ok: false,
          detail: `after a click at (${at.x}, ${at.y}) on "${CLICK_WORD}" the text from the caret on is ` +
            JSON.stringify(facts.afterClick),
        };
    }

    const second = await open(1);
    if (!second) {
      out.raise = skipped(`${editor.app} did not open a second window`);
    } else if (second.id === first.id) {
      // The editor put the second document in a tab of the first window: no second window to raise.
      out.raise = skipped(`${editor.app} opened the second document in a tab, not a window`);
    } else {
      opened.push(second);
      const raised = await raiseTo(desktop, first);
      const back = raised.ok ? await raiseTo(desktop, second) : raised;
      out.raise = raised.ok && back.ok
        ? { ok: true, detail: `of two ${editor.app} windows, each came to the front in turn` }
        : { ok: false, detail: back.detail };
    }
  } catch (e) {
    const why = e instanceof Stopped ? e.message : `the round trip failed: ${(e as Error).message}`;
    for (const k of ["type", "shortcuts", "click", "raise", "menuBar"] as const) {
      if (out[k].ok === null) out[k] = { ok: false, detail: why };
    }
  } finally {
    await closeAll(desktop, opened);
    // The pointer goes back where the user left it, unless the user moved it into the corner to stop.
    if (!desktop.pointerInCorner()) await desktop.move(pointerWas).catch(() => {});
    for (const f of files) {
      try {
        Deno.removeSync(f);
      } catch { /* already gone */ }
    }
  }
  return out;
}

/** Activates one window and waits until the window list shows it in front. */
async function raiseTo(desktop: Desktop, w: WindowInfo): Promise<CapabilityVerdict> {
  try {
    await desktop.activate(w.id);
  } catch (e) {
    return { ok: false, detail: `raising "${w.title}": ${(e as Error).message}` };
  }
  for (let i = 0; i < 40; i++) {
    if (desktop.windows().focusWindowId === w.id) {
      return { ok: true, detail: `"${w.title}" came to the front` };
    }
    await sleep(50);
  }
  return { ok: false, detail: `"${w.title}" did not come to the front` };
}

/** Saves and closes each scratch window that is still open, only while it is the one in front. */
async function closeAll(desktop: Desktop, windows: WindowInfo[]): Promise<void> {
  const inFront = (w: WindowInfo): InputGate => (_sent, landing) => {
    if (landing.id !== w.id || desktop.pointerInCorner()) {
      throw new Stopped(`the scratch document left the front`);
    }
  };
  for (const w of [...windows].reverse()) {
    try {
      if (!desktop.windows().windows.some((x) => x.id === w.id)) continue;
      if (desktop.windows().focusWindowId !== w.id) await desktop.activate(w.id);
      if (desktop.windows().focusWindowId !== w.id || desktop.pointerInCorner()) continue;
      await desktop.hotkey(["cmd", "s"], inFront(w));
      await sleep(300);
      if (desktop.windows().focusWindowId !== w.id) continue;
      await desktop.hotkey(["cmd", "w"], inFront(w));
      await sleep(500);
    } catch {
      // A window that cannot be closed stays open; the report already says what failed.
    }
  }
}
