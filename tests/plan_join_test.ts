import { assert, assertEquals } from "./support/assert.ts";
import { findOverlap, isSamePage, joinScreenfuls, sameLine } from "../src/plan/actions/read/join.ts";

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];

/** A 120-line document: "Line 001 …" to "Line 120 …", each line's words different. */
function numberedDocument(count = 120): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const words = [0, 3, 7].map((k) => WORDS[(n * (k + 1) + k) % WORDS.length]).join(" ");
    return `Line ${String(n).padStart(3, "0")}  ${words} ${n % 7 === 0 ? "(see note)" : ""}`.trimEnd();
  });
}

/** Screenfuls of `size` lines, each scrolled `step` lines further; the last one stops at the end. */
function screenfuls(doc: readonly string[], size: number, step: number): string[][] {
  const pages: string[][] = [];
  for (let top = 0;; top += step) {
    const start = Math.min(top, Math.max(0, doc.length - size));
    pages.push(doc.slice(start, start + size));
    if (start + size >= doc.length) return pages;
  }
}

/** The line number a (possibly noisy) line carries, reading O as 0 and l/I as 1. */
function numberOf(line: string): number {
  const m = /Line\s*([0-9OlI]{3})/.exec(line);
  assert(m, `no line number in "${line}"`);
  return Number(m[1].replace(/O/g, "0").replace(/[lI]/g, "1"));
}

/** OCR-like damage: a 0 read as O, a letter swapped, a space lost, columns laid out wider. */
function damage(line: string, kind: number): string {
  switch (kind % 4) {
    case 0:
      return line.replace("0", "O");
    case 1:
      return line.replace("a", "o");
    case 2:
      return line.replace("  ", " ").replace(" ", "");
    default:
      return line.replace(/ +/g, "    ");
  }
}

Deno.test("joinScreenfuls: a clean 120-line document comes back exactly", () => {
  const doc = numberedDocument();
  const pages = screenfuls(doc, 30, 25);
  assertEquals(pages.length, 5);
  const joined = joinScreenfuls(pages);
  assertEquals(joined.lines, doc);
  assertEquals(joined.overlaps, [5, 5, 5, 15]);
  assertEquals(joined.uncertain, []);
});

Deno.test("joinScreenfuls: with OCR noise in the overlaps every line appears once, in order", () => {
  const doc = numberedDocument();
  for (const step of [22, 25, 27]) {
    const pages = screenfuls(doc, 30, step).map((page, p) =>
      // Damage lines on both sides of every overlap, differently on each page.
      page.map((line, i) =>
        (i + p) % 3 === 0 || i === 0 || i === page.length - 1 ? damage(line, i + p) : line
      )
    );
    const joined = joinScreenfuls(pages);
    assertEquals(joined.uncertain, [], `step ${step}`);
    assertEquals(joined.lines.map(numberOf), doc.map((_, i) => i + 1), `step ${step}`);
  }
});

Deno.test("joinScreenfuls: lines differing only in their number are never taken for each other", () => {
  // Every line reads "Row NNN same text": a sloppy comparison would slide the overlap.
  const doc = Array.from({ length: 60 }, (_, i) => `Row ${String(i + 1).padStart(3, "0")} same text here`);
  const joined = joinScreenfuls(screenfuls(doc, 20, 17));
  assertEquals(joined.lines, doc);
});

Deno.test("joinScreenfuls: repeated lines (separators, blanks) are kept; the longest run decides", () => {
  const doc: string[] = [];
  for (let s = 1; s <= 12; s++) {
    doc.push(`Section ${s}`, "---", "", `Body of section ${s}`, "Status: OK", "Status: OK", "---", "");
  }
  for (const [size, step] of [[20, 15], [20, 19], [16, 9], [12, 11]]) {
    const joined = joinScreenfuls(screenfuls(doc, size, step));
    assertEquals(joined.lines, doc, `pages of ${size} scrolled by ${step}`);
    assertEquals(joined.uncertain, []);
  }
});

Deno.test("joinScreenfuls: the overlap is the longest run, not the first line that matches", () => {
  const text = ["start", "OK", "OK", "OK", "OK", "x1"];
  const page = ["OK", "OK", "x1", "OK", "OK", "end"];
  const joined = joinScreenfuls([text, page]);
  assertEquals(joined.lines, ["start", "OK", "OK", "OK", "OK", "x1", "OK", "OK", "end"]);
  assertEquals(joined.overlaps, [3]);
});

Deno.test("joinScreenfuls: a page with no overlap is appended whole and marked uncertain", () => {
  const joined = joinScreenfuls([["one", "two", "three"], ["seven", "eight"], ["eight", "nine"]]);
  assertEquals(joined.lines, ["one", "two", "three", "seven", "eight", "nine"]);
  assertEquals(joined.overlaps, [0, 1]);
  assertEquals(joined.uncertain, [1]);
});

Deno.test("joinScreenfuls: scrolling that brought nothing new adds nothing", () => {
  const doc = numberedDocument(40);
  const last = doc.slice(10, 40);
  const joined = joinScreenfuls([doc.slice(0, 30), last, [...last]]);
  assertEquals(joined.lines, doc);
  assertEquals(joined.overlaps, [20, 30]);
});

