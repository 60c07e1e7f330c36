/**
 * Running plans against the fake desktop: an editor window in focus with
 * the texts a test gives it, a run on the fake clock, and the journey as
 * lines.
 *
 * @module
 */

import { executePlan, type RunResult } from "../../src/plan/executor.ts";
import { planSchema } from "../../src/plan/steps.ts";
import { stepLine } from "../../src/render/step_lines.ts";
import { FakeDesktop, fakeServices, text, window } from "./fake_desktop.ts";

/** The editor window the plan tests work in. */
export const EDITOR = window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 });

/** An editor window in focus, showing `texts`. */
export function editor(...texts: ReturnType<typeof text>[]): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  d.texts = texts;
  return d;
}

/** Runs `steps` (and plan fields `extra`) on `d`, on its fake clock. */
export async function run(
  d: FakeDesktop,
  steps: unknown[],
  extra: Record<string, unknown> = {},
): Promise<RunResult> {
  return await executePlan(fakeServices(d), planSchema.parse({ steps, ...extra }), d.clock);
}

/** Each step's outcome and journey line. */
export const lines = (r: RunResult) => r.reports.map((s) => `${s.outcome}: ${stepLine(s)}`);

/** Wheel notches scrolled in all, down positive. */
export const scrolled = (d: FakeDesktop) =>
  d.log.filter((l) => l.startsWith("scroll ")).reduce((sum, l) => sum + Number(l.split(" ")[1]), 0);

/** A list of 40 rows, 20 px apart, that scrolls 20 px per notch inside the editor. */
export function longList(): FakeDesktop {
  const d = editor();
  let offset = 0;
  const draw = () => {
    d.texts = [];
    for (let i = 1; i <= 40; i++) {
      const y = 30 + i * 20 - offset;
      if (y > 20 && y < 280) d.texts.push(text(`Row ${i}`, 120, y));
    }
  };
  draw();
  d.onScroll = (_, notches) => {
    offset = Math.max(0, Math.min(40 * 20 - 200, offset + notches * 20));
    draw();
  };
  return d;
}
