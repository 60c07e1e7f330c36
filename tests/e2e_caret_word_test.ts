/**
 * End to end: a text box just opened has its caret before the first
 * letter, a bar taller than the line standing against it. Whatever observe
 * lists of that line, a word it lists sure is one of the line's own words
 * (checked against the text the app was given); a word the caret cost a
 * letter is listed unsure (src/ocr/fixes/unread_ink.ts). Mousepad (GTK3)
 * and a Qt text box, each focused with its caret at the start and kept from
 * blinking, so that every look meets it; and a Tk text box, whose caret is
 * read with the first word ("The]", or "e" at 0.41 for the caret and "Th")
 * in one element with the rest of the line: listed sure by its words' mean
 * before, as sure as that word now (ocr/group.ts `foldLeastSure`).
 */

import { assert } from "./support/assert.ts";
import { type Session, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { spawnQtTextBox } from "./support/qt_text_box.ts";
import { LOW_CONF, parseRow } from "../src/render/element_rows.ts";

/** The first line of each file: the caret stands before its "T". */
const FIRST = "The harbour was quiet that morning";
const TEXT = `${FIRST}\nMaria checked the tide tables twice.\n`;
const TK_TEXT_BOX = new URL("./support/tk_text_box.py", import.meta.url).pathname;

/** Observes the app `app` shows once `ready`, and checks the first line's row. */
async function observeFirstLine(
  s: Session,
  app: Deno.ChildProcess,
  ready: () => Promise<void>,
  harbourSure = true,
): Promise<void> {
  try {
    await ready();
    await new Promise((r) => setTimeout(r, 800));
    const o = await s.call("observe", { screenshot: false });
    assert(!o.isError, o.text);
    const row = o.text.split("\n").map(parseRow).find((r) => r.some((e) => e.text.includes("harbour was")));
    assert(row, `no row holds the first line:\n${o.text}`);
    const words = FIRST.split(" ");
    const sure = row.filter((e) => e.conf === null || e.conf >= LOW_CONF).flatMap((e) => e.text.split(" "));
    const strays = sure.filter((w) => !words.includes(w));
    assert(!strays.length, `listed sure but not on the line: ${JSON.stringify(strays)}\n${o.text}`);
    if (harbourSure) {
      assert(sure.includes("harbour"), `"harbour", clear of the caret, is not listed sure:\n${o.text}`);
    }
  } finally {
    app.kill();
    await app.status;
  }
}

Deno.test({
  name: "the caret before a file's first letter never leaves a word listed sure that the line does not have",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await t.step("mousepad, a file just opened", async () => {
        const file = `${s.dir}/notes.txt`;
        await Deno.writeTextFile(file, TEXT);
        // A caret that blinks may be off when the screen is read: these stay on, so each look meets one.
        const gtk = `${s.desktop.env.XDG_CONFIG_HOME}/gtk-3.0`;
        await Deno.mkdir(gtk, { recursive: true });
        await Deno.writeTextFile(`${gtk}/settings.ini`, "[Settings]\ngtk-cursor-blink=false\n");
        await observeFirstLine(
          s,
          s.desktop.spawn("mousepad", [file]),
          () => s.desktop.waitForWindow("notes.txt"),
        );
      });

      await t.step("a Qt text box, focused", async () => {
        const app = spawnQtTextBox(s.desktop, {
          title: "Harbour notes",
          text: TEXT,
          width: 520,
          height: 200,
          steadyCaret: true,
        });
        await observeFirstLine(s, app, () => s.desktop.waitForWindow("Harbour notes"));
      });

      await t.step("a Tk text box, focused", async () => {
        const file = `${s.dir}/tk_notes.txt`;
        await Deno.writeTextFile(file, TEXT);
        // The rest of the line shares the element of the misread "Th": it is listed unsure with it.
        await observeFirstLine(
          s,
          s.desktop.spawn("/usr/bin/python3", [TK_TEXT_BOX, file]),
          () => s.desktop.waitForWindow("Tk harbour notes"),
          false,
        );
      });
    });
  },
});
