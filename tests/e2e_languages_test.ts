/**
 * End to end in the user's language: mousepad started under a German and a
 * Japanese locale, the server under the same locale (so it reads deu+eng,
 * jpn with English for Latin runs), and plans that aim at the menus by their
 * localized labels through a real MCP client; recall finds a German label
 * afterwards.
 */

import { createX11Desktop } from "../src/desktop/x11.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Session, until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

type Report = { step: number; outcome: string; line: string };

/** The locale a test's app and server run under. */
function locale(lang: string, language: string): Record<string, string> {
  return { LANG: lang, LANGUAGE: language, LC_ALL: "" };
}

/** The titles of the windows open on the session's display. */
function titles(s: Session): string[] {
  const x = createX11Desktop(s.desktop.display);
  try {
    return x.windows().windows.map((w) => w.title);
  } finally {
    x.close();
  }
}

/** Waits for a window whose title holds `piece`, as the app's own translation names it. */
async function windowTitled(s: Session, piece: RegExp): Promise<string> {
  return await until(() => titles(s).find((t) => piece.test(t)) ?? null, 15_000).catch(() => {
    throw new Error(`no window titled ${piece}; open: ${titles(s).join(" | ")}`);
  });
}

Deno.test({
  name: "German desktop: a plan opens mousepad's Datei menu and clicks Speichern unter …; recall finds it",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const de = locale("de_DE.UTF-8", "de");
    await withSession(async (s) => {
      await t.step("a plan opens Datei and clicks Speichern unter … by their German labels", async () => {
        s.desktop.spawn("mousepad", [], de, s.dir);
        await windowTitled(s, /Mousepad/);
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
            { action: "click", target: { text: "Datei" }, expect: { appears: "Speichern unter …" } },
            {
              action: "click",
              target: { text: "Speichern unter …", scope: "chrome" },
              // The file chooser's field label: the dialog is up.
              expect: { appears: "Name:" },
            },
          ],
        });
        assert(!r.isError, r.text);
        assertEquals(r.structured.status, "success", r.text);
        assertEquals(
          (r.structured.steps as Report[]).map((x) => x.outcome),
          ["done", "done", "done"],
          r.text,
        );
        // The dialog the item opens is open, under its German title.
        await windowTitled(s, /Speichern unter/);
        const close = await s.call("execute_plan", {
          steps: [{ action: "hotkey", keys: ["escape"], expect: { disappears: "Name:" } }],
        });
        assertEquals(close.structured.status, "success", close.text);
      });

      await t.step("recall finds the German menu item and the route to it, without a capture", async () => {
        const r = await s.call("recall", { query: "Speichern unter", app_name: "mousepad" });
        assert(!r.isError, r.text);
        assertMatch(r.text, /click "Datei" then click "Speichern unter ?(…|\.\.\.)"/);
      });
    }, { env: de });
  },
});

Deno.test({
  name: "Japanese desktop: a plan clicks mousepad's menu items by their Japanese labels",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const ja = locale("ja_JP.UTF-8", "ja");
    await withSession(async (s) => {
      s.desktop.spawn("mousepad", [], ja, s.dir);
      await windowTitled(s, /Mousepad/);
      const r = await s.call("execute_plan", {
        steps: [
          { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
          { action: "click", target: { text: "ファイル(F)" }, expect: { appears: "名前を付けて保存(A)..." } },
          { action: "click", target: { text: "名前を付けて保存(A)...", scope: "chrome" } },
        ],
      });
      assert(!r.isError, r.text);
      assertEquals(r.structured.status, "success", r.text);
      assertEquals((r.structured.steps as Report[]).map((x) => x.outcome), ["done", "done", "done"], r.text);
      // The click opened the save dialog, which mousepad titles in Japanese.
      await windowTitled(s, /名前を付けて保存/);
    }, { env: ja });
  },
});
