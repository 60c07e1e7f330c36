/**
 * The `read` step: the text of a window (or of chrome) laid out as drawn,
 * optionally bounded by two texts, optionally read to the end of a long
 * document by scrolling, joining screenfuls on their overlap, and scrolling
 * back to where the user was.
 *
 * @module
 */

import type { Element } from "../../../ocr/types.ts";
import { isSamePage, joinScreenfuls } from "./join.ts";
import { splitScreenfuls } from "./furniture.ts";
import { gridLines, type GridReading, readGrid } from "./grid_read.ts";
import { containsPoint } from "../../../common/rect.ts";
import { boundLines, findLine, groupRows, layoutText, rowKey } from "./layout.ts";
import { dropEmptyGutter, onlyEmptyRows } from "./empty_tail.ts";
import type { Look } from "../../../look/look.ts";
import { inRegion } from "../../resolve.ts";
import { type Run, skipOrThrow, StepFailure } from "../../run.ts";
import type { Step } from "../../steps.ts";
import { EMPTY_SCREENFULS, MAX_SCREENFULS, READ_NOTCHES } from "../../step_fields.ts";
import { busiestPoint, enterWindow, surfaceOf } from "../../targeting.ts";
import { underPointer } from "../../aim.ts";
import type { StepReport } from "../../step_report.ts";

type ReadStep = Extract<Step, { action: "read" }>;

function regionElements(l: Look, step: ReadStep): Element[] {
  const surface = step.target?.scope ?? "window";
  const { elements, area } = surfaceOf(l, surface);
  const region = step.target?.region;
  return region ? elements.filter((e) => inRegion(area, { x: e.cx, y: e.cy }, region)) : elements;
}

/**
 * Rows that stayed put in every screenful (title, menu bar, toolbar, status
 * bar): frame, not document. Compared a row at a time, because single words
 * ("Line" at the start of every row of a listing) recur in the same place on
 * every page while the rows they belong to differ.
 */
function staticRows(shots: Element[][]): Set<string> {
  const [first, ...rest] = shots.map((s) => new Set(groupRows(s).map(rowKey)));
  return new Set([...first].filter((k) => rest.every((r) => r.has(k))));
}

/**
 * Drops what is not document text: low-confidence specks (one word: a line
 * with one misread word in it is listed as unsure as that word, and kept),
 * and lone symbols or single characters at the window's right edge, where
 * the scroll bar's thumb moves from page to page and its arrows read as
 * letters ("v").
 */
function documentText(elements: Element[], right: number): Element[] {
  return elements.filter((e) =>
    (e.conf >= 0.4 || /\s/.test(e.text.trim())) &&
    !(e.x + e.w > right - 30 && e.w < 24 && (!/[\p{L}\p{N}]/u.test(e.text) || [...e.text.trim()].length <= 1))
  );
}

/** Lines after a cut tried as the place to continue from. */
const CONTINUE_TRIES = 20;

/**
 * Cuts `lines` to at most `maxChars` characters at a line boundary and says
 * where to continue: the `from_text` of the first line left out, chosen so
 * that it finds that line and not an earlier one with the same words.
 * Returns null when everything fits.
 */
export function limitLines(
  lines: readonly string[],
  maxChars: number,
): { lines: string[]; note: string } | null {
  const total = lines.join("\n").length;
  if (total <= maxChars) return null;
  let kept = 0;
  let used = 0;
  while (kept < lines.length && used + lines[kept].length + (kept ? 1 : 0) <= maxChars) {
    used += lines[kept].length + (kept ? 1 : 0);
    kept++;
  }
  // One line longer than the whole allowance is cut inside rather than dropped.
  const out = kept ? lines.slice(0, kept) : [lines[0].slice(0, maxChars)];
  const rest = kept || 1;
  let next: string | null = null;
  let fallback: string | null = null;
  for (let i = rest; i < lines.length && i < rest + CONTINUE_TRIES; i++) {
    const candidate = lines[i].replace(/\s+/g, " ").trim();
    if (!candidate) continue;
    fallback ??= candidate;
    if (findLine(lines, candidate, 0) === i) {
      next = candidate;
      break;
    }
  }
  const from = next ?? fallback;
  const how = from
    ? `to go on, read again with from_text ${JSON.stringify(from)}${
      next ? "" : " (the same words also appear earlier)"
    }`
    : "raise max_chars to see the rest";
  return {
    lines: out,
    note: `cut at ${out.join("\n").length} of ${total} characters (max_chars ${maxChars}), ` +
      `${lines.length - rest} line(s) left out; ${how}`,
  };
}

