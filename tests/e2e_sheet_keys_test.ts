/**
 * End to end in LibreOffice Calc through a real MCP client: keys sent right
 * after a click go to the cell the click chose. Each round clicks a price
 * cell by its text, then presses Tab, Tab, types the row's formula and
 * Enter, the way a model writes such a plan; four rounds on four rows. The
 * app's own copy of the table (Ctrl+C, read with xclip) shows every formula
 * in column E of its row and the price and stock cells untouched.
 */

import { assertEquals, assertMatch, assertNotMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { calc, flatSheet, PRICES } from "./support/real_apps.ts";
import { clipboard } from "./support/clipboard.ts";

/**
 * The rows the rounds work on. Most are apart, so the click moves the cell cursor; 7 comes right
 * after 6, whose Enter leaves the cursor on the very cell clicked next (a click that changes nothing
 * on screen), with the formula bar repeating the price clicked.
 */
const ROWS = [4, 6, 7, 12];

/** A number as Calc's General format shows it: no trailing zeros, at most two decimals here. */
function general(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The table as it should be after the rounds: the formulas' values in column E of their rows. */
function wanted(): string[][] {
  return PRICES.map((row, i) => {
    const r = i + 1;
    return ROWS.includes(r) ? [...row, general(Number(row[2]) * Number(row[3]))] : [...row, ""];
  });
}

Deno.test({
  name: "a spreadsheet: Tab Tab and a formula right after clicking a price cell land in that row's column E",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      const file = `${s.dir}/prices.fods`;
      await Deno.writeTextFile(file, flatSheet(PRICES));
      calc(s.desktop, s.dir, file, { LANG: "en_US.UTF-8", LC_ALL: "en_US.UTF-8" });
      await s.desktop.waitForWindow("prices.fods", 90_000);
      const ready = await s.call("execute_plan", {
        steps: [{ action: "wait", expect: { appears: "Philippines" }, timeout_ms: 60_000 }],
      });
      assertEquals(ready.structured.status, "success", ready.text);

      const journeys: string[] = [];
      for (const r of ROWS) {
        const [, , price] = PRICES[r - 1];
        const p = await s.call("execute_plan", {
          // Half the rounds send every key in one type step, right after the click; half one key a step.
          steps: r % 2 === 0
            ? [
              { action: "click", target: { text: price, scroll_to_find: false } },
              { action: "type", text: `\t\t=C${r}*D${r}\n` },
            ]
            : [
              { action: "click", target: { text: price, scroll_to_find: false } },
              { action: "hotkey", keys: ["tab"] },
              { action: "hotkey", keys: ["tab"] },
              { action: "type", text: `=C${r}*D${r}` },
              { action: "hotkey", keys: ["enter"] },
            ],
        });
        journeys.push(p.text);
        // A click on the cell the cursor is on already shows nothing, and keys right after it are not
        // confirmed to land either, unless the click's effect came before them: then the run is a success.
        const unseen = /sent after step 1's click, which showed no effect: not confirmed/.test(p.text) ||
          /^ {2}1\. click .*no visible effect within \d+ ms: not confirmed/m.test(p.text);
        assertEquals(p.structured.status, unseen ? "unconfirmed" : "success", p.text);
      }
      // A click that showed no effect (row 7's, when row 6's Enter had put the cursor there already, as it
      // mostly does) says so, and so do the keys sent after it, instead of claiming the app took them; a
      // click that showed one claims nothing of the kind.
      for (const journey of journeys) {
        const lines = (journey.match(/^ {2}\d\. .*$/gm) ?? []).join("\n");
        if (/1\. click .*no visible effect within \d+ ms: not confirmed/.test(lines)) {
          assertMatch(
            lines,
            /2\. (hotkey tab|type .*); (sent after step 1's click, which showed no effect: not confirmed|step 1's click showed its effect \d+ ms later)/,
          );
        } else {
          assertNotMatch(lines, /not confirmed/);
        }
      }

      // The app's own copy of the table: A1 to the last cell used, as tab-separated text.
      const copy = await s.call("execute_plan", {
        steps: [
          { action: "hotkey", keys: ["ctrl", "home"] },
          { action: "hotkey", keys: ["ctrl", "shift", "end"] },
          { action: "hotkey", keys: ["ctrl", "c"] },
        ],
      });
      assertEquals(copy.structured.status, "success", copy.text);
      const text = await until(async () => {
        const t = await clipboard(s);
        return t.includes("Arabica") ? t : null;
      }, 10_000);
      // The reader trims the copy's end, the last row's empty cell with it: rows are compared without them.
      const bare = (rows: string[][]) => rows.map((cells) => cells.join("\t").replace(/\t+$/, ""));
      const table = text.replace(/\n$/, "").split("\n").map((line) => line.split("\t"));
      assertEquals(bare(table), bare(wanted()), `${text}\n${journeys.join("\n---\n")}`);
    });
  },
});
