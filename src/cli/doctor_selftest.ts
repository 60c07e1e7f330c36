/**
 * `choto doctor --selftest`: a minute or two on the user's machine that
 * shows what the backend really does. It lists the windows, captures one
 * frame and reads it, moves the pointer to the middle of the screen and
 * back, brings a second app's window forward and the first one back, then
 * types, copies and clicks in scratch documents of its own
 * (`doctor_editor.ts`), asks the backend what it learned and which open
 * questions that settles, and ends with one verdict per capability.
 *
 * @module
 */

import { sleep } from "../common/time.ts";
import { isFlat } from "../desktop/flat.ts";
import type { Desktop, DoctorSelftestFacts, WindowInfo } from "../desktop/types.ts";
import type { ScreenReader } from "../ocr/reader.ts";
import { type CapabilityVerdict, type EditorOutcome, editorRoundTrip } from "./doctor_editor.ts";
import type { Point } from "../common/rect.ts";

/** What the self-test needs: a backend, a reader, and somewhere to print. */
export interface DoctorSelftestDeps {
  desktop: Desktop;
  reader: ScreenReader;
  print: (line: string) => void;
  /**
   * Where the scratch documents may be written (the database folder); the
   * typing part is skipped without one.
   */
  scratchDir?: string | null;
}

/** The capabilities judged, in the order the verdicts are printed. */
export const CAPABILITIES = [
  "capture",
  "OCR",
  "click",
  "type",
  "shortcuts",
  "window list",
  "activate",
  "raise",
  "menu bar",
] as const;
type Capability = (typeof CAPABILITIES)[number];

const mark = (ok: boolean | null) => (ok === null ? "skip" : ok ? "ok  " : "FAIL");
const near = (a: Point, b: Point) => Math.abs(a.x - b.x) <= 2 && Math.abs(a.y - b.y) <= 2;
const label = (w: WindowInfo) => `${w.app} "${w.title}"`;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** How long a window gets to come forward: X11 window managers act on the request asynchronously. */
const RAISE_MS = 2000;

/** Activates a window and waits for the window list to show it in front. */
async function raiseAndConfirm(
  desktop: Desktop,
  w: WindowInfo,
): Promise<{ confirmed: boolean; error?: string }> {
  try {
    await desktop.activate(w.id);
  } catch (e) {
    return { confirmed: false, error: errorText(e) };
  }
  const end = performance.now() + RAISE_MS;
  do {
    if (desktop.windows().focusWindowId === w.id) return { confirmed: true };
    await sleep(50);
  } while (performance.now() < end);
  return { confirmed: false, error: `did not come to the front within ${RAISE_MS} ms` };
}