/** The window's text around a grid as usual, the grid itself as its lines of cells, in place. */
function gridText(elements: Element[], grid: GridReading): string[] {
  const outside = elements.filter((e) => !containsPoint(grid.area, e.cx, e.cy));
  const above = layoutText(outside.filter((e) => e.cy < grid.area.y), { blankLines: false });
  const below = layoutText(outside.filter((e) => e.cy >= grid.area.y + grid.area.height), {
    blankLines: false,
  });
  return [...above, ...gridLines(grid), ...below];
}

/** One screenful's document lines, and (when the scroll shift is known) the lines it adds below the last. */
interface DocumentPage {
  lines: string[];
  /** The lines below what the previous screenful showed, told by position; null without a measured shift. */
  after: string[] | null;
}

/**
 * Splits screenfuls into the document (each screenful's lines) and the
 * window around it (header and footer, from the first screenful): by the
 * scroll shift measured between screenfuls when there is one, else by rows
 * identical in every screenful.
 */
function documentPages(shots: Element[][]): { pages: DocumentPage[]; header: string[]; footer: string[] } {
  const lay = (e: Element[]) => layoutText(e, { blankLines: false });
  const split = shots.length > 1 ? splitScreenfuls(shots) : null;
  if (split) {
    const first = split.parts[0].furniture;
    const pages = split.parts.map((part, i) => {
      const shift = i > 0 ? split.shifts[i - 1] : null;
      const prev = i > 0 ? split.parts[i - 1].body : [];
      const shown = Math.max(...prev.map((e) => e.y + e.h), -Infinity);
      // A row whose place in the previous screenful (its y plus the shift) lay below that one's last
      // row was not in it: new.
      const after = shift === null || !prev.length
        ? null
        : lay(part.body.filter((e) => e.y + shift >= shown - 2));
      return { lines: lay(part.body), after };
    });
    return {
      pages,
      header: lay(first.filter((e) => e.cy < split.band.top)),
      footer: lay(first.filter((e) => e.cy > split.band.bottom)),
    };
  }
  const fixed = shots.length > 1 ? staticRows(shots) : new Set<string>();
  const bodyOf = (s: Element[]) =>
    groupRows(s).filter((r) => !fixed.has(rowKey(r))).flatMap((r) => r.elements);
  const frameRows = groupRows(shots[0]).filter((r) => fixed.has(rowKey(r)));
  const bodyTop = Math.min(...bodyOf(shots[0]).map((e) => e.y), Infinity);
  return {
    pages: shots.map((s) => ({ lines: lay(bodyOf(s)), after: null })),
    header: lay(frameRows.filter((r) => r.top < bodyTop).flatMap((r) => r.elements)),
    footer: lay(frameRows.filter((r) => r.top >= bodyTop).flatMap((r) => r.elements)),
  };
}

