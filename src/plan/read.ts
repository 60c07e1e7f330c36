/**
 * The `read` step: the text of a window (or of chrome) laid out as drawn,
 * optionally bounded by two texts, optionally read to the end of a long
 * document by scrolling, joining screenfuls on their overlap, and scrolling
 * back to where the user was.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";
import { isSamePage, joinScreenfuls } from "./join.ts";
import { boundLines, layoutText } from "./layout.ts";
import type { Look } from "./look.ts";
import { inRegion } from "./resolve.ts";
import { type Run, StepFailure, type StepReport } from "./run.ts";
import type { Step } from "./steps.ts";
import { busiestPoint, enterWindow, surfaceOf } from "./targeting.ts";

type ReadStep = Extract<Step, { action: "read" }>;

/** Wheel notches per screenful while reading to the end: about a third of a page, so pages overlap. */
const READ_NOTCHES = 3;
/** Screenfuls read at most, whatever the budget. */
const MAX_PAGES = 60;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function regionElements(l: Look, step: ReadStep): Element[] {
  const scope = step.target?.scope ?? "window";
  const { elements, area } = surfaceOf(l, scope);
  const region = step.target?.region;
  return region ? elements.filter((e) => inRegion(area, { x: e.cx, y: e.cy }, region)) : elements;
}

function key(e: Element): string {
  return `${e.text}@${Math.round(e.x / 3)},${Math.round(e.y / 3)}`;
}

/**
 * Splits a screenful into the parts that stayed put while scrolling (title,
 * menu bar, toolbar, status bar) and the part that scrolled.
 */
function splitStatic(first: Element[], second: Element[]): Set<string> {
  const a = new Set(first.map(key));
  return new Set(second.map(key).filter((k) => a.has(k)));
}

/** Runs a read step. */
export async function readStep(run: Run, step: ReadStep, n: number): Promise<StepReport> {
  const base = { step: n, action: "read" };
  const scope = step.target?.scope ?? "window";
  const win = scope === "window" ? await enterWindow(run, step.target?.window) : null;
  let l = await run.look(win?.id);
  const source = scope === "chrome" ? "chrome" : `window "${l.window?.title ?? ""}"`;
  let lines: string[];
  let note: string;

  if (!step.scroll || scope === "chrome" || !l.window) {
    lines = layoutText(regionElements(l, step));
    note = `${lines.length} line(s), one screenful`;
  } else {
    const desktop = run.services.desktop();
    const park = busiestPoint(l.window, l.windowElements, {
      x: 0,
      y: 0,
      width: l.frame.width,
      height: l.frame.height,
    });
    const shots: Element[][] = [regionElements(l, step)];
    let notches = 0;
    let stop = "the end of the document was reached";
    for (let page = 1; page < MAX_PAGES; page++) {
      if (run.actions + 2 > run.maxActions) {
        stop = `the action budget (${run.maxActions}) was nearly used up; raise max_actions to read further`;
        break;
      }
      run.spend();
      await desktop.scroll(park, READ_NOTCHES);
      notches += READ_NOTCHES;
      await sleep(200);
      l = await run.look(l.window!.id);
      const shot = regionElements(l, step);
      const prev = shots[shots.length - 1];
      if (isSamePage(layoutText(prev, { blankLines: false }), layoutText(shot, { blankLines: false }))) break;
      shots.push(shot);
      if (page === MAX_PAGES - 1) stop = `stopped after ${MAX_PAGES} screenfuls`;
    }
    // Whatever stayed in place across the first two screenfuls is frame, not document.
    const fixed = shots.length > 1 ? splitStatic(shots[0], shots[1]) : new Set<string>();
    const bodyOf = (s: Element[]) => s.filter((e) => !fixed.has(key(e)));
    const pages = shots.map((s) => layoutText(bodyOf(s), { blankLines: false }));
    const joined = joinScreenfuls(pages);
    const frameEls = shots[0].filter((e) => fixed.has(key(e)));
    const firstBodyTop = Math.min(...bodyOf(shots[0]).map((e) => e.y), Infinity);
    const header = layoutText(frameEls.filter((e) => e.y < firstBodyTop), { blankLines: false });
    const footer = layoutText(frameEls.filter((e) => e.y >= firstBodyTop), { blankLines: false });
    lines = [...header, ...joined.lines, ...footer];
    if (notches) {
      // Put the document back where the user had it.
      run.spend();
      await desktop.scroll(park, -notches);
      await sleep(200);
    }
    const uncertain = joined.uncertain.length
      ? `; ${joined.uncertain.length} screenful(s) joined without a visible overlap (lines may be missing there)`
      : "";
    note = `${shots.length} screenful(s) joined, ${lines.length} line(s); ${stop}; scrolled back${uncertain}`;
  }

  if (step.from_text !== undefined || step.to_text !== undefined) {
    const b = boundLines(lines, step.from_text, step.to_text);
    if (!b.found) {
      if (step.skip_if_absent) {
        return { ...base, outcome: "skipped", line: `skipped: ${b.missing} "${b.text}" absent` };
      }
      throw new StepFailure(`${b.missing} "${b.text}" is not in the text of the ${source}`, {
        surface: scope,
        target: b.text,
        closest: b.closest,
        look: l,
      });
    }
    lines = b.lines;
    note += `; bounded from ${step.from_text ? `"${step.from_text}"` : "the start"} to ${
      step.to_text ? `"${step.to_text}"` : "the end"
    }`;
  }
  const text = lines.join("\n");
  run.extracts.push({ step: n, source, text, note });
  return { ...base, outcome: "done", line: `read ${source}: ${note}` };
}