Deno.test("joinScreenfuls: empty input, a single page and empty pages", () => {
  assertEquals(joinScreenfuls([]), { lines: [], overlaps: [], uncertain: [], placed: [] });
  assertEquals(joinScreenfuls([["a", "b"]]).lines, ["a", "b"]);
  const joined = joinScreenfuls([["a", "b", "c"], [], ["b", "c", "d"]]);
  assertEquals(joined.lines, ["a", "b", "c", "d"]);
  assertEquals(joined.overlaps, [0, 2]);
  assertEquals(joined.uncertain, []);
  // Nothing read yet: the first non-empty page is a start, not an uncertain join.
  assertEquals(joinScreenfuls([[], ["x"]]).uncertain, []);
});

Deno.test("joinScreenfuls: a row cut off at the bottom edge is replaced by its full reading", () => {
  const doc = numberedDocument(40);
  const first = doc.slice(0, 30);
  first[29] = "Lino O3O ~~ ecbo"; // half-drawn row, read badly
  const second = doc.slice(22, 40);
  const joined = joinScreenfuls([first, second]);
  assertEquals(joined.lines, doc);
});

Deno.test("joinScreenfuls: a garbage fragment at the bottom edge is taken as the cut-off row it is", () => {
  const doc = numberedDocument(40);
  const first = [...doc.slice(0, 30), "~~ ,,"];
  const joined = joinScreenfuls([first, doc.slice(27, 40)]);
  assertEquals(joined.uncertain, []);
  assertEquals(joined.lines, doc);
});

Deno.test("joinScreenfuls: a row on every page that is not part of the document (a sticky header) is skipped", () => {
  const doc = numberedDocument(60);
  const header = "Inbox — 60 messages";
  const pages = screenfuls(doc, 20, 16).map((page) => [header, ...page]);
  const joined = joinScreenfuls(pages);
  assertEquals(joined.uncertain, []);
  assertEquals(joined.lines, [header, ...doc]);
});

Deno.test("joinScreenfuls: a stray line inside the overlap means no trustworthy join: nothing is dropped", () => {
  const doc = numberedDocument(40);
  const second = doc.slice(25, 40);
  second.splice(2, 0, "an unrelated pop-up line");
  const joined = joinScreenfuls([doc.slice(0, 30), second]);
  assertEquals(joined.uncertain, [1]);
  assertEquals(joined.lines, [...doc.slice(0, 30), ...second]);
});

Deno.test("joinScreenfuls: a random document, random scroll steps: no line lost or doubled", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let trial = 0; trial < 25; trial++) {
    const doc = Array.from(
      { length: 50 + Math.floor(random() * 100) },
      (_, i) => random() < 0.2 ? "---" : `Entry ${i + 1}: ${WORDS[Math.floor(random() * WORDS.length)]}`,
    );
    const size = 10 + Math.floor(random() * 25);
    const step = 1 + Math.floor(random() * (size - 3));
    const joined = joinScreenfuls(screenfuls(doc, size, step));
    assertEquals(joined.lines, doc, `trial ${trial}: pages of ${size}, step ${step}`);
  }
});

Deno.test("findOverlap: reports the run, its agreement and skipped edge rows", () => {
  assertEquals(findOverlap(["a1 x", "b2 x", "c3 x"], ["b2 x", "c3 x", "d4 x"]), {
    length: 2,
    agreeing: 2,
    trailing: 0,
    leading: 0,
  });
  assertEquals(findOverlap(["a"], ["b"]), null);
  assertEquals(findOverlap([], ["b"]), null);
});

Deno.test("sameLine: spacing and small OCR slips are the same line; other numbers are not", () => {
  assert(sameLine("Line 007  golf hotel", "Line 007 golf    hotel"));
  assert(sameLine("Line 0O7  golf hotel", "Line 007  golf hotel"));
  assert(sameLine("Line 007  golf hotel", "Line 007  gotf hotel"));
  assert(!sameLine("Line 007  golf hotel", "Line 008  golf hotel"));
  assert(!sameLine("Line 007  golf hotel", "Line 007  something else entirely"));
  assert(!sameLine("OK", "0K"));
  assert(sameLine("", "   "));
});

Deno.test("isSamePage: the same screen re-read is the same page; a scrolled one is not", () => {
  const doc = numberedDocument(40);
  const page = doc.slice(0, 20);
  assert(isSamePage(page, [...page]));
  assert(isSamePage(page, page.map((l) => l.replace(/ +/g, "   "))));
  assert(isSamePage([...page, ""], page), "blank lines do not count");
  // One line in ten may differ (a clock, a cursor).
  const clock = [...page];
  clock[5] = "12:01 something else";
  assert(isSamePage(page, clock));
  assert(!isSamePage(page, doc.slice(1, 21)), "scrolled by one line");
  assert(!isSamePage(page, doc.slice(0, 19)));
  assert(!isSamePage(["a", "b"], ["a", "c"]));
  assert(isSamePage([], []));
});
