/**
 * End to end: never the wrong window. (a) A denied app's window (a zenity
 * dialog, denied through CHOTO_DENY_APPS) is in front of mousepad: observe
 * says the window in front is withheld and lists nothing in its place; a
 * plan that names no window is refused with an error before anything is
 * sent, and mousepad's saved file is unchanged; naming mousepad works. (b)
 * The server is started by a stand-in client that owns a window in front
 * (tests/support/chat_client.py, a Tk window): observe reads mousepad
 * behind it and says why; a plan that names no window types into mousepad,
 * not into the chat (the chat's own state file says so); naming the chat
 * window types into it.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { type Called, until, withSession } from "./support/session.ts";
import { skipE2E, type TestDesktop } from "./support/xdesktop.ts";
import { ROOT } from "./support/mcp.ts";

const NOTES = "Alpha line one\nBravo line two\nCharlie line three\n";

/** The title of the window X says is active, as xdotool reads it. */
async function activeTitle(desktop: TestDesktop): Promise<string> {
  const out = await new Deno.Command("xdotool", {
    args: ["getactivewindow", "getwindowname"],
    env: desktop.env,
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

/** The texts of the elements an observe listed in its window block. */
const listed = (o: Called) => (o.structured.elements as Array<{ text: string }>).map((e) => e.text);

Deno.test({
  name:
    "a withheld window in front is not replaced by the one behind it; the client's own window is passed over",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = `${s.dir}/notes.txt`;
      await Deno.writeTextFile(file, NOTES);
      s.desktop.spawn("mousepad", [file]);
      await s.desktop.waitForWindow("notes.txt");
      const vault = s.desktop.spawn("zenity", ["--info", "--title", "Vault", "--text", "Hidden words here"]);
      await s.desktop.waitForWindow("Vault");
      await until(async () => (await activeTitle(s.desktop)) === "Vault");

      await t.step(
        "observe says the window in front is withheld and lists nothing in its place",
        async () => {
          const o = await s.call("observe", { screenshot: false });
          assert(!o.isError, o.text);
          assertMatch(o.text, /^app: \(withheld\)$/m);
          assertMatch(o.text, /^front: the window in front is withheld by the user's deny list/m);
          assertEquals(o.structured.window, null);
          assertEquals(listed(o), []);
          assert(!/Hidden|Alpha/.test(o.text.split("\nchrome")[0]), o.text);
        },
      );

      await t.step("a plan that names no window is refused, and mousepad's file is unchanged", async () => {
        const p = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "Alpha" } },
            { action: "type", text: "ZZZ " },
            { action: "hotkey", keys: ["ctrl", "s"] },
          ],
        });
        assert(p.isError, p.text);
        assertMatch(
          p.text,
          /the window in front is withheld by the user's deny list; name a window with target\.window, or focus_app another app first/,
        );
        const scroll = await s.call("execute_plan", { steps: [{ action: "scroll", amount: 3 }] });
        assert(scroll.isError, scroll.text);
        await new Promise((r) => setTimeout(r, 500));
        assertEquals(await Deno.readTextFile(file), NOTES);
        assertEquals(await activeTitle(s.desktop), "Vault");
      });

      await t.step("naming mousepad's window works", async () => {
        const p = await s.call("execute_plan", {
          steps: [
            // Not "Alpha": the caret of a file just opened stands before it and has been read with it
            // (0.51), and a click on a word read unsure as part of a line asks.
            { action: "click", target: { text: "Bravo", window: "Mousepad" } },
            { action: "hotkey", keys: ["ctrl", "home"] },
            { action: "type", text: "ZZZ " },
            { action: "hotkey", keys: ["ctrl", "s"] },
          ],
        });
        assertEquals(p.structured.status, "success", p.text);
        await until(async () => (await Deno.readTextFile(file)).startsWith("ZZZ Alpha line one"));
      });

      vault.kill();
      await s.close();
      const chatState = `${s.dir}/chat.txt`;
      const client = await s.connect({
        // Debian's own Python, which python3-tk gives tkinter (.ci/run installs it).
        wrap: ["/usr/bin/python3", `${ROOT}tests/support/chat_client.py`],
        env: { CHAT_STATE: chatState },
      });
      await until(async () => (await activeTitle(s.desktop)) === "Chat client");

      await t.step("observe passes over the client's own window and names the one it read", async () => {
        const o = await client.call("observe", { screenshot: false });
        assert(!o.isError, o.text);
        assertMatch(
          o.text,
          /^front: the client's own window "Chat client" is in front; choto looked at "[^"]*notes\.txt[^"]*" instead$/m,
        );
        assertMatch((o.structured.window as { title: string }).title, /notes\.txt/);
        const texts = listed(o).join(" ");
        assertMatch(texts, /Bravo/);
        assert(!/Chat client|draft/.test(texts), texts);
      });

      await t.step("a plan that names no window works in mousepad, not in the chat", async () => {
        const p = await client.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "Bravo" } },
            { action: "hotkey", keys: ["ctrl", "end"] },
            { action: "type", text: "YYY" },
            { action: "hotkey", keys: ["ctrl", "s"] },
          ],
        });
        assertEquals(p.structured.status, "success", p.text);
        assertMatch(
          p.text,
          /^ {2}1\. click "Bravo" .*\(the client's own window "Chat client" is in front; choto worked in "[^"]*notes\.txt[^"]*" instead\)$/m,
        );
        await until(async () => (await Deno.readTextFile(file)).includes("YYY"));
        assertEquals(await Deno.readTextFile(chatState), "draft");
      });

      await t.step("naming the client's window works", async () => {
        const p = await client.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "draft", window: "Chat client" } },
            { action: "hotkey", keys: ["end"] },
            { action: "type", text: " hello" },
          ],
        });
        assertEquals(p.structured.status, "success", p.text);
        await until(async () => (await Deno.readTextFile(chatState)) === "draft hello").catch(async () => {
          throw new Error(`the chat holds ${JSON.stringify(await Deno.readTextFile(chatState))}\n${p.text}`);
        });
      });
    }, { env: { CHOTO_DENY_APPS: "zenity" } });
  },
});
