/**
 * `choto doctor --selftest`: one minute on the user's machine that shows
 * what the backend really does. It lists the windows, captures one frame and
 * reads it, moves the pointer to the middle of the screen and back, brings a
 * second window forward and the first one back, then asks the backend what
 * it learned and which open questions that settles. It types and clicks
 * nothing.
 *
 * @module
 */

import { sleep } from "./common/time.ts";
import { isFlat } from "./desktop/flat.ts";
import type { Desktop, Point, SelfTestFacts, WindowInfo } from "./desktop/types.ts";
import type { ScreenReader } from "./ocr/reader.ts";

/** What the self-test needs: a backend, a reader, and somewhere to print. */
export interface SelfTestDeps {
  desktop: Desktop;
  reader: ScreenReader;
  print: (line: string) => void;
}

const mark = (ok: boolean) => (ok ? "ok  " : "FAIL");
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
export async function runSelfTest({ desktop, reader, print }: SelfTestDeps): Promise<boolean> {
  let allOk = true;
  const line = (ok: boolean, name: string, detail: string) => {
    allOk &&= ok;
    print(`${mark(ok)}  ${name}: ${detail}`);
  };
  const facts: SelfTestFacts = { frameBlank: null, activation: null };
  print(
    `\nchoto self-test (${desktop.platform}): lists windows, captures and reads one frame, moves the ` +
      "pointer to the middle of the screen and back, raises a second window and then the first; " +
      "types and clicks nothing.",
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
    const read = await reader.read(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
    const sample = read.elements.slice(0, 12).map((e) => JSON.stringify(e.text)).join(", ");
    line(
      read.elements.length > 0,
      "text",
      `${read.elements.length} element(s) read in ${Math.round(read.ms)} ms by ${reader.engine.name}` +
        (sample ? `: ${sample}` : ""),
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
  }

  const apps = state.windows.filter((w) => w.kind === "normal");
  if (front && apps.length >= 2) {
    const other = apps.find((w) => w.id !== front.id)!;
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
  } else {
    print("skip  activation: needs two app windows on screen");
  }

  const report = desktop.probe(facts);
  for (const f of report.findings) line(f.ok, f.name, f.detail);
  if (report.questions.length) {
    const answered = report.questions.filter((q) => q.answer !== null).length;
    print(`\nOpen questions (${answered} of ${report.questions.length} answered by this run):`);
    for (const q of report.questions) {
      print(`${q.answer === null ? "open    " : "answered"}  ${q.question}`);
      print(`          ${q.answer ?? "not settled by this run"}`);
    }
    print(
      "\nPlease send this output with your report: it answers what could not be checked without your machine.",
    );
  }
  return allOk;
}