/** Runs a read step. */
export async function readStep(run: Run, step: ReadStep, n: number): Promise<StepReport> {
  const base = { step: n, action: "read" };
  const surface = step.target?.scope ?? "window";
  const win = surface === "window" ? await enterWindow(run, step.target?.window) : null;
  // A view still moving from the previous step would be read half-way.
  await run.settle();
  let l = await run.look(win?.id);
  const source = surface === "chrome" ? "chrome" : `window "${l.window?.title ?? ""}"`;
  let lines: string[];
  let note: string;

  const grid = !step.scroll && surface === "window" && l.grid && !step.target?.region
    ? readGrid(l.grid, l.windowElements)
    : null;
  if (grid) {
    lines = gridText(regionElements(l, step), grid);
    const [c0, c1] = [grid.columns[0], grid.columns[grid.columns.length - 1]];
    const [r0, r1] = [grid.rows[0], grid.rows[grid.rows.length - 1]];
    note =
      `${lines.length} line(s), one screenful; a grid of ${grid.cells.length} row(s) x ${grid.columns.length} ` +
      `column(s) read as cells (${c0}${r0}:${c1}${r1}), " | " between cells`;
  } else if (!step.scroll || surface === "chrome" || !l.window) {
    lines = layoutText(regionElements(l, step));
    note = `${lines.length} line(s), one screenful`;
  } else {
    const desktop = run.services.desktop();
    const win = l.window;
    const park = busiestPoint(win, l.windowElements, {
      x: 0,
      y: 0,
      width: l.frame.width,
      height: l.frame.height,
    });
    const right = win.bounds.x + win.bounds.width;
    const shots: Element[][] = [documentText(regionElements(l, step), right)];
    const aim = underPointer(l, park);
    let notches = 0;
    let stop = "the end of the document was reached";
    let blank = 0;
    try {
      for (let page = 1; page < MAX_SCREENFULS; page++) {
        // Room for this screenful and for scrolling every notch back, by the budget's one rule.
        if (run.actions + run.costOf(READ_NOTCHES + notches + READ_NOTCHES) > run.maxActions) {
          stop =
            `the action budget (${run.maxActions}) was nearly used up; raise max_actions to read further`;
          break;
        }
        // Reading scrolls only to look, and scrolls back: the step may be sent again as it is.
        await run.lookingOnly(() => run.scroll(park, READ_NOTCHES, aim));
        notches += READ_NOTCHES;
        await run.tell({ kind: "screenful", n: page + 1 });
        await run.settle();
        l = await run.look(win.id);
        const shot = documentText(regionElements(l, step), right);
        const prev = shots[shots.length - 1];
        if (isSamePage(layoutText(prev, { blankLines: false }), layoutText(shot, { blankLines: false }))) {
          break;
        }
        shots.push(shot);
        blank = onlyEmptyRows(prev, shot) ? blank + 1 : 0;
        if (blank === EMPTY_SCREENFULS) {
          // The blank screenfuls add no text: left out, and the read ends where the data did.
          const kept = shots.length - blank;
          shots[kept - 1] = dropEmptyGutter(shots[kept - 1], shots[kept]);
          shots.splice(kept);
          stop = `the data ended: ${blank} screenfuls in a row showed only empty rows ` +
            `(if more follows a blank stretch, scroll past it and read again)`;
          break;
        }
        if (page === MAX_SCREENFULS - 1) stop = `stopped after ${MAX_SCREENFULS} screenfuls`;
      }
    } finally {
      if (notches && run.mayAct()) {
        // Put the document back where the user had it, even when reading failed half-way.
        await run.lookingOnly(async () => {
          run.countUnchecked(notches);
          await desktop.scroll(park, -notches);
        });
        await run.settle();
      }
    }
    const { pages, header, footer } = documentPages(shots);
    const joined = joinScreenfuls(pages.map((p) => p.lines), (p) => pages[p].after);
    lines = [...header, ...joined.lines, ...footer];
    const placed = joined.placed.length
      ? `; ${joined.placed.length} screenful(s) joined by the scroll distance (their text did not overlap)`
      : "";
    const uncertain = joined.uncertain.length
      ? `; ${joined.uncertain.length} screenful(s) joined without a visible overlap (lines may be missing there)`
      : "";
    note =
      `${shots.length} screenful(s) joined, ${lines.length} line(s); ${stop}; scrolled back${placed}${uncertain}`;
  }

  if (step.from_text !== undefined || step.to_text !== undefined) {
    const b = boundLines(lines, step.from_text, step.to_text);
    if (!b.found) {
      return skipOrThrow(
        step,
        n,
        `${b.missing} "${b.text}" absent`,
        new StepFailure(`${b.missing} "${b.text}" is not in the text of the ${source}`, {
          surface,
          target: b.text,
          closest: b.closest,
          look: l,
        }),
      );
    }
    lines = b.lines;
    note += `; bounded from ${step.from_text ? `"${step.from_text}"` : "the start"} to ${
      step.to_text ? `"${step.to_text}"` : "the end"
    }`;
  }
  const limited = limitLines(lines, step.max_chars);
  if (limited) {
    lines = limited.lines;
    note += `; ${limited.note}`;
  }
  const text = lines.join("\n");
  run.extracts.push({ step: n, source, text, note });
  return { ...base, outcome: "done", did: { kind: "read", source, note } };
}
