import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import type { Element } from "../src/ocr/types.ts";
import {
  boundLines,
  DEFAULT_CHAR_WIDTH,
  estimateCharWidth,
  findLine,
  groupRows,
  layoutText,
} from "../src/plan/actions/read/layout.ts";

/** An element as OCR would report it; width defaults to 8 px per character. */
function el(text: string, x: number, y: number, opts: { w?: number; h?: number } = {}): Element {
  const w = opts.w ?? text.length * 8;
  const h = opts.h ?? 14;
  return { text, x, y, w, h, cx: x + w / 2, cy: y + h / 2, conf: 0.95 };
}

/** Column where `cell` starts in `line` (searching from `from`), failing loudly when it is absent. */
function columnOf(line: string, cell: string, from = 0): number {
  const at = line.indexOf(cell, from);
  assert(at >= 0, `"${cell}" not in "${line}"`);
  return at;
}

/** Columns where each cell of a row starts, in order. */
function columnsOf(line: string, cells: string[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const cell of cells) {
    const at = columnOf(line, cell, from);
    out.push(at);
    from = at + cell.length;
  }
  return out;
}

// ---------------------------------------------------------------------------
// layoutText

Deno.test("layoutText: nothing to lay out gives no lines", () => {
  assertEquals(layoutText([]), []);
  assertEquals(layoutText([el("   ", 10, 10)]), []);
});

Deno.test("layoutText: rows go top to bottom and elements left to right, whatever the input order", () => {
  const lines = layoutText([
    el("Edit", 100, 10),
    el("Open", 20, 40),
    el("File", 20, 10),
    el("Save", 100, 40),
  ]);
  assertEquals(lines.length, 2);
  assert(lines[0].startsWith("File") && lines[0].trimEnd().endsWith("Edit"));
  assert(lines[1].startsWith("Open") && lines[1].trimEnd().endsWith("Save"));
});

Deno.test("layoutText: boxes a few pixels apart vertically are one row", () => {
  const lines = layoutText([el("Name:", 20, 100), el("Ada", 90, 103, { h: 12 }), el("Lovelace", 130, 98)]);
  assertEquals(lines.length, 1);
  assertEquals(lines[0].replace(/\s+/g, " "), "Name: Ada Lovelace");
});

Deno.test("layoutText: x positions become character columns, indentation kept, no trailing spaces", () => {
  const lines = layoutText([el("def main():", 40, 10), el("return 0", 40 + 4 * 8, 30)], {
    blankLines: false,
  });
  assertEquals(lines, ["def main():", "    return 0"]);
  for (const line of lines) assertEquals(line, line.trimEnd());
});

Deno.test("layoutText: a table's cells line up under their headers in a proportional font", () => {
  // Glyph widths vary: the pixel width of a cell is not its length × 8.
  const rowsOnScreen: [string, number][][] = [
    [["Item", 30], ["Qty", 22], ["Unit price", 62], ["Total", 34]],
    [["Widget", 44], ["2", 7], ["9.00", 28], ["18.00", 35]],
    [["Illuminated sign", 86], ["1", 7], ["120.00", 42], ["120.00", 42]],
    [["Mm", 20], ["12", 14], ["0.50", 28], ["6.00", 28]],
  ];
  const columnsX = [20, 160, 220, 320];
  const elements = rowsOnScreen.flatMap((cells, r) =>
    cells.map(([text, w], c) => el(text, columnsX[c] + (r % 2), 10 + r * 22, { w }))
  );
  const lines = layoutText(elements);
  assertEquals(lines.length, 4);
  const columns = rowsOnScreen.map((cells, r) => columnsOf(lines[r], cells.map(([text]) => text)));
  for (let r = 1; r < 4; r++) assertEquals(columns[r], columns[0], `row ${r}: ${lines[r]}`);
});