/** Runs the self-test and prints its report; true when every step worked. */
export async function runDoctorSelftest(
  { desktop, reader, print, scratchDir = null }: DoctorSelftestDeps,
): Promise<boolean> {
  let allOk = true;
  const line = (ok: boolean, name: string, detail: string) => {
    allOk &&= ok;
    print(`${mark(ok)}  ${name}: ${detail}`);
  };
  const verdicts = new Map<Capability, CapabilityVerdict>();
  const judge = (c: Capability, v: CapabilityVerdict) => verdicts.set(c, v);
  const facts: DoctorSelftestFacts = { frameBlank: null, activation: null, editor: null };
  print(
    `\nchoto self-test (${desktop.platform}): lists windows, captures and reads one frame, moves the ` +
      "pointer to the middle of the screen and back, raises a second app's window and then the first, " +
      (scratchDir
        ? "then opens two scratch documents of its own, types, copies and clicks in them, and closes them. " +
          "Keep your hands off the keyboard and mouse until it ends; move the pointer into the top-left " +
          "corner to stop it."
        : "and types and clicks nothing."),
  );

  const state = desktop.windows();
  const front = state.windows.find((w) => w.id === state.focusWindowId) ?? null;
  line(
    true,
    "windows",
    `${state.windows.length} app window(s), ${state.chrome.length} chrome; in front: ${
      front ? label(front) : "none"
    }`,
  );
  for (const w of [...state.windows, ...state.chrome].slice(0, 12)) {
    const b = w.bounds;
    print(`        ${label(w)} ${w.kind} ${b.width}x${b.height}+${b.x}+${b.y}`);
  }
  const titled = state.windows.filter((w) => w.title !== "").length;
  judge(
    "window list",
    state.windows.length === 0
      ? { ok: null, detail: "no app window was open to list" }
      : titled > 0
      ? { ok: true, detail: `${state.windows.length} app window(s), ${titled} with a title` }
      : { ok: false, detail: `${state.windows.length} app window(s), none with a title (Screen Recording?)` },
  );

  try {
    const t0 = performance.now();
    const frame = desktop.capture();
    const ms = Math.round(performance.now() - t0);
    facts.frameBlank = isFlat(frame);
    line(
      !facts.frameBlank,
      "capture",
      `${frame.width}x${frame.height} px in ${ms} ms` +
        (facts.frameBlank ? ", one flat colour: the capture shows nothing (screen recording refused?)" : ""),
    );
    judge(
      "capture",
      facts.frameBlank
        ? { ok: false, detail: "the frame is one flat colour" }
        : { ok: true, detail: `${frame.width}x${frame.height} px in ${ms} ms` },
    );
    const read = await reader.read(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
    const sample = read.elements.slice(0, 12).map((e) => JSON.stringify(e.text)).join(", ");
    const engine = `${reader.engine.name}${reader.engine.detail?.() ? ` (${reader.engine.detail()})` : ""}`;
    line(
      read.elements.length > 0,
      "text",
      `${read.elements.length} element(s) read in ${Math.round(read.ms)} ms by ${engine}` +
        (sample ? `: ${sample}` : ""),
    );
    judge(
      "OCR",
      read.elements.length > 0
        ? { ok: true, detail: `${read.elements.length} element(s) on the screen by ${engine}` }
        : { ok: false, detail: "nothing was read on the screen" },
    );

    const start = desktop.pointer();
    const middle = { x: Math.round(frame.width / 2), y: Math.round(frame.height / 2) };
    await desktop.move(middle);
    const there = desktop.pointer();
    await desktop.move(start);
    const back = desktop.pointer();
    line(
      near(there, middle) && near(back, start),
      "pointer",
      `asked (${middle.x}, ${middle.y}), got (${there.x}, ${there.y}); back at (${back.x}, ${back.y})` +
        (near(there, middle) ? "" : ": synthetic input is not delivered (Accessibility not granted?)"),
    );
  } catch (e) {
    line(false, "capture", errorText(e));
    judge("capture", { ok: false, detail: errorText(e) });
  }

  const apps = state.windows.filter((w) => w.kind === "normal");
  const other = front ? apps.find((w) => w.id !== front.id && w.app !== front.app) : undefined;
  if (front && other) {
    const raise = await raiseAndConfirm(desktop, other);
    facts.activation = { window: label(other), ...raise };
    line(
      raise.confirmed,
      "activation",
      `${label(other)} ${raise.confirmed ? "came to the front" : raise.error}`,
    );
    const back = await raiseAndConfirm(desktop, front);
    line(
      back.confirmed,
      "activation",
      `${label(front)} ${back.confirmed ? "is in front again" : back.error}`,
    );
    judge(
      "activate",
      raise.confirmed && back.confirmed
        ? { ok: true, detail: `${other.app} and ${front.app} each came to the front` }
        : { ok: false, detail: raise.confirmed ? back.error ?? "" : raise.error ?? "" },
    );
  } else {
    print("skip  activation: needs windows of two apps on screen");
    judge("activate", { ok: null, detail: "needs windows of two apps on screen" });
  }

  let editor: EditorOutcome | null = null;
  if (scratchDir) {
    print("\nIn a scratch document:");
    editor = await editorRoundTrip(desktop, reader, scratchDir, print);
    facts.editor = editor.facts;
    for (
      const [c, v] of [
        ["type", editor.type],
        ["shortcuts", editor.shortcuts],
        ["click", editor.click],
        ["raise", editor.raise],
        ["menu bar", editor.menuBar],
      ] as const
    ) {
      judge(c, v);
      print(`${mark(v.ok)}  ${c}: ${v.detail}`);
      if (v.ok === false) allOk = false;
    }
    if (editor.ocr) {
      print(`${mark(editor.ocr.ok)}  OCR of the typed line: ${editor.ocr.detail}`);
      if (editor.ocr.ok === false) allOk = false;
      const screen = verdicts.get("OCR");
      judge("OCR", {
        ok: (screen?.ok ?? true) && editor.ocr.ok,
        detail: `${screen?.detail ?? ""}; ${editor.ocr.detail}`,
      });
    }
  } else {
    for (const c of ["type", "shortcuts", "click", "raise", "menu bar"] as const) {
      judge(c, { ok: null, detail: "no folder for the scratch documents" });
    }
  }

  print("");
  const report = desktop.probe(facts);
  for (const f of report.findings) line(f.ok, f.name, f.detail);
  if (report.captureProblem) {
    judge("capture", { ok: false, detail: report.captureProblem });
    allOk = false;
  }
  if (report.questions.length) {
    const answered = report.questions.filter((q) => q.answer !== null).length;
    print(`\nOpen questions (${answered} of ${report.questions.length} answered by this run):`);
    for (const q of report.questions) {
      print(`${q.answer === null ? "open    " : "answered"}  ${q.question}`);
      print(`          ${q.answer ?? "not settled by this run"}`);
    }
  }
  print("\nVerdicts:");
  for (const c of CAPABILITIES) {
    const v = verdicts.get(c) ?? { ok: null, detail: "not tried" };
    print(`${mark(v.ok)}  ${c.padEnd(11)} ${v.detail}`);
  }
  print(
    "\nPlease send this whole output with your report (it lists the titles of the windows that were open: " +
      "remove any you would not share). It answers what could not be checked without your machine.",
  );
  return allOk;
}
