/**
 * End to end in a spreadsheet (LibreOffice Calc) through a real MCP client:
 * a price table read as cells with every value right (decimal separators of
 * the sheet's locale included), one listing row per sheet row, a cell found
 * by its text although the formula bar repeats it, formulas typed right
 * after clicking a cell landing in the cell meant, and a cell found by its
 * address.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Session, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { calc, flatSheet, PRICES } from "./support/real_apps.ts";

type Extracted = Array<{ text: string; note: string }>;

/** The cells of a grid read ("row | A | B | …" lines), by row name. */
function cellsOf(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const parts = line.split(" | ").map((c) => c.trim());
    if (parts.length > 2 && /^\d+$/.test(parts[0])) rows.set(parts[0], parts.slice(1));
  }
  return rows;
}

/** Opens the price sheet in Calc (with `env`, e.g. a locale) and waits until its cells are read. */
async function openPrices(s: Session, env: Record<string, string> = {}): Promise<void> {
  const file = `${s.dir}/prices.fods`;
  await Deno.writeTextFile(file, flatSheet(PRICES));
  calc(s.desktop, s.dir, file, env);
  // A big suite on a loaded machine: it may take a minute to start.
  await s.desktop.waitForWindow("prices.fods", 90_000);
  const ready = await s.call("execute_plan", {
    steps: [{ action: "wait", expect: { appears: "Philippines" }, timeout_ms: 60_000 }],
  });
  assertEquals(ready.structured.status, "success", ready.text);
}

/** Reads the window and returns the grid's cells and the read's note. */
async function readSheet(s: Session): Promise<{ cells: Map<string, string[]>; note: string; text: string }> {
  const r = await s.call("execute_plan", { steps: [{ action: "read" }] });
  assertEquals(r.structured.status, "success", r.text);
  const read = (r.structured.extracted as Extracted)[0];
  return { cells: cellsOf(read.text), note: read.note, text: read.text };
}

/** A number as Calc's General format shows it: no trailing zeros, at most two decimals here. */
function general(n: number, comma = false): string {
  const s = String(Math.round(n * 100) / 100);
  return comma ? s.replace(".", ",") : s;
}

Deno.test({
  name: "a spreadsheet: a price table read as cells, formulas typed into the cells meant, a cell by address",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await openPrices(s, { LANG: "en_US.UTF-8", LC_ALL: "en_US.UTF-8" });

      await t.step("read: every cell of the table, row by row, as columns", async () => {
        const { cells, note, text } = await readSheet(s);
        assertMatch(note, /a grid of 13 row\(s\) x 4 column\(s\) read as cells \(A1:D13\)/);
        PRICES.forEach((row, i) => assertEquals(cells.get(String(i + 1)), [...row], text));
        assertMatch(text, /^\s+\| A\s+\| B\s+\| C\s+\| D$/m);
      });

      await t.step("read to the end stops where the data stops, not at the sheet's blank grid", async () => {
        const r = await s.call("execute_plan", { steps: [{ action: "read", scroll: true }] });
        assertEquals(r.structured.status, "success", r.text);
        const { text, note } = (r.structured.extracted as Extracted)[0];
        assertMatch(note, /the data ended: 2 screenfuls in a row showed only empty rows/);
        // The table fits on one screen: the blank screenfuls after it are two, not the cap of 60.
        const shots = Number(note.match(/^(\d+) screenful\(s\) joined/)?.[1]);
        assert(shots >= 1 && shots <= 2, note);
        for (const [item, , price] of PRICES) {
          assertMatch(text, new RegExp(`${item}.*${price.replace(".", "\\.")}`));
        }
        // The empty rows' numbers below the table are not part of the text.
        assert(!text.split("\n").some((l) => /^\s*\d+\s*$/.test(l) && Number(l) > PRICES.length), text);
        // The view is back where it was: row 1 and the header are on screen again.
        const { note: after } = await readSheet(s);
        assertMatch(after, /\(A1:D13\)/);
      });

      await t.step("observe: one row per sheet row, and the grid's addresses", async () => {
        const o = await s.call("observe", { screenshot: false });
        assertMatch(
          o.text,
          /^grid: \d+ row\(s\) x \d+ column\(s\) of cells at .*, cells A1:[A-Z]+\d+ in view/m,
        );
        const row = (item: string) => o.text.split("\n").find((l) => new RegExp(`\\b${item}@`).test(l)) ?? "";
        // Rows 7 and 8 sit beside a toolbar icon as tall as both: each still is a row of its own.
        assertMatch(row("Typica"), /^\s+y\d+: 7@\d+ Typica@\d+ Jamaica@\d+ 36\.8@\d+ 4@\d+$/);
        assertMatch(row("Geisha"), /^\s+y\d+: 8@\d+ Geisha@\d+ Panama@\d+ 49\.95@\d+ 2@\d+$/);
      });

      await t.step("a formula typed right after clicking a row's item lands in that row", async () => {
        const lines: string[] = [];
        for (let r = 2; r <= PRICES.length; r++) {
          const p = await s.call("execute_plan", {
            steps: [
              { action: "click", target: { text: PRICES[r - 1][0] } },
              { action: "type", text: `\t\t\t\t=C${r}*D${r}\n` },
            ],
          });
          const click = (p.structured.steps as Array<{ line: string; match: { y: number } }>)[0];
          // A click on the cell the cursor is on already shows nothing: the run cannot claim success.
          const unseen = /not confirmed that the app handled it/.test(click.line);
          assertEquals(p.structured.status, unseen ? "unconfirmed" : "success", p.text);
          // The cell, never the formula bar repeating the cell the cursor is on.
          assert(click.match.y > 140, click.line);
          lines.push(click.line);
        }
        // After a formula's Return the cursor is on the next row's item already: that click changes
        // nothing, and its line says so instead of claiming the app handled it.
        assert(lines.slice(1).some((l) => /not confirmed that the app handled it/.test(l)), lines.join("\n"));
        const { cells, text } = await readSheet(s);
        for (let r = 2; r <= PRICES.length; r++) {
          const [, , price, stock] = PRICES[r - 1];
          assertEquals(cells.get(String(r))?.[4], general(Number(price) * Number(stock)), text);
        }
        assert(!/Err:|#VALUE|#REF/.test(text), text);
      });

      await t.step("a cell found by its address: E14 gets the total", async () => {
        const r = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "E14" } },
            { action: "type", text: "=SUM(E2:E13)\n" },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        assertMatch((r.structured.steps as Array<{ line: string }>)[0].line, /\(address\) @ \(\d+,\d+\)/);
        const total = PRICES.slice(1).reduce((n, row) => n + Number(row[2]) * Number(row[3]), 0);
        const { cells, text } = await readSheet(s);
        assertEquals(cells.get("14")?.[4], general(total), text);
      });
    });
  },
});

Deno.test({
  name: "a spreadsheet in a German locale: decimal commas read as the sheet shows them",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      await openPrices(s, { LANG: "de_DE.UTF-8", LC_ALL: "de_DE.UTF-8" });
      const { cells, note, text } = await readSheet(s);
      assertMatch(note, /a grid of 13 row\(s\) x 4 column\(s\) read as cells/);
      PRICES.forEach((row, i) => {
        const want = i === 0 ? [...row] : row.map((c, j) => (j === 2 ? general(Number(c), true) : c));
        assertEquals(cells.get(String(i + 1)), want, text);
      });
    });
  },
});