Deno.test("layoutText: text wider in characters than in pixels pushes its whole column right, not just its row", () => {
  const elements = [
    el("Key", 20, 10),
    el("Value", 100, 10),
    // 14 narrow glyphs in 56 px: 7 characters' worth of pixels at 8 px each.
    el("illlillilllili", 20, 30, { w: 56 }),
    el("on", 100, 30),
    el("Mode", 20, 50),
    el("fast", 100, 50),
  ];
  const lines = layoutText(elements);
  const column = columnOf(lines[0], "Value");
  assertEquals(columnOf(lines[1], "on"), column);
  assertEquals(columnOf(lines[2], "fast"), column);
  assert(column > "illlillilllili".length, "the pushed column still leaves a space");
  assertEquals(lines[1].slice(0, 14), "illlillilllili");
});

Deno.test("layoutText: cells stay in order and separate even when their boxes touch", () => {
  const lines = layoutText([el("alpha", 10, 10, { w: 20 }), el("beta", 31, 10, { w: 20 })]);
  assertEquals(lines, ["alpha beta"]);
});

Deno.test("layoutText: a paragraph gap becomes one blank line unless turned off", () => {
  const elements = [
    el("First paragraph line one", 10, 10),
    el("First paragraph line two", 10, 28),
    el("Second paragraph", 10, 80),
  ];
  assertEquals(layoutText(elements), [
    "First paragraph line one",
    "First paragraph line two",
    "",
    "Second paragraph",
  ]);
  assertEquals(layoutText(elements, { blankLines: false }).length, 3);
});

Deno.test("layoutText: a given character width overrides the estimate", () => {
  const lines = layoutText([el("a", 0, 0, { w: 10 }), el("b", 100, 0, { w: 10 })], { charWidth: 10 });
  assertEquals(lines, ["a" + " ".repeat(9) + "b"]);
});

Deno.test("layoutText: line breaks and runs of spaces inside one element are flattened", () => {
  assertEquals(layoutText([el("Save\nAs   Copy", 0, 0)]), ["Save As Copy"]);
});

// ---------------------------------------------------------------------------
// groupRows / estimateCharWidth

Deno.test("groupRows: tightly stacked lines at the same x are separate rows, not one", () => {
  // Boxes overlap vertically by more than half, but sit on top of each other.
  const rows = groupRows([el("upper line", 10, 10, { h: 14 }), el("lower line", 12, 16, { h: 14 })]);
  assertEquals(rows.length, 2);
  assertEquals(rows.map((r) => r.elements[0].text), ["upper line", "lower line"]);
});

Deno.test("groupRows: an element joins the row it overlaps most", () => {
  const rows = groupRows([el("top", 10, 10), el("bottom", 10, 30), el("mid-low", 200, 26)]);
  assertEquals(rows.map((r) => r.elements.map((e) => e.text)), [["top"], ["bottom", "mid-low"]]);
});

Deno.test("estimateCharWidth: median of width per character, single glyphs ignored when possible", () => {
  const elements = [
    el("abcd", 0, 0, { w: 32 }),
    el("abcd", 0, 0, { w: 36 }),
    el("abcdefgh", 0, 0, { w: 64 }),
    el("x", 0, 0, { w: 40 }),
    el("wide!", 0, 0, { w: 150 }),
  ];
  assertEquals(estimateCharWidth(elements), 8.5);
  assertEquals(estimateCharWidth([el("x", 0, 0, { w: 7 })]), 7);
  assertEquals(estimateCharWidth([]), DEFAULT_CHAR_WIDTH);
});

// ---------------------------------------------------------------------------
// boundLines

const INVOICE = [
  "Invoice 2024-117",
  "Item             Qty   Price",
  "Widget             2    9.00",
  "Subtotal                18.00",
  "Tax                      1.80",
  "Total                   19.80",
  "Thank you for your business",
];

Deno.test("boundLines: from_text through to_text, both lines included", () => {
  const result = boundLines(INVOICE, "Subtotal", "Total");
  assertEquals(result, { found: true, lines: INVOICE.slice(3, 6), start: 3, end: 5 });
});

Deno.test("boundLines: 'Total' does not stop at the 'Subtotal' line", () => {
  const result = boundLines(INVOICE, "Item", "Total");
  assert(result.found);
  assertEquals(result.end, 5);
});

