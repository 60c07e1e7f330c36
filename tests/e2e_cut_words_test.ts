/**
 * End to end: a line longer than its view stops at the view's edge in the
 * middle of a character, and observe lists the word drawn there as unsure,
 * apart from the sure words before it. Checked against the text the apps
 * were given: mousepad (GTK3) narrowed until a line runs off its right
 * edge, and a Qt text box too narrow for its line. (Tk's text box keeps a
 * pixel of ground inside its border, and its cut word is still listed sure:
 * lines/cut_sides.ts.)
 */

import { assert } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";
import { spawnQtTextBox } from "./support/qt_text_box.ts";
import { LOW_CONF, parseRow } from "../src/render/element_rows.ts";

/** A line that runs far past the views below; its words, to check the listing against. */
const LONG = "Harbour lights were flickering across the water long after midnight while the whole town slept";
const SHORT = "Tide tables";

/** The rows of an observe's listing, each element with its text, centre and confidence (null: sure). */
function rowsOf(text: string) {
  return text.split("\n").map(parseRow).filter((r) => r.length);
}

/**
 * Checks the listing's row for `LONG`: every element but the last is sure and
 * made of the line's own words in order; the last, at the view's edge, is
 * unsure and is no whole word of the line where it stands.
 */
function checkCutRow(listing: string, viewRight: number): void {
  const rows = rowsOf(listing);
  const row = rows.find((r) => r.some((e) => e.text.startsWith("Harbour")));
  assert(row, `no row starts the long line:\n${listing}`);
  const inView = row.filter((e) => e.cx < viewRight);
  const last = inView.reduce((a, e) => (e.cx > a.cx ? e : a));
  const sure = inView.filter((e) => e !== last);
  assert(sure.length, `the long line's row is one element:\n${listing}`);
  const words = LONG.split(" ");
  const shown = sure.map((e) => e.text).join(" ").split(" ");
  assert(
    shown.every((w, i) => w === words[i]) && sure.every((e) => e.conf === null || e.conf >= LOW_CONF),
    `the words before the edge are not listed sure as the line has them: ${JSON.stringify(sure)}`,
  );
  assert(
    last.conf !== null && last.conf < LOW_CONF,
    `the word at the view's edge is listed sure: ${JSON.stringify(last)}\n${listing}`,
  );
  assert(last.text !== words[shown.length], `the cut word reads whole: ${JSON.stringify(last)}`);
  const short = rows.flat().find((e) => e.text === SHORT);
  assert(short && short.conf === null, `"${SHORT}", clear of the edge, is not listed sure:\n${listing}`);
}

/** Observes the app `app` shows once `ready` (its window up, made as narrow as the test needs) and checks its listing. */
async function observeCut(s: Session, app: Deno.ChildProcess, ready: () => Promise<void>): Promise<void> {
  try {
    await ready();
    await new Promise((r) => setTimeout(r, 800));
    const o = await s.call("observe", { screenshot: false });
    assert(!o.isError, o.text);
    const win = o.structured.window as { bounds: { x: number; width: number } };
    checkCutRow(o.text, win.bounds.x + win.bounds.width);
  } finally {
    app.kill();
    await app.status;
  }
}

Deno.test({
  name: "a word cut by its view's edge is listed unsure, apart from the sure words before it",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const env = s.desktop.env;
      await t.step("mousepad, narrowed until the line runs off its right edge", async () => {
        const file = `${s.dir}/cut.txt`;
        // The caret starts on the empty first line, clear of the lines checked.
        await Deno.writeTextFile(file, `\n${SHORT}\n${LONG}\n`);
        await observeCut(s, s.desktop.spawn("mousepad", [file]), async () => {
          await s.desktop.waitForWindow("cut.txt");
          const [id] = await until(async () => {
            const ids = await xdotoolSearch(env, ["--onlyvisible", "--name", "cut\\.txt"]);
            return ids.length ? ids : null;
          });
          const size = await new Deno.Command("xdotool", { args: ["windowsize", id, "420", "300"], env })
            .output();
          assert(size.success, new TextDecoder().decode(size.stderr));
        });
      });

      await t.step("a Qt text box too narrow for its line", async () => {
        const app = spawnQtTextBox(s.desktop, {
          title: "Cut words",
          text: `\n${SHORT}\n${LONG}\n`,
          width: 330,
          height: 160,
          noWrap: true,
        });
        await observeCut(s, app, () => s.desktop.waitForWindow("Cut words"));
      });
    });
  },
});