Deno.test("boundLines: a single bound reads to the end or from the start", () => {
  const fromOnly = boundLines(INVOICE, "Tax");
  assert(fromOnly.found);
  assertEquals(fromOnly.lines, INVOICE.slice(4));
  const toOnly = boundLines(INVOICE, undefined, "Widget");
  assert(toOnly.found);
  assertEquals(toOnly.lines, INVOICE.slice(0, 3));
  const neither = boundLines(INVOICE);
  assert(neither.found);
  assertEquals(neither.lines, INVOICE);
});

Deno.test("boundLines: a missing bound is reported by name with the closest lines", () => {
  const noFrom = boundLines(INVOICE, "Discount", "Total");
  assert(!noFrom.found);
  assertEquals(noFrom.missing, "from_text");
  assertEquals(noFrom.text, "Discount");
  assert(noFrom.closest.length > 0);

  const noTo = boundLines(INVOICE, "Subtotal", "Balance due");
  assert(!noTo.found);
  assertEquals(noTo.missing, "to_text");
});

Deno.test("boundLines: to_text is looked for after from_text, so an earlier copy is ignored", () => {
  const lines = ["Total 5", "Subtotal 3", "Tax 1", "Total 4", "Total 9"];
  const result = boundLines(lines, "Subtotal", "Total");
  assert(result.found);
  assertEquals(result.lines, ["Subtotal 3", "Tax 1", "Total 4"]);
});

Deno.test("boundLines: to_text on the from_text line itself counts when no later line has it", () => {
  const lines = ["Header", "Name: Ada   Role: Engineer", "Footer"];
  const result = boundLines(lines, "Name:", "Role:");
  assert(result.found);
  assertEquals(result.lines, ["Name: Ada   Role: Engineer"]);
});

Deno.test("boundLines: multi-word bounds match across the layout's column spacing", () => {
  const lines = ["Summary", "Amount   due      19.80", "Paid"];
  const result = boundLines(lines, "amount due");
  assert(result.found);
  assertEquals(result.start, 1);
});

Deno.test("findLine: fuzzy for an OCR slip, semantic for a synonym, exact preferred over both", () => {
  assertEquals(findLine(["Intro", "Subtotai      18.00"], "Subtotal"), 1);
  assertEquals(findLine(["General", "Settings       ⌘,"], "Preferences"), 1);
  // An exact match on a later line wins over a fuzzy one earlier.
  assertEquals(findLine(["Totals 5", "Total 19.80"], "Total"), 1);
  assertEquals(findLine(["a", "b"], "Total"), -1);
  assertEquals(findLine(["Total", "x", "Total"], "Total", 1), 2);
});

Deno.test("end to end: lay out a screen, then bound it by text", () => {
  const elements = [
    el("Order summary", 20, 10),
    el("Subtotal", 20, 40),
    el("18.00", 200, 40),
    el("Shipping", 20, 60),
    el("4.50", 208, 60),
    el("Total", 20, 80),
    el("22.50", 200, 80),
    el("Place order", 20, 130),
  ];
  const result = boundLines(layoutText(elements), "Subtotal", "Total");
  assert(result.found);
  assertEquals(result.lines.map((l) => l.replace(/\s+/g, " ")), [
    "Subtotal 18.00",
    "Shipping 4.50",
    "Total 22.50",
  ]);
});

Deno.test("words a space apart print as one run, wider gaps still make columns", () => {
  const word = (text: string, x: number, y: number) => ({
    text,
    x,
    y,
    w: text.length * 8,
    h: 12,
    cx: x + text.length * 4,
    cy: y + 6,
    conf: 0.9,
  });
  const lines = layoutText([
    word("Hello", 10, 10),
    word("from", 58, 10),
    word("choto", 98, 10),
    word("Name", 10, 40),
    word("Size", 200, 40),
    word("report", 10, 60),
    word("2", 200, 60),
  ]);
  assertEquals(lines[0], "Hello from choto");
  assertMatch(lines.at(-2)!, /^Name {2,}Size$/);
  assertEquals(lines.at(-1)!.indexOf("2"), lines.at(-2)!.indexOf("Size"));
});
